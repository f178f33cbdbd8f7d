/**
 * "Is this an upgrade over the visitor's phone?" When the visitor searched for their current phone, a
 * suggestion is an upgrade only if it is newer, beats the phone on at least one thing the visitor
 * rated, and is worse on none of them: cameras compared lens by lens, batteries by capacity, chips by
 * the chip table, screens by the size asked (or inches and refresh rate), storage, the feature asked,
 * and update support. The reasons compare the two phones' own specs ("Battery 4,685 mAh vs 3,582 mAh").
 * Rules and reasons: docs/recommender.md, "Upgrades". Pure; client-safe.
 */
import { chipInfo, chipMaker } from '../catalogue/chips';
import { monthYear } from '../catalogue/pricing';
import { monthsBetween } from '../catalogue/dates';
import {
  BATTERY_LIVES,
  CAMERA_QUALITIES,
  PROCESSOR_SPEEDS,
  SCREEN_SIZES,
  STORAGES,
  type AdvancedFeature,
} from '../catalogue/enums';
import type { Phone } from '../catalogue/schema';
import { outOfOsUpdates } from '../catalogue/updates';
import type { Preferences } from './preferences';

/** What a visitor can rate, in the order upgrade reasons are listed. */
export type Aspect = 'camera' | 'battery' | 'performance' | 'screen' | 'storage' | 'feature';

/**
 * Margins below which two figures count as the same: 5% of battery capacity, 1.5 times the
 * megapixels of a lens, 0.3 inch of screen. A telephoto counts as covered when the other phone gets
 * at least 1/1.2 of its resolution at its zoom.
 */
export const UPGRADE_MARGINS = { battery: 1.05, megapixels: 1.5, screenInches: 0.3, telephoto: 1.2 } as const;

/** What the page says about the visitor's own phone. */
export type UpgradeVerdict = 'upgrade' | 'still-fits' | 'replace' | 'cannot-compare';

/** The result of comparing a suggestion with the visitor's phone. */
export interface UpgradeCheck {
  /** The visitor's phone, 'Brand Model' (as typed when it is not in the catalogue). */
  currentName: string;
  /** Catalogue id of the visitor's phone; null when it is not in the catalogue. */
  currentId: string | null;
  /** Newer, better on something the visitor rated and worse on nothing they rated. */
  isUpgrade: boolean;
  /** Spec-against-spec comparisons where the suggestion is better, best first. */
  reasons: string[];
  /** Why it is not an upgrade, when it is not. */
  blockers: string[];
  /** Priced within what the visitor said they would spend. */
  inBudget: boolean;
  /** Nothing in budget is a real upgrade: this is one of the closest options ("Your phone still fits you"). */
  stillFits: boolean;
  /**
   * 'upgrade': a real upgrade within budget; 'still-fits': none within budget, the phone still gets
   * updates; 'replace': none within budget and the phone no longer gets OS updates; 'cannot-compare':
   * the phone is not in the catalogue.
   */
  verdict: UpgradeVerdict;
  /** 'YYYY-MM' the visitor's phone stopped getting OS versions, when it has (else null). */
  updatesEnded: string | null;
}

/** What "a better phone" means when nothing narrower was asked: camera, then battery, then the chip. */
const OVERALL_ASPECTS = ['camera', 'battery', 'performance'] as const satisfies readonly Aspect[];

/** The aspects a visitor rated: each answered question and use that needs it; camera, battery and performance when none. */
export function caredAspects(prefs: Preferences): Aspect[] {
  const a = new Set<Aspect>();
  if (prefs.cameraQuality || prefs.primaryUse === 'content' || prefs.cameraSpecs) a.add('camera');
  const batteryUse =
    prefs.primaryUse === 'entertainment' || prefs.environment === 'outdoor' || prefs.environment === 'varied';
  if (prefs.batteryLife || batteryUse) a.add('battery');
  const speedUse =
    prefs.primaryUse === 'productivity' ||
    prefs.environment === 'work' ||
    prefs.workStyle === 'productivity' ||
    prefs.workStyle === 'presentations';
  if (prefs.processorSpeed || speedUse) a.add('performance');
  if (prefs.screenSize || prefs.primaryUse === 'entertainment' || prefs.primaryUse === 'productivity') a.add('screen');
  if (prefs.storage) a.add('storage');
  if (prefs.advancedFeatures && prefs.advancedFeatures !== 'standard') a.add('feature');
  if (a.size === 0) for (const x of OVERALL_ASPECTS) a.add(x);
  return (['camera', 'battery', 'performance', 'screen', 'storage', 'feature'] as const).filter((x) => a.has(x));
}

