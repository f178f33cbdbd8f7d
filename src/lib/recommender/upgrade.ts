/**
 * "Is this an upgrade over the visitor's phone?" When the visitor searched for their current phone, a
 * suggestion must beat it on at least one thing the visitor cares about, must not be worse on any of
 * them (camera class, battery, chip tier) unless it still meets the visitor's own answer, and must be
 * neither older nor a lower line; the reasons
 * compare the two phones' own specs ("Battery 4,685 mAh vs 3,582 mAh").
 * Rules and reasons: docs/recommender.md, "Upgrades". Pure; client-safe.
 */
import { chipInfo } from '../catalogue/chips';
import { BATTERY_LIVES, CAMERA_QUALITIES, PROCESSOR_SPEEDS, STORAGES, type AdvancedFeature } from '../catalogue/enums';
import { lineLevel } from '../catalogue/pricing';
import type { Phone } from '../catalogue/schema';
import { formatPrice } from './format';
import type { Preferences } from './preferences';

/** What a visitor can care about, in the order upgrade reasons are listed. */
export type Aspect = 'camera' | 'battery' | 'performance' | 'screen' | 'storage' | 'feature';

/** A battery counts as bigger from 5% more capacity; a lens from 1.5 times the megapixels. */
export const UPGRADE_MARGINS = { battery: 1.05, megapixels: 1.5, screenInches: 0.3 } as const;

/** The result of comparing a suggestion with the visitor's phone. */
export interface UpgradeCheck {
  /** The visitor's phone, 'Brand Model'. */
  currentName: string;
  currentId: string;
  /** Beats the current phone on something the visitor cares about, and is not older or a lower line. */
  isUpgrade: boolean;
  /** Spec-against-spec comparisons where the suggestion is better, best first. */
  reasons: string[];
  /** Why it is not an upgrade, when it is not. */
  blockers: string[];
  /** Priced within what the visitor said they would spend. */
  inBudget: boolean;
  /** Nothing in budget is a real upgrade: this is one of the closest options ("Your phone still fits you"). */
  stillFits: boolean;
}

/** The aspects a visitor's answers show they care about; camera, battery and performance when none. */
export function caredAspects(prefs: Preferences): Aspect[] {
  const a = new Set<Aspect>();
  const cameraAsked = prefs.cameraQuality === 'good' || prefs.cameraQuality === 'professional';
  if (cameraAsked || prefs.primaryUse === 'content' || prefs.cameraSpecs) a.add('camera');
  const batteryUse =
    prefs.primaryUse === 'entertainment' || prefs.environment === 'outdoor' || prefs.environment === 'varied';
  if (prefs.batteryLife === 'extended' || prefs.batteryLife === 'maximum' || batteryUse) a.add('battery');
  const speedUse =
    prefs.primaryUse === 'productivity' ||
    prefs.environment === 'work' ||
    prefs.workStyle === 'productivity' ||
    prefs.workStyle === 'presentations';
  if (prefs.processorSpeed === 'fast' || prefs.processorSpeed === 'premium' || speedUse) a.add('performance');
  if (prefs.screenSize || prefs.primaryUse === 'entertainment') a.add('screen');
  if (prefs.storage) a.add('storage');
  if (prefs.advancedFeatures && prefs.advancedFeatures !== 'standard') a.add('feature');
  if (a.size === 0) for (const x of ['camera', 'battery', 'performance'] as const) a.add(x);
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
const FEATURE_NAMES: Record<AdvancedFeature, string> = {
  standard: 'Nothing special',
  ai: 'AI features',
  foldable: 'Foldable screen',
  ar: 'Depth (LiDAR) scanner',
};
const rankOf = <T extends string>(order: readonly T[], v: T) => order.indexOf(v);

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
  // A class step up without a lens-level reason still shows, as classes.
  const stepUp = rankOf(CAMERA_QUALITIES, cand.specs.cameraQuality) > rankOf(CAMERA_QUALITIES, cur.specs.cameraQuality);
  if (!out.length && stepUp) {
    out.push(`Camera ${cand.specs.cameraQuality} vs ${cur.specs.cameraQuality}`);
  }
  return out;
}

