/**
 * Filtering, match score, ranking, reasons and the upgrade check. Pure; client-safe.
 *
 * Every number used to score a phone is in ONE table, {@link SCORING}, documented right above it.
 * Each recommendation also carries its working: per criterion, the visitor's answer, what the phone
 * has, the points given and the maximum, so the UI can show why a phone scored what it did.
 */
import { RECOMMENDABLE_FROM_YEAR } from '../catalogue/constants';
import { PRICE_TIER_MAX_CAD } from '../catalogue/pricing';
import {
  BATTERY_LIVES,
  CAMERA_QUALITIES,
  PRICE_RANGES,
  PROCESSOR_SPEEDS,
  STORAGES,
  type ProcessorSpeed,
} from '../catalogue/enums';
import type { Phone } from '../catalogue/schema';
import { budgetMaxCad, PRICE_RANGE_LABELS, PRICE_RANGE_NAMES } from './budget';
import { supportLabel } from './classify';
import { formatPrice } from './format';
import { usableCurrentPhone, type OsPreference, type Preferences } from './preferences';
import { optionLabel } from './questions';
import { resolvePhone } from './search';
import { aspectStrength, checkUpgrade, type UpgradeCheck } from './upgrade';

/*
 * ─── THE SCORING TABLE ──────────────────────────────────────────────────────────────────────────────
 *
 * matchScore = 50 when no budget is set. Otherwise
 * matchScore = min(100, round(points / (criteria × 20) × 100)), where `criteria` counts the rows below
 * that apply and `points` adds up what the phone earns on them. The five core questions (budget,
 * OS, primary use, camera, battery) always count once a budget is set: a SKIPPED question or a
 * 'NO PREFERENCE' answer is a criterion with 0 points, not a matched one (budget alone used to give
 * every phone 100%). Below SCORING.weakMatchBelow percent a match is labelled a weak match.
 *
 * | Criterion        | Counted when                   | Points (max first)                                   |
 * |------------------|--------------------------------|------------------------------------------------------|
 * | Budget           | a budget is set                | same tier 30 · one tier CHEAPER 20 · one tier DEARER |
 * |                  |                                | 15 (also: same tier but 5%+ over 'Up to $X') · two   |
 * |                  |                                | tiers away 0. Tiers from the CAD price               |
 * | OS / brand       | always (skipped, no pref.: 0)  | fits the choice 20 · otherwise 0 (filtered out)      |
 * | Primary use      | always (skipped: 0)            | phone SUITS the use 10 · otherwise 5                 |
 * | Camera           | always (skipped: 0)            | same 15 · BETTER 10 · WORSE 7.5 · UNKNOWN 11.25      |
 * | Battery          | always (skipped: 0)            | same 15 · BETTER 10 · WORSE 7.5 · UNKNOWN 11.25      |
 * | Special features | answered (advanced mode)       | HAS it 10 · otherwise 5 · 'nothing special' 0        |
 * | Brand switching  | current brand Apple/Samsung/   | SAME brand, or open to switch 10 · switching 3       |
 * |                  | Google                         |                                                      |
 *
 * Our choices where the written rules say "not shown" are in CAPITALS: cheaper-than-budget earns more
 * than dearer; a better camera/battery than asked earns more than a worse one; an unknown class (an
 * unpublished battery) earns the middle of worse and same, so not knowing neither sinks nor lifts a
 * phone; "suits the use" means: productivity -> fast or premium chip (chip table); content ->
 * professional camera; entertainment -> large screen and a battery that is not standard; general -> a
 * battery that is not standard (lasts a day of mixed use).
 *
 * Not scored, but used in this order to order phones whose scores are equal: the raw ratio
 * points / (criteria × 20) before rounding and capping; then the SHORTFALL (class steps the camera
 * and battery fall below the answers: fewer first); then dollars OVER the visitor's budget (fewer
 * first); then how many of these answers the phone
 * fits — screen size (same class), storage (largest option at least the answer), processor (at least
 * the answer), environment (outdoor -> maximum battery, work -> fast or premium processor, varied ->
 * extended or maximum battery, home -> any), camera lens wish (the phone has that lens), work style
 * (productivity/presentations -> fast or premium processor); then newer release year; then more of
 * what the visitor cares about (lenses and megapixels, mAh, chip tier and year: ./upgrade.ts
 * aspectStrength); then id.
 *
 * Candidates: phones released in RECOMMENDABLE_FROM_YEAR or later, of the chosen OS or brand, minus
 * the visitor's own searched phone. When the visitor searched for their phone and it is in the
 * catalogue, only real upgrades within budget are suggested (./upgrade.ts); if there is none, the
 * closest options are shown, marked `stillFits`. Top 2 are kept. Reasons: at most 4; when fewer than
 * 3 apply, generic true facts about the phone are added until there are 3.
 * ────────────────────────────────────────────────────────────────────────────────────────────────────
 */
