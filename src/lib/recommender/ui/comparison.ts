/**
 * Side-by-side comparisons of the current phone and a recommendation: the comparison view and the
 * results step's current phone versus recommended upgrade (docs/recommender.md#screens).
 * Each row says whether the recommendation is an improvement (shown with a green arrow).
 *
 * Only facts the data states are compared; an unknown value is '—' and never counts as worse or
 * better. Class orders and text classifications are the engine's/catalogue's.
 * Pure; no framework imports.
 */
import { chipTier } from '../../catalogue/chips';
import { monthsBetween } from '../../catalogue/dates';
import {
  BATTERY_LIVES,
  CAMERA_CLASS_NAMES,
  CAMERA_QUALITIES,
  PROCESSOR_CLASS_NAMES,
  PROCESSOR_SPEEDS,
  SCREEN_SIZES,
  STORAGES,
  type PriceRange,
  type Storage,
} from '../../catalogue/enums';
import type { Availability, Phone } from '../../catalogue/schema';
import { megapixels } from '../classify';
import type { PhoneSpecsResponse } from '../schemas';
import type { CurrentPhoneCard } from './currentPhone';
import { availabilityLabel, isSoldOn } from '../../catalogue/availability';
import { isFreshCheck } from '../../catalogue/freshness';
import { monthYear } from '../../catalogue/pricing';
import { priceUnconfirmed } from '../../catalogue/us-launch';
import { updatesLabel } from '../../catalogue/updates';
import { orUnknown as show, UNKNOWN } from '../format';
import { phonePriceLabel } from '../price-label';
import { capitalise } from './display';

export interface ComparisonRow {
  label: string;
  current: string;
  recommended: string;
  /** The recommendation is better on this row. */
  improved: boolean;
}

const rankIn = (order: readonly string[], v: string | null | undefined) => (v ? order.indexOf(v) : -1);
/** Better when both are known and b ranks above a. */
const better = (order: readonly string[], a: string | null | undefined, b: string | null | undefined) => {
  const ra = rankIn(order, a);
  const rb = rankIn(order, b);
  return ra >= 0 && rb >= 0 && rb > ra;
};
/** A class as text ('Extended'), or 'Unknown' when the fact behind it is not known. */
const classText = (c: string | null | undefined) => (c ? capitalise(c) : 'Unknown');
const storageText = (s: string | null | undefined) => (s ? s.toUpperCase().replace(/(\d)([GT]B)/, '$1 $2') : UNKNOWN);

/**
 * The recommended phone's storage for the visitor's answer: the smallest option that holds what they
 * chose ('128 GB (up to 512 GB)'), or its largest option ('Up to 512 GB') when no storage was chosen
 * or none of its options holds it.
 */
export function chosenStorageText(phone: Pick<Phone, 'specs'>, chosen?: Storage): string {
  const largest = phone.specs.storage;
  const options = phone.specs.storageOptions.map((o) => o.toLowerCase()).filter((o) => STORAGES.includes(o as Storage));
  const fit = chosen ? options.find((o) => rankIn(STORAGES, o) >= rankIn(STORAGES, chosen)) : undefined;
  if (!fit) return largest ? `Up to ${storageText(largest)}` : UNKNOWN;
  return fit === largest ? storageText(fit) : `${storageText(fit)} (up to ${storageText(largest)})`;
}

/**
 * The short comparison on the wizard's results step: the current phone's card against the top pick,
 * class by class (camera, battery, storage, performance, screen size, release year).
 */
