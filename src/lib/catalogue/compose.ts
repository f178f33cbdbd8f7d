/**
 * Builds the final catalogue: mapped sample records, then mapped source-list records, then
 * hand-written entries, keyed by id — a later entry replaces an earlier one with the same id. Every
 * phone needs a row in the CAD price table. Pure; client-safe.
 */
import { recommendableFromYear } from './availability';
import { mapRawPhone, MissingPolicyError, phoneId, UnknownChipError, type RawMapping } from './derive';
import { availabilityFromRow, pricingFromRow, type CadPriceRowInput } from './pricing';
import { phoneSchema, rawPhoneSchema, type Brand, type Phone, type RawPhone } from './schema';

/** Thrown when catalogue data is invalid; the message names each bad record (brand, model) and field. */
export class CatalogueDataError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid phone catalogue data:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CatalogueDataError';
  }
}

function label(record: unknown, index: number): string {
  const r = (record ?? {}) as { brand?: unknown; model?: unknown };
  const name = [r.brand, r.model].filter((v) => typeof v === 'string' && v.trim()).join(' ');
  return name || `record #${index + 1}`;
}

/**
 * Validates raw records with `rawPhoneSchema`. Throws CatalogueDataError listing every problem as
 * 'Brand Model: field: message' (e.g. 'Samsung Galaxy S24: battery_capacity: must look like "3349 mAh"').
 */
export function parseRawRecords(records: readonly unknown[]): RawPhone[] {
  const problems: string[] = [];
  const parsed: RawPhone[] = [];
  records.forEach((record, i) => {
    const result = rawPhoneSchema.safeParse(record);
    if (result.success) parsed.push(result.data);
    else
      for (const issue of result.error.issues)
        problems.push(`${label(record, i)}: ${issue.path.join('.') || '(record)'}: ${issue.message}`);
  });
  if (problems.length) throw new CatalogueDataError(problems);
  return parsed;
}

/**
 * A hand-written entry: what is decided by hand (the Canadian product page, the review video, facts
 * the source list omits for recent phones). Price, tier and classes are NOT hand-written: they come
 * from the CAD price table and the one-way classification, like every other phone.
 */
export interface CuratedEntry {
  brand: Brand;
  model: string;
  purchaseLink: string | null;
  reviewVideoId: string | null;
  /** Facts the source list omits for recent phones. */
  facts: { os_version: string; colors: string[]; waterResistance: string; weight: string };
}

/**
 * Turns a hand-written entry into a Phone, on top of the mapped source record with the same id.
 * Throws CatalogueDataError if there is no such record or the result is not a valid Phone.
 */
export function curatedPhone(entry: CuratedEntry, base: Phone | undefined): Phone {
  const id = phoneId(entry.brand, entry.model);
  if (!base)
    throw new CatalogueDataError([
      `${entry.brand} ${entry.model}: hand-written entry has no source record with id '${id}'`,
    ]);
  const phone: Phone = {
    ...base,
    purchaseLink: entry.purchaseLink,
    reviewVideoId: entry.reviewVideoId,
    specs: {
      ...base.specs,
      os_version: entry.facts.os_version,
      colors: entry.facts.colors,
      waterResistance: entry.facts.waterResistance,
      weight: entry.facts.weight,
    },
  };
  return validPhone(phone);
}

function validPhone(phone: Phone): Phone {
  const result = phoneSchema.safeParse(phone);
  if (!result.success) {
    throw new CatalogueDataError(
      result.error.issues.map((i) => `${phone.brand} ${phone.model}: ${i.path.join('.')}: ${i.message}`),
    );
  }
  return result.data;
}

/**
 * Merges layers of phones by id, in order: a later phone replaces an earlier one with the same id
 * (keeping the earlier one's position). Every phone is validated against `phoneSchema`.
 */
export function mergeById(...layers: readonly (readonly Phone[])[]): Phone[] {
  const byId = new Map<string, Phone>();
  for (const layer of layers) for (const phone of layer) byId.set(phone.id, validPhone(phone));
  return [...byId.values()];
}

/**
 * Phones released from this year on need their availability (sold, or when they left the store): the
 * first year the recommender may suggest on the day the catalogue is built; older ones are
 * discontinued by age.
 */
export function availabilityRequiredFrom(today: Date = new Date()): number {
  return recommendableFromYear(today);
}

export interface CatalogueSources {
  /** Canadian prices keyed by 'Brand Model' (src/data/phones/prices-cad.ts). */
  prices: Readonly<Record<string, CadPriceRowInput>>;
  /** Raw records mapped with the sample mapping (iPhone 14 Pro, Galaxy S23 Ultra, Pixel 8 Pro). */
  samples: readonly RawPhone[];
  /** The embedded source list. */
  records: readonly RawPhone[];
  /** Hand-written entries, applied last. */
  curated: readonly CuratedEntry[];
}

/**
 * The final catalogue: samples, then source records, then hand-written entries; later replaces earlier
 * by id. Throws CatalogueDataError naming every record without a CAD price, without availability (from
 * availabilityRequiredFrom() on), with an unknown chipset or without an update policy.
 */
export function buildCatalogue({ samples, records, curated, prices }: CatalogueSources): Phone[] {
  const problems: string[] = [];
  const requiredFrom = availabilityRequiredFrom();
  const map = (r: RawPhone, mapping: RawMapping): Phone[] => {
    const name = `${r.brand} ${r.model}`;
    const row = Object.hasOwn(prices, name) ? prices[name] : undefined;
    if (!row) {
      problems.push(`${name}: no Canadian price (add its cad block to src/content/phones/<id>.json with its source)`);
      return [];
    }
    if (r.year >= requiredFrom && !row.sold && !row.ended && !row.unconfirmed) {
      problems.push(`${name}: no availability (add cad.sold or cad.ended to its file in src/content/phones/)`);
      return [];
    }
    try {
      const phone = mapRawPhone(r, mapping, pricingFromRow(r.brand, row), availabilityFromRow(row, r.year));
      return [row.replaces ? { ...phone, replaces: row.replaces } : phone];
    } catch (e) {
      if (e instanceof UnknownChipError || e instanceof MissingPolicyError) problems.push(e.message);
      else throw e;
      return [];
    }
  };
  const sampleLayer = samples.flatMap((r) => map(r, 'sample'));
  const recordLayer = records.flatMap((r) => map(r, 'external'));
  if (problems.length) throw new CatalogueDataError([...new Set(problems)]);
  const bases = new Map(recordLayer.map((p) => [p.id, p]));
  const curatedLayer = curated.map((entry) => curatedPhone(entry, bases.get(phoneId(entry.brand, entry.model))));
  return mergeById(sampleLayer, recordLayer, curatedLayer);
}