export const SCORING = {
  perCriterion: 20,
  noBudgetScore: 50,
  topCount: 2,
  maxReasons: 4,
  minReasons: 3,
  /** A match below this percentage is labelled a weak match. */
  weakMatchBelow: 50,
  /** Points of a core question that was skipped or answered 'no preference'. */
  notAnswered: 0,
  budget: { sameTier: 30, oneTierCheaper: 20, oneTierDearer: 15, twoTiersAway: 0 },
  camera: { same: 15, better: 10, worse: 7.5, unknown: 11.25 },
  battery: { same: 15, better: 10, worse: 7.5, unknown: 11.25 },
  os: { fits: 20, other: 0 },
  primaryUse: { suits: 10, other: 5 },
  advancedFeatures: { has: 10, other: 5, nothingSpecial: 0 },
  brand: { same: 10, switching: 3 },
} as const;

/** True when a match score is labelled a weak match (below SCORING.weakMatchBelow). */
export function isWeakMatch(score: number): boolean {
  return score < SCORING.weakMatchBelow;
}

/** Scored criteria, in the order reasons are written. */
export type Criterion = 'budget' | 'os' | 'cameraQuality' | 'batteryLife' | 'primaryUse' | 'advancedFeatures' | 'brand';
/** Answers that only order equal scores. */
export type TieBreaker = 'screenSize' | 'storage' | 'processorSpeed' | 'environment' | 'cameraSpecs' | 'workStyle';

/** The working of one scored criterion. */
export interface CriterionWorking {
  criterion: Criterion;
  /** e.g. 'Budget'. */
  label: string;
  /** The visitor's answer, readable, e.g. 'Premium ($800+)'. */
  answer: string;
  /** What the phone has, readable, e.g. 'Premium · $1199.99'. */
  phoneHas: string;
  points: number;
  max: number;
  /** The rule applied, e.g. 'one tier cheaper than your budget'. */
  rule: string;
}

/** The working of one answer used only to order equal scores. */
export interface TieBreakWorking {
  criterion: TieBreaker;
  label: string;
  answer: string;
  phoneHas: string;
  fits: boolean;
}

/** A suggested phone with its score, reasons and working. */
export interface Recommendation {
  phone: Phone;
  /** Percent, 0-100. */
  matchScore: number;
  /** At most 4 (SCORING.maxReasons), at least 3 (padded with generic facts). */
  reasons: string[];
  /** Scored criteria, in SCORING order. */
  working: CriterionWorking[];
  /** Points earned over all counted criteria. */
  points: number;
  /** Number of counted criteria (the score divides by criteria × 20). */
  criteria: number;
  /** How matchScore was computed, in words. */
  scoreRule: string;
  /** Answers not scored but used to order equal scores. */
  tieBreakers: TieBreakWorking[];
  /** When the visitor searched for their phone: how this phone compares with it (else null). */
  upgrade: UpgradeCheck | null;
}

const BRANDS_FOR_SWITCHING = ['Apple', 'Samsung', 'Google'];

