// Signups and confirmations per day (the statistics chart): what a day is (a date in Toronto, DST
// included), how the hour buckets' tallies count them, when a key cannot say and its record is read,
// and the 90 days of the answer.
import { describe, expect, it } from 'vitest';
import { dailyFigures, dayLabel, dayOf, daysEndingOn } from '../../../src/lib/subscribers/days';
import {
  bucketOf,
  bucketStart,
  parseIndexKey,
  subscriberIndexKeys,
  type IndexedFields,
} from '../../../src/lib/subscribers/index-keys';
import {
  addToTally,
  confirmationUnknown,
  emptyTally,
  mergeTallies,
  tallyHasDays,
} from '../../../src/lib/subscribers/tally';
import { tallyEntries, type RecordFacts } from '../../../src/lib/subscribers/snapshots';
import { SITE } from '../../../src/config/site';
import { dailyChartScale, dailyFigureText } from '../../../src/lib/admin/subscribers';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe('a day is a date in the business time zone', () => {
  it('is Toronto, and follows its daylight saving time', () => {
    expect(SITE.timeZone).toBe('America/Toronto');
    // Summer (UTC−4): midnight is 04:00 UTC.
    expect(dayOf(at('2026-07-15T03:59:59.999Z'))).toBe('2026-07-14');
    expect(dayOf(at('2026-07-15T04:00:00.000Z'))).toBe('2026-07-15');
    // Winter (UTC−5): midnight is 05:00 UTC.
    expect(dayOf(at('2026-01-15T04:59:59.999Z'))).toBe('2026-01-14');
    expect(dayOf(at('2026-01-15T05:00:00.000Z'))).toBe('2026-01-15');
    // The night the clocks go back (1 Nov 2026, 02:00 EDT = 06:00 UTC): a 25-hour day.
    expect(dayOf(at('2026-11-01T03:59:59.999Z'))).toBe('2026-10-31');
    expect(dayOf(at('2026-11-01T04:00:00.000Z'))).toBe('2026-11-01');
    expect(dayOf(at('2026-11-02T04:59:59.999Z'))).toBe('2026-11-01');
    expect(dayOf(at('2026-11-02T05:00:00.000Z'))).toBe('2026-11-02');
    // The night they go forward (8 Mar 2026, 02:00 EST = 07:00 UTC): a 23-hour day.
    expect(dayOf(at('2026-03-08T04:59:59.999Z'))).toBe('2026-03-07');
    expect(dayOf(at('2026-03-08T05:00:00.000Z'))).toBe('2026-03-08');
    expect(dayOf(at('2026-03-09T03:59:59.999Z'))).toBe('2026-03-08');
    expect(dayOf(at('2026-03-09T04:00:00.000Z'))).toBe('2026-03-09');
  });

  it('every hour bucket of a year lies within one Toronto day', () => {
    const from = at('2026-01-01T00:00:00.000Z');
    for (let ms = from; ms < from + 366 * 24 * HOUR; ms += HOUR) {
      const start = bucketStart(bucketOf(ms));
      expect(dayOf(start + HOUR - 1), new Date(start).toISOString()).toBe(dayOf(start));
    }
  });

  it('in a zone whose offset is not whole hours, the minute decides (the hour is not remembered as one day)', () => {
    // India is UTC+5:30: 18:29 UTC is 23:59 on the 1st, 18:30 UTC midnight on the 2nd, in one UTC hour.
    expect(dayOf(at('2026-01-01T18:29:00.000Z'), 'Asia/Kolkata')).toBe('2026-01-01');
    expect(dayOf(at('2026-01-01T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2026-01-02');
    expect(dayOf(at('2026-01-01T18:29:00.000Z'), 'Asia/Kolkata')).toBe('2026-01-01');
  });

  it('the days of the chart: consecutive calendar days ending today, across months, years and DST', () => {
    expect(daysEndingOn('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysEndingOn('2028-03-01', 2)).toEqual(['2028-02-29', '2028-03-01']);
    const ninety = daysEndingOn('2027-01-10', 90);
    expect(ninety).toHaveLength(90);
    expect(ninety[0]).toBe('2026-10-13');
    expect(ninety.at(-1)).toBe('2027-01-10');
    expect(new Set(ninety).size).toBe(90);
    expect(ninety).toContain('2026-11-01');
    for (let i = 1; i < ninety.length; i++) expect(at(ninety[i]) - at(ninety[i - 1])).toBe(24 * HOUR);
  });

  it('labels a day as its date, never shifted by the reader’s zone', () => {
    expect(dayLabel('2026-11-01')).toBe('Nov 1');
    expect(dayLabel('2026-11-01', true)).toBe('Sun, Nov 1, 2026');
  });
});

describe('the chart', () => {
  const days = (pairs: [number, number][]) =>
    pairs.map(([signups, confirmations], i) => ({
      day: `2026-11-${String(i + 1).padStart(2, '0')}`,
      signups,
      confirmations,
    }));

  it('scales to two whole-number steps of 1, 2 or 5 × 10ⁿ that hold the highest figure', () => {
    expect(dailyChartScale(days([[0, 0]]))).toEqual({ top: 2, ticks: [0, 1, 2], signups: 0, confirmations: 0 });
    expect(dailyChartScale(days([[1, 0]])).ticks).toEqual([0, 1, 2]);
    expect(dailyChartScale(days([[3, 1]])).ticks).toEqual([0, 2, 4]);
    expect(dailyChartScale(days([[2, 7]])).ticks).toEqual([0, 5, 10]);
    expect(
      dailyChartScale(
        days([
          [14, 3],
          [0, 9],
        ]),
      ),
    ).toEqual({ top: 20, ticks: [0, 10, 20], signups: 14, confirmations: 12 });
    expect(dailyChartScale(days([[100, 0]])).ticks).toEqual([0, 50, 100]);
    expect(dailyChartScale(days([[101, 0]])).ticks).toEqual([0, 100, 200]);
    expect(dailyChartScale(days([[4_321, 0]])).ticks).toEqual([0, 5_000, 10_000]);
  });

  it('reads a day out with its figures, numbers grouped and words in the singular for one', () => {
    expect(dailyFigureText({ day: '2026-11-26', signups: 1, confirmations: 0 })).toBe(
      'Thu, Nov 26, 2026: 1 signup, 0 confirmations',
    );
    expect(dailyFigureText({ day: '2026-11-26', signups: 2_679, confirmations: 1 })).toBe(
      'Thu, Nov 26, 2026: 2,679 signups, 1 confirmation',
    );
  });
});

describe('daily figures', () => {
  it('90 days ending today, oldest first, zeros included, other days left out', () => {
    const figures = dailyFigures(
      { '2026-11-26': 4, '2026-08-29': 2, '2026-08-28': 9, '2026-11-27': 5 },
      { '2026-11-25': 3, '2026-08-28': 7 },
      '2026-11-26',
    );
    expect(figures).toHaveLength(90);
    expect(figures[0]).toEqual({ day: '2026-08-29', signups: 2, confirmations: 0 });
    expect(figures.at(-2)).toEqual({ day: '2026-11-25', signups: 0, confirmations: 3 });
    expect(figures.at(-1)).toEqual({ day: '2026-11-26', signups: 4, confirmations: 0 });
    expect(figures.reduce((n, f) => n + f.signups, 0)).toBe(6);
    expect(figures.reduce((n, f) => n + f.confirmations, 0)).toBe(3);
  });
});

const sub: IndexedFields = {
  id: 'cd'.repeat(32),
  name: 'Grace',
  email: 'grace@example.com',
  source: 'youtube',
  referrer: '',
  interests: ['tech_news'],
  list: 'waitlist',
  // 1 May 2026, 02:30 UTC: still 30 April in Toronto.
  createdAt: '2026-05-01T02:30:00.000Z',
  consent: { at: '2026-05-01T02:30:00.000Z' },
  unsubscribedAt: null,
  history: [{ at: '2026-05-01T02:30:00.000Z', type: 'signup' }],
  deletedAt: null,
};
const entryOf = (s: IndexedFields) => parseIndexKey(subscriberIndexKeys(s)[0])!;
const confirmedOn = (s: IndexedFields, iso: string): IndexedFields => ({
  ...s,
  history: [...s.history, { at: iso, type: 'confirmed' }],
});

describe('the tally of an hour bucket counts by day', () => {
  it('a signup on its Toronto day, the latest confirmation on its own day (long after the signup too)', () => {
    const t = emptyTally();
    addToTally(t, entryOf(sub));
    // Signed up on 30 April (Toronto), confirmed months later: counted on the confirmation's day.
    addToTally(t, entryOf(confirmedOn({ ...sub, id: 'ce'.repeat(32) }, '2026-11-25T23:30:00.000Z')));
    // Confirmed twice: only the latest counts.
    const twice = confirmedOn(
      confirmedOn({ ...sub, id: 'cf'.repeat(32) }, '2026-05-01T05:00:00.000Z'),
      '2026-06-01T15:00:00.000Z',
    );
    addToTally(t, entryOf(twice));
    expect(t.signupDays).toEqual({ '2026-04-30': 3 });
    expect(t.confirmationDays).toEqual({ '2026-11-25': 1, '2026-06-01': 1 });
  });

  it('a snapshot tally without the counts by day is told apart from an empty one', () => {
    expect(tallyHasDays(emptyTally())).toBe(true);
    const { signupDays: _s, confirmationDays: _c, ...old } = emptyTally();
    expect(tallyHasDays(old)).toBe(false);
    expect(tallyHasDays({ ...old, signupDays: {} })).toBe(false);
    expect(tallyHasDays(null)).toBe(false);
    // Merging never turns a missing count into a wrong one by itself: the reader recounts such hours.
    expect(mergeTallies(emptyTally(), old as ReturnType<typeof emptyTally>).confirmationDays).toEqual({});
  });

  it('reads the record only when the key cannot say when the subscriber last confirmed', async () => {
    // A confirmation time not written to the millisecond: the key holds no time for it (flag r).
    const inexact = confirmedOn({ ...sub, id: 'd1'.repeat(32) }, '2026-11-20T15:00:00Z');
    // A long referrer left out (flag r) of a subscriber who unsubscribed before confirming.
    const unsubscribed: IndexedFields = {
      ...sub,
      id: 'd2'.repeat(32),
      referrer: `https://ref.example/${'x'.repeat(300)}`,
      unsubscribedAt: '2026-05-02T00:00:00.000Z',
      history: [...sub.history, { at: '2026-05-02T00:00:00.000Z', type: 'unsubscribed' }],
    };
    // The same long referrer, confirmed at an exact time (in the key): no read.
    const exact = confirmedOn(
      { ...sub, id: 'd3'.repeat(32), referrer: unsubscribed.referrer },
      '2026-11-21T15:00:00.000Z',
    );
    // Pending: never confirmed, whatever the flags say.
    const pending = { ...sub, id: 'd4'.repeat(32), referrer: unsubscribed.referrer };
    const entries = [inexact, unsubscribed, exact, pending].map(entryOf);
    expect(entries.map((e) => e.partial)).toEqual([true, true, true, true]);
    expect(entries.map(confirmationUnknown)).toEqual([true, true, false, false]);

    const records = new Map<string, RecordFacts>([
      [inexact.id, { source: 'youtube', confirmedAt: '2026-11-20T15:00:00Z' }],
      [unsubscribed.id, { source: 'youtube', confirmedAt: null }],
    ]);
    const asked: string[] = [];
    const t = await tallyEntries(entries, async (id) => {
      asked.push(id);
      return records.get(id) ?? null;
    });
    expect(asked.sort()).toEqual([inexact.id, unsubscribed.id].sort());
    expect(t.confirmationDays).toEqual({ '2026-11-20': 1, '2026-11-21': 1 });
    expect(t.signupDays).toEqual({ '2026-04-30': 4 });
  });
});
