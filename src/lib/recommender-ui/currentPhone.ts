/**
 * The visitor's current phone as the wizard shows and stores it (spec recommender.md §2 "Current
 * phone step", §4 "Selecting a searched phone"). Glue over engine functions: nothing here classifies
 * on its own rules — camera, battery and screen use the engine's live-data classification, storage
 * and processor the catalogue's derivation, enrichment the engine's `enrichCurrentPhone`.
 * Pure; no framework imports.
 */
import { deriveProcessorSpeed, deriveStorage, phoneImage } from '../catalogue/derive';
import type { BatteryLife, CameraQuality, PhoneOs, PriceRange, ProcessorSpeed, ScreenSize, Storage } from '../catalogue/schema';
import { classifyBatteryText, classifyCameraText, classifyPrice, classifyScreenText, enrichCurrentPhone } from '../recommender/classify';
import type { Preferences } from '../recommender/preferences';
import type { PhoneSpecsResponse, SearchResult } from '../recommender/schemas';

/** The selected current phone: what the card shows and what is stored in the answers. */
export interface CurrentPhoneCard {
  brand: string;
  model: string;
  /** 'Brand Model', as stored in `currentPhone`. */
  name: string;
  year: number;
  image: string;
  priceRange: PriceRange;
  os: PhoneOs;
  cameraQuality: CameraQuality;
  batteryLife: BatteryLife;
  storage: Storage | null;
  screenSize: ScreenSize | null;
  processorSpeed: ProcessorSpeed | null;
  /** Guessed from the typed text (not a catalogue phone). */
  estimated: boolean;
  /** The specs lookup has enriched the card. */
  enriched: boolean;
}

const TIER_BY_CATEGORY: Record<string, PriceRange> = { Budget: 'budget', Midrange: 'midrange', Premium: 'premium' };
const osOf = (brand: string): PhoneOs => (brand.trim().toLowerCase() === 'apple' ? 'ios' : 'android');

/** A card for a search result picked from the dropdown. */
export function cardFromSearchResult(r: SearchResult): CurrentPhoneCard {
  return {
    brand: r.brand,
    model: r.model,
    name: `${r.brand} ${r.model}`,
    year: r.year,
    image: phoneImage(r.brand),
    priceRange: TIER_BY_CATEGORY[r.category] ?? classifyPrice(r.price),
    os: osOf(r.brand),
    cameraQuality: classifyCameraText(r.main_camera),
    batteryLife: classifyBatteryText(r.battery_capacity),
    storage: r.storage ? deriveStorage(r.storage) : null,
    screenSize: r.screen_size ? classifyScreenText(r.screen_size) : null,
    processorSpeed: r.chipset ? deriveProcessorSpeed(r.chipset) : null,
    estimated: false,
    enriched: false,
  };
}

/** A card for a phone in the Phone specs shape (a specs lookup, or the engine's local estimate). */
export function cardFromSpecsPhone(p: PhoneSpecsResponse['phone'], estimated: boolean): CurrentPhoneCard {
  const s = p.specs;
  return {
    brand: p.brand,
    model: p.model,
    name: `${p.brand} ${p.model}`.trim(),
    year: p.release_year,
    image: p.image || phoneImage(p.brand),
    priceRange: classifyPrice(p.price_range),
    os: p.os,
    cameraQuality: classifyCameraText(s.camera.main),
    batteryLife: classifyBatteryText(s.battery),
    storage: s.storage ? deriveStorage(s.storage) : null,
    screenSize: s.display ? classifyScreenText(s.display) : null,
    processorSpeed: s.processor ? deriveProcessorSpeed(s.processor) : null,
    estimated,
    enriched: false,
  };
}

/**
 * Spec §4: the card enriched from a specs lookup — image, the better of the known and looked-up
 * camera, battery and storage classes, and for an estimated phone the price tier by age.
 */
export function enrichCard(card: CurrentPhoneCard, answer: PhoneSpecsResponse): CurrentPhoneCard {
  const p = answer.phone;
  const estimated = answer.source !== 'internal';
  const e = enrichCurrentPhone(
    { image: card.image, cameraQuality: card.cameraQuality, batteryLife: card.batteryLife, storage: card.storage ?? undefined, priceRange: card.priceRange },
    { image: p.image, model: p.model, year: p.release_year, camera: p.specs.camera.main, battery: p.specs.battery, storage: p.specs.storage, estimated },
  );
  return {
    ...card,
    image: e.image ?? card.image,
    cameraQuality: e.cameraQuality ?? card.cameraQuality,
    batteryLife: e.batteryLife ?? card.batteryLife,
    storage: e.storage ?? card.storage,
    priceRange: e.priceRange ?? card.priceRange,
    processorSpeed: card.processorSpeed ?? (p.specs.processor ? deriveProcessorSpeed(p.specs.processor) : null),
    screenSize: card.screenSize ?? (p.specs.display ? classifyScreenText(p.specs.display) : null),
    enriched: true,
  };
}

/**
 * The answers a selected phone sets (spec §4: the phone, its brand, os ios/android and
 * searchedForCurrentPhone; plus the results-page additions of §3).
 */
export function preferencesForCard(card: CurrentPhoneCard): Preferences {
  const specs: NonNullable<Preferences['currentPhoneSpecs']> = { cameraQuality: card.cameraQuality, batteryLife: card.batteryLife };
  if (card.storage) specs.storage = card.storage;
  if (card.screenSize) specs.screenSize = card.screenSize;
  if (card.processorSpeed) specs.processorSpeed = card.processorSpeed;
  return {
    currentPhone: card.name.slice(0, 80),
    currentBrand: card.brand.slice(0, 40),
    os: card.os,
    searchedForCurrentPhone: true,
    phoneImage: card.image,
    currentPhoneOS: card.os,
    currentPhoneSpecs: specs,
    currentPhonePriceRange: card.priceRange,
    currentPhoneYear: card.year,
  };
}