const rank = <T extends string>(order: readonly T[], v: T) => order.indexOf(v);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** True when the phone fits an OS/brand choice (no choice, or no preference: every phone). */
export function fitsOsChoice(phone: Pick<Phone, 'os' | 'brand'>, os: OsPreference | undefined): boolean {
  switch (os) {
    case 'ios':
      return phone.os === 'ios';
    case 'android_samsung':
      return phone.brand === 'Samsung';
    case 'android_google':
      return phone.brand === 'Google';
    case 'android':
      return phone.os === 'android';
    default:
      return true;
  }
}

/** True when `phone` is the visitor's own searched phone (not recommended back to them). */
function isOwnPhone(phone: Phone, prefs: Preferences): boolean {
  if (!prefs.searchedForCurrentPhone || !prefs.currentPhone) return false;
  return `${phone.brand} ${phone.model}`.toLowerCase() === prefs.currentPhone.trim().toLowerCase();
}

/**
 * Phones that may be recommended: released in RECOMMENDABLE_FROM_YEAR (2023) or later, fitting the
 * OS/brand choice, and not the visitor's own searched phone.
 */
export function filterCandidates(phones: readonly Phone[], prefs: Preferences): Phone[] {
  return phones.filter((p) => p.year >= RECOMMENDABLE_FROM_YEAR && fitsOsChoice(p, prefs.os) && !isOwnPhone(p, prefs));
}

function osName(phone: Phone): string {
  return phone.os === 'ios' ? 'iOS' : `Android (${phone.brand})`;
}

function lensText(text: string | null): string | null {
  return text ? text.replace(/\s*\([^)]*\)/g, '').trim() : null;
}

/** Does the phone suit a primary use? (see the table) */
function suitsUse(phone: Phone, use: NonNullable<Preferences['primaryUse']>): { suits: boolean; has: string } {
  const s = phone.specs;
  const battery = s.batteryLife ?? 'unknown';
  // An unpublished battery is not held against a phone (unknown is neutral).
  const longBattery = s.batteryLife !== 'standard';
  switch (use) {
    case 'productivity':
      return { suits: s.processorSpeed !== 'standard', has: `${cap(s.processorSpeed)} processor` };
    case 'content':
      return { suits: s.cameraQuality === 'professional', has: `${cap(s.cameraQuality)} camera` };
    case 'entertainment':
      return { suits: s.screenSize === 'large' && longBattery, has: `${cap(s.screenSize)} screen, ${battery} battery` };
    default:
      return { suits: longBattery, has: `${cap(battery)} battery` };
  }
}

/** A price up to 5% over the slider's 'Up to $X' still counts as in budget (the slider moves in $10-12 steps). */
export const OVER_SLIDER_TOLERANCE = 1.05;

/**
 * The most the visitor would spend, in CAD: the slider's dollars plus OVER_SLIDER_TOLERANCE, never
 * above the chosen tier's top (a midrange answer never admits a premium phone).
 */
export function maxSpendCad(prefs: Pick<Preferences, 'budget' | 'budgetValue'>): number {
  if (!prefs.budget) return Number.POSITIVE_INFINITY;
  const slider = budgetMaxCad(prefs.budget, prefs.budgetValue) * OVER_SLIDER_TOLERANCE;
  return Math.min(PRICE_TIER_MAX_CAD[prefs.budget], slider);
}

type WithBudget = Preferences & { budget: NonNullable<Preferences['budget']> };

function scoreBudget(phone: Phone, prefs: WithBudget): CriterionWorking {
  const budget = prefs.budget;
  const price = formatPrice(phone.price);
  const diff = rank(PRICE_RANGES, phone.priceRange) - rank(PRICE_RANGES, budget);
  const overSlider = diff === 0 && phone.price > maxSpendCad(prefs);
  const b = SCORING.budget;
  const [points, rule] =
    diff === 0 && !overSlider
      ? [b.sameTier, 'same tier as your budget']
      : overSlider
        ? [b.oneTierDearer, 'your tier, but above the amount you set']
        : diff === -1
          ? [b.oneTierCheaper, 'one tier cheaper than your budget']
          : diff === 1
            ? [b.oneTierDearer, 'one tier above your budget']
            : [b.twoTiersAway, 'two tiers away from your budget'];
  return {
    criterion: 'budget',
    label: 'Budget',
    answer: `${PRICE_RANGE_NAMES[budget]} (${PRICE_RANGE_LABELS[budget]})`,
    phoneHas: `${PRICE_RANGE_NAMES[phone.priceRange]} · ${phone.priceEstimated ? 'about ' : ''}${price}`,
    points,
    max: b.sameTier,
    rule,
  };
}