export function upgradeRows(current: CurrentPhoneCard, phone: Phone, chosenStorage?: Storage): ComparisonRow[] {
  const s = phone.specs;
  return [
    {
      label: 'Camera',
      current: current.cameraQuality ? CAMERA_CLASS_NAMES[current.cameraQuality] : 'Unknown',
      recommended: CAMERA_CLASS_NAMES[s.cameraQuality],
      improved: better(CAMERA_QUALITIES, current.cameraQuality, s.cameraQuality),
    },
    {
      label: 'Battery',
      current: classText(current.batteryLife),
      recommended: classText(s.batteryLife),
      improved: better(BATTERY_LIVES, current.batteryLife, s.batteryLife),
    },
    {
      // Which storage the visitor's own phone has is not known: its largest option is.
      label: 'Storage',
      current: current.storage ? `Up to ${storageText(current.storage)}` : UNKNOWN,
      recommended: chosenStorageText(phone, chosenStorage),
      improved: better(STORAGES, current.storage, s.storage),
    },
    {
      label: 'Performance',
      current: current.processorSpeed ? PROCESSOR_CLASS_NAMES[current.processorSpeed] : UNKNOWN,
      recommended: PROCESSOR_CLASS_NAMES[s.processorSpeed],
      improved: better(PROCESSOR_SPEEDS, current.processorSpeed, s.processorSpeed),
    },
    {
      label: 'Screen size',
      current: current.screenSize ? capitalise(current.screenSize) : UNKNOWN,
      recommended: capitalise(s.screenSize),
      improved: better(SCREEN_SIZES, current.screenSize, s.screenSize),
    },
    {
      label: 'Released',
      current: String(current.year),
      recommended: String(phone.year),
      improved: phone.year > current.year,
    },
  ];
}

/** One side of the full comparison view. */
export interface ComparisonSide {
  name: string;
  image: string;
  year: number | null;
  tier: PriceRange | null;
  colors: string[] | null;
  screenInches: number | null;
  display: string | null;
  features: string[];
  processor: string | null;
  mainCamera: string | null;
  ultrawide: string | null;
  selfie: string | null;
  batteryMah: number | null;
  cellular: string | null;
  brand: string;
  /** Price in CAD, with 'about' for an estimate; null when not known. */
  price: string | null;
  /** Where the price comes from, dated; null when not known. */
  priceSource: string | null;
  /** 'YYYY-MM' the price was last checked; null when unknown. */
  priceChecked: string | null;
  availability: Availability | null;
  /** Until when the phone gets OS versions, from its maker's policy; null when not known. */
  updates: { osUntil: string; estimate: boolean } | null;
  /** Footnotes to show under the column (estimates, unknowns). */
  notes: string[];
  /** A phone of our catalogue (facts such as the charging port follow from its maker and year). */
  catalogue: boolean;
}

/** A catalogue phone as a comparison side. */
export function sideFromPhone(phone: Phone): ComparisonSide {
  const s = phone.specs;
  const notes: string[] = [];
  if (priceUnconfirmed(phone.pricing))
    notes.push('Canadian price not confirmed: the price shown is the US launch price converted, not a Canadian price.');
  else if (phone.priceEstimated) notes.push('Not sold in Canada: price converted from the US launch price.');
  return {
    name: `${phone.brand} ${phone.model}`,
    image: phone.image,
    year: phone.year,
    tier: phone.priceRange,
    colors: s.colors,
    screenInches: s.screenInches,
    display: s.display,
    features: phone.features.map((f) => f.label),
    processor: s.chipset,
    mainCamera: s.cameraSpecs.mainCamera,
    ultrawide: s.cameraSpecs.ultrawide,
    selfie: s.cameraSpecs.frontCamera,
    batteryMah: s.batteryMah,
    cellular: s.network,
    brand: phone.brand,
    price: phonePriceLabel(phone),
    priceSource: phone.pricing.currentSource ?? phone.pricing.launchSource,
    priceChecked: phone.pricing.currentDate ?? phone.pricing.launchDate,
    availability: phone.availability,
    updates: phone.updates,
    notes,
    catalogue: true,
  };
}

/**
 * A phone from GET /api/phone-specs (or the engine's local estimate) as a comparison side. `tier` is
 * the stored tier of the current phone (default midrange); `note` is shown as a footnote.
 */
