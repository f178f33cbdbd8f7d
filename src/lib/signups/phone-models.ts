/**
 * Phone model names ('Brand Model') for the newsletter type-ahead and the phone-model check.
 *
 * STAND-IN: the phone catalogue (`src/lib/catalogue`, branch `recommender-engine`) owns these names
 * and exports `phoneModelNames()`. Until it lands this module lists a small subset of the same
 * entries; when it does, this file becomes a one-line re-export:
 *   export { phoneModelNames } from '../catalogue';
 * Client-safe.
 */

const STAND_IN: readonly string[] = [
  ...['iPhone 11', 'iPhone 12', 'iPhone 12 mini', 'iPhone 13', 'iPhone 13 mini', 'iPhone 13 Pro', 'iPhone 14', 'iPhone 14 Plus', 'iPhone 14 Pro', 'iPhone 14 Pro Max', 'iPhone 15', 'iPhone 15 Plus', 'iPhone 15 Pro', 'iPhone 15 Pro Max', 'iPhone 16', 'iPhone 16 Plus', 'iPhone 16 Pro', 'iPhone 16 Pro Max', 'iPhone 16e', 'iPhone SE (3rd generation)'].map((m) => `Apple ${m}`),
  ...['Galaxy S22', 'Galaxy S23', 'Galaxy S23 Ultra', 'Galaxy S23 FE', 'Galaxy S24', 'Galaxy S24+', 'Galaxy S24 Ultra', 'Galaxy S24 FE', 'Galaxy Z Fold6', 'Galaxy Z Flip6', 'Galaxy A15 5G', 'Galaxy A25 5G', 'Galaxy A35 5G', 'Galaxy A54 5G', 'Galaxy Note20 Ultra'].map((m) => `Samsung ${m}`),
  ...['Pixel 6a', 'Pixel 7', 'Pixel 7a', 'Pixel 8', 'Pixel 8 Pro', 'Pixel 8a', 'Pixel 9', 'Pixel 9 Pro', 'Pixel 9 Pro XL', 'Pixel 9a', 'Pixel Fold'].map((m) => `Google ${m}`),
];

/** Every catalogue phone as 'Brand Model' (e.g. 'Apple iPhone 15 Pro'). */
export function phoneModelNames(): readonly string[] {
  return STAND_IN;
}
