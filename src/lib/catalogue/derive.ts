/**
 * Raw record -> catalogue Phone: ids, images, lenses, special features, and the classes of
 * ./classes (the one way every phone is classified) with the chip table for performance and the CAD
 * price table for price and tier. The written rules this replaces (substring chip rules, megapixel
 * camera rules, tier-guessed prices) are listed with the reasons in docs/recommender.md.
 * Pure functions, client-safe.
 */
import { chipTier } from './chips';
import { batteryClass, cameraClass, screenClass, storageClass } from './classes';
import { STOCK_IMAGES } from './constants';
import { availabilityByAge, priceTier, shownPriceCad, type PhonePricing } from './pricing';
import type {
  AdvancedFeature,
  Availability,
  CameraSpecs,
  Connectivity,
  Phone,
  PhoneOs,
  ProcessorSpeed,
  RawPhone,
} from './schema';
import { phoneUpdates } from './updates';

/**
 * Catalogue id: brand and model in lower case joined by hyphens ('Apple', 'iPhone 15 Pro' ->
 * 'apple-iphone-15-pro'). A '+' becomes 'plus' so 'Galaxy S24+' and 'Galaxy S24' stay distinct;
 * any other run of non-alphanumerics becomes one hyphen.
 */
export function phoneId(brand: string, model: string): string {
  return `${brand} ${model}`
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Leading whole number of a text such as '5000 mAh', or null. */
export function leadingInteger(text: string | null | undefined): number | null {
  const m = /^\s*(\d+)/.exec(text ?? '');
  return m ? Number(m[1]) : null;
}

/** Leading decimal number of a text such as '6.1 inches', or null. */
export function leadingNumber(text: string | null | undefined): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)/.exec(text ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * Special features a phone has, from its model name and feature list: foldable (a Fold model or a
 * 'Fold…' feature), ai (the word AI, 'Intelligence' or Gemini), ar (a LiDAR or time-of-flight depth
 * scanner, what AR measuring apps use). 'Thermometer' is a sensor, not AI, and no longer counts.
 */
export function deriveFeatureTags(features: readonly string[], model = ''): AdvancedFeature[] {
  const tags: AdvancedFeature[] = [];
  if (/Fold/.test(model) || features.some((f) => f.includes('Fold'))) tags.push('foldable');
  if (features.some((f) => /\bAI\b|Intelligence|Gemini/.test(f))) tags.push('ai');
  if (features.some((f) => /LiDAR|\bToF\b|time-of-flight/i.test(f))) tags.push('ar');
  return tags;
}

/** The main special feature: foldable, then ai, then ar; 'standard' when the phone has none. */
export function deriveAdvancedFeatures(features: readonly string[], model = ''): AdvancedFeature {
  return deriveFeatureTags(features, model)[0] ?? 'standard';
}

/** ios for Apple, android for everyone else. */
export function deriveOs(brand: string): PhoneOs {
  return brand.trim().toLowerCase() === 'apple' ? 'ios' : 'android';
}

/** 5g when the network is 5G, else 4g. */
export function deriveConnectivity(network: string | null | undefined): Connectivity {
  return (network ?? '').trim().toUpperCase() === '5G' ? '5g' : '4g';
}

/**
 * Image rule: an address starting with http is used as is; otherwise the stock image of the
 * brand (apple, samsung, google, any case), or the generic placeholder for other brands.
 */
export function phoneImage(brand: string, url?: string | null): string {
  if (url && url.startsWith('http')) return url;
  const key = brand.trim().toLowerCase();
  return key === 'apple' || key === 'samsung' || key === 'google' ? STOCK_IMAGES[key] : STOCK_IMAGES.generic;
}

/** Splits 'a (x, y), b, c' on the commas outside parentheses. */
function splitOutsideParens(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/**
 * Lens by lens from a main-camera text such as 'Triple: 48MP wide (f/1.78), 12MP 5x telephoto,
 * 48MP ultrawide (macro)'. The first lens that is not a telephoto, ultrawide, macro or depth lens is
 * the main camera; several telephotos are joined with ' + '. A "telephoto" whose optical zoom is under
 * 2x (the Galaxy S20/S21's 64MP lens: 1.1x optical, 3x only hybrid, a crop) is not an optical zoom
 * lens: it does not count as a telephoto (docs/recommender.md, "Upgrades").
 */
export function parseCameraSpecs(
  mainCamera: string | null | undefined,
  selfieCamera: string | null | undefined,
): CameraSpecs {
  const body = (mainCamera ?? '').replace(/^(Single|Dual|Triple|Quad):\s*/i, '');
  const lenses = body ? splitOutsideParens(body) : [];
  const tele: string[] = [];
  let main: string | null = null;
  let ultrawide: string | null = null;
  let macro: string | null = null;
  for (const lens of lenses) {
    const bare = lens.replace(/\([^)]*\)/g, '');
    const optical = /(\d+(?:\.\d+)?)x optical/i.exec(lens);
    if (/telephoto/i.test(bare) && optical && Number(optical[1]) < 2) continue;
    if (/telephoto/i.test(bare)) tele.push(lens);
    else if (/ultrawide/i.test(bare)) ultrawide ??= lens;
    else if (/macro/i.test(bare)) macro ??= lens;
    else if (/depth/i.test(bare)) continue;
    else main ??= lens;
  }
  return {
    mainCamera: main,
    ultrawide,
    telephoto: tele.length ? tele.join(' + ') : null,
    macro,
    frontCamera: selfieCamera?.trim() || null,
  };
}

/** Which mapping a raw record goes through (sample records or the source list; it decides the OS version). */
export type RawMapping = 'external' | 'sample';

/**
 * OS version of a mapped record. Sample records: 'iOS 16' or 'Android 13'. Source-list
 * records: the record's own `os_version` (given for phones before 2020), otherwise null.
 *
 * Deliberate deviation: the written formula for the source list (iOS = year - 2008, Android =
 * year - 2017) gives e.g. 'Android 6' for a 2023 phone, which is false; we show '—' rather than
 * invent a version.
 */
export function mappedOsVersion(raw: Pick<RawPhone, 'brand' | 'os_version'>, mapping: RawMapping): string | null {
  if (mapping === 'sample') return deriveOs(raw.brand) === 'ios' ? 'iOS 16' : 'Android 13';
  return raw.os_version ?? null;
}

/**
 * Maps one validated raw record to a catalogue Phone, with its Canadian price facts (required: see
 * `phonePricingSchema`) and availability (an older model without a row in the price table is
 * discontinued by age). Classes come from ./classes, the one way every phone is classified; update
 * support from the maker's policy (./updates), counted from the launch month of the price.
 * Never invents a fact: unknowns stay null.
 */
export function mapRawPhone(
  raw: RawPhone,
  mapping: RawMapping,
  pricing: PhonePricing,
  availability: Availability = availabilityByAge(raw.year),
): Phone {
  const updates = phoneUpdates(raw.brand, raw.model, pricing.launchDate);
  if (!updates) throw new MissingPolicyError(`${raw.brand} ${raw.model}`);
  const storageOptions = raw.storage.split('/').map((s) => s.trim());
  const cameraSpecs = parseCameraSpecs(raw.main_camera, raw.selfie_camera);
  const screenInches = leadingNumber(raw.screen_size);
  const batteryMah = leadingInteger(raw.battery_capacity);
  const price = shownPriceCad(pricing);
  const featureTags = deriveFeatureTags(raw.features, raw.model);
  return {
    id: phoneId(raw.brand, raw.model),
    brand: raw.brand,
    model: raw.model,
    image: phoneImage(raw.brand, raw.image_url),
    priceRange: priceTier(price),
    os: deriveOs(raw.brand),
    price,
    priceEstimated: pricing.estimated,
    pricing,
    availability,
    updates,
    features: raw.features.map((label) => ({ label })),
    year: raw.year,
    purchaseLink: null,
    reviewVideoId: null,
    specs: {
      // Every record has a main camera, a screen size and storage options (rawPhoneSchema).
      cameraQuality: cameraClass(cameraSpecs) ?? 'basic',
      batteryLife: batteryClass(batteryMah),
      screenSize: screenClass(screenInches) ?? 'small',
      storage: storageClass(raw.storage) ?? '64gb',
      processorSpeed: chipOf(raw),
      connectivity: deriveConnectivity(raw.network),
      advancedFeatures: featureTags[0] ?? 'standard',
      featureTags,
      os_version: mappedOsVersion(raw, mapping),
      colors: raw.colors ?? null,
      display: raw.display_type,
      chipset: raw.chipset,
      dimensions: raw.dimensions,
      weight: raw.weight ?? null,
      cameraSpecs,
      screenInches,
      batteryMah,
      batteryType: raw.battery_type,
      ram: raw.ram,
      storageOptions,
      network: raw.network,
      bodyMaterial: raw.body_material,
      waterResistance: raw.water_resistance ?? null,
      wifi: raw.wifi_type,
      memoryCardSlot: raw.memory_card_slot,
      launchPrice: raw.price ?? null,
    },
  };
}

/** Thrown when a record's chipset is missing from the chip table (add it there, with its tier and year). */
export class UnknownChipError extends Error {
  constructor(
    readonly record: string,
    readonly chipset: string,
  ) {
    super(`${record}: chipset '${chipset}' is not in the chip table (src/lib/catalogue/chips.ts)`);
    this.name = 'UnknownChipError';
  }
}

/** Thrown when no update policy covers a record's brand and model (add one in src/lib/catalogue/updates.ts). */
export class MissingPolicyError extends Error {
  constructor(readonly record: string) {
    super(`${record}: no update policy covers this phone (src/lib/catalogue/updates.ts)`);
    this.name = 'MissingPolicyError';
  }
}

function chipOf(raw: RawPhone): ProcessorSpeed {
  const tier = chipTier(raw.chipset);
  if (!tier) throw new UnknownChipError(`${raw.brand} ${raw.model}`, raw.chipset);
  return tier;
}
