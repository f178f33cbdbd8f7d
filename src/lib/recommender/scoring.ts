/**
 * Filtering, match score, ranking and reasons (spec recommender.md §9). Pure; client-safe.
 *
 * Every number used to score a phone is in ONE table, {@link SCORING}, documented right above it.
 * Each recommendation also carries its working: per criterion, the visitor's answer, what the phone
 * has, the points given and the maximum, so the UI can show why a phone scored what it did.
 */
import { RECOMMENDABLE_FROM_YEAR } from '../catalogue/constants';
import {
  BATTERY_LIVES,
  CAMERA_QUALITIES,
  PRICE_RANGES,
  PROCESSOR_SPEEDS,
  STORAGES,
  type ProcessorSpeed,
} from '../catalogue/enums';
import type { Phone } from '../catalogue/schema';
import { PRICE_RANGE_LABELS, PRICE_RANGE_NAMES } from './budget';
import { supportLabel } from './classify';
import type { OsPreference, Preferences } from './preferences';
import { optionLabel } from './questions';

/*
 * ─── THE SCORING TABLE ──────────────────────────────────────────────────────────────────────────────
 *
 * matchScore = 50 when no budget is set (spec). Otherwise
 * matchScore = min(100, round(points / (criteria × 20) × 100)), where `criteria` counts the rows below
 * that apply to the visitor and `points` adds up what the phone earns on them.
 *
 * | Criterion         | Counted when                              | Points (max first)                                         |
 * |-------------------|-------------------------------------------|------------------------------------------------------------|
 * | Budget            | a budget is set (always, when scored)     | same tier 30 · phone one tier CHEAPER 20 · one tier DEARER |
 * |                   |                                           | 15 · two tiers away 0                                       |
 * | Camera            | camera question answered                  | same class 15 · BETTER than asked 10 · WORSE 7.5            |
 * | Battery           | battery question answered                 | same class 15 · BETTER than asked 10 · WORSE 7.5            |
 * | OS / brand        | OS question answered (incl. no preference)| phone fits the choice 20 · otherwise 0 (filtered out)       |
 * | Primary use       | primary-use question answered             | phone SUITS the use 10 · otherwise 5                        |
 * | Special features  | features question answered (advanced)     | phone HAS it, or 'nothing special' asked 10 · otherwise 5   |
 * | Brand switching   | current brand is Apple, Samsung or Google | SAME brand, or visitor open to switch 10 · switching 3      |
 *
 * Our choices where the spec says "not shown" are in CAPITALS: cheaper-than-budget earns more than
 * dearer (it saves money; dearer stretches the budget); a better camera/battery than asked earns more
 * than a worse one; "suits the use" means: productivity -> fast or premium processor; content ->
 * professional camera; entertainment -> large screen and extended or maximum battery; general -> any.
 *
 * Not scored (the spec gives them no points) but used, in this order, to order phones whose scores
 * are equal: the raw ratio points / (criteria × 20) before rounding and capping; then how many of
 * these answers the phone fits — screen size (same class), storage (largest option at least the
 * answer), processor (at least the answer), environment (outdoor -> maximum battery, work -> fast or
 * premium processor, varied -> extended or maximum battery, home -> any), camera lens wish (the phone
 * has that lens), work style (productivity/presentations -> fast or premium processor); then newer
 * release year; then id.
 *
 * Candidates: phones released in RECOMMENDABLE_FROM_YEAR or later, of the chosen OS or brand, minus
 * the visitor's own searched phone. Top 2 are kept. Reasons: at most 4; when fewer than 3 apply,
 * generic true facts about the phone are added until there are 3.
 * ────────────────────────────────────────────────────────────────────────────────────────────────────
 */
export const SCORING = {
  perCriterion: 20,
  noBudgetScore: 50,
  topCount: 2,
  maxReasons: 4,
  minReasons: 3,
  budget: { sameTier: 30, oneTierCheaper: 20, oneTierDearer: 15, twoTiersAway: 0 },
  camera: { same: 15, better: 10, worse: 7.5 },
  battery: { same: 15, better: 10, worse: 7.5 },
  os: { fits: 20, other: 0 },
  primaryUse: { suits: 10, other: 5 },
  advancedFeatures: { has: 10, other: 5 },
  brand: { same: 10, switching: 3 },
} as const;

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
}

const BRANDS_FOR_SWITCHING = ['Apple', 'Samsung', 'Google'];

const rank = <T extends string>(order: readonly T[], v: T) => order.indexOf(v);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const money = (n: number) => `$${n.toFixed(2)}`;

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
  switch (use) {
    case 'productivity':
      return { suits: s.processorSpeed !== 'standard', has: `${cap(s.processorSpeed)} processor` };
    case 'content':
      return { suits: s.cameraQuality === 'professional', has: `${cap(s.cameraQuality)} camera` };
    case 'entertainment':
      return { suits: s.screenSize === 'large' && s.batteryLife !== 'standard', has: `${cap(s.screenSize)} screen, ${s.batteryLife} battery` };
    default:
      return { suits: true, has: 'Any phone suits everyday use' };
  }
}

