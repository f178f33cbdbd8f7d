import { describe, expect, it } from 'vitest';
import { markerBucket, markerKey } from '../../../src/lib/subscribers/change-markers';
import { digestEntryOf, digestPosition, digestRowOf } from '../../../src/lib/subscribers/digest-rows';
import {
  idOfPosition,
  positionOf,
  rowComplete,
  bucketOf,
  bucketStart,
  parseIndexKey,
  readPosition,
  subscriberIndexKeys,
  type IndexedFields,
} from '../../../src/lib/subscribers/index-keys';
import { planRanges, widening } from '../../../src/lib/subscribers/index-ranges';
import { addToTally, emptyTally, mergeTallies, tallyEntryOf } from '../../../src/lib/subscribers/tally';
import { subscriberStatus } from '../../../src/lib/subscribers/status';

const base: IndexedFields = {
  id: 'ab'.repeat(32),
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  source: 'youtube',
  referrer: 'https://www.youtube.com/',
  interests: ['tech_news', 'smartphone_tutorials'],
  list: 'waitlist',
  createdAt: '2026-03-01T10:20:30.456Z',
  consent: { at: '2026-03-01T10:25:00.000Z' },
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

  it('status facet: the ledger state, as subscriberStatus says (pending until confirmed, unsubscribed after an unsubscribe)', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const pending = { ...base, history: [{ at, type: 'signup' as const }] };
    const unsubscribed = {
      ...base,
      unsubscribedAt: at,
      history: [...base.history, { at, type: 'unsubscribed' as const }],
    };
    for (const [sub, status] of [
      [pending, 'pending'],
      [base, 'confirmed'],
      [unsubscribed, 'unsubscribed'],
    ] as const) {
      expect(subscriberStatus(sub)).toBe(status);
      expect(parseIndexKey(subscriberIndexKeys(sub)[0])!.status).toBe(status);
    }
  });

  it('the statistics count the same from a key and from its record', () => {
    for (const sub of [base, { ...base, interests: [], source: ' Reddit ', history: [] }]) {
      const fromKey = addToTally(emptyTally(), parseIndexKey(subscriberIndexKeys(sub)[0])!);
      expect(addToTally(emptyTally(), tallyEntryOf(sub))).toEqual(fromKey);
    }
  });

  it('reads a cursor: a key position or a whole key gives the position; anything else, null', () => {
    const [key] = subscriberIndexKeys(base);
    expect(readPosition(key)).toBe(positionOf(key));
    expect(readPosition(positionOf(key))).toBe(positionOf(key));
    for (const bad of ['', 't/', positionOf(key).slice(0, -1), `${positionOf(key)}x`, `x${key}`])
      expect(readPosition(bad)).toBeNull();
  });

  it('a staff-deleted tombstone has no index key (no screen lists it)', () => {
    expect(subscriberIndexKeys({ ...base, deletedAt: '2026-03-02T00:00:00.000Z' })).toEqual([]);
  });
});

