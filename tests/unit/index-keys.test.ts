import { describe, expect, it } from 'vitest';
import {
  addToTally,
  bucketOf,
  bucketStart,
  emptyTally,
  indexStatusOf,
  markerBucket,
  markerKey,
  mergeTallies,
  parseIndexKey,
  subscriberIndexKeys,
  widening,
  type IndexedFields,
} from '../../src/lib/signups/index-keys';

const base: IndexedFields = {
  id: 'ab'.repeat(32),
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  source: 'youtube',
  interests: ['tech_news', 'smartphone_tutorials'],
  list: 'waitlist',
  createdAt: '2026-03-01T10:20:30.456Z',
  unsubscribedAt: null,
  // A confirmed subscriber: the status facet is the consent ledger's state.
  history: [
    { at: '2026-03-01T10:20:30.456Z', type: 'signup' },
    { at: '2026-03-01T10:25:00.000Z', type: 'confirmed' },
  ],
  deletedAt: null,
};

describe('subscriber index keys', () => {
  it('one key per subscriber that reads back to the same facts', () => {
    const [key] = subscriberIndexKeys(base);
    expect(subscriberIndexKeys(base)).toHaveLength(1);
    const e = parseIndexKey(key)!;
    expect(e).toMatchObject({
      id: base.id,
      createdAtMs: Date.parse(base.createdAt),
      status: 'confirmed',
      interests: ['tech_news', 'smartphone_tutorials'],
      list: 'waitlist',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      source: 'youtube',
      cut: false,
    });
    expect(e.bucket).toBe(bucketOf(Date.parse(base.createdAt)));
  });

  it('keeps the e-mail and name out of plain sight in the key', () => {
    const [key] = subscriberIndexKeys(base);
    expect(key).not.toContain('ada@example.com');
    expect(key).not.toContain('Ada');
  });

  it('sorts newest first, across hours and inside one hour', () => {
    const at = (iso: string) => subscriberIndexKeys({ ...base, createdAt: iso })[0];
    const keys = [
      at('2026-03-01T10:00:00.000Z'),
      at('2026-03-01T10:59:59.999Z'),
      at('2026-03-02T00:00:00.000Z'),
      at('2025-12-31T23:00:00.000Z'),
    ];
    expect([...keys].sort()).toEqual([keys[2], keys[1], keys[0], keys[3]]);
  });

  it('changes with the facets the screens use, and only with them', () => {
    const [key] = subscriberIndexKeys(base);
    expect(subscriberIndexKeys({ ...base })[0]).toBe(key);
    const unsubscribed = {
      ...base,
      unsubscribedAt: '2026-04-01T00:00:00.000Z',
      history: [...base.history, { at: '2026-04-01T00:00:00.000Z', type: 'unsubscribed' as const }],
    };
    expect(subscriberIndexKeys(unsubscribed)[0]).not.toBe(key);
    expect(parseIndexKey(subscriberIndexKeys(unsubscribed)[0])!.status).toBe('unsubscribed');
    expect(parseIndexKey(subscriberIndexKeys({ ...base, interests: [] })[0])!.interests).toEqual([]);
    expect(parseIndexKey(subscriberIndexKeys({ ...base, interests: ['all'] })[0])!.interests).toEqual(['all']);
    expect(parseIndexKey(subscriberIndexKeys({ ...base, list: 'both' })[0])!.list).toBe('both');
  });

  it('fits long values into one file name and marks the text as cut', () => {
    const long = { ...base, name: 'N'.repeat(100), email: `${'e'.repeat(240)}@example.com`, source: 'S'.repeat(100) };
    const [key] = subscriberIndexKeys(long);
    expect(key.split('/')[2].length).toBeLessThanOrEqual(240);
    const e = parseIndexKey(key)!;
    expect(e.cut).toBe(true);
    expect(e.id).toBe(base.id);
    expect(long.email.startsWith(e.email) || long.name.startsWith(e.name)).toBe(true);
  });

  it('handles accents and emoji in names', () => {
    const e = parseIndexKey(subscriberIndexKeys({ ...base, name: 'Zoë 😀 Ångström' })[0])!;
    expect(e.name).toBe('Zoë 😀 Ångström');
  });

  it('rejects keys that are not index keys, without throwing', () => {
    for (const k of [
      '',
      't/',
      't/123/abc',
      'd/99999999/x',
      `t/00000000/zzzzzzzzz.${'A'.repeat(43)}.c0w.!!!`,
      `t/00000000/zzzzzzzzz.${'A'.repeat(43)}.c0w.e30`,
    ]) {
      expect(parseIndexKey(k)).toBeNull();
    }
  });

  it('status facet: the ledger state (pending until confirmed, unsubscribed after an unsubscribe)', () => {
    const at = '2026-01-01T00:00:00.000Z';
    expect(indexStatusOf({ unsubscribedAt: null, history: [{ at, type: 'signup' }] })).toBe('pending');
    expect(indexStatusOf({ unsubscribedAt: null, history: base.history })).toBe('confirmed');
    expect(indexStatusOf({ unsubscribedAt: at, history: [...base.history, { at, type: 'unsubscribed' }] })).toBe(
      'unsubscribed',
    );
    expect(parseIndexKey(subscriberIndexKeys({ ...base, history: [{ at, type: 'signup' }] })[0])!.status).toBe(
      'pending',
    );
  });

  it('a staff-deleted tombstone has no index key (no screen lists it)', () => {
    expect(subscriberIndexKeys({ ...base, deletedAt: '2026-03-02T00:00:00.000Z' })).toEqual([]);
  });
});

describe('buckets, markers, widening ranges and tallies', () => {
  it('bucket numbers round-trip to the hour', () => {
    const ms = Date.parse('2026-03-01T10:20:30.456Z');
    expect(bucketStart(bucketOf(ms))).toBe(Date.parse('2026-03-01T10:00:00.000Z'));
    expect(bucketOf(ms + 3_600_000) < bucketOf(ms)).toBe(true);
  });

  it('widening lists the hour, then 10, 100, ... hours, then everything', () => {
    expect(widening('99504321')).toEqual([
      't/99504321/',
      't/9950432',
      't/995043',
      't/99504',
      't/9950',
      't/995',
      't/99',
      't/9',
      't/',
    ]);
  });

  it('markers point at their hour', () => {
    expect(markerBucket(markerKey('99504321', 1, 'u'))).toBe('99504321');
    expect(markerBucket('x/1')).toBeNull();
  });

  it('tallies count each interest once, none as all, and merge', () => {
    const a = addToTally(emptyTally(), { interests: ['tech_news', 'tech_news'], source: 'yt', status: 'confirmed' });
    const b = addToTally(emptyTally(), { interests: [], source: '', status: 'confirmed' });
    expect(mergeTallies(a, b)).toEqual({
      total: 2,
      interests: { tech_news: 1, all: 1 },
      sources: { yt: 1, '': 1 },
      status: { pending: 0, confirmed: 2, unsubscribed: 0 },
    });
  });

  it('interests and sources count confirmed subscribers only; every status counts in total', () => {
    const t = emptyTally();
    addToTally(t, { interests: ['tech_news'], source: 'yt', status: 'confirmed' });
    addToTally(t, { interests: ['tech_news'], source: 'yt', status: 'pending' });
    addToTally(t, { interests: [], source: '', status: 'unsubscribed' });
    expect(t).toEqual({
      total: 3,
      interests: { tech_news: 1 },
      sources: { yt: 1 },
      status: { pending: 1, confirmed: 1, unsubscribed: 1 },
    });
  });
});
