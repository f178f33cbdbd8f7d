// The local Blobs server's list (scripts/runtime/blobs-server.mjs, guard 4: it skips what its
// prefix cannot match), through the real client: a list with a prefix answers exactly what a full
// list holds under that prefix, in the same order, and a directories list the folders below it.
import { describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';

const keys = ['a', 'ab', 't/99/1/x', 't/99/1/y', 't/99/12/z', 't/99/2/w', 't/98/1/v', 't/9/u', 'u/1', 'u/12/k'];

describe('local Blobs server lists', () => {
  it('answers every prefix with exactly the keys of a full list that start with it', async () => {
    const store = getStore({ name: 'walk-check', consistency: 'strong' });
    for (const key of keys) await store.set(key, key);
    const all = (await store.list()).blobs.map((b) => b.key);
    expect([...all].sort()).toEqual([...keys].sort());
    const prefixes = [
      '',
      'a',
      't',
      't/',
      't/9',
      't/99',
      't/99/',
      't/99/1',
      't/99/1/',
      't/99/1/x',
      't/98/',
      'u/1',
      'zz',
    ];
    for (const prefix of prefixes) {
      const { blobs } = await store.list({ prefix });
      expect(
        blobs.map((b) => b.key),
        prefix,
      ).toEqual(all.filter((k) => k.startsWith(prefix)));
      for (const b of blobs) expect(b.etag, b.key).toMatch(/^".+"$/);
    }
  });

  it('answers a directories list with the folders and blobs one level below the prefix', async () => {
    const store = getStore({ name: 'walk-check', consistency: 'strong' });
    const top = await store.list({ directories: true });
    expect([...top.directories].sort()).toEqual(['t', 'u']);
    expect(top.blobs.map((b) => b.key).sort()).toEqual(['a', 'ab']);
    const t99 = await store.list({ prefix: 't/99/', directories: true });
    expect([...t99.directories].sort()).toEqual(['t/99/1', 't/99/12', 't/99/2']);
    expect(t99.blobs).toEqual([]);
    const t991 = await store.list({ prefix: 't/99/1', directories: true });
    expect([...t991.directories].sort()).toEqual(['t/99/1', 't/99/12']);
  });
});