function scoreBudget(phone: Phone, budget: NonNullable<Preferences['budget']>): CriterionWorking {
  const diff = rank(PRICE_RANGES, phone.priceRange) - rank(PRICE_RANGES, budget);
  const b = SCORING.budget;
  const [points, rule] =
    diff === 0 ? [b.sameTier, 'same tier as your budget'] : diff === -1 ? [b.oneTierCheaper, 'one tier cheaper than your budget'] : diff === 1 ? [b.oneTierDearer, 'one tier above your budget'] : [b.twoTiersAway, 'two tiers away from your budget'];
  return {
    criterion: 'budget',
    label: 'Budget',
    answer: `${PRICE_RANGE_NAMES[budget]} (${PRICE_RANGE_LABELS[budget]})`,
    phoneHas: `${PRICE_RANGE_NAMES[phone.priceRange]} · ${phone.priceEstimated ? 'about ' : ''}${money(phone.price)}`,
    points,
    max: b.sameTier,
    rule,
  };
}

function scoreLevel<T extends string>(
  criterion: 'cameraQuality' | 'batteryLife',
  order: readonly T[],
  asked: T,
  has: T,
  table: { same: number; better: number; worse: number },
  phoneHas: string,
): CriterionWorking {
  const diff = rank(order, has) - rank(order, asked);
  const [points, rule] = diff === 0 ? [table.same, 'same as you asked'] : diff > 0 ? [table.better, 'better than you asked'] : [table.worse, 'less than you asked'];
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
  const mah = phone.specs.batteryMah;
  return mah ? `${cap(phone.specs.batteryLife)} (${mah} mAh)` : `${cap(phone.specs.batteryLife)} (capacity not published)`;
}

