/**
 * The phone catalogue, finished at import time (build time for pages, cold start for functions).
 *
 *   PHONES                     every phone, mapped and validated (Phone[])
 *   findPhoneById(id)          one phone by id, or undefined
 *   findPhoneByText(text)      one phone whose 'Brand Model' equals the text, case-insensitively
 *   phoneModelNames()          'Brand Model' strings, newest first (newsletter suggestions)
 *   recommendablePhones(today?) phones the recommender may suggest on a date (sold now, last two years)
 *   currentYear(today?)        the calendar year of a date (no fixed catalogue year)
 *
 * The phones are the JSON files of src/content/phones/ (one per phone, see its README), reached
 * through the generated src/data/phones/index.generated.ts.
 * Importing this module pulls in the raw data and zod: use it in pages' frontmatter and in functions,
 * and hand islands the finished `Phone` objects as props, so browsers never download raw records.
 */
import { PHONE_FILES } from '../../data/phones/index.generated';
import { buildCatalogue, parseRawRecords } from './compose';
import { parsePhoneEntries } from './entry';
import { isRecommendable } from './availability';
import { phoneId } from './derive';
import type { Phone, RawPhone } from './schema';

export * from './constants';
export * from './availability';
export * from './freshness';
export * from './dates';
export * from './updates';
export * from './chips';
export * from './classes';
export * from './pricing';
export * from './schema';
export { phoneId, phoneImage, mapRawPhone } from './derive';
export { buildCatalogue, mergeById, parseRawRecords, CatalogueDataError, type CuratedEntry } from './compose';
export { parsePhoneEntries, phoneEntrySchema, priceRowOf, type PhoneEntry } from './entry';

/**
 * The phone files of src/content/phones/, validated (throws CatalogueDataError naming each bad file
 * and field: a missing source or date fails the build here and in the content collection).
 */
const SOURCES = parsePhoneEntries(PHONE_FILES);

/** Every spec sheet, validated (throws CatalogueDataError naming brand, model and field). */
export const RAW_RECORDS: readonly RawPhone[] = parseRawRecords(SOURCES.records);

/** Models mapped with the sample mapping (launch OS 'iOS 16' / 'Android 13'): files with `sampleMapping`. */
export const SAMPLE_MODELS: readonly string[] = SOURCES.samples.map((r) => `${r.brand} ${r.model}`);

/** Canadian price rows keyed by 'Brand Model', as the phone files give them. */
export const CAD_PRICES = SOURCES.prices;

/** Every phone of the final catalogue, mapped and validated. */
export const PHONES: readonly Phone[] = buildCatalogue(SOURCES);

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