const mp = (lens: string | null) => {
  const m = /(\d+(?:\.\d+)?)\s*MP/i.exec(lens ?? '');
  return m ? Number(m[1]) : null;
};
const zoom = (lens: string | null) => {
  const all = [...(lens ?? '').matchAll(/(\d+(?:\.\d+)?)x/gi)].map((m) => Number(m[1]));
  return all.length ? Math.max(...all) : null;
};
const chipName = (chipset: string | null) =>
  (chipset ?? '').replace(/^(Apple|Google|Qualcomm|Samsung|MediaTek)\s+/, '').replace(/\s+for Galaxy$/, '');
const storageText = (s: string) => s.toUpperCase().replace(/(\d)([GT]B)/, '$1 $2');
const mah = (n: number) => `${n.toLocaleString('en-US')} mAh`;
const FEATURE_NAMES: Record<AdvancedFeature, string> = {
  standard: 'Nothing special',
  ai: 'AI features',
  foldable: 'Foldable screen',
  ar: 'Depth (LiDAR) scanner',
};
const rankOf = <T extends string>(order: readonly T[], v: T) => order.indexOf(v);

/** A telephoto lens: megapixels and optical zoom. */
export interface Tele {
  mp: number;
  zoom: number;
}

/** The telephoto lenses of a phone (several are joined with ' + ' in the catalogue). */
export function teles(phone: Phone): Tele[] {
  const text = phone.specs.cameraSpecs.telephoto;
  if (!text) return [];
  return text.split(' + ').flatMap((lens) => {
    const [m, z] = [mp(lens), zoom(lens)];
    return m !== null && z !== null ? [{ mp: m, zoom: z }] : [];
  });
}

/**
 * Main sensors above this many megapixels bin their pixels, so a crop of one is counted as this many
 * (a 48MP main camera gives the "2x optical-quality" zoom makers advertise; a 200MP one no more).
 */
const MAIN_CROP_MP = 48;

/**
 * Megapixels a phone delivers at a zoom factor, from its own lenses: the best telephoto at or below
 * that zoom (or the main camera) cropped to it. A 50MP 5x lens gives 12.5MP at 10x.
 */
export function resolutionAt(phone: Phone, factor: number): number {
  const main = Math.min(MAIN_CROP_MP, mp(phone.specs.cameraSpecs.mainCamera) ?? 0);
  const options = [{ mp: main, zoom: 1 }, ...teles(phone)].filter((l) => l.zoom <= factor);
  return Math.max(0, ...options.map((l) => l.mp * (l.zoom / factor) ** 2));
}

/** Where the candidate's camera is weaker than the current phone's, lens by lens. */
function cameraLosses(cur: Phone, cand: Phone): string[] {
  const a = cur.specs.cameraSpecs;
  const b = cand.specs.cameraSpecs;
  const out: string[] = [];
  const candTeles = teles(cand);
  for (const t of teles(cur)) {
    // A longer lens at least as sharp covers a shorter one (a 48MP 4x covers a 12MP 3x): the shot is
    // framed at the longer zoom or taken with the main camera, and is as sharp as before.
    const longer = candTeles.some((c) => c.zoom >= t.zoom && c.mp * UPGRADE_MARGINS.telephoto >= t.mp);
    if (!longer && resolutionAt(cand, t.zoom) * UPGRADE_MARGINS.telephoto < t.mp)
      out.push(
        b.telephoto
          ? `Weaker telephoto: ${cand.model} at ${t.zoom}x vs a ${t.mp}MP ${t.zoom}x lens`
          : `No telephoto lens vs a ${t.zoom}x telephoto`,
      );
  }
  if (a.ultrawide && !b.ultrawide) out.push('No ultrawide camera vs an ultrawide');
  const lens = (label: string, x: string | null, y: string | null) => {
    const [mx, my] = [mp(x), mp(y)];
    if (mx !== null && my !== null && my * UPGRADE_MARGINS.megapixels <= mx)
      out.push(`Weaker ${label}: ${my}MP vs ${mx}MP`);
  };
  lens('main camera', a.mainCamera, b.mainCamera);
  if (a.ultrawide && b.ultrawide) lens('ultrawide camera', a.ultrawide, b.ultrawide);
  if (
    !out.length &&
    rankOf(CAMERA_QUALITIES, cand.specs.cameraQuality) < rankOf(CAMERA_QUALITIES, cur.specs.cameraQuality)
  )
    out.push('Fewer cameras than yours');
  return out;
}

