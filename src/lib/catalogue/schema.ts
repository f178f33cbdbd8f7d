/**
 * Schemas and types of the phone catalogue (docs/recommender.md#catalogue-records).
 *
 * Two shapes:
 * - {@link rawPhoneSchema}: one record of the embedded source list (`src/data/phones/*.ts`), text as a
 *   spec sheet would print it. Validated at build/test time.
 * - {@link phoneSchema}: the finished catalogue entry the site uses (classes derived from the raw text,
 *   price, image, links). Unknown facts are `null` (shown as '—'), never guessed.
 *
 * Client-safe: no server imports.
 */
import { z } from '../zod';
import { currentYear } from './constants';
import {
  BRANDS,
  PRICE_RANGES,
  CAMERA_QUALITIES,
  BATTERY_LIVES,
  SCREEN_SIZES,
  STORAGES,
  PROCESSOR_SPEEDS,
  CONNECTIVITIES,
  ADVANCED_FEATURES,
  PHONE_OS,
  AVAILABILITY_STATUSES,
} from './enums';

export * from './enums';

/** Fields that the source list drops for entries from 2020 on. */
export const FIELDS_OMITTED_FROM_2020 = [
  'launch_date',
  'image_url',
  'weight',
  'os_version',
  'colors',
  'price',
  'water_resistance',
] as const;

const text = z.string().trim().min(1);

/**
 * One record of the embedded source list, as a spec sheet prints it. Dimensions, selfie camera, RAM,
 * card slot and Wi-Fi are null when no source published them (never guessed).
 */
export const rawPhoneSchema = z
  .object({
    brand: z.enum(BRANDS),
    model: text,
    year: z
      .number()
      .int()
      .min(2007)
      .refine((y) => y <= currentYear(), 'is after this year: a phone not yet released is not added'),
    /** 'Budget', 'Midrange' or 'Premium' (older data only uses the last two). */
    category: z.enum(['Budget', 'Midrange', 'Premium']),
    network: z.enum(['3G', '3G/4G', '4G', '5G']),
    /** Release date, YYYY-MM-DD (entries before 2020 only). */
    launch_date: z.iso.date().optional(),
    /** e.g. '147.6 x 71.6 x 7.8 mm'; foldables give both states. */
    dimensions: z
      .string()
      .regex(/\d+(\.\d+)? x \d+(\.\d+)? x \d+(\.\d+)? mm/, 'must look like "147.6 x 71.6 x 7.8 mm"')
      .nullable(),
    body_material: text,
    display_type: text,
    /** Main display diagonal, e.g. '6.1 inches'. */
    screen_size: z.string().regex(/^\d+(\.\d+)? inches$/, 'must look like "6.1 inches"'),
    /** e.g. '3349 mAh'; null when the maker never published it. */
    battery_capacity: z
      .string()
      .regex(/^\d{3,5} mAh$/, 'must look like "3349 mAh"')
      .nullable(),
    battery_type: text,
    /** 'Single: …', 'Dual: …', 'Triple: …' or 'Quad: …' followed by comma-separated lenses. */
    main_camera: z.string().regex(/^(Single|Dual|Triple|Quad): \S/, 'must start with Single:, Dual:, Triple: or Quad:'),
    selfie_camera: text.nullable(),
    chipset: text,
    /** e.g. '8GB' or '8GB/12GB'. */
    ram: z
      .string()
      .regex(/^\d+GB(\/\d+GB)*$/, 'must look like "8GB" or "8GB/12GB"')
      .nullable(),
    /** Slash-separated options, e.g. '128GB/256GB/1TB'. */
    storage: z.string().regex(/^\d+(GB|TB)(\/\d+(GB|TB))*$/, 'must look like "128GB/256GB/1TB"'),
    memory_card_slot: text.nullable(),
    wifi_type: text.nullable(),
    features: z.array(text).min(1),
    image_url: z.string().optional(),
    weight: z
      .string()
      .regex(/^\d+(\.\d+)? g$/, 'must look like "174 g"')
      .optional(),
    os_version: text.optional(),
    colors: z.array(text).min(1).optional(),
    /** Launch price in US dollars. */
    price: z.number().positive().optional(),
    water_resistance: z.enum(['No', 'IP53', 'IP54', 'IP67', 'IP68', 'IPX8']).optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.year >= 2020) {
      for (const field of FIELDS_OMITTED_FROM_2020) {
        if (r[field] !== undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: `entries from 2020 on omit ${field}` });
      }
    } else if (r.launch_date === undefined) {
      ctx.addIssue({ code: 'custom', path: ['launch_date'], message: 'entries before 2020 need a launch_date' });
    } else if (Number(r.launch_date.slice(0, 4)) !== r.year) {
      ctx.addIssue({ code: 'custom', path: ['launch_date'], message: `launch_date is not in ${r.year}` });
    }
  });

