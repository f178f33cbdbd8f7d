/**
 * Constants of the phone catalogue. Client-safe.
 */

/**
 * The year the catalogue is current to — NOT the clock.
 *
 * The recommender only suggests phones released in the last two years relative to this year
 * (from 2023, with a fixed current year of 2025; docs/recommender.md#scoring), and ages (support label, age-based
 * price tier) are measured from it. Raise it when the catalogue gains the next year's phones; using
 * `new Date()` instead would silently empty the recommendations once the data is two years old.
 */
export const CATALOGUE_CURRENT_YEAR = 2025;

/** Only phones released in this year or later are recommended (the last 2 years). */
export const RECOMMENDABLE_FROM_YEAR = CATALOGUE_CURRENT_YEAR - 2;

/** Local stock images by brand (docs/recommender.md#catalogue-records); served from `public/images/phones/`. */
export const STOCK_IMAGES = {
  apple: '/images/phones/apple.svg',
  samsung: '/images/phones/samsung.svg',
  google: '/images/phones/google.svg',
  generic: '/images/phones/generic.svg',
} as const;