export function sideFromSpecs(
  p: PhoneSpecsResponse['phone'],
  tier: PriceRange | null,
  note?: string | null,
): ComparisonSide {
  const s = p.specs;
  const inches = s.display ? /(\d+(?:\.\d+)?)\s*(?:"|in)/.exec(s.display) : null;
  const battery = s.battery ? /(\d{3,5})\s*mAh/i.exec(s.battery) : null;
  return {
    name: `${p.brand} ${p.model}`.trim(),
    image: p.image,
    year: p.release_year,
    tier,
    colors: null,
    screenInches: inches ? Number(inches[1]) : null,
    display: s.display ? s.display.replace(/^\d+(?:\.\d+)?\s*(?:"|in(?:ches)?)\s*/, '') || null : null,
    features: s.features,
    processor: s.processor,
    mainCamera: s.camera.main,
    ultrawide: s.camera.ultrawide,
    selfie: s.camera.selfie,
    batteryMah: battery ? Number(battery[1]) : null,
    cellular: s.connectivity,
    brand: p.brand,
    price: p.price_source ? phonePriceLabel({ price: p.price_range, priceEstimated: false }) : null,
    priceSource: p.price_source,
    priceChecked: p.price_checked ?? null,
    availability: p.availability,
    updates: p.updates,
    notes: note ? [note] : [],
    catalogue: p.id !== null,
  };
}

const has = (features: string[], re: RegExp) => features.some((f) => re.test(f));
const AI = /\bAI\b|Apple Intelligence|Galaxy AI|Gemini/i;
const CAMERA_CONTROL = /camera control/i;
const SOS = /\bSOS\b|satellite/i;
const USB_C = /USB[- ]?C|USB Type-C/i;
const FACE_ID = /face id/i;
const hz = (d: string | null) => {
  const m = d ? /(\d{2,3})\s*Hz/i.exec(d) : null;
  return m ? Number(m[1]) : null;
};

/** Yes when a feature says so; 'No' only where the answer is a fact (Face ID is Apple's alone); else '—'. */
function yesNo(side: ComparisonSide, re: RegExp, appleOnly = false): string {
  if (has(side.features, re)) return 'Yes';
  if (appleOnly && side.brand !== 'Apple') return 'No';
  return UNKNOWN;
}

/**
 * USB-C: 'Yes' when a feature says so; an iPhone has it from 2023 (iPhone 15) and Lightning before;
 * every other phone of our catalogue (Samsung and Google from 2018, Motorola and OnePlus from 2025)
 * has USB-C. A phone of another maker or a guessed one stays '—'.
 */
function usbC(side: ComparisonSide): string {
  if (has(side.features, USB_C)) return 'Yes';
  if (side.brand === 'Apple' && side.year !== null) return side.year >= 2023 ? 'Yes' : 'No';
  return side.catalogue ? 'Yes' : UNKNOWN;
}

/**
 * The rows of the comparison view on `today`, in the documented order (image and tier are shown in the
 * column heads), then software updates, availability and the dated price.
 */
export function comparisonRows(current: ComparisonSide, rec: ComparisonSide, today: Date): ComparisonRow[] {
  const row = (label: string, c: string, r: string, improved: boolean): ComparisonRow => ({
    label,
    current: c,
    recommended: r,
    improved,
  });
  const gained = (re: RegExp, appleOnly = false) =>
    yesNo(rec, re, appleOnly) === 'Yes' && yesNo(current, re, appleOnly) === 'No';
  const mpBetter = (a: string | null, b: string | null) => {
    const ma = megapixels(a);
    const mb = megapixels(b);
    return ma !== null && mb !== null && mb > ma;
  };
  const screen = (s: ComparisonSide) =>
    [s.screenInches !== null ? `${s.screenInches}"` : null, s.display].filter(Boolean).join(' ') || UNKNOWN;
  const hzC = hz(current.display);
  const hzR = hz(rec.display);
  const procC = chipTier(current.processor);
  const procR = chipTier(rec.processor);
  return [
    row('Colours', current.colors?.join(', ') || UNKNOWN, rec.colors?.join(', ') || UNKNOWN, false),
    row('Screen size & display', screen(current), screen(rec), hzC !== null && hzR !== null && hzR > hzC),
    row(
      'AI features',
      has(current.features, AI) ? 'Yes' : UNKNOWN,
      has(rec.features, AI) ? 'Yes' : UNKNOWN,
      has(rec.features, AI) && !has(current.features, AI),
    ),
    row('Processor', show(current.processor), show(rec.processor), better(PROCESSOR_SPEEDS, procC, procR)),
    row(
      'Camera Control',
      yesNo(current, CAMERA_CONTROL),
      yesNo(rec, CAMERA_CONTROL),
      has(rec.features, CAMERA_CONTROL) && !has(current.features, CAMERA_CONTROL),
    ),
    row('Main camera', show(current.mainCamera), show(rec.mainCamera), mpBetter(current.mainCamera, rec.mainCamera)),
    row('Ultrawide camera', show(current.ultrawide), show(rec.ultrawide), mpBetter(current.ultrawide, rec.ultrawide)),
    row('Selfie camera', show(current.selfie), show(rec.selfie), mpBetter(current.selfie, rec.selfie)),
    row('Emergency SOS', yesNo(current, SOS), yesNo(rec, SOS), has(rec.features, SOS) && !has(current.features, SOS)),
    row(
      'Battery',
      current.batteryMah !== null ? `${current.batteryMah.toLocaleString('en-US')} mAh` : UNKNOWN,
      rec.batteryMah !== null ? `${rec.batteryMah.toLocaleString('en-US')} mAh` : UNKNOWN,
      current.batteryMah !== null && rec.batteryMah !== null && rec.batteryMah > current.batteryMah,
    ),
    row('USB-C', usbC(current), usbC(rec), usbC(rec) === 'Yes' && usbC(current) === 'No'),
    row('Face ID', yesNo(current, FACE_ID, true), yesNo(rec, FACE_ID, true), gained(FACE_ID, true)),
    row(
      'Cellular',
      show(current.cellular),
      show(rec.cellular),
      /5G/i.test(rec.cellular ?? '') && /^[34]G/i.test(current.cellular ?? ''),
    ),
    row(
      'Software updates',
      current.updates ? updatesLabel(current.updates, today) : UNKNOWN,
      rec.updates ? updatesLabel(rec.updates, today) : UNKNOWN,
      current.updates !== null &&
        rec.updates !== null &&
        monthsBetween(current.updates.osUntil, rec.updates.osUntil) > 0,
    ),
    row(
      'Availability',
      current.availability ? availabilityCell(current.availability, today) : UNKNOWN,
      rec.availability ? availabilityCell(rec.availability, today) : UNKNOWN,
      false,
    ),
    row('Price (CAD)', priceText(current, today), priceText(rec, today), false),
  ].filter((r) => r.current !== UNKNOWN || r.recommended !== UNKNOWN);
}

/**
 * A side's availability as the table cell shows it, in a few words so a narrow column holds it
 * ('Sold new', 'Sold new as of Oct 2025' once the lineup check is stale, 'No longer sold new'); the
 * whole dated sentence (`availabilityLabel`) is a footnote (`comparisonNotes`).
 */
export function availabilityCell(a: Availability, today: Date): string {
  // Only reported (a 2026 phone with no Canadian store page found): never "Sold new".
  if (a.confirmed === false && a.status === 'sold') return 'Not confirmed in Canada';
  if (!isSoldOn({ availability: a }, today)) return 'No longer sold new';
  if (a.status !== 'sold' || !a.date || isFreshCheck(a.date, today)) return 'Sold new';
  return `Sold new as of ${monthYear(a.date)}`;
}

/**
 * The footnotes under the comparison: each side's notes, then each side's availability in full
 * ('Samsung Galaxy S25 availability: Sold new in Canada (lineup checked Oct 2025).'; the cell says
 * it in a few words), then where each price comes from, dated
 * ('Samsung Galaxy S25 price: Samsung Canada launch price, Feb 2025; may have changed since.', the
 * last part once the check is older than 6 months). Kept out of the table so a narrow column holds
 * only the price.
 */
export function comparisonNotes(current: ComparisonSide, rec: ComparisonSide, today: Date): string[] {
  const priceNote = (side: ComparisonSide) => {
    if (!side.price || !side.priceSource) return [];
    const stale = side.priceChecked && !isFreshCheck(side.priceChecked, today);
    return [`${side.name} price: ${side.priceSource}${stale ? '; may have changed since' : ''}.`];
  };
  const availabilityNote = (side: ComparisonSide) =>
    side.availability ? [`${side.name} availability: ${availabilityLabel(side.availability, today)}.`] : [];
  return [
    ...current.notes.map((n) => `${current.name}: ${n}`),
    ...rec.notes.map((n) => `${rec.name}: ${n}`),
    ...availabilityNote(current),
    ...availabilityNote(rec),
    ...priceNote(current),
    ...priceNote(rec),
  ];
}

/**
 * A side's price as the table shows it: '$1,129.00'; once the check is older than 6 months it is
 * dated, '$1,129.00 in Sep 2025' (the footnote, `comparisonNotes`, gives the source).
 */
function priceText(side: ComparisonSide, today: Date): string {
  if (!side.price) return UNKNOWN;
  if (side.priceChecked && !isFreshCheck(side.priceChecked, today))
    return `${side.price} in ${monthYear(side.priceChecked)}`;
  return side.price;
}
