/**
 * Classification of phones known only from specification text or a model name (spec recommender.md
 * §5 "Classification from specification text", §9 release-year implications, support label,
 * age-based price tier). Pure; client-safe.
 *
 * Ages are measured from CATALOGUE_CURRENT_YEAR, not the clock (see its documentation).
 */
import { CATALOGUE_CURRENT_YEAR } from '../catalogue/constants';
import { BATTERY_LIVES, CAMERA_QUALITIES, STORAGES, type BatteryLife, type CameraQuality, type PriceRange, type ScreenSize, type Storage } from '../catalogue/enums';

/** Price given to a phone guessed from its name, when nothing else is known (spec §5). */
export const DEFAULT_PRICE = 699.99;
/** Price assumed by the live-data classification when the specification gives none (spec §5): premium. */
export const MISSING_PRICE = 999;

/** First megapixel figure of a camera text ('48MP wide, 12MP ultrawide' -> 48), or null. */
export function megapixels(text: string | null | undefined): number | null {
  const m = /(\d+(?:\.\d+)?)\s*MP/i.exec(text ?? '');
  return m ? Number(m[1]) : null;
}

/** Main camera 48MP or more professional, 12MP or more good, else (or unknown) basic. */
export function classifyCameraText(text: string | null | undefined): CameraQuality {
  const mp = megapixels(text);
  if (mp !== null && mp >= 48) return 'professional';
  if (mp !== null && mp >= 12) return 'good';
  return 'basic';
}

/** 4500 mAh or more maximum, 3500 or more extended, else (or unknown) standard. */
export function classifyBatteryText(text: string | null | undefined): BatteryLife {
  const m = /(\d{3,5})\s*mAh/i.exec(text ?? '') ?? /^\s*(\d{3,5})\b/.exec(text ?? '');
  const mah = m ? Number(m[1]) : null;
  if (mah !== null && mah >= 4500) return 'maximum';
  if (mah !== null && mah >= 3500) return 'extended';
  return 'standard';
}

/** 6.5 in or more large, 6.0 or more medium, else (or unknown) small. */
export function classifyScreenText(text: string | null | undefined): ScreenSize {
  const m = /(\d+(?:\.\d+)?)/.exec(text ?? '');
  const inches = m ? Number(m[1]) : null;
  if (inches !== null && inches >= 6.5) return 'large';
  if (inches !== null && inches >= 6) return 'medium';
  return 'small';
}

/** Below $300 budget, below $700 midrange, else premium; a missing price counts as MISSING_PRICE. */
export function classifyPrice(price: number | null | undefined): PriceRange {
  const p = typeof price === 'number' && Number.isFinite(price) ? price : MISSING_PRICE;
  if (p < 300) return 'budget';
  if (p < 700) return 'midrange';
  return 'premium';
}

/** Spec §9: a phone from 2020 or later is assumed to have 5G. */
export function impliesFiveG(year: number): boolean {
  return year >= 2020;
}

/** Spec §9: a phone from 2022 or later is assumed to have AI features. */
export function impliesAiFeatures(year: number): boolean {
  return year >= 2022;
}

/** Years of full software support by brand (spec §9): Apple 5, Samsung and Google 3, others 2. */
export const SUPPORT_YEARS: Record<string, number> = { apple: 5, samsung: 3, google: 3 };
const OTHER_SUPPORT_YEARS = 2;

export type SupportLabel = 'Full Support' | 'Limited Support';

/**
 * 'Full Support' while the phone's age (CATALOGUE_CURRENT_YEAR - year) is within its brand's
 * support years (Apple up to 5, Samsung and Google up to 3, others up to 2), else 'Limited Support'.
 */
export function supportLabel(brand: string, year: number, currentYear = CATALOGUE_CURRENT_YEAR): SupportLabel {
  const limit = SUPPORT_YEARS[brand.trim().toLowerCase()] ?? OTHER_SUPPORT_YEARS;
  return currentYear - year <= limit ? 'Full Support' : 'Limited Support';
}

/**
 * Price tier from a phone's age (spec §9): models named pro, ultra, fold or flip are premium up to
 * 2 years old, midrange up to 4, then budget; other models are midrange up to 2 years old, then budget.
 */
export function ageBasedPriceTier(model: string, year: number, currentYear = CATALOGUE_CURRENT_YEAR): PriceRange {
  const age = currentYear - year;
  if (/\b(pro|ultra|fold\d*|flip\d*)\b/i.test(model)) return age <= 2 ? 'premium' : age <= 4 ? 'midrange' : 'budget';
  return age <= 2 ? 'midrange' : 'budget';
}

function better<T extends string>(order: readonly T[], a: T | undefined, b: T | undefined): T | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return order.indexOf(a) >= order.indexOf(b) ? a : b;
}

/** What a specs lookup can add to a searched current phone (spec §4 "enriched from the specs lookup"). */
export interface CurrentPhoneClasses {
  image?: string;
  cameraQuality?: CameraQuality;
  batteryLife?: BatteryLife;
  storage?: Storage;
  priceRange?: PriceRange;
}

/**
 * Spec §4 enrichment: takes the image from the lookup and upgrades camera, battery and storage to the
 * better of what is known and what the lookup's text says; for an estimated phone (no catalogue
 * entry) the price tier comes from its age. Returns a new object.
 */
export function enrichCurrentPhone(
  known: CurrentPhoneClasses,
  lookup: { image: string; model: string; year: number; camera: string | null; battery: string | null; storage: string | null; estimated: boolean },
): CurrentPhoneClasses {
  const storage = lookup.storage ? (deriveMaxStorage(lookup.storage) ?? undefined) : undefined;
  return {
    ...known,
    image: lookup.image || known.image,
    cameraQuality: better(CAMERA_QUALITIES, known.cameraQuality, lookup.camera ? classifyCameraText(lookup.camera) : undefined),
    batteryLife: better(BATTERY_LIVES, known.batteryLife, lookup.battery ? classifyBatteryText(lookup.battery) : undefined),
    storage: better(STORAGES, known.storage, storage),
    priceRange: lookup.estimated ? ageBasedPriceTier(lookup.model, lookup.year) : known.priceRange,
  };
}

function deriveMaxStorage(text: string): Storage | null {
  const t = text.toUpperCase();
  if (t.includes('1TB')) return '1tb';
  if (t.includes('512')) return '512gb';
  if (t.includes('256')) return '256gb';
  if (t.includes('128')) return '128gb';
  if (t.includes('64')) return '64gb';
  return null;
}
