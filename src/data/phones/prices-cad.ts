/**
 * Canadian prices and availability of every catalogue phone, in Canadian dollars, with the date and
 * the basis of each figure. The catalogue refuses a phone without a price (`phonePricingSchema`), and
 * tiers and the '$' shown on the recommender come from these figures (src/lib/catalogue/pricing.ts).
 *
 * Basis of a launch price:
 * - 'store': the maker's Canadian list price for the base storage at launch (Apple Canada, Samsung
 *   Canada, Google Store Canada), as published in the makers' Canadian launch announcements;
 * - 'reported': the Canadian launch price as reported in launch coverage, entered from that record
 *   and not re-checked against the maker's archive (older or less-covered models) — shown as is, the
 *   source says so;
 * - 'approximate': a Canadian price we could not pin down to the dollar (Motorola and OnePlus models
 *   whose Canadian launch figures were thinly covered): our best figure from launch coverage, shown as
 *   'about $…' with a source that says to check the store;
 * - 'converted': the phone was not sold in Canada: the US launch price converted at the exchange rate
 *   of the launch month (shown as 'about $…').
 * `current` is the maker's Canadian list price after a later price cut, where one was announced.
 *
 * Availability (docs/recommender.md, "Sold now"): `sold` is the month of the last lineup check of a
 * phone on sale new in Canada; `ended` the month it left the maker's Canadian store. Every phone from
 * 2023 on needs one of them (the build fails otherwise); older models are gone by age. The checks are
 * the makers' Canadian lineups after the fall 2025 launches (iPhone 17, Pixel 10, Galaxy S25 FE): this
 * catalogue has no 2026 models yet, and each check should be repeated before publishing.
 * Re-check these figures when adding phones; each source text says exactly what the figure is.
 */
import type { CadPriceRowInput } from '../../lib/catalogue/pricing';

export type PriceRow = CadPriceRowInput;

const APPLE_LINEUP = ['2025-10', "In Apple Canada's lineup after the iPhone 17 launch (Sep 2025)"] as const;
const SAMSUNG_LINEUP = ['2025-10', "In Samsung Canada's lineup after the Galaxy S25 FE launch (Sep 2025)"] as const;
const GOOGLE_LINEUP = ['2025-10', "In Google Store Canada's lineup after the Pixel 10 launch (Aug 2025)"] as const;
const MOTOROLA_LINEUP = [
  '2025-10',
  "In Motorola Canada's 2025 lineup as known at the time of writing (not re-checked)",
] as const;
const ONEPLUS_LINEUP = [
  '2025-10',
  "On OnePlus Canada's store as known at the time of writing (not re-checked)",
] as const;
const replacedBy = (date: string, successor: string, store: string) =>
  [date, `Replaced by the ${successor} in ${store}'s lineup`] as const;