function cameraReasons(cur: Phone, cand: Phone): string[] {
  const a = cur.specs.cameraSpecs;
  const b = cand.specs.cameraSpecs;
  const out: string[] = [];
  const bZoom = zoom(b.telephoto);
  if (b.telephoto && !a.telephoto) out.push(`Telephoto lens${bZoom ? ` (${bZoom}x)` : ''} vs none`);
  if (b.ultrawide && !a.ultrawide) out.push('Ultrawide lens vs none');
  const lens = (label: string, x: string | null, y: string | null) => {
    const [mx, my] = [mp(x), mp(y)];
    if (mx !== null && my !== null && my >= mx * UPGRADE_MARGINS.megapixels) out.push(`${label} ${my}MP vs ${mx}MP`);
  };
  if (a.telephoto && b.telephoto) {
    const [za, zb] = [zoom(a.telephoto), zoom(b.telephoto)];
    if (za !== null && zb !== null && zb > za) out.push(`Optical zoom ${zb}x vs ${za}x`);
    lens('Telephoto camera', a.telephoto, b.telephoto);
  }
  lens('Main camera', a.mainCamera, b.mainCamera);
  if (a.ultrawide && b.ultrawide) lens('Ultrawide camera', a.ultrawide, b.ultrawide);
  return out;
}

/** Highest refresh rate printed in a display text; 60 Hz when none is printed (makers print higher rates). */
export function refreshRate(display: string | null): number | null {
  if (!display) return null;
  const rates = [...display.matchAll(/(\d{2,3})\s*Hz/gi)].map((m) => Number(m[1]));
  return rates.length ? Math.max(...rates) : 60;
}

/**
 * Chip comparison: by tier; within a tier only a newer generation of the same maker's line of the
 * same kind counts as faster (A18 -> A19, Tensor G4 -> G5). Other chips of one tier are not ordered:
 * a 2018 flagship and a 2024 midrange chip are both 'standard', and nothing in the table says which
 * is faster.
 */
function compareChips(a: Phone, b: Phone): number {
  const [ca, cb] = [chipInfo(a.specs.chipset), chipInfo(b.specs.chipset)];
  const tier = rankOf(PROCESSOR_SPEEDS, a.specs.processorSpeed) - rankOf(PROCESSOR_SPEEDS, b.specs.processorSpeed);
  if (tier || !ca || !cb) return tier;
  const sameLine = chipMaker(a.specs.chipset) === chipMaker(b.specs.chipset) && ca.kind === cb.kind;
  return sameLine ? ca.year - cb.year : 0;
}

/** Distance of a screen class from the class asked (0 = the size asked). */
const sizeGap = (phone: Phone, asked: NonNullable<Preferences['screenSize']>) =>
  Math.abs(rankOf(SCREEN_SIZES, phone.specs.screenSize) - rankOf(SCREEN_SIZES, asked));