/** A core question the visitor skipped, or answered 'no preference': counted, 0 points. */
function notAnswered(criterion: Criterion, label: string, max: number, noPreference: boolean): CriterionWorking {
  return {
    criterion,
    label,
    answer: noPreference ? 'No preference' : 'Skipped',
    phoneHas: '—',
    points: SCORING.notAnswered,
    max,
    rule: noPreference ? 'no preference: not counted as a match' : 'not answered: not counted as a match',
  };
}

function scoreLevel<T extends string>(
  criterion: 'cameraQuality' | 'batteryLife',
  order: readonly T[],
  asked: T,
  has: T | null,
  table: { same: number; better: number; worse: number; unknown: number },
  phoneHas: string,
): CriterionWorking {
  const diff = has === null ? null : rank(order, has) - rank(order, asked);
  const [points, rule] =
    diff === null
      ? [table.unknown, 'not published: scored neutrally']
      : diff === 0
        ? [table.same, 'same as you asked']
        : diff > 0
          ? [table.better, 'better than you asked']
          : [table.worse, 'less than you asked'];
  return {
    criterion,
    label: criterion === 'cameraQuality' ? 'Camera' : 'Battery',
    answer: optionLabel(criterion, asked),
    phoneHas,
    points,
    max: table.same,
    rule,
  };
}

function cameraHas(phone: Phone): string {
  const main = lensText(phone.specs.cameraSpecs.mainCamera);
  return main ? `${cap(phone.specs.cameraQuality)} (${main})` : cap(phone.specs.cameraQuality);
}

function batteryHas(phone: Phone): string {
  const { batteryMah: mah, batteryLife } = phone.specs;
  if (!mah || !batteryLife) return 'Unknown (capacity not published)';
  return `${cap(batteryLife)} (${mah.toLocaleString('en-US')} mAh)`;
}

/**
 * The scored working of one phone for the visitor's answers. Once a budget is set, the five core
 * questions always have a row (a skipped or 'no preference' one earns 0); special features count when
 * answered; brand switching when the current brand is Apple, Samsung or Google.
 */
