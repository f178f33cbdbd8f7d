/**
 * The visitor's current phone as the wizard shows and stores it (current-phone step, selection of a
 * searched phone). Nothing here classifies: the classes come with the search result or the specs
 * lookup, computed by the catalogue one way for every phone; a phone guessed from its name has
 * unknown classes (shown as unknown), and its tier comes from its age.
 * Pure; no framework imports.
 */
import { phoneImage } from '../../catalogue/derive';
import type {
  BatteryLife,
  CameraQuality,
  PhoneOs,
  PriceRange,
  ProcessorSpeed,
  ScreenSize,
  Storage,
} from '../../catalogue/enums';
import { DEFAULT_CURRENT_PHONE_PRICE_RANGE, type Preferences } from '../preferences';
import type { PhoneClassesView, PhoneSpecsResponse, SearchResult } from '../schemas';

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
  cameraQuality: CameraQuality | null;
  batteryLife: BatteryLife | null;
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

function withClasses(c: PhoneClassesView | undefined) {
  return {
    cameraQuality: c?.cameraQuality ?? null,
    batteryLife: c?.batteryLife ?? null,
    storage: c?.storage ?? null,
    screenSize: c?.screenSize ?? null,
    processorSpeed: c?.processorSpeed ?? null,
  };
}

/** A card for a search result picked from the dropdown. */
export function cardFromSearchResult(r: SearchResult): CurrentPhoneCard {
  return {
    brand: r.brand,
    model: r.model,
    name: `${r.brand} ${r.model}`,
    year: r.year,
    image: phoneImage(r.brand),
    priceRange: r.classes?.priceRange ?? TIER_BY_CATEGORY[r.category] ?? DEFAULT_CURRENT_PHONE_PRICE_RANGE,
    os: osOf(r.brand),
    ...withClasses(r.classes),
    estimated: false,
    enriched: false,
  };
}

/** A card for a phone in the Phone specs shape (a specs lookup, or the engine's local estimate). */
export function cardFromSpecsPhone(p: PhoneSpecsResponse['phone'], estimated: boolean): CurrentPhoneCard {
  return {
    brand: p.brand,
    model: p.model,
    name: `${p.brand} ${p.model}`.trim(),
    year: p.release_year,
    image: p.image || phoneImage(p.brand),
    priceRange: p.classes?.priceRange ?? DEFAULT_CURRENT_PHONE_PRICE_RANGE,
    os: p.os,
    ...withClasses(p.classes),
    estimated,
    enriched: false,
  };
}

/**
 * The card after a specs lookup: the image, and for a catalogue phone the catalogue's classes and
 * tier (the same ones its search result carried). An estimated answer adds nothing but the image and
 * the age-based tier: its specifications are unknown.
 */
export function enrichCard(card: CurrentPhoneCard, answer: PhoneSpecsResponse): CurrentPhoneCard {
  const p = answer.phone;
  const known = answer.source === 'internal';
  return {
    ...card,
    image: p.image || card.image,
    ...(known ? withClasses(p.classes) : {}),
    priceRange: p.classes?.priceRange ?? card.priceRange,
    year: known ? p.release_year : card.year,
    estimated: !known,
    enriched: true,
  };
}

/**
 * The answers a selected phone sets: the phone, its brand, os (ios or android) and
 * searchedForCurrentPhone; plus the results page's current-phone details.
 */
export function preferencesForCard(card: CurrentPhoneCard): Preferences {
  const specs: NonNullable<Preferences['currentPhoneSpecs']> = {};
  if (card.cameraQuality) specs.cameraQuality = card.cameraQuality;
  if (card.batteryLife) specs.batteryLife = card.batteryLife;
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
