/**
 * Facts that expire (docs/recommender.md, "Facts that expire"): a phone's price and its "sold new in
 * Canada" are facts with the month they were checked. For FRESH_MONTHS after that month they are shown
 * as facts; from then on they are stale: shown as "last checked …", never as today's fact, and the
 * recommender ranks a phone with a stale check after every phone whose checks are fresh. The rule
 * reads the date it is given (the visitor's today in the browser, the request's today in functions),
 * never a build date. Pure; client-safe.
 */
import { monthsBetween, yearMonthOf } from './dates';
import { monthYear } from './pricing';
import { priceUnconfirmed, usdText } from './us-launch';
import type { Phone } from './schema';

/** A check is fresh in the month it was made and the 5 months after: stale from the 6th month on. */
export const FRESH_MONTHS = 6;

/** True when a fact checked in 'YYYY-MM' `checked` is still fresh on `today`. */
export function isFreshCheck(checked: string, today: Date): boolean {
  return monthsBetween(checked, yearMonthOf(today)) < FRESH_MONTHS;
}

/** The month a phone's shown price was last checked: the re-check (or price cut), else the launch. */
export function priceCheckedMonth(phone: Pick<Phone, 'pricing'>): string {
  return phone.pricing.currentDate ?? phone.pricing.launchDate;
}

/** The month of the last check that the phone is sold new in Canada, or null (discontinued). */
export function lineupCheckedMonth(phone: Pick<Phone, 'availability'>): string | null {
  return phone.availability.status === 'sold' ? phone.availability.date : null;
}

/** How fresh a phone's price and lineup check are on `today`. */
export interface FactFreshness {
  priceChecked: string;
  priceFresh: boolean;
  /** Null when the phone is not marked sold (nothing to re-check). */
  lineupChecked: string | null;
  lineupFresh: boolean;
  /** Both the price and the lineup check are fresh: the engine may rely on them. */
  fresh: boolean;
}

/**
 * A Canadian price that is not confirmed (only the US launch price is known) and a "sold new in
 * Canada" that is only reported are never fresh, whatever their month: the engine does not rely on
 * them (docs/recommender.md, "Canadian price not confirmed").
 */
export function factFreshness(phone: Pick<Phone, 'pricing' | 'availability'>, today: Date): FactFreshness {
  const priceChecked = priceCheckedMonth(phone);
  const lineupChecked = lineupCheckedMonth(phone);
  const priceFresh = !priceUnconfirmed(phone.pricing) && isFreshCheck(priceChecked, today);
  const lineupFresh =
    lineupChecked !== null && phone.availability.confirmed !== false && isFreshCheck(lineupChecked, today);
  return { priceChecked, priceFresh, lineupChecked, lineupFresh, fresh: priceFresh && lineupFresh };
}

/**
 * 'Price checked Nov 2026', or 'Price last checked Sep 2025: it may have changed' once stale, or
 * 'Canadian price not confirmed: US launch price US$899.99 (Mar 2026)' when only the US price is known.
 */
export function priceCheckLabel(phone: Pick<Phone, 'pricing'>, today: Date): string {
  const us = phone.pricing.usLaunch;
  if (us && priceUnconfirmed(phone.pricing))
    return `Canadian price not confirmed: US launch price ${usdText(us.usd)} (${monthYear(us.month)})`;
  const month = priceCheckedMonth(phone);
  return isFreshCheck(month, today)
    ? `Price checked ${monthYear(month)}`
    : `Price last checked ${monthYear(month)}: it may have changed, check the store`;
}

/** One phone whose facts are stale on `today`, with what staff should re-check. */
export interface StaleEntry {
  id: string;
  name: string;
  /** e.g. ['CAD price (last checked Sep 2025)', "sold new in Canada (lineup last checked Oct 2025)"]. */
  stale: string[];
  /** What to do, in words. */
  recheck: string;
  /** The file to edit. */
  file: string;
  /** The oldest stale check, 'YYYY-MM'. */
  oldest: string;
}

/**
 * Phones marked sold whose price or lineup check is stale on `today`, whose Canadian price or sale
 * is not confirmed, or whose successor (a file's `replaces`) launched after their last lineup check,
 * oldest first: the staff dashboard's re-check list. Discontinued phones are not listed (their price
 * is history).
 */
export function staleFacts(phones: readonly Phone[], today: Date): StaleEntry[] {
  const out: StaleEntry[] = [];
  const successors = new Map<string, Phone>();
  for (const p of phones) if (p.replaces) successors.set(p.replaces, p);
  for (const p of phones) {
    const f = factFreshness(p, today);
    if (f.lineupChecked === null) continue;
    // A successor launched after this phone's last lineup check: its price or sale may have changed.
    const next = successors.get(p.id);
    const superseded =
      next && p.availability.confirmed !== false && f.lineupChecked < next.pricing.launchDate ? next : null;
    if (f.fresh && !superseded) continue;
    const stale: string[] = [];
    const todo: string[] = [];
    if (priceUnconfirmed(p.pricing)) {
      stale.push(`Canadian price not confirmed (only the US launch price, ${monthYear(f.priceChecked)})`);
      todo.push('the Canadian price in the maker’s Canadian store (cad.current, or cad.launch with basis store)');
    } else if (!f.priceFresh) {
      stale.push(`CAD price (last checked ${monthYear(f.priceChecked)})`);
      todo.push('the price in the maker’s Canadian store (cad.current)');
    }
    if (p.availability.confirmed === false) {
      stale.push(`sold new in Canada not confirmed (reported ${monthYear(f.lineupChecked)})`);
      todo.push('that the maker’s Canadian store sells it (replace cad.unconfirmed by cad.sold)');
    } else if (!f.lineupFresh) {
      stale.push(`sold new in Canada (lineup last checked ${monthYear(f.lineupChecked)})`);
      todo.push('that it is still sold new (cad.sold), or when it left (cad.ended)');
    }
    if (superseded) {
      stale.push(
        `successor ${superseded.brand} ${superseded.model} launched ${monthYear(superseded.pricing.launchDate)}, after the last lineup check`,
      );
      if (f.priceFresh) todo.push('the price after the successor’s launch (cad.current)');
      if (f.lineupFresh) todo.push('that it is still sold new (cad.sold), or when it left (cad.ended)');
    }
    const oldest = [f.priceFresh ? null : f.priceChecked, f.lineupFresh && !superseded ? null : f.lineupChecked]
      .filter((m): m is string => m !== null)
      .sort()[0]!;
    out.push({
      id: p.id,
      name: `${p.brand} ${p.model}`,
      stale,
      recheck: `Re-check ${todo.join(' and ')}`,
      file: `src/content/phones/${p.id}.json`,
      oldest,
    });
  }
  return out.sort((a, b) => a.oldest.localeCompare(b.oldest) || a.name.localeCompare(b.name));
}