export function scoreCriteria(phone: Phone, prefs: Preferences): CriterionWorking[] {
  const rows: CriterionWorking[] = [];
  const s = phone.specs;
  const core = Boolean(prefs.budget);
  if (prefs.budget) rows.push(scoreBudget(phone, { ...prefs, budget: prefs.budget }));
  if (prefs.os && prefs.os !== 'no_preference') {
    const fits = fitsOsChoice(phone, prefs.os);
    rows.push({
      criterion: 'os',
      label: 'Brand / OS',
      answer: optionLabel('os', prefs.os),
      phoneHas: osName(phone),
      points: fits ? SCORING.os.fits : SCORING.os.other,
      max: SCORING.os.fits,
      rule: fits ? 'fits your choice' : 'does not fit your choice',
    });
  } else if (core || prefs.os) {
    rows.push(notAnswered('os', 'Brand / OS', SCORING.os.fits, prefs.os === 'no_preference'));
  }
  if (prefs.cameraQuality)
    rows.push(
      scoreLevel(
        'cameraQuality',
        CAMERA_QUALITIES,
        prefs.cameraQuality,
        s.cameraQuality,
        SCORING.camera,
        cameraHas(phone),
      ),
    );
  else if (core) rows.push(notAnswered('cameraQuality', 'Camera', SCORING.camera.same, false));
  if (prefs.batteryLife)
    rows.push(
      scoreLevel('batteryLife', BATTERY_LIVES, prefs.batteryLife, s.batteryLife, SCORING.battery, batteryHas(phone)),
    );
  else if (core) rows.push(notAnswered('batteryLife', 'Battery', SCORING.battery.same, false));
  if (prefs.primaryUse) {
    const { suits, has } = suitsUse(phone, prefs.primaryUse);
    rows.push({
      criterion: 'primaryUse',
      label: 'Primary use',
      answer: optionLabel('primaryUse', prefs.primaryUse),
      phoneHas: has,
      points: suits ? SCORING.primaryUse.suits : SCORING.primaryUse.other,
      max: SCORING.primaryUse.suits,
      rule: suits ? 'suits this use' : 'not the best fit for this use',
    });
  } else if (core) rows.push(notAnswered('primaryUse', 'Primary use', SCORING.primaryUse.suits, false));
  if (prefs.advancedFeatures) {
    const asked = prefs.advancedFeatures;
    const has = asked !== 'standard' && s.featureTags.includes(asked);
    const labels = s.featureTags.map((t) => optionLabel('advancedFeatures', t));
    const tags = labels.length ? labels.join(', ') : 'Nothing special';
    const f = SCORING.advancedFeatures;
    rows.push({
      criterion: 'advancedFeatures',
      label: 'Special features',
      answer: optionLabel('advancedFeatures', asked),
      phoneHas: tags,
      points: asked === 'standard' ? f.nothingSpecial : has ? f.has : f.other,
      max: f.has,
      rule:
        asked === 'standard'
          ? 'nothing special asked: not counted as a match'
          : has
            ? 'has the feature'
            : 'does not have the feature',
    });
  }
  if (prefs.currentBrand && BRANDS_FOR_SWITCHING.includes(prefs.currentBrand)) {
    const same = phone.brand === prefs.currentBrand;
    const stays = same || prefs.openToSwitch === true;
    rows.push({
      criterion: 'brand',
      label: 'Brand switching',
      answer: `You have ${prefs.currentBrand}${prefs.openToSwitch ? ', open to switch' : ''}`,
      phoneHas: phone.brand,
      points: stays ? SCORING.brand.same : SCORING.brand.switching,
      max: SCORING.brand.same,
      rule: same ? 'same brand, no switching' : stays ? 'you are open to switching' : 'means switching brand',
    });
  }
  return rows;
}

function fitsProcessor(has: ProcessorSpeed, asked: ProcessorSpeed): boolean {
  return rank(PROCESSOR_SPEEDS, has) >= rank(PROCESSOR_SPEEDS, asked);
}

/** Answers used only to order equal scores (see the table), with whether the phone fits each. */
export function tieBreakers(phone: Phone, prefs: Preferences): TieBreakWorking[] {
  const s = phone.specs;
  const rows: TieBreakWorking[] = [];
  if (prefs.screenSize) {
    const inches = s.screenInches ? ` (${s.screenInches}")` : '';
    rows.push({
      criterion: 'screenSize',
      label: 'Screen size',
      answer: optionLabel('screenSize', prefs.screenSize),
      phoneHas: `${optionLabel('screenSize', s.screenSize)}${inches}`,
      fits: s.screenSize === prefs.screenSize,
    });
  }
  if (prefs.storage) {
    rows.push({
      criterion: 'storage',
      label: 'Storage',
      answer: optionLabel('storage', prefs.storage),
      phoneHas: `Up to ${optionLabel('storage', s.storage)}`,
      fits: rank(STORAGES, s.storage) >= rank(STORAGES, prefs.storage),
    });
  }
  if (prefs.processorSpeed) {
    rows.push({
      criterion: 'processorSpeed',
      label: 'Performance',
      answer: optionLabel('processorSpeed', prefs.processorSpeed),
      phoneHas: `${cap(s.processorSpeed)}${s.chipset ? ` (${s.chipset})` : ''}`,
      fits: fitsProcessor(s.processorSpeed, prefs.processorSpeed),
    });
  }
  if (prefs.environment) {
    const env = prefs.environment;
    const fits =
      env === 'outdoor'
        ? s.batteryLife === 'maximum'
        : env === 'work'
          ? s.processorSpeed !== 'standard'
          : env === 'varied'
            ? s.batteryLife !== 'standard'
            : true;
    const battery = `${cap(s.batteryLife ?? 'unknown')} battery`;
    const has = env === 'work' ? `${cap(s.processorSpeed)} processor` : env === 'home' ? 'Any phone' : battery;
    rows.push({
      criterion: 'environment',
      label: 'Environment',
      answer: optionLabel('environment', env),
      phoneHas: has,
      fits,
    });
  }
  if (prefs.cameraSpecs) {
    const lens = prefs.cameraSpecs;
    const has = lens === 'standard' ? s.cameraSpecs.mainCamera : s.cameraSpecs[lens];
    rows.push({
      criterion: 'cameraSpecs',
      label: 'Camera lens',
      answer: cap(lens),
      phoneHas: lensText(has) ?? 'No such lens',
      fits: lens === 'standard' || has !== null,
    });
  }
  if (prefs.workStyle) {
    const needsSpeed = prefs.workStyle === 'productivity' || prefs.workStyle === 'presentations';
    rows.push({
      criterion: 'workStyle',
      label: 'Work style',
      answer: cap(prefs.workStyle),
      phoneHas: `${cap(s.processorSpeed)} processor`,
      fits: !needsSpeed || s.processorSpeed !== 'standard',
    });
  }
  return rows;
}