function aspectReasons(aspect: Aspect, cur: Phone, cand: Phone, prefs: Preferences): string[] {
  const a = cur.specs;
  const b = cand.specs;
  switch (aspect) {
    case 'camera':
      return cameraReasons(cur, cand);
    case 'battery':
      return a.batteryMah !== null && b.batteryMah !== null && b.batteryMah >= a.batteryMah * UPGRADE_MARGINS.battery
        ? [`Battery ${mah(b.batteryMah)} vs ${mah(a.batteryMah)}`]
        : [];
    case 'performance': {
      if (compareChips(cand, cur) <= 0) return [];
      const [ca, cb] = [chipInfo(a.chipset), chipInfo(b.chipset)];
      return [`Processor ${chipName(b.chipset)} (${cb?.year ?? '?'}) vs ${chipName(a.chipset)} (${ca?.year ?? '?'})`];
    }
    case 'screen': {
      if (a.screenInches === null || b.screenInches === null) return [];
      const out: string[] = [];
      const asked = prefs.screenSize;
      const size = asked
        ? sizeGap(cand, asked) < sizeGap(cur, asked)
        : b.screenInches >= a.screenInches + UPGRADE_MARGINS.screenInches;
      if (size) out.push(`Screen ${b.screenInches}" vs ${a.screenInches}"`);
      const [ha, hb] = [refreshRate(a.display), refreshRate(b.display)];
      if (ha !== null && hb !== null && hb > ha) out.push(`Display ${hb}Hz vs ${ha}Hz`);
      return out;
    }
    case 'storage': {
      const asked = prefs.storage ? STORAGES.indexOf(prefs.storage) : -1;
      const [ra, rb] = [STORAGES.indexOf(a.storage), STORAGES.indexOf(b.storage)];
      if (!(rb > ra && (asked < 0 || ra < asked))) return [];
      return [`Storage up to ${storageText(b.storage)} vs ${storageText(a.storage)}`];
    }
    case 'feature': {
      const want = prefs.advancedFeatures;
      const gains = want && want !== 'standard' && b.featureTags.includes(want) && !a.featureTags.includes(want);
      return gains ? [`${FEATURE_NAMES[want]}: yes vs no`] : [];
    }
  }
}

/** Where the suggestion is worse than the visitor's phone on something they rated. */
function aspectLosses(aspect: Aspect, cur: Phone, cand: Phone, prefs: Preferences): string[] {
  const a = cur.specs;
  const b = cand.specs;
  switch (aspect) {
    case 'camera':
      return cameraLosses(cur, cand);
    case 'battery': {
      const [ma, mb] = [a.batteryMah, b.batteryMah];
      const classDrop =
        a.batteryLife !== null &&
        b.batteryLife !== null &&
        rankOf(BATTERY_LIVES, b.batteryLife) < rankOf(BATTERY_LIVES, a.batteryLife);
      const smaller = ma !== null && mb !== null && mb * UPGRADE_MARGINS.battery < ma;
      return ma !== null && mb !== null && (classDrop || smaller) ? [`Smaller battery: ${mah(mb)} vs ${mah(ma)}`] : [];
    }
    case 'performance':
      return compareChips(cand, cur) < 0 ? [`Slower chip: ${chipName(b.chipset)} vs ${chipName(a.chipset)}`] : [];
    case 'screen': {
      if (a.screenInches === null || b.screenInches === null) return [];
      const out: string[] = [];
      const asked = prefs.screenSize;
      const size = asked
        ? sizeGap(cand, asked) > sizeGap(cur, asked)
        : b.screenInches + UPGRADE_MARGINS.screenInches <= a.screenInches;
      if (size)
        out.push(`Screen ${b.screenInches}" vs ${a.screenInches}"${asked ? ', further from the size you asked' : ''}`);
      const [ha, hb] = [refreshRate(a.display), refreshRate(b.display)];
      if (ha !== null && hb !== null && hb < ha) out.push(`Slower display: ${hb}Hz vs ${ha}Hz`);
      return out;
    }
    case 'storage':
      return rankOf(STORAGES, b.storage) < rankOf(STORAGES, a.storage)
        ? [`Less storage: up to ${storageText(b.storage)} vs ${storageText(a.storage)}`]
        : [];
    case 'feature': {
      const want = prefs.advancedFeatures;
      const lost = want && want !== 'standard' && a.featureTags.includes(want) && !b.featureTags.includes(want);
      return lost ? [`${FEATURE_NAMES[want]}: no vs yes`] : [];
    }
  }
}

/**
 * Orders two phones by what the visitor rated, aspect by aspect in `caredAspects` order (used only
 * between phones whose scores are equal): negative when `a` is stronger. Differences inside the
 * margins count as equal, so a 2% bigger battery does not outrank a faster chip.
 */
export function compareStrength(a: Phone, b: Phone, prefs: Preferences): number {
  return orderByAspects(caredAspects(prefs), a, b, prefs);
}