/** The scored working of one phone for the visitor's answers (scored criteria only). */
export function scoreCriteria(phone: Phone, prefs: Preferences): CriterionWorking[] {
  const rows: CriterionWorking[] = [];
  const s = phone.specs;
  if (prefs.budget) rows.push(scoreBudget(phone, prefs.budget));
  if (prefs.os) {
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
  }
  if (prefs.cameraQuality) rows.push(scoreLevel('cameraQuality', CAMERA_QUALITIES, prefs.cameraQuality, s.cameraQuality, SCORING.camera, cameraHas(phone)));
  if (prefs.batteryLife) rows.push(scoreLevel('batteryLife', BATTERY_LIVES, prefs.batteryLife, s.batteryLife, SCORING.battery, batteryHas(phone)));
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
  }
  if (prefs.advancedFeatures) {
    const has = prefs.advancedFeatures === 'standard' || s.advancedFeatures === prefs.advancedFeatures;
    rows.push({
      criterion: 'advancedFeatures',
      label: 'Special features',
      answer: optionLabel('advancedFeatures', prefs.advancedFeatures),
      phoneHas: optionLabel('advancedFeatures', s.advancedFeatures),
      points: has ? SCORING.advancedFeatures.has : SCORING.advancedFeatures.other,
      max: SCORING.advancedFeatures.has,
      rule: has ? (prefs.advancedFeatures === 'standard' ? 'nothing special needed' : 'has the feature') : 'does not have the feature',
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
    rows.push({ criterion: 'screenSize', label: 'Screen size', answer: optionLabel('screenSize', prefs.screenSize), phoneHas: `${optionLabel('screenSize', s.screenSize)}${inches}`, fits: s.screenSize === prefs.screenSize });
  }
  if (prefs.storage) {
    rows.push({ criterion: 'storage', label: 'Storage', answer: optionLabel('storage', prefs.storage), phoneHas: `Up to ${optionLabel('storage', s.storage)}`, fits: rank(STORAGES, s.storage) >= rank(STORAGES, prefs.storage) });
  }
  if (prefs.processorSpeed) {
    rows.push({ criterion: 'processorSpeed', label: 'Performance', answer: optionLabel('processorSpeed', prefs.processorSpeed), phoneHas: `${cap(s.processorSpeed)}${s.chipset ? ` (${s.chipset})` : ''}`, fits: fitsProcessor(s.processorSpeed, prefs.processorSpeed) });
  }
  if (prefs.environment) {
    const env = prefs.environment;
    const fits = env === 'outdoor' ? s.batteryLife === 'maximum' : env === 'work' ? s.processorSpeed !== 'standard' : env === 'varied' ? s.batteryLife !== 'standard' : true;
    const has = env === 'work' ? `${cap(s.processorSpeed)} processor` : env === 'home' ? 'Any phone' : `${cap(s.batteryLife)} battery`;
    rows.push({ criterion: 'environment', label: 'Environment', answer: optionLabel('environment', env), phoneHas: has, fits });
  }
  if (prefs.cameraSpecs) {
    const lens = prefs.cameraSpecs;
    const has = lens === 'standard' ? s.cameraSpecs.mainCamera : s.cameraSpecs[lens];
    rows.push({ criterion: 'cameraSpecs', label: 'Camera lens', answer: cap(lens), phoneHas: lensText(has) ?? 'No such lens', fits: lens === 'standard' || has !== null });
  }
  if (prefs.workStyle) {
    const needsSpeed = prefs.workStyle === 'productivity' || prefs.workStyle === 'presentations';
    rows.push({ criterion: 'workStyle', label: 'Work style', answer: cap(prefs.workStyle), phoneHas: `${cap(s.processorSpeed)} processor`, fits: !needsSpeed || s.processorSpeed !== 'standard' });
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
  switch (row.criterion) {
    case 'budget':
      if (row.points === SCORING.budget.sameTier) return `In your price range (${PRICE_RANGE_NAMES[phone.priceRange]}, ${PRICE_RANGE_LABELS[phone.priceRange]})`;
      if (row.points === SCORING.budget.oneTierCheaper) return `Leaves room in your budget (a ${phone.priceRange} phone)`;
      return null;
    case 'os':
      if (row.points === 0 || prefs.os === 'no_preference') return null;
      return prefs.os === 'ios' ? 'Runs iOS, as you prefer' : prefs.os === 'android' ? 'Runs Android, as you prefer' : `A ${phone.brand} phone, as you prefer`;
    case 'cameraQuality': {
      if (row.points === SCORING.camera.worse) return null;
      const main = lensText(s.cameraSpecs.mainCamera);
      const withMain = main ? ` with a ${main} main camera` : '';
      if (s.cameraQuality === 'professional') return `Professional-grade camera system${withMain}`;
      if (s.cameraQuality === 'good') return `Good camera for everyday photos${withMain}`;
      return 'Simple, capable camera for quick snaps';
    }
    case 'batteryLife': {
      if (row.points === SCORING.battery.worse) return null;
      const mah = s.batteryMah ? ` (${s.batteryMah} mAh)` : '';
      return `${cap(s.batteryLife)} battery life${mah}`;
    }
    case 'primaryUse':
      if (row.points !== SCORING.primaryUse.suits) return null;
      switch (prefs.primaryUse) {
        case 'productivity':
          return `${cap(s.processorSpeed)} processor${s.chipset ? ` (${s.chipset})` : ''} for work and multitasking`;
        case 'content':
          return 'Camera built for creating photo and video content';
        case 'entertainment':
          return `Large ${s.screenInches ? `${s.screenInches}-inch ` : ''}screen and long battery for entertainment`;
        default:
          return 'Well-rounded for everyday use';
      }
    case 'advancedFeatures':
      if (row.points !== SCORING.advancedFeatures.has || prefs.advancedFeatures === 'standard') return null;
      return s.advancedFeatures === 'ai' ? 'Built-in AI features' : s.advancedFeatures === 'foldable' ? 'Foldable design' : 'Made for augmented reality';
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
  const support = supportLabel(phone.brand, phone.year) === 'Full Support' ? 'full software support' : 'limited software support';
  const out = [`Released in ${phone.year}, with ${support}`];
  if (s.connectivity === '5g') out.push('5G connectivity');
  const largest = s.storageOptions.at(-1);
  if (largest) out.push(`Storage options up to ${largest.replace(/(\d)(GB|TB)/, '$1 $2')}`);
  if (s.screenInches && s.display) out.push(`${s.screenInches}-inch ${s.display.split(',')[0]} display`);
  if (phone.features[0]) out.push(`Includes ${phone.features[0].label}`);
  return out;
}

function buildReasons(phone: Phone, prefs: Preferences, working: CriterionWorking[], ties: TieBreakWorking[]): string[] {
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
  };
}

function rawRatio(r: Recommendation): number {
  return r.criteria === 0 ? 0 : r.points / (r.criteria * SCORING.perCriterion);
}

/** Orders scored phones best first: matchScore, raw ratio, tie-break fits, newer year, id. */
export function compareRecommendations(a: Recommendation, b: Recommendation): number {
  return (
    b.matchScore - a.matchScore ||
    rawRatio(b) - rawRatio(a) ||
    b.tieBreakers.filter((t) => t.fits).length - a.tieBreakers.filter((t) => t.fits).length ||
    b.phone.year - a.phone.year ||
    a.phone.id.localeCompare(b.phone.id)
  );
}

/** Every candidate, scored and ordered best first (see `recommend` for the top 2). */
export function rankPhones(phones: readonly Phone[], prefs: Preferences): Recommendation[] {
  return filterCandidates(phones, prefs)
    .map((p) => scorePhone(p, prefs))
    .sort(compareRecommendations);
}

/**
 * The recommendations for a set of answers: the top 2 (SCORING.topCount) of `rankPhones`.
 * `phones` is the catalogue (e.g. PHONES from src/lib/catalogue, or the subset a page passes to an island).
 */
export function recommend(phones: readonly Phone[], prefs: Preferences, count: number = SCORING.topCount): Recommendation[] {
  return rankPhones(phones, prefs).slice(0, count);
}

/** The compact form sent to POST /api/recommendations: { model, brand, matchScore, reasons }. */
export function toRecommendationSummary(r: Recommendation): { model: string; brand: string; matchScore: number; reasons: string[] } {
  return { model: r.phone.model, brand: r.phone.brand, matchScore: r.matchScore, reasons: [...r.reasons] };
}
