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
import { PRICE_BASES, type CadPriceRowInput } from './pricing';
import { rawPhoneSchema, type RawPhone } from './schema';

const text = z.string().trim().min(1);
/** A month, 'YYYY-MM'. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month "YYYY-MM"');
/** Where a fact comes from: a sentence, and the address of the page when there is one. */
const sourced = { source: text, url: z.url({ protocol: /^https?$/ }).optional() };
const sourcedOptional = { source: text.optional(), url: z.url({ protocol: /^https?$/ }).optional() };

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
            basis: z.enum(PRICE_BASES),
            /**
             * For 'converted' and 'unconfirmed': the US launch price and the CAD per USD rate used. For
             * 'unconfirmed' (no Canadian price found) `price` is that conversion, used for ranking only.
             */
            usd: z.number().positive().optional(),
            rate: z.number().positive().optional(),
            /** For 'unconfirmed' (required): where the US launch price comes from, and its page. */
            ...sourcedOptional,
            /**
             * For 'unconfirmed' (required): where `rate` comes from. The rule: the predecessor's Canadian
             * launch price over its US launch price, so the estimate is not cheaper than the maker's own
             * Canadian pricing of last year (a plain exchange rate would be).
             */
            rateSource: text.optional(),
          })
          .strict()
          .superRefine((l, ctx) => {
            if (l.basis !== 'unconfirmed') return;
            for (const field of ['usd', 'rate', 'source', 'rateSource'] as const)
              if (l[field] === undefined)
                ctx.addIssue({
                  code: 'custom',
                  path: [field],
                  message: `an unconfirmed Canadian price needs the US launch price's ${field}`,
                });
            if (l.usd !== undefined && l.rate !== undefined && Math.abs(l.price - l.usd * l.rate) > 1)
              ctx.addIssue({
                code: 'custom',
                path: ['price'],
                message: `must be the US price converted (${l.usd} x ${l.rate} = ${Math.round(l.usd * l.rate)})`,
              });
          }),
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
        /**
         * Sold new in Canada NOT confirmed: no Canadian store page was found, only a report (or the
         * maker's history). The month the report was read and what it says. Shown as "not confirmed".
         */
        unconfirmed: z
          .object({ reported: monthSchema, ...sourced })
          .strict()
          .optional(),
      })
      .strict()
      .refine((c) => [c.sold, c.ended, c.unconfirmed].filter(Boolean).length <= 1, {
        message: 'a phone is either sold, ended or unconfirmed, not two of them',
      }),
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
    /**
     * The id of the phone this one succeeds (Galaxy S26 -> Galaxy S25): while the older phone is marked
     * sold with a lineup check from before this launch, staff are asked to re-check it (price drops,
     * end of sale).
     */
    replaces: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .optional(),
    /** One of the three sample records mapped with the sample mapping (docs/recommender.md#catalogue-records). */
    sampleMapping: z.literal(true).optional(),
  })
  .strict();
export type PhoneEntry = z.infer<typeof phoneEntrySchema>;

const BRAND_ORDER = ['Apple', 'Samsung', 'Google', 'Motorola', 'OnePlus'];

/** The CAD price row the composer reads, from an entry's `cad`. */
export function priceRowOf(cad: PhoneEntry['cad'], replaces?: string): CadPriceRowInput {
  const { launch } = cad;
  return {
    launch: [launch.price, launch.month, launch.basis, launch.usd, launch.rate],
    ...(launch.basis === 'unconfirmed' && launch.source
      ? {
          usSource: launch.url ? `${launch.source} (${launch.url})` : launch.source,
          rateSource: launch.rateSource,
        }
      : {}),
    ...(cad.unconfirmed
      ? {
          unconfirmed: [
            cad.unconfirmed.reported,
            cad.unconfirmed.url ? `${cad.unconfirmed.source} (${cad.unconfirmed.url})` : cad.unconfirmed.source,
          ] as const,
        }
      : {}),
    ...(replaces ? { replaces } : {}),
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
  for (const e of entries) prices[`${e.spec.brand} ${e.spec.model}`] = priceRowOf(e.cad, e.replaces);
  const curated: CuratedEntry[] = entries.flatMap((e) =>
    e.page ? [{ brand: e.spec.brand, model: e.spec.model, ...e.page }] : [],
  );
  return { records, prices, curated, samples: entries.filter((e) => e.sampleMapping).map((e) => e.spec) };
}