/** matchScore from points and counted criteria (no budget -> 50). */
export function matchScoreFrom(points: number, criteria: number, budgetSet: boolean): number {
  if (!budgetSet || criteria === 0) return SCORING.noBudgetScore;
  return Math.min(100, Math.round((points / (criteria * SCORING.perCriterion)) * 100));
}

function reasonFor(row: CriterionWorking, phone: Phone, prefs: Preferences): string | null {
  const s = phone.specs;
  // A skipped question, 'no preference' or 'nothing special' is not a reason to pick a phone.
  if (row.rule.endsWith('not counted as a match')) return null;
  switch (row.criterion) {
    case 'budget':
      if (row.points === SCORING.budget.sameTier)
        return `In your price range (${PRICE_RANGE_NAMES[phone.priceRange]}, ${PRICE_RANGE_LABELS[phone.priceRange]})`;
      if (row.points === SCORING.budget.oneTierCheaper)
        return `Leaves room in your budget (a ${phone.priceRange} phone)`;
      return null;
    case 'os':
      if (row.points === 0 || prefs.os === 'no_preference') return null;
      return prefs.os === 'ios'
        ? 'Runs iOS, as you prefer'
        : prefs.os === 'android'
          ? 'Runs Android, as you prefer'
          : `A ${phone.brand} phone, as you prefer`;
    case 'cameraQuality': {
      if (row.points === SCORING.camera.worse || row.points === SCORING.camera.unknown) return null;
      const main = lensText(s.cameraSpecs.mainCamera);
      const withMain = main ? ` with a ${main} main camera` : '';
      if (s.cameraQuality === 'professional') return `Professional-grade camera system${withMain}`;
      if (s.cameraQuality === 'good') return `Good camera for everyday photos${withMain}`;
      return 'Simple, capable camera for quick snaps';
    }
    case 'batteryLife': {
      if (row.points === SCORING.battery.worse || !s.batteryLife) return null;
      const mah = s.batteryMah ? ` (${s.batteryMah.toLocaleString('en-US')} mAh)` : '';
      return `${cap(s.batteryLife)} battery life${mah}`;
    }
    case 'primaryUse':
      if (row.points !== SCORING.primaryUse.suits) return null;
      switch (prefs.primaryUse) {
        case 'productivity':
          return `${cap(s.processorSpeed)} processor${s.chipset ? ` (${s.chipset})` : ''} for work and multitasking`;
        case 'content':
          return 'Camera built for creating photo and video content';
        case 'entertainment': {
          const inches = s.screenInches ? `${s.screenInches}-inch ` : '';
          return `Large ${inches}screen${s.batteryLife ? ' and long battery' : ''} for entertainment`;
        }
        default:
          return 'Well-rounded for everyday use';
      }
    case 'advancedFeatures':
      if (row.points !== SCORING.advancedFeatures.has) return null;
      if (prefs.advancedFeatures === 'ai') return 'Built-in AI features';
      if (prefs.advancedFeatures === 'foldable') return 'Foldable design';
      return 'Depth (LiDAR) scanner for augmented reality';
    case 'brand':
      return phone.brand === prefs.currentBrand ? `Stays with ${phone.brand}, the brand you know` : null;
  }
}

