/**
 * Months as 'YYYY-MM' text: the catalogue dates every price, availability check and update policy to
 * the month. The recommender is given today's date (never reads the clock itself), so its answers
 * depend only on its inputs. Pure; client-safe.
 */

/** 'YYYY-MM' of a date, in UTC (the same month on the server and in every visitor's browser). */
export function yearMonthOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Months from 'YYYY-MM' `from` to 'YYYY-MM' `to` (negative when `to` is earlier). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/** 'YYYY-MM' plus a number of months. */
export function addMonths(yyyymm: string, months: number): string {
  const [y, m] = yyyymm.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}
