/**
 * Raw spec-sheet text -> recommender classes (spec recommender.md §5 "Deriving categories from raw
 * text") and raw record -> Phone (§3, §9 mapped prices). Pure functions, client-safe.
 *
 * The rules are the spec's, applied literally, including its blunt edges (e.g. any chipset whose name
 * contains "Gen 3" is premium). One interpretation is ours and is marked below: a foldable phone is
 * 'foldable' even when it also lists AI features.
 */
import { MAPPED_PRICES, SAMPLE_PRICES, STOCK_IMAGES } from './constants';
import type {
  AdvancedFeature,
  BatteryLife,
  CameraQuality,
  CameraSpecs,
  Connectivity,
  Phone,
  PhoneOs,
  PriceRange,
  ProcessorSpeed,
  RawPhone,
  ScreenSize,
  Storage,
} from './schema';

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

/** 'premium', 'midrange' or 'budget' (any case); anything else is 'midrange'. */
export function derivePriceRange(category: string | null | undefined): PriceRange {
  const c = (category ?? '').trim().toLowerCase();
  return c === 'premium' || c === 'budget' || c === 'midrange' ? c : 'midrange';
}

/** True when `text` has the megapixel figure `mp` as a whole number (so '108MP' is not '08MP'). */
function hasMegapixels(text: string, mp: number): boolean {
  return new RegExp(`(?<![\\d.])${mp}MP`, 'i').test(text);
}