function tieReason(row: TieBreakWorking, phone: Phone): string | null {
  if (!row.fits) return null;
  const s = phone.specs;
  switch (row.criterion) {
    case 'screenSize':
      return s.screenInches ? `${s.screenInches}-inch screen, the size you prefer` : 'The screen size you prefer';
    case 'storage':
      return `Storage up to ${optionLabel('storage', s.storage)}`;
    case 'processorSpeed':
      return `${cap(s.processorSpeed)} performance${s.chipset ? ` (${s.chipset})` : ''}`;
    case 'environment':
      return null;
    default:
      return null;
  }
}

/** True facts used to pad reasons to SCORING.minReasons. */
export function genericReasons(phone: Phone): string[] {
  const s = phone.specs;
  const support =
    supportLabel(phone.brand, phone.year) === 'Full Support' ? 'full software support' : 'limited software support';
  const out = [`Released in ${phone.year}, with ${support}`];
  if (s.connectivity === '5g') out.push('5G connectivity');
  const largest = s.storageOptions.at(-1);
  if (largest) out.push(`Storage options up to ${largest.replace(/(\d)(GB|TB)/, '$1 $2')}`);
  if (s.screenInches && s.display) out.push(`${s.screenInches}-inch ${s.display.split(',')[0]} display`);
  if (phone.features[0]) out.push(`Includes ${phone.features[0].label}`);
  return out;
}

function buildReasons(
  phone: Phone,
  prefs: Preferences,
  working: CriterionWorking[],
  ties: TieBreakWorking[],
): string[] {
  const reasons: string[] = [];
  const add = (r: string | null) => {
    if (r && !reasons.includes(r) && reasons.length < SCORING.maxReasons) reasons.push(r);
  };
  for (const row of working) add(reasonFor(row, phone, prefs));
  for (const row of ties) add(tieReason(row, phone));
  for (const r of genericReasons(phone)) if (reasons.length < SCORING.minReasons) add(r);
  return reasons;
}

/** Scores one phone for the visitor's answers, with reasons and working. */
export function scorePhone(phone: Phone, prefs: Preferences): Recommendation {
  const working = scoreCriteria(phone, prefs);
  const points = working.reduce((sum, r) => sum + r.points, 0);
  const criteria = working.length;
  const budgetSet = Boolean(prefs.budget);
  const matchScore = matchScoreFrom(points, criteria, budgetSet);
  const ties = tieBreakers(phone, prefs);
  return {
    phone,
    matchScore,
    reasons: buildReasons(phone, prefs, working, ties),
    working,
    points,
    criteria,
    scoreRule: budgetSet
      ? `min(100, round(${points} / (${criteria} × ${SCORING.perCriterion}) × 100)) = ${matchScore}`
      : `No budget set: every phone scores ${SCORING.noBudgetScore}`,
    tieBreakers: ties,
    upgrade: null,
  };
}

function rawRatio(r: Recommendation): number {
  return r.criteria === 0 ? 0 : r.points / (r.criteria * SCORING.perCriterion);
}

/**
 * How many class steps the phone's camera and battery fall short of the answers (0 when it meets
 * them or they were not asked). Worse earns the same 7.5 points one step or two below the answer, so
 * among equal scores the phone that falls shorter loses (a single-lens camera is further from
 * 'professional' than a dual one).
 */
export function shortfall(phone: Phone, prefs: Preferences): number {
  const gap = <T extends string>(order: readonly T[], asked: T | undefined, has: T | null) =>
    asked === undefined || has === null ? 0 : Math.max(0, order.indexOf(asked) - order.indexOf(has));
  const s = phone.specs;
  const camera = gap(CAMERA_QUALITIES, prefs.cameraQuality, s.cameraQuality);
  return camera + gap(BATTERY_LIVES, prefs.batteryLife, s.batteryLife);
}

