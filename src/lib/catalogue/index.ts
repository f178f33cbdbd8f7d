/**
 * The phone catalogue, finished at import time (build time for pages, cold start for functions).
 *
 *   PHONES                     every phone, mapped and validated (Phone[])
 *   findPhoneById(id)          one phone by id, or undefined
 *   findPhoneByText(text)      one phone whose 'Brand Model' equals the text, case-insensitively
 *   phoneModelNames()          'Brand Model' strings, newest first (newsletter suggestions)
 *   recommendablePhones(today?) phones the recommender may suggest on a date (sold now, last two years)
 *   CATALOGUE_CURRENT_YEAR     the year of the newest phones in the catalogue (not the clock)
 *
 * Importing this module pulls in the raw data and zod: use it in pages' frontmatter and in functions,
 * and hand islands the finished `Phone` objects as props, so browsers never download raw records.
 */
import { appleRecords } from '../../data/phones/apple';
import { curatedEntries } from '../../data/phones/curated';
import { googleRecords } from '../../data/phones/google';
import { motorolaRecords } from '../../data/phones/motorola';
import { oneplusRecords } from '../../data/phones/oneplus';
import { CAD_PRICES } from '../../data/phones/prices-cad';
import { samsungRecords } from '../../data/phones/samsung';
import { buildCatalogue, parseRawRecords } from './compose';
import { isRecommendable } from './availability';
import { phoneId } from './derive';
import type { Phone, RawPhone } from './schema';

export * from './constants';
export * from './availability';
export * from './dates';
export * from './updates';
export * from './chips';
export * from './classes';
export * from './pricing';
export * from './schema';
export { phoneId, phoneImage, mapRawPhone } from './derive';
export { buildCatalogue, mergeById, parseRawRecords, CatalogueDataError, type CuratedEntry } from './compose';

/** The embedded source list, validated (throws CatalogueDataError naming brand, model and field). */
export const RAW_RECORDS: readonly RawPhone[] = parseRawRecords([
  ...appleRecords,
  ...samsungRecords,
  ...googleRecords,
  ...motorolaRecords,
  ...oneplusRecords,
]);

/** Models mapped with the sample mapping (launch OS 'iOS 16' / 'Android 13'). */
export const SAMPLE_MODELS = ['Apple iPhone 14 Pro', 'Samsung Galaxy S23 Ultra', 'Google Pixel 8 Pro'] as const;

const samples = SAMPLE_MODELS.map((name) => {
  const record = RAW_RECORDS.find((r) => `${r.brand} ${r.model}` === name);
  if (!record) throw new Error(`Sample record ${name} is missing from the source list`);
  return record;
});

/** Every phone of the final catalogue, mapped and validated. */
export const PHONES: readonly Phone[] = buildCatalogue({
  samples,
  records: RAW_RECORDS,
  curated: curatedEntries,
  prices: CAD_PRICES,
});

const byId = new Map(PHONES.map((p) => [p.id, p]));
const byText = new Map(PHONES.map((p) => [`${p.brand} ${p.model}`.toLowerCase(), p]));

/** The phone with this id, or undefined. */
export function findPhoneById(id: string): Phone | undefined {
  return byId.get(id);
}

/**
 * The phone whose 'Brand Model' equals `text` case-insensitively (spaces collapsed), e.g.
 * 'samsung galaxy s24+'; also accepts an id-shaped text ('samsung-galaxy-s24-plus'). Undefined if none.
 */
export function findPhoneByText(text: string): Phone | undefined {
  const t = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!t) return undefined;
  const [brand = '', ...rest] = t.split(' ');
  return byText.get(t) ?? byId.get(t) ?? (rest.length ? byId.get(phoneId(brand, rest.join(' '))) : undefined);
}

/** 'Brand Model' of every phone, newest first then alphabetically (newsletter phone-model suggestions). */
export function phoneModelNames(): string[] {
  return [...PHONES]
    .sort((a, b) => b.year - a.year || `${a.brand} ${a.model}`.localeCompare(`${b.brand} ${b.model}`))
    .map((p) => `${p.brand} ${p.model}`);
}

/**
 * Phones the recommender may suggest on `today` (the current date when not given, for server code):
 * sold new in Canada, released in the last two calendar years.
 */
export function recommendablePhones(today: Date = new Date()): Phone[] {
  return PHONES.filter((p) => isRecommendable(p, today));
}
