/**
 * Which phones may be recommended (sold new now, released in the last two calendar years, of the
 * chosen OS or brand, not the visitor's own phone) and the most the visitor would spend. Pure;
 * client-safe: today's date is an option (see recommendation.ts).
 */
import { isRecommendable } from '../catalogue/availability';
import { PRICE_TIER_MAX_CAD } from '../catalogue/pricing';
import type { Phone } from '../catalogue/schema';
import { budgetMaxCad } from './budget';
import type { OsPreference, Preferences } from './preferences';
import { todayOf, type EngineOptions } from './recommendation';

/** True when the phone fits an OS/brand choice (no choice, or no preference: every phone). */
export function fitsOsChoice(phone: Pick<Phone, 'os' | 'brand'>, os: OsPreference | undefined): boolean {
  switch (os) {
    case 'ios':
      return phone.os === 'ios';
    case 'android_samsung':
      return phone.brand === 'Samsung';
    case 'android_google':
      return phone.brand === 'Google';
    case 'android':
      return phone.os === 'android';
    default:
      return true;
  }
}

/** True when `phone` is the visitor's own searched phone (not recommended back to them). */
function isOwnPhone(phone: Phone, prefs: Preferences): boolean {
  if (!prefs.searchedForCurrentPhone || !prefs.currentPhone) return false;
  return `${phone.brand} ${phone.model}`.toLowerCase() === prefs.currentPhone.trim().toLowerCase();
}

/**
 * Phones that may be recommended on `today`: sold new now, released in the last two calendar years,
 * fitting the OS/brand choice, and not the visitor's own searched phone.
 */
export function filterCandidates(phones: readonly Phone[], prefs: Preferences, options?: EngineOptions): Phone[] {
  const today = todayOf(options);
  return phones.filter((p) => isRecommendable(p, today) && fitsOsChoice(p, prefs.os) && !isOwnPhone(p, prefs));
}

/** A price up to 5% over the slider's 'Up to $X' still counts as in budget (the slider moves in $10-13 steps). */
export const OVER_SLIDER_TOLERANCE = 1.05;

/**
 * The most the visitor would spend, in CAD: the slider's dollars plus OVER_SLIDER_TOLERANCE, never
 * above the chosen tier's top (a midrange answer never admits a premium phone).
 */
export function maxSpendCad(prefs: Pick<Preferences, 'budget' | 'budgetValue'>): number {
  if (!prefs.budget) return Number.POSITIVE_INFINITY;
  const slider = budgetMaxCad(prefs.budget, prefs.budgetValue) * OVER_SLIDER_TOLERANCE;
  return Math.min(PRICE_TIER_MAX_CAD[prefs.budget], slider);
}

/** Dollars a phone costs above what the visitor would spend (0 when within budget or no budget). */
export function overBudgetBy(phone: Phone, prefs: Preferences): number {
  const max = maxSpendCad(prefs);
  return Number.isFinite(max) ? Math.max(0, phone.price - max) : 0;
}
