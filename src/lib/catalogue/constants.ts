/**
 * Constants of the phone catalogue. Client-safe.
 */

/**
 * The calendar year (UTC) of `today`, the current date when not given. Nothing in the catalogue is
 * bounded by a fixed year: the schema refuses a release year after the year of the build (a phone not
 * yet released), a model name guessed beyond this year is unknown, and which phones are recommended
 * rolls forward with the date (./availability.ts).
 */
export function currentYear(today: Date = new Date()): number {
  return today.getUTCFullYear();
}

/** Local stock images by brand (docs/recommender.md#catalogue-records); served from `public/images/phones/`. */
export const STOCK_IMAGES = {
  apple: '/images/phones/apple.svg',
  samsung: '/images/phones/samsung.svg',
  google: '/images/phones/google.svg',
  generic: '/images/phones/generic.svg',
} as const;
