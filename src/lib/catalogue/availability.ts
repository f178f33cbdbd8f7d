/**
 * Which phones are sold now: the recommender suggests only phones the maker sells new in Canada on
 * the day it runs, released in the last two calendar years (docs/recommender.md, "Sold now"). Both
 * roll forward with the date passed in; nothing here reads a clock. Pure; client-safe.
 */
import { yearMonthOf } from './dates';
import { isFreshCheck } from './freshness';
import { monthYear } from './pricing';
import type { Availability } from './schema';

/**
 * True when the maker sells the phone new in Canada on `today`: marked sold, or discontinued only
 * from a later month on.
 */
export function isSoldOn(phone: { availability: Availability }, today: Date): boolean {
  const a = phone.availability;
  return a.status === 'sold' || (a.date !== null && a.date > yearMonthOf(today));
}

/** The first release year the recommender suggests on `today`: the last two calendar years. */
export function recommendableFromYear(today: Date): number {
  return today.getUTCFullYear() - 2;
}

/** True when a phone may be suggested on `today`: sold new now and released in the last two calendar years. */
export function isRecommendable(phone: { year: number; availability: Availability }, today: Date): boolean {
  return phone.year >= recommendableFromYear(today) && isSoldOn(phone, today);
}

/**
 * A phone's availability on `today`, in words: 'Sold new in Canada (lineup checked Oct 2025)' while
 * the check is fresh (./freshness.ts); once it is stale, 'Sold new in Canada when last checked (Oct
 * 2025): not re-checked since' — never stated as today's fact; or 'No longer sold new (since Sep 2025)';
 * or 'Sold new in Canada: not confirmed (reported Nov 2026)' when it is only reported (`confirmed: false`).
 */
export function availabilityLabel(a: Availability, today: Date): string {
  if (a.confirmed === false && a.status === 'sold')
    return `Sold new in Canada: not confirmed${a.date ? ` (reported ${monthYear(a.date)})` : ''}`;
  if (isSoldOn({ availability: a }, today)) {
    if (a.status !== 'sold' || !a.date) return 'Sold new in Canada';
    return isFreshCheck(a.date, today)
      ? `Sold new in Canada (lineup checked ${monthYear(a.date)})`
      : `Sold new in Canada when last checked (${monthYear(a.date)}): not re-checked since`;
  }
  return `No longer sold new${a.date ? ` (since ${monthYear(a.date)})` : ''}`;
}
