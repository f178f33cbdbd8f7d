/**
 * Enumerations of the phone catalogue (docs/recommender.md#catalogue-records), without zod.
 *
 * Split from ./schema so that browser code needing only these lists (the wizard's classification,
 * scoring and question steps) does not pull the schema library into the page's start-up JavaScript.
 * ./schema re-exports everything here, so server code and tests can keep importing from there.
 */

/** Brands in the catalogue. */
export const BRANDS = ['Apple', 'Samsung', 'Google', 'Motorola', 'OnePlus'] as const;
export type Brand = (typeof BRANDS)[number];

export const PRICE_RANGES = ['budget', 'midrange', 'premium'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

export const CAMERA_QUALITIES = ['basic', 'good', 'professional'] as const;
export type CameraQuality = (typeof CAMERA_QUALITIES)[number];

export const BATTERY_LIVES = ['standard', 'extended', 'maximum'] as const;
export type BatteryLife = (typeof BATTERY_LIVES)[number];

export const SCREEN_SIZES = ['small', 'medium', 'large'] as const;
export type ScreenSize = (typeof SCREEN_SIZES)[number];

export const STORAGES = ['64gb', '128gb', '256gb', '512gb', '1tb'] as const;
export type Storage = (typeof STORAGES)[number];

export const PROCESSOR_SPEEDS = ['standard', 'fast', 'premium'] as const;
export type ProcessorSpeed = (typeof PROCESSOR_SPEEDS)[number];

export const CONNECTIVITIES = ['4g', '5g'] as const;
export type Connectivity = (typeof CONNECTIVITIES)[number];

export const ADVANCED_FEATURES = ['standard', 'ai', 'foldable', 'ar'] as const;
export type AdvancedFeature = (typeof ADVANCED_FEATURES)[number];

export const PHONE_OS = ['ios', 'android'] as const;
export type PhoneOs = (typeof PHONE_OS)[number];

/** Whether the maker sells a phone new in Canada (docs/recommender.md, "Sold now"). */
export const AVAILABILITY_STATUSES = ['sold', 'discontinued'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/**
 * Names shown for the camera classes: what the camera has, not a quality claim (an 8MP 3x telephoto
 * is a zoom camera, not a "professional" one). The wizard's own answer labels are separate.
 */
export const CAMERA_CLASS_NAMES: Record<CameraQuality, string> = {
  basic: 'Single camera',
  good: 'Main + ultrawide',
  professional: 'Telephoto zoom',
};

/** Names shown for the chip tiers (src/lib/catalogue/chips.ts): how fast, not how new. */
export const PROCESSOR_CLASS_NAMES: Record<ProcessorSpeed, string> = {
  standard: 'Everyday',
  fast: 'Fast',
  premium: 'Top tier',
};