/** A raw record as written in `src/data/phones/*.ts` (before validation). */
export type RawPhoneRecord = z.input<typeof rawPhoneSchema>;
/** A validated raw record. */
export type RawPhone = z.output<typeof rawPhoneSchema>;

const nullableText = z.string().min(1).nullable();

/** Lens by lens, as printed (null when the phone has no such lens or it is unknown). */
export const cameraSpecsSchema = z.object({
  mainCamera: nullableText,
  ultrawide: nullableText,
  telephoto: nullableText,
  macro: nullableText,
  frontCamera: nullableText,
});
export type CameraSpecs = z.infer<typeof cameraSpecsSchema>;

/** Classes used by the recommender plus the printed facts behind them. */
export const phoneSpecsSchema = z.object({
  cameraQuality: z.enum(CAMERA_QUALITIES),
  /** Null when the capacity was never published (shown as unknown, scored neutrally). */
  batteryLife: z.enum(BATTERY_LIVES).nullable(),
  screenSize: z.enum(SCREEN_SIZES),
  /** Largest storage option. */
  storage: z.enum(STORAGES),
  processorSpeed: z.enum(PROCESSOR_SPEEDS),
  connectivity: z.enum(CONNECTIVITIES),
  /** The phone's main special feature (foldable, then ai, then ar), or 'standard'. */
  advancedFeatures: z.enum(ADVANCED_FEATURES),
  /** Every special feature the phone has (a foldable with AI and a LiDAR scanner has all three). */
  featureTags: z.array(z.enum(ADVANCED_FEATURES)),
  /** OS the phone launched with, e.g. 'iOS 11'; null when the source does not say. */
  os_version: nullableText,
  colors: z.array(z.string().min(1)).nullable(),
  /** Display type as printed, e.g. 'Super Retina XDR OLED, 120Hz ProMotion'. */
  display: nullableText,
  chipset: nullableText,
  dimensions: nullableText,
  weight: nullableText,
  cameraSpecs: cameraSpecsSchema,
  /** Main display diagonal in inches. */
  screenInches: z.number().positive().nullable(),
  /** Battery capacity in mAh; null when never published. */
  batteryMah: z.number().int().positive().nullable(),
  batteryType: nullableText,
  ram: nullableText,
  /** Storage options as printed, smallest first, e.g. ['128GB', '256GB']. */
  storageOptions: z.array(z.string().regex(/^\d+(GB|TB)$/)),
  /** Network generation as printed, e.g. '5G'. */
  network: nullableText,
  bodyMaterial: nullableText,
  /** e.g. 'IP68'; null when the source does not say (entries from 2020 on). */
  waterResistance: nullableText,
  wifi: nullableText,
  memoryCardSlot: nullableText,
  /** Launch price in US dollars when the source gives one. */
  launchPrice: z.number().positive().nullable(),
});
export type PhoneSpecs = z.infer<typeof phoneSpecsSchema>;