/** Keyed by 'Brand Model' exactly as in the source list. */
export const CAD_PRICES: Readonly<Record<string, PriceRow>> = {
  // Apple (apple.com/ca)
  'Apple iPhone 8': { launch: [929, '2017-09', 'reported'] },
  'Apple iPhone 8 Plus': { launch: [1059, '2017-09', 'reported'] },
  'Apple iPhone X': { launch: [1319, '2017-11', 'reported'] },
  'Apple iPhone XR': { launch: [1029, '2018-10', 'reported'] },
  'Apple iPhone XS': { launch: [1379, '2018-09', 'reported'] },
  'Apple iPhone XS Max': { launch: [1529, '2018-09', 'reported'] },
  'Apple iPhone 11': { launch: [979, '2019-09', 'reported'] },
  'Apple iPhone 11 Pro': { launch: [1379, '2019-09', 'reported'] },
  'Apple iPhone 11 Pro Max': { launch: [1529, '2019-09', 'reported'] },
  'Apple iPhone SE (2nd generation)': { launch: [549, '2020-04', 'reported'] },
  'Apple iPhone 12 mini': { launch: [979, '2020-11', 'reported'] },
  'Apple iPhone 12': { launch: [1119, '2020-10', 'reported'] },
  'Apple iPhone 12 Pro': { launch: [1399, '2020-10', 'reported'] },
  'Apple iPhone 12 Pro Max': { launch: [1549, '2020-11', 'reported'] },
  'Apple iPhone 13 mini': { launch: [949, '2021-09', 'reported'] },
  'Apple iPhone 13': { launch: [1099, '2021-09', 'store'] },
  'Apple iPhone 13 Pro': { launch: [1399, '2021-09', 'store'] },
  'Apple iPhone 13 Pro Max': { launch: [1549, '2021-09', 'store'] },
  'Apple iPhone SE (3rd generation)': { launch: [579, '2022-03', 'store'] },
  'Apple iPhone 14': { launch: [1099, '2022-09', 'store'] },
  'Apple iPhone 14 Plus': { launch: [1249, '2022-10', 'store'] },
  'Apple iPhone 14 Pro': { launch: [1399, '2022-09', 'store'] },
  'Apple iPhone 14 Pro Max': { launch: [1549, '2022-09', 'store'] },
  'Apple iPhone 15': {
    launch: [1129, '2023-09', 'store'],
    current: [999, '2024-09', 'Apple Canada price after the iPhone 16 launch, Sep 2024'],
    ended: replacedBy('2025-09', 'iPhone 17', 'Apple Canada'),
  },
  'Apple iPhone 15 Plus': {
    launch: [1279, '2023-09', 'store'],
    current: [1149, '2024-09', 'Apple Canada price after the iPhone 16 launch, Sep 2024'],
    ended: replacedBy('2025-09', 'iPhone 17', 'Apple Canada'),
  },
  'Apple iPhone 15 Pro': {
    launch: [1449, '2023-09', 'store'],
    ended: replacedBy('2024-09', 'iPhone 16 Pro', 'Apple Canada'),
  },
  'Apple iPhone 15 Pro Max': {
    launch: [1749, '2023-09', 'store'],
    ended: replacedBy('2024-09', 'iPhone 16 Pro Max', 'Apple Canada'),
  },
  'Apple iPhone 16': {
    launch: [1129, '2024-09', 'store'],
    current: [999, '2025-09', 'Apple Canada price after the iPhone 17 launch, Sep 2025'],
    sold: APPLE_LINEUP,
  },
  'Apple iPhone 16 Plus': {
    launch: [1279, '2024-09', 'store'],
    current: [1149, '2025-09', 'Apple Canada price after the iPhone 17 launch, Sep 2025'],
    sold: APPLE_LINEUP,
  },
  'Apple iPhone 16 Pro': {
    launch: [1449, '2024-09', 'store'],
    ended: replacedBy('2025-09', 'iPhone 17 Pro', 'Apple Canada'),
  },
  'Apple iPhone 16 Pro Max': {
    launch: [1749, '2024-09', 'store'],
    ended: replacedBy('2025-09', 'iPhone 17 Pro Max', 'Apple Canada'),
  },
  'Apple iPhone 16e': { launch: [899, '2025-02', 'store'], sold: APPLE_LINEUP },
  'Apple iPhone 17': { launch: [1129, '2025-09', 'store'], sold: APPLE_LINEUP },
  'Apple iPhone Air': { launch: [1449, '2025-09', 'store'], sold: APPLE_LINEUP },
  'Apple iPhone 17 Pro': { launch: [1599, '2025-09', 'store'], sold: APPLE_LINEUP },
  'Apple iPhone 17 Pro Max': { launch: [1749, '2025-09', 'store'], sold: APPLE_LINEUP },
  // Samsung (samsung.com/ca)
  'Samsung Galaxy S9': { launch: [1039.99, '2018-03', 'reported'] },
  'Samsung Galaxy S9+': { launch: [1189.99, '2018-03', 'reported'] },
  'Samsung Galaxy Note9': { launch: [1289.99, '2018-08', 'reported'] },
  'Samsung Galaxy S10e': { launch: [979.99, '2019-03', 'reported'] },
  'Samsung Galaxy S10': { launch: [1129.99, '2019-03', 'reported'] },
  'Samsung Galaxy S10+': { launch: [1259.99, '2019-03', 'reported'] },
  'Samsung Galaxy Note10': { launch: [1259.99, '2019-08', 'reported'] },
  'Samsung Galaxy Note10+': { launch: [1449.99, '2019-08', 'reported'] },
  'Samsung Galaxy S20': { launch: [1319.99, '2020-03', 'reported'] },
  'Samsung Galaxy S20+': { launch: [1449.99, '2020-03', 'reported'] },
  'Samsung Galaxy S20 Ultra': { launch: [1849.99, '2020-03', 'reported'] },
  'Samsung Galaxy Note20 Ultra': { launch: [1819.99, '2020-08', 'reported'] },
  'Samsung Galaxy S21': { launch: [1129.99, '2021-01', 'reported'] },
  'Samsung Galaxy S21 Ultra': { launch: [1649.99, '2021-01', 'reported'] },
  'Samsung Galaxy S21 FE 5G': { launch: [949.99, '2022-01', 'reported'] },
  'Samsung Galaxy S22': { launch: [1099.99, '2022-02', 'store'] },
  'Samsung Galaxy S22+': { launch: [1399.99, '2022-02', 'store'] },
  'Samsung Galaxy S22 Ultra': { launch: [1649.99, '2022-02', 'store'] },
  'Samsung Galaxy S23': {
    launch: [1179.99, '2023-02', 'store'],
    ended: replacedBy('2024-01', 'Galaxy S24', 'Samsung Canada'),
  },
  'Samsung Galaxy S23+': {
    launch: [1399.99, '2023-02', 'store'],
    ended: replacedBy('2024-01', 'Galaxy S24+', 'Samsung Canada'),
  },
  'Samsung Galaxy S23 Ultra': {
    launch: [1649.99, '2023-02', 'store'],
    ended: replacedBy('2024-01', 'Galaxy S24 Ultra', 'Samsung Canada'),
  },
  'Samsung Galaxy S23 FE': {
    launch: [879.99, '2023-10', 'reported'],
    ended: replacedBy('2024-10', 'Galaxy S24 FE', 'Samsung Canada'),
  },
  'Samsung Galaxy Z Fold5': {
    launch: [2399.99, '2023-08', 'store'],
    ended: replacedBy('2024-07', 'Galaxy Z Fold6', 'Samsung Canada'),
  },
  'Samsung Galaxy Z Flip5': {
    launch: [1399.99, '2023-08', 'store'],
    ended: replacedBy('2024-07', 'Galaxy Z Flip6', 'Samsung Canada'),
  },
  'Samsung Galaxy A14 5G': {
    launch: [299.99, '2023-01', 'reported'],
    ended: replacedBy('2024-01', 'Galaxy A15 5G', 'Samsung Canada'),
  },
  'Samsung Galaxy A54 5G': {
    launch: [549.99, '2023-04', 'reported'],
    ended: replacedBy('2024-03', 'Galaxy A55 5G', 'Samsung Canada'),
  },
  'Samsung Galaxy S24': {
    launch: [1099.99, '2024-01', 'store'],
    ended: replacedBy('2025-02', 'Galaxy S25', 'Samsung Canada'),
  },
  'Samsung Galaxy S24+': {
    launch: [1399.99, '2024-01', 'store'],
    ended: replacedBy('2025-02', 'Galaxy S25+', 'Samsung Canada'),
  },
  'Samsung Galaxy S24 Ultra': {
    launch: [1799.99, '2024-01', 'store'],
    ended: replacedBy('2025-02', 'Galaxy S25 Ultra', 'Samsung Canada'),
  },
  'Samsung Galaxy S24 FE': {
    launch: [949.99, '2024-10', 'reported'],
    ended: replacedBy('2025-09', 'Galaxy S25 FE', 'Samsung Canada'),
  },
  'Samsung Galaxy Z Fold6': {
    launch: [2564.99, '2024-07', 'reported'],
    ended: replacedBy('2025-07', 'Galaxy Z Fold7', 'Samsung Canada'),
  },
  'Samsung Galaxy Z Flip6': {
    launch: [1463.99, '2024-07', 'reported'],
    ended: replacedBy('2025-07', 'Galaxy Z Flip7', 'Samsung Canada'),
  },
  'Samsung Galaxy A15 5G': {
    launch: [299.99, '2024-01', 'reported'],
    ended: replacedBy('2024-11', 'Galaxy A16 5G', 'Samsung Canada'),
  },
  'Samsung Galaxy A25 5G': {
    launch: [399.99, '2024-01', 'reported'],
    ended: replacedBy('2025-03', 'Galaxy A26 5G', 'Samsung Canada'),
  },
  'Samsung Galaxy A35 5G': {
    launch: [499.99, '2024-03', 'reported'],
    ended: replacedBy('2025-03', 'Galaxy A36 5G', 'Samsung Canada'),
  },
  'Samsung Galaxy A55 5G': {
    launch: [599.99, '2024-03', 'reported'],
    ended: replacedBy('2025-03', 'Galaxy A56 5G', 'Samsung Canada'),
  },
  'Samsung Galaxy A16 5G': { launch: [329.99, '2024-11', 'reported'], sold: SAMSUNG_LINEUP },
  'Samsung Galaxy S25': { launch: [1288.99, '2025-02', 'store'], sold: SAMSUNG_LINEUP },
  'Samsung Galaxy S25+': { launch: [1438.99, '2025-02', 'store'], sold: SAMSUNG_LINEUP },
  'Samsung Galaxy S25 Ultra': { launch: [1918.99, '2025-02', 'store'], sold: SAMSUNG_LINEUP },
  'Samsung Galaxy S25 Edge': { launch: [1678.99, '2025-05', 'reported'], sold: SAMSUNG_LINEUP },
  'Samsung Galaxy S25 FE': { launch: [949.99, '2025-09', 'reported'], sold: SAMSUNG_LINEUP },
  'Samsung Galaxy Z Fold7': { launch: [2618.99, '2025-07', 'reported'], sold: SAMSUNG_LINEUP },
  'Samsung Galaxy Z Flip7': { launch: [1518.99, '2025-07', 'reported'], sold: SAMSUNG_LINEUP },
  'Samsung Galaxy A26 5G': { launch: [399.99, '2025-03', 'reported'], sold: SAMSUNG_LINEUP },
  'Samsung Galaxy A36 5G': { launch: [499.99, '2025-03', 'reported'], sold: SAMSUNG_LINEUP },
  'Samsung Galaxy A56 5G': { launch: [599.99, '2025-03', 'reported'], sold: SAMSUNG_LINEUP },
  // Google (store.google.com/ca)
  'Google Pixel 3': { launch: [999, '2018-11', 'reported'] },
  'Google Pixel 3 XL': { launch: [1129, '2018-11', 'reported'] },
  'Google Pixel 3a': { launch: [549, '2019-05', 'reported'] },
  'Google Pixel 3a XL': { launch: [669, '2019-05', 'reported'] },
  'Google Pixel 4': { launch: [999, '2019-10', 'reported'] },
  'Google Pixel 4 XL': { launch: [1199, '2019-10', 'reported'] },
  'Google Pixel 4a': { launch: [469, '2020-08', 'reported'] },
  'Google Pixel 4a (5G)': { launch: [649, '2020-11', 'reported'] },
  'Google Pixel 5': { launch: [899, '2020-10', 'reported'] },
  'Google Pixel 5a 5G': { launch: [565, '2021-08', 'converted', 449, 1.26] },
  'Google Pixel 6': { launch: [799, '2021-10', 'reported'] },
  'Google Pixel 6 Pro': { launch: [1179, '2021-10', 'reported'] },
  'Google Pixel 6a': { launch: [599, '2022-07', 'reported'] },
  'Google Pixel 7': { launch: [799, '2022-10', 'store'] },
  'Google Pixel 7 Pro': { launch: [1179, '2022-10', 'store'] },
  'Google Pixel 7a': {
    launch: [599, '2023-05', 'store'],
    ended: replacedBy('2024-05', 'Pixel 8a', 'Google Store Canada'),
  },
  'Google Pixel Fold': {
    launch: [2420, '2023-06', 'converted', 1799, 1.345],
    ended: ['2024-09', 'Never sold in Canada; discontinued at the Pixel 9 Pro Fold launch'],
  },
  'Google Pixel 8': {
    launch: [949, '2023-10', 'store'],
    ended: replacedBy('2024-08', 'Pixel 9', 'Google Store Canada'),
  },
  'Google Pixel 8 Pro': {
    launch: [1349, '2023-10', 'store'],
    ended: replacedBy('2024-08', 'Pixel 9 Pro', 'Google Store Canada'),
  },
  'Google Pixel 8a': {
    launch: [679, '2024-05', 'store'],
    ended: replacedBy('2025-04', 'Pixel 9a', 'Google Store Canada'),
  },
  'Google Pixel 9': {
    launch: [1099, '2024-08', 'store'],
    ended: replacedBy('2025-08', 'Pixel 10', 'Google Store Canada'),
  },
  'Google Pixel 9 Pro': {
    launch: [1349, '2024-08', 'store'],
    ended: replacedBy('2025-08', 'Pixel 10 Pro', 'Google Store Canada'),
  },
  'Google Pixel 9 Pro XL': {
    launch: [1449, '2024-08', 'store'],
    ended: replacedBy('2025-08', 'Pixel 10 Pro XL', 'Google Store Canada'),
  },
  'Google Pixel 9 Pro Fold': {
    launch: [2399, '2024-09', 'store'],
    ended: replacedBy('2025-08', 'Pixel 10 Pro Fold', 'Google Store Canada'),
  },
  'Google Pixel 9a': { launch: [679, '2025-04', 'store'], sold: GOOGLE_LINEUP },
  'Google Pixel 10': { launch: [1099, '2025-08', 'store'], sold: GOOGLE_LINEUP },
  'Google Pixel 10 Pro': { launch: [1449, '2025-08', 'store'], sold: GOOGLE_LINEUP },
  'Google Pixel 10 Pro XL': { launch: [1649, '2025-08', 'store'], sold: GOOGLE_LINEUP },
  'Google Pixel 10 Pro Fold': { launch: [2449, '2025-10', 'reported'], sold: GOOGLE_LINEUP },
  // Motorola (motorola.ca): Canadian figures were thinly covered at launch, so they are approximate.
  'Motorola moto g (2025)': { launch: [299.99, '2025-03', 'approximate'], sold: MOTOROLA_LINEUP },
  'Motorola moto g power (2025)': { launch: [399.99, '2025-03', 'approximate'], sold: MOTOROLA_LINEUP },
  'Motorola edge (2025)': { launch: [749.99, '2025-06', 'approximate'], sold: MOTOROLA_LINEUP },
  'Motorola razr (2025)': { launch: [999.99, '2025-05', 'approximate'], sold: MOTOROLA_LINEUP },
  'Motorola razr+ (2025)': { launch: [1399.99, '2025-05', 'approximate'], sold: MOTOROLA_LINEUP },
  // OnePlus (oneplus.com/ca): approximate, as above.
  'OnePlus 13': { launch: [1249.99, '2025-01', 'approximate'], sold: ONEPLUS_LINEUP },
  'OnePlus 13R': { launch: [799.99, '2025-01', 'approximate'], sold: ONEPLUS_LINEUP },
};
