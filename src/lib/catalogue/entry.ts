/**
 * One phone as an editor keeps it: a JSON file in `src/content/phones/<id>.json`, validated by
 * {@link phoneEntrySchema} twice, with the same schema: by Astro's content collection `phones`
 * (src/content.config.ts) when the site is built, and here when the catalogue is composed (pages at
 * build time, functions at cold start, tests). A missing source or date fails both, naming the file.
 * How to add a phone or re-check a price: src/content/phones/README.md. Pure; client-safe.
 */
import { z } from '../zod';
import { CatalogueDataError, type CatalogueSources, type CuratedEntry } from './compose';
import { phoneId } from './derive';
import type { CadPriceRowInput } from './pricing';
import { rawPhoneSchema, type RawPhone } from './schema';

const text = z.string().trim().min(1);
/** A month, 'YYYY-MM'. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month "YYYY-MM"');
/** Where a fact comes from: a sentence, and the address of the page when there is one. */
const sourced = { source: text, url: z.url({ protocol: /^https?$/ }).optional() };

/** The JSON of one phone file. */
export const phoneEntrySchema = z
  .object({
    /** The phone as its spec sheet prints it (see `rawPhoneSchema`). */
    spec: rawPhoneSchema,
    /** Where the phone's spec sheet comes from and the month it was entered or last checked. */
    specSource: z.object({ ...sourced, checked: monthSchema }).strict(),
    /** Canadian price and availability. */
    cad: z
      .object({
        /** Launch price of the base storage, its month and how it was established. */
        launch: z
          .object({
            price: z.number().positive(),
            month: monthSchema,
            basis: z.enum(['store', 'reported', 'approximate', 'converted']),
            /** For 'converted' only: the US price and the CAD per USD rate of the launch month. */
            usd: z.number().positive().optional(),
            rate: z.number().positive().optional(),
          })
          .strict(),
        /** The price in the maker's Canadian store when last checked (a price cut or a re-check). */
        current: z
          .object({ price: z.number().positive(), checked: monthSchema, ...sourced })
          .strict()
          .optional(),
        /** Sold new in Canada: the month of the last lineup check. */
        sold: z
          .object({ checked: monthSchema, ...sourced })
          .strict()
          .optional(),
        /** No longer sold new: the month it left the maker's Canadian store. */
        ended: z
          .object({ since: monthSchema, ...sourced })
          .strict()
          .optional(),
      })
      .strict()
      .refine((c) => !(c.sold && c.ended), { message: 'a phone is either sold or ended, not both' }),
    /** Hand-written page facts: the maker's Canadian product page, the review video, omitted facts. */
    page: z
      .object({
        purchaseLink: z.url({ protocol: /^https$/ }).nullable(),
        reviewVideoId: z
          .string()
          .regex(/^[\w-]{11}$/)
          .nullable(),
        facts: z
          .object({ os_version: text, colors: z.array(text).min(1), waterResistance: text, weight: text })
          .strict(),
      })
      .strict()
      .optional(),
    /** One of the three sample records mapped with the sample mapping (docs/recommender.md#catalogue-records). */
    sampleMapping: z.literal(true).optional(),
  })
  .strict();
export type PhoneEntry = z.infer<typeof phoneEntrySchema>;

const BRAND_ORDER = ['Apple', 'Samsung', 'Google', 'Motorola', 'OnePlus'];

/** The CAD price row the composer reads, from an entry's `cad`. */
export function priceRowOf(cad: PhoneEntry['cad']): CadPriceRowInput {
  const { launch } = cad;
  return {
    launch: [launch.price, launch.month, launch.basis, launch.usd, launch.rate],
    ...(cad.current ? { current: [cad.current.price, cad.current.checked, cad.current.source] as const } : {}),
    ...(cad.sold ? { sold: [cad.sold.checked, cad.sold.source] as const } : {}),
    ...(cad.ended ? { ended: [cad.ended.since, cad.ended.source] as const } : {}),
  };
}

/**
 * Validates every phone file (keyed by file id, the name without '.json') and turns them into the
 * composer's sources. Throws CatalogueDataError naming each bad file and field, and a file whose
 * name is not the phone's id.
 */
export function parsePhoneEntries(files: Readonly<Record<string, unknown>>): CatalogueSources {
  const problems: string[] = [];
  const entries: PhoneEntry[] = [];
  for (const [file, data] of Object.entries(files)) {
    const result = phoneEntrySchema.safeParse(data);
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push(`src/content/phones/${file}.json: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
      continue;
    }
    const id = phoneId(result.data.spec.brand, result.data.spec.model);
    if (id !== file) problems.push(`src/content/phones/${file}.json: the file of ${id} must be named ${id}.json`);
    else entries.push(result.data);
  }
  if (problems.length) throw new CatalogueDataError(problems);
  // Brand, then release year, then launch month, then model: the order does not depend on file names.
  entries.sort(
    (a, b) =>
      BRAND_ORDER.indexOf(a.spec.brand) - BRAND_ORDER.indexOf(b.spec.brand) ||
      a.spec.year - b.spec.year ||
      a.cad.launch.month.localeCompare(b.cad.launch.month) ||
      a.spec.model.localeCompare(b.spec.model),
  );
  const records: RawPhone[] = entries.map((e) => e.spec);
  const prices: Record<string, CadPriceRowInput> = {};
  for (const e of entries) prices[`${e.spec.brand} ${e.spec.model}`] = priceRowOf(e.cad);
  const curated: CuratedEntry[] = entries.flatMap((e) =>
    e.page ? [{ brand: e.spec.brand, model: e.spec.model, ...e.page }] : [],
  );
  return { records, prices, curated, samples: entries.filter((e) => e.sampleMapping).map((e) => e.spec) };
}