function aspectReasons(aspect: Aspect, cur: Phone, cand: Phone, prefs: Preferences): string[] {
  const a = cur.specs;
  const b = cand.specs;
  switch (aspect) {
    case 'camera':
      return cameraReasons(cur, cand);
    case 'battery':
      return a.batteryMah !== null && b.batteryMah !== null && b.batteryMah >= a.batteryMah * UPGRADE_MARGINS.battery
        ? [`Battery ${b.batteryMah.toLocaleString('en-US')} mAh vs ${a.batteryMah.toLocaleString('en-US')} mAh`]
        : [];
    case 'performance': {
      const [ca, cb] = [chipInfo(a.chipset), chipInfo(b.chipset)];
      const higher = PROCESSOR_SPEEDS.indexOf(b.processorSpeed) > PROCESSOR_SPEEDS.indexOf(a.processorSpeed);
      const newer = b.processorSpeed === a.processorSpeed && ca !== null && cb !== null && cb.year > ca.year;
      if (!higher && !newer) return [];
      return [`Processor ${chipName(b.chipset)} (${cb?.year ?? '?'}) vs ${chipName(a.chipset)} (${ca?.year ?? '?'})`];
    }
    case 'screen': {
      if (a.screenInches === null || b.screenInches === null) return [];
      const asked = prefs.screenSize;
      const fitsAsked = asked !== undefined && b.screenSize === asked && a.screenSize !== asked;
      const bigger = asked === undefined && b.screenInches >= a.screenInches + UPGRADE_MARGINS.screenInches;
      return fitsAsked || bigger ? [`Screen ${b.screenInches}" vs ${a.screenInches}"`] : [];
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

/** Where the suggestion is worse than the visitor's phone on something they care about. */
function aspectLosses(aspect: Aspect, cur: Phone, cand: Phone, prefs: Preferences): string[] {
  const a = cur.specs;
  const b = cand.specs;
  // A step down that still meets the visitor's own answer is not a loss (a Fold's 4,400 mAh is the
  // 'extended' battery asked for, though smaller than a Galaxy Ultra's 5,000).
  const meets = <T extends string>(order: readonly T[], has: T | null, asked: T | undefined) =>
    asked !== undefined && has !== null && order.indexOf(has) >= order.indexOf(asked);
  switch (aspect) {
    case 'camera': {
      const worse = rankOf(CAMERA_QUALITIES, b.cameraQuality) < rankOf(CAMERA_QUALITIES, a.cameraQuality);
      if (!worse || meets(CAMERA_QUALITIES, b.cameraQuality, prefs.cameraQuality)) return [];
      const lostTele = a.cameraSpecs.telephoto && !b.cameraSpecs.telephoto ? ' (no telephoto)' : '';
      return [`Weaker camera: ${b.cameraQuality} vs ${a.cameraQuality}${lostTele}`];
    }
    case 'battery': {
      const [ma, mb] = [a.batteryMah, b.batteryMah];
      if (ma === null || mb === null || mb * UPGRADE_MARGINS.battery >= ma) return [];
      if (meets(BATTERY_LIVES, b.batteryLife, prefs.batteryLife)) return [];
      return [`Smaller battery: ${mb.toLocaleString('en-US')} mAh vs ${ma.toLocaleString('en-US')} mAh`];
    }
    case 'performance': {
      const slower = rankOf(PROCESSOR_SPEEDS, b.processorSpeed) < rankOf(PROCESSOR_SPEEDS, a.processorSpeed);
      if (!slower || meets(PROCESSOR_SPEEDS, b.processorSpeed, prefs.processorSpeed)) return [];
      return [`Slower chip: ${chipName(b.chipset)} vs ${chipName(a.chipset)}`];
    }
    default:
      return [];
  }
}

/**
 * How much of what the visitor cares about a phone has, as one number used only to order phones
 * whose scores are equal: camera = lenses + megapixels/100, battery = mAh/1000, performance = chip
 * tier × 10 + chip year − 2000, divided by 10. (The S25 Ultra's four lenses beat the S25+'s three.)
 */
export function aspectStrength(phone: Phone, prefs: Preferences): number {
  const s = phone.specs;
  const c = s.cameraSpecs;
  const teles = c.telephoto ? c.telephoto.split(' + ') : [];
  const lenses = [c.mainCamera, c.ultrawide, ...teles].filter((x): x is string => Boolean(x));
  let total = 0;
  for (const aspect of caredAspects(prefs)) {
    if (aspect === 'camera') total += lenses.length + lenses.reduce((sum, l) => sum + (mp(l) ?? 0), 0) / 100;
    if (aspect === 'battery') total += (s.batteryMah ?? 0) / 1000;
    const chipYear = chipInfo(s.chipset)?.year ?? 2000;
    if (aspect === 'performance') total += (rankOf(PROCESSOR_SPEEDS, s.processorSpeed) * 10 + chipYear - 2000) / 10;
  }
  return total;
}

/**
 * Compares a suggestion with the visitor's phone. `maxCad` is the most the visitor said they would
 * spend (Infinity for no limit).
 */
export function checkUpgrade(current: Phone, candidate: Phone, prefs: Preferences, maxCad: number): UpgradeCheck {
  const aspects = caredAspects(prefs);
  const reasons = aspects.flatMap((aspect) => aspectReasons(aspect, current, candidate, prefs));
  // Losing what the visitor asked for (a telephoto, battery, speed) is not an upgrade, whatever else is better.
  const blockers: string[] = aspects.flatMap((aspect) => aspectLosses(aspect, current, candidate, prefs));
  if (candidate.year < current.year) blockers.push(`Older than your phone: ${candidate.year} vs ${current.year}`);
  const [lc, lk] = [lineLevel(current.pricing.launchCad), lineLevel(candidate.pricing.launchCad)];
  const [pk, pc] = [formatPrice(candidate.pricing.launchCad), formatPrice(current.pricing.launchCad)];
  if (lk < lc) blockers.push(`A lower line: launched at ${pk} vs ${pc}`);
  if (!reasons.length) blockers.push('Not better than your phone on what you asked for');
  return {
    currentName: `${current.brand} ${current.model}`,
    currentId: current.id,
    isUpgrade: blockers.length === 0,
    reasons,
    blockers,
    inBudget: candidate.price <= maxCad,
    stillFits: false,
  };
}
