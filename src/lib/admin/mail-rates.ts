/**
 * The statistics' mail rates (GET /api/admin/mail-events/rates, from SendGrid's events): bounce and
 * complaint rates per day and over the period. Pure, client-safe.
 *
 * Imported by browser code: no secrets, no server imports here.
 */

/** One day as the API answers it. */
export interface DayRates {
  day: string;
  delivered: number;
  bounced: number;
  complained: number;
}

/** A day (or the period) with its rates, in percent of the copies that reached or tried to reach an inbox. */
export interface RateRow extends DayRates {
  /** bounced / (delivered + bounced), percent; null without mail. */
  bounceRate: number | null;
  /** complained / delivered, percent; null without deliveries. */
  complaintRate: number | null;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null);

export function withRates(d: DayRates): RateRow {
  return {
    ...d,
    bounceRate: percent(d.bounced, d.delivered + d.bounced),
    complaintRate: percent(d.complained, d.delivered),
  };
}

/** The days that had any mail event, newest first, and the whole period's totals. */
export function rateTable(days: readonly DayRates[]): { rows: RateRow[]; total: RateRow } {
  const sum = days.reduce(
    (t, d) => ({
      ...t,
      delivered: t.delivered + d.delivered,
      bounced: t.bounced + d.bounced,
      complained: t.complained + d.complained,
    }),
    { day: 'total', delivered: 0, bounced: 0, complained: 0 },
  );
  const rows = days
    .filter((d) => d.delivered + d.bounced + d.complained > 0)
    .map(withRates)
    .reverse();
  return { rows, total: withRates(sum) };
}

/** A rate as staff read it ('–' without mail). */
export function rateLabel(rate: number | null): string {
  return rate === null ? '–' : `${rate.toLocaleString('en-CA', { maximumFractionDigits: 2 })} %`;
}

/** Mailbox providers warn past these (complaints 0.1 %; bounces are judged alike above a few percent). */
export const RATE_WARN = { bounce: 2, complaint: 0.1 } as const;
