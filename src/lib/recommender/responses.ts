/**
 * Builds the answers of GET /api/search-phones and GET /api/phone-specs from catalogue phones
 * (shapes in ./schemas). Pure: the functions pass in the catalogue. Client-safe.
 */
import { phoneImage, deriveOs } from '../catalogue/derive';
import type { Phone } from '../catalogue/schema';
import { PRICE_RANGE_NAMES } from './budget';
import { ageBasedPriceTier, DEFAULT_PRICE, impliesAiFeatures, impliesFiveG } from './classify';
import type { PhoneClassesView, PhoneSpecsResponse, SearchResult } from './schemas';
import { guessReleaseYear, parsePhoneText, resolvePhone, searchCatalogue, type ParsedBrand } from './search';

/** Most phones in a search answer. */
export const SEARCH_LIMIT = 10;

/** Note attached to an estimated phone. */
export const ESTIMATED_NOTE = 'Not in our catalogue: estimated from the model name. Specifications are unknown.';

/** The classes of a catalogue phone, as the catalogue computed them. */
export function phoneClasses(phone: Phone): PhoneClassesView {
  const s = phone.specs;
  return {
    cameraQuality: s.cameraQuality,
    batteryLife: s.batteryLife,
    screenSize: s.screenSize,
    storage: s.storage,
    processorSpeed: s.processorSpeed,
    priceRange: phone.priceRange,
  };
}

/** A catalogue phone in the shape GET /api/search-phones returns. */
export function toSearchResult(phone: Phone): SearchResult {
  const s = phone.specs;
  return {
    id: phone.id,
    brand: phone.brand,
    model: phone.model,
    year: phone.year,
    category: PRICE_RANGE_NAMES[phone.priceRange],
    price: phone.price,
    features: phone.features.map((f) => f.label),
    main_camera: s.cameraSpecs.mainCamera,
    selfie_camera: s.cameraSpecs.frontCamera,
    battery_capacity: s.batteryMah ? `${s.batteryMah} mAh` : null,
    screen_size: s.screenInches ? `${s.screenInches} inches` : null,
    storage: s.storageOptions.length ? s.storageOptions.join('/') : null,
    chipset: s.chipset,
    network: s.network,
    display_type: s.display,
    dimensions: s.dimensions,
    classes: phoneClasses(phone),
  };
}

/** Search answer for a query: at most SEARCH_LIMIT phones, most relevant first; none for empty text. */
export function searchPhones(phones: readonly Phone[], query: string): { phones: SearchResult[] } {
  if (!query.trim()) return { phones: [] };
  return { phones: searchCatalogue(phones, query, SEARCH_LIMIT).map(toSearchResult) };
}

/** A catalogue phone in the shape GET /api/phone-specs returns. */
export function toSpecsPhone(phone: Phone): PhoneSpecsResponse['phone'] {
  const s = phone.specs;
  const c = s.cameraSpecs;
  return {
    id: phone.id,
    brand: phone.brand,
    model: phone.model,
    image: phone.image,
    release_year: phone.year,
    price_range: phone.price,
    price_source: phone.pricing.currentSource ?? phone.pricing.launchSource,
    price_checked: phone.pricing.currentDate ?? phone.pricing.launchDate,
    availability: phone.availability,
    updates: { osUntil: phone.updates.osUntil, estimate: phone.updates.estimate, policy: phone.updates.policy },
    classes: phoneClasses(phone),
    os: phone.os,
    specs: {
      display: s.display ? (s.screenInches ? `${s.screenInches}" ${s.display}` : s.display) : null,
      camera: {
        main: c.mainCamera,
        ultrawide: c.ultrawide,
        telephoto: c.telephoto,
        macro: c.macro,
        selfie: c.frontCamera,
      },
      battery: s.batteryMah ? `${s.batteryMah} mAh${s.batteryType ? ` ${s.batteryType}` : ''}` : null,
      processor: s.chipset,
      storage: s.storageOptions.length ? s.storageOptions.join('/') : null,
      connectivity: s.network,
      features: phone.features.map((f) => f.label),
      dimensions: s.dimensions,
      weight: s.weight,
    },
  };
}

const LINE_NAMES: Record<string, string> = { Apple: 'iPhone', Samsung: 'Galaxy', Google: 'Pixel' };

/**
 * A phone guessed from typed text (not in the catalogue): brand and model from `parsePhoneText`, year
 * from `guessReleaseYear`, stock image, DEFAULT_PRICE, 5G from 2020 and AI features from 2022.
 * Every other spec is null (unknown). Null for empty text.
 */
export function estimatePhone(text: string, defaultBrand: ParsedBrand = 'Samsung'): PhoneSpecsResponse['phone'] | null {
  const parsed = parsePhoneText(text, defaultBrand);
  if (!parsed) return null;
  const line = LINE_NAMES[parsed.brand];
  const model = parsed.model || line || 'phone';
  const year = guessReleaseYear(parsed.recognised || !line ? model : `${line} ${model}`);
  return {
    id: null,
    brand: parsed.brand,
    model,
    image: phoneImage(parsed.brand),
    release_year: year,
    price_range: DEFAULT_PRICE,
    price_source: null,
    price_checked: null,
    availability: null,
    updates: null,
    // Nothing is known but the name: every class unknown, the tier guessed from the age.
    classes: {
      cameraQuality: null,
      batteryLife: null,
      screenSize: null,
      storage: null,
      processorSpeed: null,
      priceRange: ageBasedPriceTier(model, year),
    },
    os: deriveOs(parsed.brand),
    specs: {
      display: null,
      camera: { main: null, ultrawide: null, telephoto: null, macro: null, selfie: null },
      battery: null,
      processor: null,
      storage: null,
      connectivity: impliesFiveG(year) ? '5G' : '4G',
      features: impliesAiFeatures(year) ? ['AI features'] : [],
      dimensions: null,
      weight: null,
    },
  };
}

/**
 * The phone-specs answer for typed text: the catalogue phone it names ('internal'), otherwise a phone
 * estimated from the text ('estimated', with ESTIMATED_NOTE). Null for empty text.
 * The server-sourced mapping guesses Samsung when the text names no brand (docs/recommender.md#search).
 */
export function phoneSpecsFor(
  phones: readonly Phone[],
  text: string,
  defaultBrand: ParsedBrand = 'Samsung',
): PhoneSpecsResponse | null {
  if (!text.trim()) return null;
  const hit = resolvePhone(phones, text, defaultBrand);
  if (hit) return { source: 'internal', note: null, phone: toSpecsPhone(hit.phone) };
  const estimate = estimatePhone(text, defaultBrand);
  return estimate ? { source: 'estimated', note: ESTIMATED_NOTE, phone: estimate } : null;
}