describe('what the key holds for the export and the search digest', () => {
  it('gives back every column of the export row exactly, so the export reads no record', () => {
    const sub = {
      ...base,
      unsubscribedAt: '2026-04-01T08:00:00.000Z',
      history: [...base.history, { at: '2026-04-01T08:00:00.000Z', type: 'unsubscribed' as const }],
    };
    const e = parseIndexKey(subscriberIndexKeys(sub)[0])!;
    expect(e).toMatchObject({
      referrer: 'https://www.youtube.com/',
      consentAt: '2026-03-01T10:25:00.000Z',
      unsubscribedAt: '2026-04-01T08:00:00.000Z',
      confirmedAt: '2026-03-01T10:25:00.000Z',
      status: 'unsubscribed',
      cut: false,
      partial: false,
    });
    expect(new Date(e.createdAtMs).toISOString()).toBe(base.createdAt);
    expect(rowComplete(e)).toBe(true);
  });

  it('changes with every exported column: referrer, consent, confirmation and unsubscribe times', () => {
    const [key] = subscriberIndexKeys(base);
    expect(subscriberIndexKeys({ ...base, referrer: 'https://other.example/' })[0]).not.toBe(key);
    expect(subscriberIndexKeys({ ...base, consent: { at: '2026-03-02T00:00:00.000Z' } })[0]).not.toBe(key);
    const reconfirmed = {
      ...base,
      history: [...base.history, { at: '2026-05-01T00:00:00.000Z', type: 'confirmed' as const }],
    };
    expect(parseIndexKey(subscriberIndexKeys(reconfirmed)[0])!.confirmedAt).toBe('2026-05-01T00:00:00.000Z');
  });

  it('keeps the source as stored (the statistics trim it)', () => {
    const e = parseIndexKey(subscriberIndexKeys({ ...base, source: ' youtube ' })[0])!;
    expect(e.source).toBe(' youtube ');
    expect(addToTally(emptyTally(), e).sources).toEqual({ youtube: 1 });
  });

  it('leaves out a long referrer rather than cutting the searchable text, and says so', () => {
    const e = parseIndexKey(subscriberIndexKeys({ ...base, referrer: `https://ref.example/${'x'.repeat(400)}` })[0])!;
    expect(e).toMatchObject({ name: base.name, email: base.email, source: base.source, referrer: '' });
    expect(e.cut).toBe(false);
    expect(e.partial).toBe(true);
    expect(rowComplete(e)).toBe(false);
  });

  it('marks what it cannot give back to the character: times not in ISO form, interests out of order', () => {
    expect(parseIndexKey(subscriberIndexKeys({ ...base, createdAt: '2026-03-01T10:20:30Z' })[0])!.partial).toBe(true);
    expect(parseIndexKey(subscriberIndexKeys({ ...base, consent: { at: 'yesterday' } })[0])).toMatchObject({
      partial: true,
      consentAt: null,
    });
    const swapped = parseIndexKey(
      subscriberIndexKeys({ ...base, interests: ['smartphone_tutorials', 'tech_news'] })[0],
    )!;
    expect(swapped).toMatchObject({ cut: true, partial: true });
  });

  it('a key without the times part (a layout the site never launched with) is not an index key', () => {
    const text = btoa(JSON.stringify(['Ada', 'ada@example.com', 'youtube'])).replace(/=+$/, '');
    expect(parseIndexKey(`t/99504321/zzzzzzzzz.${'A'.repeat(43)}.c1w.${text}`)).toBeNull();
  });

  it('a digest row reads back to the searchable facts and the key position', () => {
    const [key] = subscriberIndexKeys({ ...base, interests: ['all'] });
    const e = parseIndexKey(key)!;
    const d = digestEntryOf(e.bucket, digestRowOf(e))!;
    expect(d).toEqual({
      tail: positionOf(key).slice('t/99999999/'.length),
      bucket: e.bucket,
      status: 'confirmed',
      interests: ['all'],
      list: 'waitlist',
      name: base.name,
      email: base.email,
      source: base.source,
      cut: false,
    });
    expect(digestPosition(d)).toBe(positionOf(key));
    expect(idOfPosition(digestPosition(d))).toBe(base.id);
    expect(digestEntryOf(e.bucket, ['short', 'c8w', '', '', ''])).toBeNull();
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

  // Signed up at noon UTC on 2 May 2026 (8 a.m. in Toronto), confirmed the next day.
  const times = { createdAtMs: Date.parse('2026-05-02T12:00:00.000Z'), confirmedAt: '2026-05-03T12:00:00.000Z' };

  it('tallies count each interest once, none as all, and merge', () => {
    const a = addToTally(emptyTally(), {
      interests: ['tech_news', 'tech_news'],
      source: 'yt',
      status: 'confirmed',
      ...times,
    });
    const b = addToTally(emptyTally(), { interests: [], source: '', status: 'confirmed', ...times });
    expect(mergeTallies(a, b)).toEqual({
      total: 2,
      interests: { tech_news: 1, all: 1 },
      sources: { yt: 1, '': 1 },
      status: { pending: 0, confirmed: 2, unsubscribed: 0 },
      signupDays: { '2026-05-02': 2 },
      confirmationDays: { '2026-05-03': 2 },
    });
  });

  it('interests and sources count confirmed subscribers only; every status counts in total and its days', () => {
    const t = emptyTally();
    addToTally(t, { interests: ['tech_news'], source: 'yt', status: 'confirmed', ...times });
    addToTally(t, { interests: ['tech_news'], source: 'yt', status: 'pending', ...times, confirmedAt: null });
    addToTally(t, { interests: [], source: '', status: 'unsubscribed', ...times });
    expect(t).toEqual({
      total: 3,
      interests: { tech_news: 1 },
      sources: { yt: 1 },
      status: { pending: 1, confirmed: 1, unsubscribed: 1 },
      signupDays: { '2026-05-02': 3 },
      // The unsubscribed subscriber did confirm that day; the pending one never did.
      confirmationDays: { '2026-05-03': 2 },
    });
  });
});

describe('ranges for the export', () => {
  const hours = ['99504001', '99504002', '99504010', '99504011', '99504100', '99504101'];

  it('takes the widest aligned range the snapshot expects to hold at most the target, never listing an hour twice', () => {
    const small = new Map(hours.map((b) => [b, 10]));
    expect(planRanges(hours, small, 50)).toEqual(['995040', '995041']);
    expect(planRanges(hours, small, 25)).toEqual(['9950400', '9950401', '995041']);
    const busy = new Map([...small, ['99504002', 100]]);
    expect(planRanges(hours, busy, 25)).toEqual(['99504001', '99504002', '9950401', '995041']);
  });

  it('lists hours the snapshot does not know one at a time, and covers every hour exactly once', () => {
    const ranges = planRanges(hours, new Map(), 1_000);
    expect(ranges).toEqual(hours.slice().sort());
    for (const counts of [new Map(), new Map(hours.map((b) => [b, 1]))]) {
      const planned = planRanges([...hours].reverse(), counts, 15);
      const covered = hours.filter((h) => planned.some((r) => h.startsWith(r)));
      expect(covered).toEqual(hours);
      expect(planned).toEqual([...planned].sort());
    }
  });
});
