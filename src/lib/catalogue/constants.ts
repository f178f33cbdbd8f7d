/**
 * Constants of the phone catalogue. Client-safe.
 */

/**
 * The year of the newest phones in the catalogue. It bounds release years (the schema refuses a later
 * one; a model name guessed beyond it is unknown) and decides which phones need an availability row.
 * Which phones are recommended is NOT fixed by it: that rolls forward with today's date
 * (./availability.ts). Raise it when the catalogue gains the next year's phones.
 */
export const CATALOGUE_CURRENT_YEAR = 2025;

/** Local stock images by brand (docs/recommender.md#catalogue-records); served from `public/images/phones/`. */
export const STOCK_IMAGES = {
  apple: '/images/phones/apple.svg',
  samsung: '/images/phones/samsung.svg',
  google: '/images/phones/google.svg',
  generic: '/images/phones/generic.svg',
} as const;
