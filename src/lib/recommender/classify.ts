/**
 * What can be said of a phone known only by its model name: release-year implications, support label,
 * age-based price tier. Camera, battery, screen and performance classes are NOT guessed here: every
 * phone is classified one way, by src/lib/catalogue/classes.ts, and a phone known only by name has
 * unknown classes. Pure; client-safe.
 *
 * Ages are measured from the year passed in (this year when none is).
 */
import { currentYear as thisYear } from '../catalogue/constants';
import type { PriceRange } from '../catalogue/enums';

/** Price (CAD) given to a phone guessed from its name, when nothing else is known (shown as unknown). */
export const DEFAULT_PRICE = 699.99;

/** First megapixel figure of a camera text ('48MP wide, 12MP ultrawide' -> 48), or null. */
export function megapixels(text: string | null | undefined): number | null {
  const m = /(\d+(?:\.\d+)?)\s*MP/i.exec(text ?? '');
  return m ? Number(m[1]) : null;
}

/** A phone from 2020 or later is assumed to have 5G. */
export function impliesFiveG(year: number): boolean {
  return year >= 2020;
}

/** A phone from 2022 or later is assumed to have AI features. */
export function impliesAiFeatures(year: number): boolean {
  return year >= 2022;
}

/**
 * Years of full software support by brand, for a phone known only by its name (a phone in the
 * catalogue has its maker's actual policy: src/lib/catalogue/updates.ts): Apple 5, Samsung and
 * Google 3, others 2. A rule of thumb for older and unlisted models, not a policy.
 */
export const SUPPORT_YEARS: Record<string, number> = { apple: 5, samsung: 3, google: 3 };
const OTHER_SUPPORT_YEARS = 2;

export type SupportLabel = 'Full Support' | 'Limited Support';

/**
 * 'Full Support' while the phone's age (currentYear - year) is within its brand's support years
 * (Apple up to 5, Samsung and Google up to 3, others up to 2), else 'Limited Support'. Only for
 * phones known by name alone; `currentYear` is the caller's year (this year when not given).
 */
export function supportLabel(brand: string, year: number, currentYear = thisYear()): SupportLabel {
  const limit = SUPPORT_YEARS[brand.trim().toLowerCase()] ?? OTHER_SUPPORT_YEARS;
  return currentYear - year <= limit ? 'Full Support' : 'Limited Support';
}

/**
 * Price tier from a phone's age: models named pro, ultra, fold or flip are premium up to
 * 2 years old, midrange up to 4, then budget; other models are midrange up to 2 years old, then budget.
 */
export function ageBasedPriceTier(model: string, year: number, currentYear = thisYear()): PriceRange {
  const age = currentYear - year;
  if (/\b(pro|ultra|fold\d*|flip\d*)\b/i.test(model)) return age <= 2 ? 'premium' : age <= 4 ? 'midrange' : 'budget';
  return age <= 2 ? 'midrange' : 'budget';
}