/** professional if the text mentions 200MP, Triple, Quad or 48MP; good if 50MP or 64MP; else basic. */
export function deriveCameraQuality(mainCamera: string | null | undefined): CameraQuality {
  const t = mainCamera ?? '';
  if (hasMegapixels(t, 200) || /\btriple\b/i.test(t) || /\bquad\b/i.test(t) || hasMegapixels(t, 48)) return 'professional';
  if (hasMegapixels(t, 50) || hasMegapixels(t, 64)) return 'good';
  return 'basic';
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

/** 5000 mAh or more maximum; 4000 or more extended; else (or unknown) standard. */
export function deriveBatteryLife(capacity: string | null | undefined): BatteryLife {
  const mah = leadingInteger(capacity);
  if (mah === null) return 'standard';
  if (mah >= 5000) return 'maximum';
  if (mah >= 4000) return 'extended';
  return 'standard';
}

/** 6.5 in or more large; 6 or more medium; else (or unreadable) small. */
export function deriveScreenSize(size: string | null | undefined): ScreenSize {
  const inches = leadingNumber(size);
  if (inches !== null && inches >= 6.5) return 'large';
  if (inches !== null && inches >= 6) return 'medium';
  return 'small';
}

/** The largest option named: '1TB' -> 1tb, then 512, 256, 128 in that order; otherwise 64gb. */
export function deriveStorage(storage: string | null | undefined): Storage {
  const t = (storage ?? '').toUpperCase();
  if (t.includes('1TB')) return '1tb';
  if (t.includes('512')) return '512gb';
  if (t.includes('256')) return '256gb';
  if (t.includes('128')) return '128gb';
  return '64gb';
}

/** premium if the chipset name contains Gen 3, Pro, A16, A17 or A18; fast if Gen 2, A15 or Exynos 14; else standard. */
export function deriveProcessorSpeed(chipset: string | null | undefined): ProcessorSpeed {
  const c = chipset ?? '';
  if (['Gen 3', 'Pro', 'A16', 'A17', 'A18'].some((k) => c.includes(k))) return 'premium';
  if (['Gen 2', 'A15', 'Exynos 14'].some((k) => c.includes(k))) return 'fast';
  return 'standard';
}

/**
 * foldable if the model or a feature mentions Fold (e.g. 'Foldable 7.6-inch main display');
 * otherwise ai if a feature mentions AI (as a word), Thermometer or Google AI; else standard.
 *
 * Our interpretation: the spec lists ai before foldable, but every current foldable also lists AI
 * features, so ai-first would leave no current foldable for a visitor who asks for one.
 */
export function deriveAdvancedFeatures(features: readonly string[], model = ''): AdvancedFeature {
  if (/Fold/.test(model) || features.some((f) => f.includes('Fold'))) return 'foldable';
  if (features.some((f) => /\bAI\b/.test(f) || f.includes('Thermometer') || f.includes('Google AI'))) return 'ai';
  return 'standard';
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
 * Image rule (spec §5): an address starting with http is used as is; otherwise the stock image of the
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
 * the main camera; several telephotos are joined with ' + '.
 */
export function parseCameraSpecs(mainCamera: string | null | undefined, selfieCamera: string | null | undefined): CameraSpecs {
  const body = (mainCamera ?? '').replace(/^(Single|Dual|Triple|Quad):\s*/i, '');
  const lenses = body ? splitOutsideParens(body) : [];
  const tele: string[] = [];
  let main: string | null = null;
  let ultrawide: string | null = null;
  let macro: string | null = null;
  for (const lens of lenses) {
    const bare = lens.replace(/\([^)]*\)/g, '');
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

/** Which mapping a raw record goes through (spec §9 "Mapped prices", "OS version"). */
export type RawMapping = 'external' | 'sample';

/** Mapped price of a raw record (spec §9); the spec's tier estimate, not a list price. */
export function mappedPrice(brand: string, priceRange: PriceRange, mapping: RawMapping): number {
  if (mapping === 'sample') return brand === 'Apple' ? SAMPLE_PRICES.Apple : brand === 'Samsung' ? SAMPLE_PRICES.Samsung : SAMPLE_PRICES.other;
  const table = brand === 'Apple' ? MAPPED_PRICES.Apple : brand === 'Samsung' ? MAPPED_PRICES.Samsung : MAPPED_PRICES.other;
  return priceRange === 'premium' ? table.premium : table.other;
}

/**
 * OS version of a mapped record. Sample records: 'iOS 16' or 'Android 13' (spec §9). Source-list
 * records: the record's own `os_version` (given for phones before 2020), otherwise null.
 *
 * Deliberate deviation: the spec's formula for the source list (iOS = year - 2008, Android =
 * year - 2017) gives e.g. 'Android 6' for a 2023 phone, which is false; we show '—' rather than
 * invent a version.
 */
export function mappedOsVersion(raw: Pick<RawPhone, 'brand' | 'os_version'>, mapping: RawMapping): string | null {
  if (mapping === 'sample') return deriveOs(raw.brand) === 'ios' ? 'iOS 16' : 'Android 13';
  return raw.os_version ?? null;
}

/** Maps one validated raw record to a catalogue Phone. Never invents a fact: unknowns stay null. */
export function mapRawPhone(raw: RawPhone, mapping: RawMapping = 'external'): Phone {
  const priceRange = derivePriceRange(raw.category);
  const storageOptions = raw.storage.split('/').map((s) => s.trim());
  return {
    id: phoneId(raw.brand, raw.model),
    brand: raw.brand,
    model: raw.model,
    image: phoneImage(raw.brand, raw.image_url),
    priceRange,
    os: deriveOs(raw.brand),
    price: mappedPrice(raw.brand, priceRange, mapping),
    priceEstimated: true,
    features: raw.features.map((label) => ({ label })),
    year: raw.year,
    purchaseLink: null,
    reviewVideoId: null,
    specs: {
      cameraQuality: deriveCameraQuality(raw.main_camera),
      batteryLife: deriveBatteryLife(raw.battery_capacity),
      screenSize: deriveScreenSize(raw.screen_size),
      storage: deriveStorage(raw.storage),
      processorSpeed: deriveProcessorSpeed(raw.chipset),
      connectivity: deriveConnectivity(raw.network),
      advancedFeatures: deriveAdvancedFeatures(raw.features, raw.model),
      os_version: mappedOsVersion(raw, mapping),
      colors: raw.colors ?? null,
      display: raw.display_type,
      chipset: raw.chipset,
      dimensions: raw.dimensions,
      weight: raw.weight ?? null,
      cameraSpecs: parseCameraSpecs(raw.main_camera, raw.selfie_camera),
      screenInches: leadingNumber(raw.screen_size),
      batteryMah: leadingInteger(raw.battery_capacity),
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
