// The local Blobs server (scripts/runtime/blobs-server.mjs) through the real client: a conditional
// write on an ETag that is no longer current is refused however quickly the newer write came (guard
// 3); a list with a prefix answers exactly what a full list holds under that prefix, in the same
// order, and a directories list the folders below it (guard 4).
import { describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';

const keys = ['a', 'ab', 't/99/1/x', 't/99/1/y', 't/99/12/z', 't/99/2/w', 't/98/1/v', 't/9/u', 'u/1', 'u/12/k'];

describe('local Blobs server conditional writes', () => {
  it('refuses a write on an ETag read before another write, even one within the same clock tick', async () => {
    const store = getStore({ name: 'etag-check', consistency: 'strong' });
    await store.set('k', 'start');
    let passedStale = 0;
    for (let i = 0; i < 300; i++) {
      const read = await store.getWithMetadata('k');
      const stale = read!.etag!;
      const newer = await store.set('k', `newer ${i}`);
      expect(newer.etag).not.toBe(stale);
      const late = await store.set('k', `lost ${i}`, { onlyIfMatch: stale });
      if (late.modified) passedStale++;
      expect(await store.get('k')).toBe(passedStale ? `lost ${i}` : `newer ${i}`);
      if (passedStale) break;
    }
    expect(passedStale).toBe(0);
  });

  it('takes a write on the current ETag, and answers it with the ETag a read then gives', async () => {
    const store = getStore({ name: 'etag-check', consistency: 'strong' });
    await store.set('c', 'one');
    const read = await store.getWithMetadata('c');
    const written = await store.set('c', 'two', { onlyIfMatch: read!.etag! });
    expect(written.modified).toBe(true);
    expect((await store.getWithMetadata('c'))!.etag).toBe(written.etag);
    expect((await store.getMetadata('c'))!.etag).toBe(written.etag);
    expect((await store.set('c', 'three', { onlyIfMatch: read!.etag! })).modified).toBe(false);
    expect((await store.set('gone', 'x', { onlyIfMatch: read!.etag! })).modified).toBe(false);
    expect(await store.get('gone')).toBeNull();
  });
});

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

  it('lists no folder whose blobs were all deleted: a prefix with no key under it does not exist', async () => {
    const store = getStore({ name: 'walk-empty', consistency: 'strong' });
    for (const key of ['h/1/a', 'h/1/b', 'h/2/c', 'h/3/x/d']) await store.set(key, key);
    for (const key of ['h/1/a', 'h/1/b', 'h/3/x/d']) await store.delete(key);
    expect((await store.list({ prefix: 'h/', directories: true })).directories).toEqual(['h/2']);
    expect((await store.list({ prefix: 'h/' })).blobs.map((b) => b.key)).toEqual(['h/2/c']);
  });
});
