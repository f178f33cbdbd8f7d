/**
 * The visitor's answers and the quick current-phone answers (docs/recommender.md#wizard-steps).
 * Pure; client-safe. No zod: the answers' schema is in ./schemas (typed against `Preferences`), so
 * the wizard's first steps do not load the schema library.
 */
import type {
  AdvancedFeature,
  BatteryLife,
  CameraQuality,
  PhoneOs,
  PriceRange,
  ProcessorSpeed,
  ScreenSize,
  Storage,
} from '../catalogue/enums';

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

/** Read but not set by the wizard. */
export const CAMERA_SPEC_VALUES = ['ultrawide', 'telephoto', 'macro', 'standard'] as const;
export type CameraSpecValue = (typeof CAMERA_SPEC_VALUES)[number];

/** Read but not set by the wizard. */
export const WORK_STYLES = ['basic', 'productivity', 'presentations', 'none'] as const;
export type WorkStyle = (typeof WORK_STYLES)[number];

/** Current brand as stored: a catalogue brand, 'Other' (android_other) or 'None'; searched phones may carry any brand text. */
export type CurrentBrand = 'Apple' | 'Samsung' | 'Google' | 'Other' | 'None' | (string & {});

/**
 * The visitor's answers, as kept in session storage (validated by `preferencesSchema` in ./schemas).
 * Every field is optional: a skipped question has no value.
 */
export interface Preferences {
  /** A quick value (iphone, samsung, ...) or the searched phone as 'Brand Model'. */
  currentPhone?: string;
  currentBrand?: string;
  /** True when the current phone was picked from a search (not a quick answer). */
  searchedForCurrentPhone?: boolean;
  /** Budget tier (from the slider, see `budgetTier`). */
  budget?: PriceRange;
  /** Slider position 0-100 behind `budget` (an addition of ours: lets a shared link restore the slider). */
  budgetValue?: number;
  os?: OsPreference;
  primaryUse?: PrimaryUse;
  cameraQuality?: CameraQuality;
  batteryLife?: BatteryLife;
  screenSize?: ScreenSize;
  storage?: Storage;
  /** Advanced mode. */
  processorSpeed?: ProcessorSpeed;
  /** Advanced mode. */
  advancedFeatures?: AdvancedFeature;
  /** Advanced mode. */
  environment?: Environment;
  openToSwitch?: boolean;
  cameraSpecs?: CameraSpecValue;
  workStyle?: WorkStyle;
  /** Results-page additions: the current phone's image, OS, specs, tier and year. */
  phoneImage?: string;
  currentPhoneOS?: PhoneOs;
  currentPhoneSpecs?: {
    cameraQuality?: CameraQuality;
    batteryLife?: BatteryLife;
    storage?: Storage;
    screenSize?: ScreenSize;
    processorSpeed?: ProcessorSpeed;
  };
  /** Defaults to 'midrange' where read (DEFAULT_CURRENT_PHONE_PRICE_RANGE). */
  currentPhonePriceRange?: PriceRange;
  /** Defaults to 2023 where read (DEFAULT_CURRENT_PHONE_YEAR). */
  currentPhoneYear?: number;
}

/** Results page: tier of the current phone when none is stored. */
export const DEFAULT_CURRENT_PHONE_PRICE_RANGE = 'midrange' as const;
/** Results page: year of the current phone when none is stored. */
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
 * Quick answers: iphone gives Apple and ios; samsung gives Samsung and android_samsung; pixel gives Google
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
 * A stored current phone is used only when it is not one of the
 * generic placeholders (iphone, samsung, pixel, android_other, basic, none). Returns the text or null.
 */
export function usableCurrentPhone(prefs: Pick<Preferences, 'currentPhone'>): string | null {
  const text = prefs.currentPhone?.trim();
  return text && !isQuickCurrentPhone(text) ? text : null;
}

/**
 * A current phone text is split on its first space into brand and model
 * ('Samsung Galaxy S24' -> { brand: 'Samsung', model: 'Galaxy S24' }).
 */
export function splitPhoneText(text: string): { brand: string; model: string } {
  const t = text.trim();
  const i = t.indexOf(' ');
  return i < 0 ? { brand: t, model: '' } : { brand: t.slice(0, i), model: t.slice(i + 1).trim() };
}
