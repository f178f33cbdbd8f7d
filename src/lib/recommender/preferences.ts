/**
 * The visitor's answers (spec recommender.md §3 "User preferences", "Enumerations") and the quick
 * current-phone answers (§4). Pure; client-safe.
 */
import { z } from 'zod';
import {
  ADVANCED_FEATURES,
  BATTERY_LIVES,
  CAMERA_QUALITIES,
  PHONE_OS,
  PRICE_RANGES,
  PROCESSOR_SPEEDS,
  SCREEN_SIZES,
  STORAGES,
} from '../catalogue/schema';

/** The OS (or brand) the visitor wants. */
export const OS_PREFERENCES = ['ios', 'android_samsung', 'android_google', 'android', 'no_preference'] as const;
export type OsPreference = (typeof OS_PREFERENCES)[number];

export const PRIMARY_USES = ['productivity', 'content', 'entertainment', 'general'] as const;
export type PrimaryUse = (typeof PRIMARY_USES)[number];

export const ENVIRONMENTS = ['home', 'outdoor', 'work', 'varied'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Quick answers of the current-phone step (instead of searching for a model). */
export const CURRENT_PHONE_QUICK_VALUES = ['iphone', 'samsung', 'pixel', 'android_other', 'basic', 'none'] as const;
export type CurrentPhoneQuickValue = (typeof CURRENT_PHONE_QUICK_VALUES)[number];

/** Read but not set by the wizard (spec §3). */
export const CAMERA_SPEC_VALUES = ['ultrawide', 'telephoto', 'macro', 'standard'] as const;
export type CameraSpecValue = (typeof CAMERA_SPEC_VALUES)[number];

/** Read but not set by the wizard (spec §3). */
export const WORK_STYLES = ['basic', 'productivity', 'presentations', 'none'] as const;
export type WorkStyle = (typeof WORK_STYLES)[number];

/** Current brand as stored: a catalogue brand, 'Other' (android_other) or 'None'; searched phones may carry any brand text. */
export type CurrentBrand = 'Apple' | 'Samsung' | 'Google' | 'Other' | 'None' | (string & {});

const short = (max: number) => z.string().trim().min(1).max(max);

/**
 * The visitor's answers, as kept in session storage. Every field is optional: a skipped question
 * has no value. Unknown keys are dropped on parse.
 */
export const preferencesSchema = z.object({
  /** A quick value (iphone, samsung, ...) or the searched phone as 'Brand Model'. */
  currentPhone: short(80).optional(),
  currentBrand: short(40).optional(),
  /** True when the current phone was picked from a search (not a quick answer). */
  searchedForCurrentPhone: z.boolean().optional(),
  /** Budget tier (from the slider, see `budgetTier`). */
  budget: z.enum(PRICE_RANGES).optional(),
  /** Slider position 0-100 behind `budget` (beyond the spec: lets a shared link restore the slider). */
  budgetValue: z.number().int().min(0).max(100).optional(),
  os: z.enum(OS_PREFERENCES).optional(),
  primaryUse: z.enum(PRIMARY_USES).optional(),
  cameraQuality: z.enum(CAMERA_QUALITIES).optional(),
  batteryLife: z.enum(BATTERY_LIVES).optional(),
  screenSize: z.enum(SCREEN_SIZES).optional(),
  storage: z.enum(STORAGES).optional(),
  /** Advanced mode. */
  processorSpeed: z.enum(PROCESSOR_SPEEDS).optional(),
  /** Advanced mode. */
  advancedFeatures: z.enum(ADVANCED_FEATURES).optional(),
  /** Advanced mode. */
  environment: z.enum(ENVIRONMENTS).optional(),
  openToSwitch: z.boolean().optional(),
  cameraSpecs: z.enum(CAMERA_SPEC_VALUES).optional(),
  workStyle: z.enum(WORK_STYLES).optional(),
  /** Results-page additions (spec §3). */
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
  /** Defaults to 'midrange' where read (DEFAULT_CURRENT_PHONE_PRICE_RANGE). */
  currentPhonePriceRange: z.enum(PRICE_RANGES).optional(),
  /** Defaults to 2023 where read (DEFAULT_CURRENT_PHONE_YEAR). */
  currentPhoneYear: z.number().int().min(1990).max(2100).optional(),
});

/** The visitor's answers. */
export type Preferences = z.infer<typeof preferencesSchema>;

/** Results page: tier of the current phone when none is stored (spec §3). */
export const DEFAULT_CURRENT_PHONE_PRICE_RANGE = 'midrange' as const;
/** Results page: year of the current phone when none is stored (spec §3). */
export const DEFAULT_CURRENT_PHONE_YEAR = 2023;

/** True when `value` is one of the quick current-phone answers. */
export function isQuickCurrentPhone(value: string | null | undefined): value is CurrentPhoneQuickValue {
  return (CURRENT_PHONE_QUICK_VALUES as readonly string[]).includes(value ?? '');
}

/** Answers set by a quick current-phone answer. */
export interface QuickCurrentPhoneAnswer {
  currentPhone: CurrentPhoneQuickValue;
  currentBrand: 'Apple' | 'Samsung' | 'Google' | 'Other' | 'None';
  /** Set for iphone, samsung and pixel; the OS step may change it later. */
  os?: OsPreference;
  searchedForCurrentPhone: false;
}

/**
 * Spec §4: iphone gives Apple and ios; samsung gives Samsung and android_samsung; pixel gives Google
 * and android_google; android_other gives Other; any other value (basic, none) gives None.
 */
export function quickCurrentPhoneAnswer(value: CurrentPhoneQuickValue): QuickCurrentPhoneAnswer {
  switch (value) {
    case 'iphone':
      return { currentPhone: value, currentBrand: 'Apple', os: 'ios', searchedForCurrentPhone: false };
    case 'samsung':
      return { currentPhone: value, currentBrand: 'Samsung', os: 'android_samsung', searchedForCurrentPhone: false };
    case 'pixel':
      return { currentPhone: value, currentBrand: 'Google', os: 'android_google', searchedForCurrentPhone: false };
    case 'android_other':
      return { currentPhone: value, currentBrand: 'Other', searchedForCurrentPhone: false };
    default:
      return { currentPhone: value, currentBrand: 'None', searchedForCurrentPhone: false };
  }
}

/**
 * Spec §5 "Stored current phone": a stored current phone is used only when it is not one of the
 * generic placeholders (iphone, samsung, pixel, android_other, basic, none). Returns the text or null.
 */
export function usableCurrentPhone(prefs: Pick<Preferences, 'currentPhone'>): string | null {
  const text = prefs.currentPhone?.trim();
  return text && !isQuickCurrentPhone(text) ? text : null;
}

/**
 * Spec §3: a current phone text is split on its first space into brand and model
 * ('Samsung Galaxy S24' -> { brand: 'Samsung', model: 'Galaxy S24' }).
 */
export function splitPhoneText(text: string): { brand: string; model: string } {
  const t = text.trim();
  const i = t.indexOf(' ');
  return i < 0 ? { brand: t, model: '' } : { brand: t.slice(0, i), model: t.slice(i + 1).trim() };
}