/**
 * The stronger phone overall (camera, then battery, then performance), whatever was rated: with no
 * spending limit, equal matches are ordered by this before price, so a buyer who set no ceiling is
 * not handed the cheapest model of a family for want of a question that separates them.
 */
export function compareOverall(a: Phone, b: Phone, prefs: Preferences): number {
  return orderByAspects(OVERALL_ASPECTS, a, b, prefs);
}

/** The first aspect of `aspects` on which one phone is the stronger decides; 0 when none does. */
function orderByAspects(aspects: readonly Aspect[], a: Phone, b: Phone, prefs: Preferences): number {
  for (const aspect of aspects) {
    const c = aspectOrder(aspect, a, b, prefs);
    if (c) return c;
  }
  return 0;
}

function aspectOrder(aspect: Aspect, a: Phone, b: Phone, prefs: Preferences): number {
  const sa = a.specs;
  const sb = b.specs;
  const beats = (x: number | null, y: number | null, margin: number) =>
    x !== null && y !== null ? (x >= y * margin ? -1 : y >= x * margin ? 1 : 0) : 0;
  switch (aspect) {
    case 'camera': {
      const lenses = (p: Phone) =>
        [p.specs.cameraSpecs.mainCamera, p.specs.cameraSpecs.ultrawide].filter(Boolean).length + teles(p).length;
      const reach = (p: Phone) => Math.max(0, ...teles(p).map((t) => t.zoom));
      const teleMp = (p: Phone) => Math.max(0, ...teles(p).map((t) => t.mp));
      return (
        rankOf(CAMERA_QUALITIES, sb.cameraQuality) - rankOf(CAMERA_QUALITIES, sa.cameraQuality) ||
        lenses(b) - lenses(a) ||
        reach(b) - reach(a) ||
        beats(teleMp(a) || null, teleMp(b) || null, UPGRADE_MARGINS.megapixels) ||
        beats(mp(sa.cameraSpecs.mainCamera), mp(sb.cameraSpecs.mainCamera), UPGRADE_MARGINS.megapixels)
      );
    }
    case 'battery':
      return beats(sa.batteryMah, sb.batteryMah, UPGRADE_MARGINS.battery);
    case 'performance':
      return -compareChips(a, b);
    case 'screen': {
      const asked = prefs.screenSize;
      const size = asked
        ? sizeGap(a, asked) - sizeGap(b, asked)
        : sa.screenInches !== null && sb.screenInches !== null
          ? Math.abs(sa.screenInches - sb.screenInches) >= UPGRADE_MARGINS.screenInches
            ? sb.screenInches - sa.screenInches
            : 0
          : 0;
      return size || (refreshRate(sb.display) ?? 0) - (refreshRate(sa.display) ?? 0);
    }
    case 'storage':
      return rankOf(STORAGES, sb.storage) - rankOf(STORAGES, sa.storage);
    case 'feature': {
      const want = prefs.advancedFeatures;
      if (!want || want === 'standard') return 0;
      return Number(sb.featureTags.includes(want)) - Number(sa.featureTags.includes(want));
    }
  }
}

/**
 * Compares a suggestion with the visitor's phone on `today`. `maxCad` is the most the visitor said
 * they would spend (Infinity for no limit). The verdict is set by `recommend`, which sees every
 * suggestion; here it is 'upgrade' or 'still-fits' from this pair alone.
 */
