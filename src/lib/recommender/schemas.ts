/**
 * Zod schemas shared by the browser and the functions (docs/recommender.md#forms,
 * docs/recommender.md#calls-to-the-server):
 * the save-recommendations form and POST /api/recommendations payload, the results-page e-mail form,
 * and the answers of GET /api/phone-specs/{text} and GET /api/search-phones.
 *
 * Client-safe: no server imports.
 */
import { z } from '../zod';
import {
  ADVANCED_FEATURES,
  AVAILABILITY_STATUSES,
  BATTERY_LIVES,
  CAMERA_QUALITIES,
  PHONE_OS,
  PRICE_RANGES,
  PROCESSOR_SPEEDS,
  SCREEN_SIZES,
  STORAGES,
} from '../catalogue/enums';
import {
  CAMERA_SPEC_VALUES,
  ENVIRONMENTS,
  OS_PREFERENCES,
  PRIMARY_USES,
  WORK_STYLES,
  type Preferences,
} from './preferences';

const short = (max: number) => z.string().trim().min(1).max(max);

/**
 * The visitor's answers (`Preferences`, where each field is described); unknown keys are dropped on
 * parse. Typed against the interface, with exactly its keys, so the two cannot drift apart.
 */
export const preferencesSchema: z.ZodType<Preferences> = z.object({
  currentPhone: short(80).optional(),
  currentBrand: short(40).optional(),
  searchedForCurrentPhone: z.boolean().optional(),
  budget: z.enum(PRICE_RANGES).optional(),
  budgetValue: z.number().int().min(0).max(100).optional(),
  os: z.enum(OS_PREFERENCES).optional(),
  primaryUse: z.enum(PRIMARY_USES).optional(),
  cameraQuality: z.enum(CAMERA_QUALITIES).optional(),
  batteryLife: z.enum(BATTERY_LIVES).optional(),
  screenSize: z.enum(SCREEN_SIZES).optional(),
  storage: z.enum(STORAGES).optional(),
  processorSpeed: z.enum(PROCESSOR_SPEEDS).optional(),
  advancedFeatures: z.enum(ADVANCED_FEATURES).optional(),
  environment: z.enum(ENVIRONMENTS).optional(),
  openToSwitch: z.boolean().optional(),
  cameraSpecs: z.enum(CAMERA_SPEC_VALUES).optional(),
  workStyle: z.enum(WORK_STYLES).optional(),
  phoneImage: short(500).optional(),
  currentPhoneOS: z.enum(PHONE_OS).optional(),
  currentPhoneSpecs: z
    .object({
      cameraQuality: z.enum(CAMERA_QUALITIES).optional(),
      batteryLife: z.enum(BATTERY_LIVES).optional(),
      storage: z.enum(STORAGES).optional(),
      screenSize: z.enum(SCREEN_SIZES).optional(),
      processorSpeed: z.enum(PROCESSOR_SPEEDS).optional(),
    })
    .optional(),
  currentPhonePriceRange: z.enum(PRICE_RANGES).optional(),
  currentPhoneYear: z.number().int().min(1990).max(2100).optional(),
} satisfies Record<keyof Preferences, z.ZodType>);

/** Exact client messages of the e-mail forms (docs/recommender.md#forms). */
export const FORM_MESSAGES = {
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  phoneModelRequired: 'Current phone model is required',
} as const;

/** Length caps of the payload. */
export const LIMITS = {
  name: 80,
  email: 254,
  phoneModel: 80,
  /** Characters of the `preferences` JSON string. */
  preferencesJson: 4000,
  /** Characters of the `recommendations` JSON string. */
  recommendationsJson: 4000,
  /** Recommendations per e-mail (the recommender keeps its top 2). */
  recommendations: 2,
  reasons: 4,
  reason: 200,
  model: 80,
  brand: 40,
  /** Characters of a search or phone-specs query. */
  query: 100,
} as const;

/** Links are not allowed in visitor text that ends up in an e-mail (keeps the form useless to spammers). */
const NO_LINKS = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|ru|info|xyz|top|io)\b)/i;
const noLinks = (s: string) => !NO_LINKS.test(s);

const email = z
  .string({ error: FORM_MESSAGES.emailInvalid })
  .trim()
  .max(LIMITS.email, FORM_MESSAGES.emailInvalid)
  .pipe(z.email(FORM_MESSAGES.emailInvalid));

/** The save-recommendations form (client validation, same rules as the server). */
export const saveRecommendationsFormSchema = z.object({
  name: z
    .string({ error: FORM_MESSAGES.nameRequired })
    .trim()
    .min(1, FORM_MESSAGES.nameRequired)
    .max(LIMITS.name, `Name must be at most ${LIMITS.name} characters`)
    .refine(noLinks, 'Name must not contain a web address'),
  email,
  phoneModel: z
    .string({ error: FORM_MESSAGES.phoneModelRequired })
    .trim()
    .min(1, FORM_MESSAGES.phoneModelRequired)
    .max(LIMITS.phoneModel, `Current phone model must be at most ${LIMITS.phoneModel} characters`)
    .refine(noLinks, 'Current phone model must not contain a web address'),
});
export type SaveRecommendationsForm = z.infer<typeof saveRecommendationsFormSchema>;

/** The results-page e-mail form. */
export const resultsEmailFormSchema = z.object({ email });
export type ResultsEmailForm = z.infer<typeof resultsEmailFormSchema>;

