/**
 * The reasons on a recommendation's card, in words: one per criterion the phone meets in full, a need
 * said once ('Top tier chip' for the use and the chip asked), at most SCORING.maxReasons, padded with
 * true facts about the phone up to SCORING.minReasons. Pure; client-safe.
 */
import { storageClass } from '../catalogue/classes';
import { BATTERY_LIVES, CAMERA_QUALITIES, PROCESSOR_CLASS_NAMES, PROCESSOR_SPEEDS, STORAGES } from '../catalogue/enums';
import { monthYear, PRICE_TIER_MAX_CAD } from '../catalogue/pricing';
import type { Phone } from '../catalogue/schema';
import { budgetMaxCad, PRICE_RANGE_LABELS, PRICE_RANGE_NAMES } from './budget';
import { formatPrice } from './format';
import { phonePriceLabel } from './price-label';
import { bestTele, cap, lensText, storageText } from './phone-text';
import type { Preferences } from './preferences';
import { optionLabel } from './questions';
import type { Criterion, CriterionWorking, TieBreakWorking } from './recommendation';
import { SCORING } from './scoring';

function cameraReason(phone: Phone): string {
  const s = phone.specs;
  const main = lensText(s.cameraSpecs.mainCamera);
  const tele = bestTele(phone);
  if (s.cameraQuality === 'professional' && tele)
    return `Camera with a ${tele.zoom}x telephoto (${tele.mp}MP)${main ? ` and a ${main} main camera` : ''}`;
  if (s.cameraQuality === 'good') return `Main and ultrawide cameras${main ? ` (${main} main)` : ''}`;
  return `Single ${main ?? ''} camera for everyday photos`.replace(/\s+/g, ' ');
}

function reasonFor(row: CriterionWorking, phone: Phone, prefs: Preferences): string | null {
  const s = phone.specs;
  // Only a criterion the phone meets in full is a reason to pick it.
  if (row.points < row.max) return null;
  switch (row.criterion) {
    case 'budget': {
      // Full points reach OVER_SLIDER_TOLERANCE past the slider, but what the card says compares the
      // exact price with the budget the visitor gave: $950 on 'Up to $940' is '$10 over your budget'.
      const stated = prefs.budget
        ? Math.min(PRICE_TIER_MAX_CAD[prefs.budget], budgetMaxCad(prefs.budget, prefs.budgetValue))
        : Infinity;
      if (phone.price > stated)
        return `${formatPrice(Math.ceil(phone.price - stated))} over your budget at ${phonePriceLabel(phone)}`;
      return phone.priceRange === prefs.budget
        ? `In your price range (${PRICE_RANGE_NAMES[phone.priceRange]}, ${PRICE_RANGE_LABELS[phone.priceRange]})`
        : `Within your budget at ${phonePriceLabel(phone)}`;
    }
    case 'os':
      return prefs.os === 'ios'
        ? 'Runs iOS, as you prefer'
        : prefs.os === 'android'
          ? 'Runs Android, as you prefer'
          : `A ${phone.brand} phone, as you prefer`;
    case 'cameraQuality':
      return cameraReason(phone);
    case 'batteryLife': {
      if (!s.batteryLife) return null;
      const mah = s.batteryMah ? ` (${s.batteryMah.toLocaleString('en-US')} mAh)` : '';
      return `${cap(s.batteryLife)} battery life${mah}`;
    }
    case 'primaryUse':
      switch (prefs.primaryUse) {
        case 'productivity':
          return `${PROCESSOR_CLASS_NAMES[s.processorSpeed]} chip${s.chipset ? ` (${s.chipset})` : ''} for work and multitasking`;
        case 'content':
          return 'Telephoto camera for photo and video work';
        case 'entertainment': {
          const inches = s.screenInches ? `${s.screenInches}-inch ` : '';
          return `Large ${inches}screen${s.batteryLife ? ' and long battery' : ''} for entertainment`;
        }
        default:
          return 'Well-rounded for everyday use';
      }
    case 'screenSize':
      return s.screenInches ? `${s.screenInches}-inch screen, the size you prefer` : 'The screen size you prefer';
    case 'storage': {
      const base = storageClass(s.storageOptions[0]);
      const extra =
        base && prefs.storage && STORAGES.indexOf(base) < STORAGES.indexOf(prefs.storage)
          ? ` (${optionLabel('storage', prefs.storage)} costs more than the ${storageText(base)} price shown)`
          : '';
      return `Storage up to ${storageText(s.storage)}${extra}`;
    }
    case 'processorSpeed':
      return `${PROCESSOR_CLASS_NAMES[s.processorSpeed]} chip${s.chipset ? ` (${s.chipset})` : ''}`;
    case 'advancedFeatures':
      if (prefs.advancedFeatures === 'ai') return 'Built-in AI features';
      if (prefs.advancedFeatures === 'foldable') return 'Foldable design';
      return 'Depth (LiDAR) scanner for augmented reality';
    case 'environment':
      return prefs.environment === 'work'
        ? 'Fast enough for a full workday'
        : prefs.environment === 'outdoor'
          ? 'Maximum battery for long days outdoors'
          : 'All-day battery for days on the move';
    case 'updates':
      return `OS updates until ${monthYear(phone.updates.osUntil)}`;
  }
}