/** Dollars a phone costs above what the visitor would spend (0 when within budget or no budget). */
export function overBudgetBy(phone: Phone, prefs: Preferences): number {
  const max = maxSpendCad(prefs);
  return Number.isFinite(max) ? Math.max(0, phone.price - max) : 0;
}

/**
 * Orders scored phones best first: matchScore, raw ratio, smaller shortfall, less over budget,
 * tie-break fits, newer year, more of what the visitor cares about (`aspectStrength`), id.
 * `prefs` is needed for the shortfall and over-budget keys (without it, they are skipped).
 */
export function compareRecommendations(a: Recommendation, b: Recommendation, prefs?: Preferences): number {
  return (
    b.matchScore - a.matchScore ||
    rawRatio(b) - rawRatio(a) ||
    (prefs ? shortfall(a.phone, prefs) - shortfall(b.phone, prefs) : 0) ||
    (prefs ? overBudgetBy(a.phone, prefs) - overBudgetBy(b.phone, prefs) : 0) ||
    b.tieBreakers.filter((t) => t.fits).length - a.tieBreakers.filter((t) => t.fits).length ||
    b.phone.year - a.phone.year ||
    (prefs ? aspectStrength(b.phone, prefs) - aspectStrength(a.phone, prefs) : 0) ||
    a.phone.id.localeCompare(b.phone.id)
  );
}

/** Every candidate, scored and ordered best first (see `recommend` for the top 2). */
export function rankPhones(phones: readonly Phone[], prefs: Preferences): Recommendation[] {
  return filterCandidates(phones, prefs)
    .map((p) => scorePhone(p, prefs))
    .sort((a, b) => compareRecommendations(a, b, prefs));
}

/**
 * The visitor's own phone when they searched for it and it is in `phones` (the whole catalogue, not
 * only recommendable phones), else null.
 */
export function currentCataloguePhone(phones: readonly Phone[], prefs: Preferences): Phone | null {
  const text = prefs.searchedForCurrentPhone ? usableCurrentPhone(prefs) : null;
  return text ? (resolvePhone(phones, text)?.phone ?? null) : null;
}

/**
 * The recommendations for a set of answers: the top 2 (SCORING.topCount) of `rankPhones`.
 * `phones` is the whole catalogue (PHONES, or the same list from /phone-recommender/phones.json).
 *
 * When the visitor searched for their phone and it is in the catalogue, each recommendation carries
 * the upgrade check, and only real upgrades within budget are suggested. If there is none, the best
 * real upgrades at any price are shown (or, if nothing at all beats the phone, the best matches),
 * each marked `upgrade.stillFits`, so the page can say honestly that the phone still fits.
 */
export function recommend(
  phones: readonly Phone[],
  prefs: Preferences,
  count: number = SCORING.topCount,
): Recommendation[] {
  const ranked = rankPhones(phones, prefs);
  const current = currentCataloguePhone(phones, prefs);
  if (!current) return ranked.slice(0, count);
  const maxCad = maxSpendCad(prefs);
  const checked = ranked.map((r) => ({ ...r, upgrade: checkUpgrade(current, r.phone, prefs, maxCad) }));
  const real = checked.filter((r) => r.upgrade.isUpgrade && r.upgrade.inBudget);
  if (real.length) return real.slice(0, count);
  const upgrades = checked.filter((r) => r.upgrade.isUpgrade);
  const closest = (upgrades.length ? upgrades : checked).slice(0, count);
  return closest.map((r) => ({ ...r, upgrade: { ...r.upgrade, stillFits: true } }));
}

/** The compact form sent to POST /api/recommendations: { model, brand, matchScore, reasons }. */
export function toRecommendationSummary(r: Recommendation): {
  model: string;
  brand: string;
  matchScore: number;
  reasons: string[];
} {
  return { model: r.phone.model, brand: r.phone.brand, matchScore: r.matchScore, reasons: [...r.reasons] };
}
