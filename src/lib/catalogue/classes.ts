/**
 * The recommender classes of a phone, computed ONE way for every phone: source records, hand-written
 * entries and the visitor's current phone all go through these functions, so two phones with the same
 * facts always get the same classes. An unknown fact gives null (shown as unknown, scored neutrally),
 * never the lowest class. Rules and reasons: docs/recommender.md, "One way to classify". Pure; client-safe.
 */
import { chipTier } from './chips';
import type { BatteryLife, CameraQuality, ProcessorSpeed, ScreenSize, Storage } from './enums';

/** The lenses that decide the camera class (a phone's `specs.cameraSpecs`). */
export interface CameraLenses {
  mainCamera: string | null;
  ultrawide: string | null;
  telephoto: string | null;
}

/** Battery thresholds in mAh: maximum from 4,500, extended from 3,500, else standard. */
export const BATTERY_CLASS_MAH = { maximum: 4500, extended: 3500 } as const;
/** Screen thresholds in inches: large from 6.5, medium from 6.0, else small. */
export const SCREEN_CLASS_INCHES = { large: 6.5, medium: 6 } as const;

/**
 * Camera class by what the camera can do, lens by lens: professional with a telephoto (optical zoom);
 * good with a main camera and an ultrawide; basic with a single camera (macro and depth helpers do not
 * count). Null when the main camera is unknown.
 */
export function cameraClass(lenses: CameraLenses): CameraQuality | null {
  if (!lenses.mainCamera) return null;
  if (lenses.telephoto) return 'professional';
  if (lenses.ultrawide) return 'good';
  return 'basic';
}

/** Battery class from the capacity in mAh; null when the capacity was never published. */
export function batteryClass(mah: number | null | undefined): BatteryLife | null {
  if (typeof mah !== 'number' || !Number.isFinite(mah)) return null;
  if (mah >= BATTERY_CLASS_MAH.maximum) return 'maximum';
  if (mah >= BATTERY_CLASS_MAH.extended) return 'extended';
  return 'standard';
}

/** Screen class from the main display's diagonal in inches; null when unknown. */
export function screenClass(inches: number | null | undefined): ScreenSize | null {
  if (typeof inches !== 'number' || !Number.isFinite(inches)) return null;
  if (inches >= SCREEN_CLASS_INCHES.large) return 'large';
  if (inches >= SCREEN_CLASS_INCHES.medium) return 'medium';
  return 'small';
}

/** Largest storage option ('128GB/256GB/1TB' -> '1tb'); null when no option is printed. */
export function storageClass(storage: string | null | undefined): Storage | null {
  const t = (storage ?? '').toUpperCase();
  if (/(^|\/|\s)1\s?TB/.test(t)) return '1tb';
  if (t.includes('512')) return '512gb';
  if (t.includes('256')) return '256gb';
  if (t.includes('128')) return '128gb';
  if (t.includes('64') || /\d+GB/.test(t)) return '64gb';
  return null;
}

/** Performance class from the chip table; null when the chipset is unknown. */
export function processorClass(chipset: string | null | undefined): ProcessorSpeed | null {
  return chipTier(chipset);
}