/** True facts used to pad reasons to SCORING.minReasons. */
export function genericReasons(phone: Phone): string[] {
  const s = phone.specs;
  const out = [`Released in ${phone.year}, OS updates until ${monthYear(phone.updates.osUntil)}`];
  if (s.connectivity === '5g') out.push('5G connectivity');
  const largest = s.storageOptions.at(-1);
  if (largest) out.push(`Storage options up to ${largest.replace(/(\d)(GB|TB)/, '$1 $2')}`);
  if (s.screenInches && s.display) out.push(`${s.screenInches}-inch ${s.display.split(',')[0]} display`);
  if (phone.features[0]) out.push(`Includes ${phone.features[0].label}`);
  return out;
}

/**
 * What a criterion's answer asks the phone for, as one key per need ('camera:professional',
 * 'chip:fast', 'battery:maximum'...): a use or an environment asks for what another answer may ask
 * too (photos need a telephoto, like a 'Professional' camera), and one need is said once.
 */
export function needsOf(criterion: Criterion, prefs: Preferences): string[] {
  switch (criterion) {
    case 'cameraQuality':
      return [`camera:${prefs.cameraQuality}`];
    case 'batteryLife':
      return [`battery:${prefs.batteryLife}`];
    case 'processorSpeed':
      return [`chip:${prefs.processorSpeed}`];
    case 'screenSize':
      return [`screen:${prefs.screenSize}`];
    case 'primaryUse':
      return prefs.primaryUse === 'content'
        ? ['camera:professional']
        : prefs.primaryUse === 'productivity'
          ? ['chip:fast']
          : prefs.primaryUse === 'entertainment'
            ? ['screen:large', 'battery:extended']
            : ['battery:extended'];
    case 'environment':
      return prefs.environment === 'work'
        ? ['chip:fast']
        : prefs.environment === 'outdoor'
          ? ['battery:maximum']
          : ['battery:extended'];
    default:
      return [criterion];
  }
}

/** The ordered levels of a need, so a stronger one covers a weaker one ('chip:premium' covers 'chip:fast'). */
const NEED_LEVELS: Record<string, readonly string[]> = {
  camera: CAMERA_QUALITIES,
  battery: BATTERY_LIVES,
  chip: PROCESSOR_SPEEDS,
  // A screen size is not more or less: only the same size covers it.
};

/** True when the needs already said cover every one of `needs`. */
export function covered(needs: string[], said: Set<string>): boolean {
  return needs.every((need) => {
    const [kind, level] = need.split(':') as [string, string | undefined];
    const order = NEED_LEVELS[kind];
    if (!order || level === undefined) return said.has(need);
    return order.slice(order.indexOf(level)).some((l) => said.has(`${kind}:${l}`));
  });
}

export function buildReasons(
  phone: Phone,
  prefs: Preferences,
  working: CriterionWorking[],
  ties: TieBreakWorking[],
): string[] {
  const reasons: string[] = [];
  const add = (r: string | null) => {
    if (r && !reasons.includes(r) && reasons.length < SCORING.maxReasons) reasons.push(r);
  };
  // A need already given as a reason is not given again ('Top tier chip' for the use and the chip asked).
  const said = new Set<string>();
  for (const row of working) {
    const needs = needsOf(row.criterion, prefs);
    const reason = reasonFor(row, phone, prefs);
    if (!reason || covered(needs, said)) continue;
    add(reason);
    // A reason states what the phone has, which may be more than asked ('Top tier chip' for work).
    const has: Record<string, string | null> = {
      camera: phone.specs.cameraQuality,
      battery: phone.specs.batteryLife,
      chip: phone.specs.processorSpeed,
    };
    for (const n of needs) {
      const kind = n.split(':')[0]!;
      said.add(has[kind] ? `${kind}:${has[kind]}` : n);
    }
  }
  for (const row of ties)
    if (row.criterion === 'brand' && row.fits) add(`Stays with ${phone.brand}, the brand you know`);
  for (const r of genericReasons(phone)) if (reasons.length < SCORING.minReasons) add(r);
  return reasons;
}