/** One recommendation as sent by the browser (`toRecommendationSummary`). */
export const recommendationSummarySchema = z.object({
  model: z.string().trim().min(1).max(LIMITS.model),
  brand: z.string().trim().min(1).max(LIMITS.brand),
  matchScore: z.number().int().min(0).max(100),
  reasons: z
    .array(z.string().trim().min(1).max(LIMITS.reason).refine(noLinks, 'Reasons must not contain web addresses'))
    .max(LIMITS.reasons),
});
export type RecommendationSummary = z.infer<typeof recommendationSummarySchema>;

/** A string field holding JSON, parsed and then validated with `schema`. */
function jsonString<S extends z.ZodType>(schema: S, maxChars: number, what: string) {
  return z
    .string({ error: `${what} must be a JSON string` })
    .max(maxChars, `${what} is longer than ${maxChars} characters`)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${what} is not valid JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/**
 * POST /api/recommendations body: the form fields plus `preferences` (JSON string of the
 * answers) and `recommendations` (JSON string of 1-2 {model, brand, matchScore, reasons}); both JSON
 * strings are parsed and validated. Output has them as objects.
 */
export const recommendationsPayloadSchema = saveRecommendationsFormSchema.extend({
  preferences: jsonString(preferencesSchema, LIMITS.preferencesJson, 'preferences'),
  recommendations: jsonString(
    z.array(recommendationSummarySchema).min(1, 'At least one recommendation is required').max(LIMITS.recommendations),
    LIMITS.recommendationsJson,
    'recommendations',
  ),
});
/** What the browser sends. */
export type RecommendationsPayloadInput = z.input<typeof recommendationsPayloadSchema>;
/** What the server works with after validation. */
export type RecommendationsPayload = z.output<typeof recommendationsPayloadSchema>;

const text = z.string().nullable();

/**
 * The recommender classes of a phone as the catalogue computed them (one way for every phone); null
 * when unknown (a phone guessed from its name, an unpublished battery).
 */
export const phoneClassesSchema = z.object({
  cameraQuality: z.enum(CAMERA_QUALITIES).nullable(),
  batteryLife: z.enum(BATTERY_LIVES).nullable(),
  screenSize: z.enum(SCREEN_SIZES).nullable(),
  storage: z.enum(STORAGES).nullable(),
  processorSpeed: z.enum(PROCESSOR_SPEEDS).nullable(),
  priceRange: z.enum(PRICE_RANGES).nullable(),
});
export type PhoneClassesView = z.infer<typeof phoneClassesSchema>;

/** One phone in GET /api/search-phones; `id` added for selection. */
export const searchResultSchema = z.object({
  id: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number().int(),
  category: z.enum(['Budget', 'Midrange', 'Premium']),
  price: z.number(),
  features: z.array(z.string()),
  main_camera: text,
  selfie_camera: text,
  battery_capacity: text,
  screen_size: text,
  storage: text,
  chipset: text,
  network: text,
  display_type: text,
  dimensions: text,
  classes: phoneClassesSchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** GET /api/search-phones?query= answer: at most 10 phones, none for an empty query. */
export const searchResponseSchema = z.object({ phones: z.array(searchResultSchema).max(10) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** The search text of GET /api/search-phones and GET /api/phone-specs. */
export const phoneQuerySchema = z
  .string()
  .trim()
  .max(LIMITS.query, `The search text is longer than ${LIMITS.query} characters`);

/** Where a phone-specs answer came from: the catalogue, or guessed from the typed name. */
export const PHONE_SPECS_SOURCES = ['internal', 'estimated'] as const;

/** GET /api/phone-specs/{text} answer; null means unknown. */
export const phoneSpecsResponseSchema = z.object({
  source: z.enum(PHONE_SPECS_SOURCES),
  /** Shown with estimated phones, e.g. 'Not in our catalogue: estimated from the model name.'; else null. */
  note: text,
  phone: z.object({
    /** Catalogue id, or null for an estimated phone. */
    id: text,
    brand: z.string(),
    model: z.string(),
    image: z.string(),
    release_year: z.number().int(),
    /** The phone's price in Canadian dollars (the field keeps its historical name, price_range). */
    price_range: z.number(),
    /** Where that price comes from, dated; null for an estimated phone. */
    price_source: text,
    /** 'YYYY-MM' the price was last checked (facts older than 6 months read as stale); absent in older answers. */
    price_checked: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .nullable()
      .optional(),
    /** Sold new in Canada or discontinued, dated; null for an estimated phone. */
    availability: z
      .object({
        status: z.enum(AVAILABILITY_STATUSES),
        date: text,
        source: z.string(),
        /** False when "sold new in Canada" is only reported (shown as "not confirmed"). */
        confirmed: z.boolean().optional(),
      })
      .nullable(),
    /** Until when it gets OS versions ('YYYY-MM') under its maker's policy; null for an estimated phone. */
    updates: z.object({ osUntil: z.string(), estimate: z.boolean(), policy: z.string() }).nullable(),
    classes: phoneClassesSchema,
    os: z.enum(PHONE_OS),
    specs: z.object({
      display: text,
      camera: z.object({ main: text, ultrawide: text, telephoto: text, macro: text, selfie: text }),
      battery: text,
      processor: text,
      storage: text,
      connectivity: text,
      features: z.array(z.string()),
      dimensions: text,
      weight: text,
    }),
  }),
});
export type PhoneSpecsResponse = z.infer<typeof phoneSpecsResponseSchema>;