export function checkUpgrade(
  current: Phone,
  candidate: Phone,
  prefs: Preferences,
  maxCad: number,
  today: Date,
): UpgradeCheck {
  const aspects = caredAspects(prefs);
  const ended = outOfOsUpdates(current.updates, today) ? current.updates.osUntil : null;
  const candidateEnded = outOfOsUpdates(candidate.updates, today);
  const reasons: string[] = [];
  // A phone that no longer gets OS updates is replaced first of all for that.
  if (ended && !candidateEnded)
    reasons.push(`OS updates until ${monthYear(candidate.updates.osUntil)} vs ended ${monthYear(ended)}`);
  reasons.push(...aspects.flatMap((aspect) => aspectReasons(aspect, current, candidate, prefs)));
  const blockers: string[] = aspects.flatMap((aspect) => aspectLosses(aspect, current, candidate, prefs));
  if (monthsBetween(candidate.updates.osUntil, current.updates.osUntil) > 0)
    blockers.push(
      `Shorter update support: OS updates until ${monthYear(candidate.updates.osUntil)} vs ${monthYear(current.updates.osUntil)}`,
    );
  const sibling = cheaperSibling(current, candidate);
  if (sibling) blockers.push(sibling);
  // A foldable is heavier, thicker and more fragile than a slab: no upgrade unless a foldable was asked.
  if (
    candidate.specs.featureTags.includes('foldable') &&
    !current.specs.featureTags.includes('foldable') &&
    prefs.advancedFeatures !== 'foldable'
  )
    blockers.push('A foldable: heavier and more fragile than yours, and you did not ask for one');
  const age = monthsBetween(current.pricing.launchDate, candidate.pricing.launchDate);
  if (age <= 0)
    blockers.push(
      age === 0
        ? `Not newer than your phone: both launched ${monthYear(current.pricing.launchDate)}`
        : `Older than your phone: launched ${monthYear(candidate.pricing.launchDate)} vs ${monthYear(current.pricing.launchDate)}`,
    );
  if (!reasons.length) blockers.push('Not better than your phone on what you asked for');
  const isUpgrade = blockers.length === 0;
  return {
    currentName: `${current.brand} ${current.model}`,
    currentId: current.id,
    isUpgrade,
    reasons,
    blockers,
    inBudget: candidate.price <= maxCad,
    stillFits: false,
    verdict: isUpgrade ? 'upgrade' : 'still-fits',
    updatesEnded: ended,
  };
}

/**
 * A phone's line and generation from its model name: 'Galaxy S25 FE' -> ['Galaxy S', 25], 'Pixel 9a'
 * -> ['Pixel', 9], 'iPhone 16e' -> ['iPhone', 16]; null when the name has no generation number.
 */
export function lineGeneration(model: string): { line: string; generation: number } | null {
  const m = /^(.*?)(\d{1,2})(?!\d)/.exec(model);
  return m ? { line: m[1]!.trim().toLowerCase(), generation: Number(m[2]) } : null;
}

/**
 * Why a candidate is a cheaper sibling of the same or an older generation than the visitor's phone
 * (same maker, a lower launch price, and the same line of an older or the same generation, or another
 * line released no later, or a newer name on a chip no newer than the visitor's), or null. Such a phone
 * is never an upgrade: the Pixel 9a or 10a for a Pixel 9, the S25 FE for an S25, the 16e for an iPhone 16.
 */
export function cheaperSibling(current: Phone, candidate: Phone): string | null {
  if (current.brand !== candidate.brand || candidate.pricing.launchCad >= current.pricing.launchCad) return null;
  const [a, b] = [lineGeneration(current.model), lineGeneration(candidate.model)];
  const sameLine = a !== null && b !== null && a.line === b.line;
  const older = sameLine ? b.generation <= a.generation : candidate.year <= current.year;
  if (older)
    return `A cheaper ${sameLine ? 'sibling of the same or an older generation' : 'phone of the same or an older year'}: ${candidate.model} vs ${current.model}`;
  // A newer name on a chip that is not newer (the Pixel 10a's Tensor G4 for a Pixel 9 owner) is the
  // same cheaper sibling under a later name.
  const [ca, cb] = [chipInfo(current.specs.chipset), chipInfo(candidate.specs.chipset)];
  return ca && cb && cb.year <= ca.year
    ? `A cheaper phone on the same or an older chip: ${candidate.model} (${candidate.specs.chipset}) vs ${current.model} (${current.specs.chipset})`
    : null;
}

/** The check of a suggestion when the visitor's phone is not in the catalogue: nothing can be compared. */
export function cannotCompare(currentName: string, candidate: Phone, maxCad: number): UpgradeCheck {
  return {
    currentName,
    currentId: null,
    isUpgrade: false,
    reasons: [],
    blockers: [`${currentName} is not in our catalogue`],
    inBudget: candidate.price <= maxCad,
    stillFits: false,
    verdict: 'cannot-compare',
    updatesEnded: null,
  };
}