/** Message of a phone whose CAD price has no source. */
const NEEDS_SOURCE = 'needs the source of the CAD price';

/** 'YYYY-MM'. */
const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must look like "2024-09"');

/**
 * The Canadian price facts of a phone. The launch price, its date and its source are required: a
 * phone whose price cannot be traced to a source is not in the catalogue.
 */
export const phonePricingSchema = z
  .object({
    launchCad: z.number().positive(),
    launchDate: yearMonth,
    launchSource: z.string({ error: NEEDS_SOURCE }).trim().min(1, NEEDS_SOURCE),
    currentCad: z.number().positive().nullable(),
    currentDate: yearMonth.nullable(),
    currentSource: z.string().trim().min(1).nullable(),
    estimated: z.boolean(),
    /** Set when no Canadian price was found: the maker's US launch price, its month and source. */
    usLaunch: z
      .object({ usd: z.number().positive(), month: yearMonth, source: z.string().trim().min(1) })
      .nullable()
      .optional(),
  })
  .refine((p) => p.currentCad === null || (p.currentDate !== null && p.currentSource !== null), {
    message: 'a current price needs its date and source',
    path: ['currentSource'],
  });

/**
 * A phone's availability: sold new in Canada, or discontinued, with the month of the fact and its
 * source. `date` is the month of the last lineup check for a phone on sale, the month it left the
 * maker's Canadian store for a discontinued one (a future month: it is still sold until then), and
 * null for an older model known to be gone only from its age.
 */
export const availabilitySchema = z.object({
  status: z.enum(AVAILABILITY_STATUSES),
  date: yearMonth.nullable(),
  source: z.string().trim().min(1),
  /**
   * False when "sold new in Canada" is only reported, not checked against the maker's Canadian store
   * (`date` is then the month the report was read): shown as "not confirmed", never fresh. Absent means
   * confirmed.
   */
  confirmed: z.boolean().optional(),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** Until when a phone gets OS versions and security fixes, from its maker's policy (src/lib/catalogue/updates.ts). */
export const phoneUpdatesSchema = z.object({
  osUntil: yearMonth,
  securityUntil: yearMonth.nullable(),
  policy: z.string().trim().min(1),
  estimate: z.boolean(),
});

/** A finished catalogue entry. */
export const phoneSchema = z.object({
  /** Brand and model, lower case, joined by hyphens (see `phoneId`). */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  brand: z.enum(BRANDS),
  model: z.string().min(1),
  /** Image address: an http(s) URL, or a local stock image. */
  image: z.string().min(1),
  priceRange: z.enum(PRICE_RANGES),
  os: z.enum(PHONE_OS),
  /** Price shown, in Canadian dollars: the current price when known, else the launch price. */
  price: z.number().positive(),
  /** True when `price` is a conversion (phone not sold in Canada), shown as 'about $…'. */
  priceEstimated: z.boolean(),
  /** Where the price comes from (required: see phonePricingSchema). */
  pricing: phonePricingSchema,
  /** Sold new in Canada or discontinued, dated and sourced. */
  availability: availabilitySchema,
  /** Software update support from the maker's policy. */
  updates: phoneUpdatesSchema,
  features: z.array(z.object({ label: z.string().min(1) })),
  /** Release year. */
  year: z
    .number()
    .int()
    .min(2007)
    .refine((y) => y <= currentYear(), 'is after this year: a phone not yet released is not added'),
  /** Official product page, or null. */
  purchaseLink: z.url({ protocol: /^https$/ }).nullable(),
  /** YouTube video id of a review, or null. */
  reviewVideoId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{11}$/)
    .nullable(),
  specs: phoneSpecsSchema,
  /** The id of the phone this one succeeds, when its file names one (staff re-check the older one). */
  replaces: z.string().min(1).optional(),
});
export type Phone = z.infer<typeof phoneSchema>;
