/**
 * Filtering, match score, ranking, reasons, the notes on asks that cannot be met, and the upgrade
 * verdict. Pure; client-safe: today's date is an option (tests fix it; a caller that gives none gets
 * its machine's current date).
 *
 * Every number used to score a phone is in ONE table, {@link SCORING}, documented right above it.
 * Each recommendation also carries its working: per criterion, the visitor's answer, what the phone
 * has, the points given and the maximum, so the UI can show why a phone scored what it did.
 */
import { BATTERY_CLASS_MAH, storageClass } from '../catalogue/classes';
import { PRICE_TIER_MAX_CAD, monthYear } from '../catalogue/pricing';
import { isRecommendable } from '../catalogue/availability';
import { factFreshness, type FactFreshness } from '../catalogue/freshness';
import {
  BATTERY_LIVES,
  CAMERA_QUALITIES,
  PROCESSOR_SPEEDS,
  SCREEN_SIZES,
  STORAGES,
  CAMERA_CLASS_NAMES,
  PROCESSOR_CLASS_NAMES,
  type AdvancedFeature,
} from '../catalogue/enums';
import type { Phone } from '../catalogue/schema';
import { osYearsLeft } from '../catalogue/updates';
import { budgetDollars, budgetMaxCad, PRICE_RANGE_LABELS, PRICE_RANGE_NAMES } from './budget';
import { formatPrice, phonePriceLabel } from './format';
import { usableCurrentPhone, type OsPreference, type Preferences } from './preferences';
import { optionLabel } from './questions';
import { resolvePhone } from './search';
import { cannotCompare, checkUpgrade, compareStrength, resolutionAt, teles, type UpgradeCheck } from './upgrade';

/*
 * ─── THE SCORING TABLE ──────────────────────────────────────────────────────────────────────────────
 *
 * matchScore = 50 when no budget is set. Otherwise
 * matchScore = round(points / max × 100), where `max` adds up the maximum of every row below that
 * is counted and `points` what the phone earns on them: a phone that meets every answer scores 100.
 * Once a budget is set the core rows (budget, OS, primary use, camera, battery, updates) always
 * count: a SKIPPED core question is a row with 0 points, not a matched one (budget alone would
 * otherwise give every phone 100%). 'No preference' (OS), 'Nothing special' (features) and 'Mostly
 * at home' (environment) ask for nothing: no row. Below SCORING.weakMatchBelow percent a match is
 * labelled a weak match.
 *
 * | Criterion        | Counted when          | Points (max first)                                          |
 * |------------------|-----------------------|-------------------------------------------------------------|
 * | Budget           | a budget is set       | WITHIN what you would spend 30 (cheaper is never worse) ·   |
 * |                  |                       | up to 25% OVER 15 · more 0                                  |
 * | OS / brand       | always (skipped: 0)   | fits the choice 20 · otherwise 0 (filtered out)             |
 * | Camera           | always (skipped: 0)   | MEETS OR BEATS the answer 15 · one class short 7.5 · two 0 ·|
 * |                  |                       | unknown 11.25                                               |
 * | Battery          | always (skipped: 0)   | as camera                                                   |
 * | Primary use      | always (skipped: 0)   | phone SUITS the use 10 · otherwise 5                        |
 * | Screen size      | answered              | the size asked 10 · the next size 5 · otherwise 0           |
 * | Storage          | answered              | an option at least that large 10 · one step short 5 · 0     |
 * | Performance      | answered (advanced)   | meets or beats 10 · one tier short 5 · two 0                |
 * | Special features | answered (advanced)   | HAS it 10 · otherwise 5                                     |
 * | Environment      | answered (advanced)   | fits 10 · otherwise 5                                       |
 * | Software updates | a budget is set       | 3+ years of OS updates ahead 5 · 1-3 years 2.5 · less 0     |
 *
 * Our choices where the written rules say "not shown" or give wrong answers are in CAPITALS (the
 * reasons are in docs/recommender.md). "Suits the use": productivity -> a fast or top-tier chip;
 * content -> a telephoto camera; entertainment -> a large screen and a battery that is not standard;
 * general -> a battery that is not standard. Environment: outdoor -> maximum battery, work -> a fast
 * or top-tier chip, varied -> a battery that is not standard.
 *
 * Order (rankPhones): by BUDGET BAND — within budget, up to 25% over, up to twice the budget, beyond
 * (the top pick is within budget whenever any phone of the chosen OS is, and a phone far over budget
 * never comes before one closer to it); then phones whose price and lineup check are FRESH (checked in
 * the last 6 months, ../catalogue/freshness.ts) before any with a stale check; then matchScore, the raw ratio, the SHORTFALL (classes short of the answers),
 * dollars over budget, answers only read (camera lens, work style), STAYING WITH YOUR BRAND (a
 * tie-break, never points), newer year, what the visitor rated (./upgrade.ts compareStrength), newer
 * launch month, id.
 *
 * Candidates: phones SOLD NEW NOW, released in the last two calendar years counted from today, of the
 * chosen OS or brand, minus the visitor's own searched phone. When the visitor searched for their
 * phone, each pick carries the upgrade check and the verdict (see `recommend`). Top 2 are kept.
 * Reasons: at most 4; when fewer than 3 apply, generic true facts about the phone are added.
 * ────────────────────────────────────────────────────────────────────────────────────────────────────
 */
export const SCORING = {
  noBudgetScore: 50,
  topCount: 2,
  maxReasons: 4,
  minReasons: 3,
  /** A match below this percentage is labelled a weak match. */
  weakMatchBelow: 50,
  /** Points of a core question that was skipped. */
  notAnswered: 0,
  /**
   * The budget edge is a slope: a phone over what the visitor would spend loses budget points in
   * proportion, down to 0 at this share over (a phone 10% over keeps 90% of them, one twice the budget 0).
   */
  slopeToShare: 1,
  /** Up to this share over, a phone ranks with the phones within budget (band 0) on its lower score. */
  nearShare: 0.1,
  /** Beyond this share above what the visitor would spend a phone is far over budget (more than twice it). */
  farOverShare: 1,
  budget: { within: 30, over: 0 },
  os: { fits: 20, other: 0 },
  camera: { meets: 15, oneShort: 7.5, twoShort: 0, unknown: 11.25 },
  /**
   * Finer camera classes, as points of `camera.meets`: for a 'professional' ask, a telephoto that is
   * short (under 5x and under 24MP at 5x) earns 12, a long but soft one (5x reach, under 24MP at 5x)
   * 13.5, a long and sharp one 15; for a 'good' ask, an ultrawide under 12MP earns 12.
   */
  cameraFine: { shortTele: 12, softLongTele: 13.5, smallUltrawide: 12, sharpAt5xMp: 24, ultrawideMp: 12 },
  battery: { meets: 15, oneShort: 7.5, twoShort: 0, unknown: 11.25 },
  primaryUse: { suits: 10, other: 5 },
  screenSize: { same: 10, nextSize: 5, other: 0 },
  storage: { meets: 10, oneShort: 5, other: 0 },
  processorSpeed: { meets: 10, oneShort: 5, twoShort: 0 },
  advancedFeatures: { has: 10, other: 0 },
  environment: { fits: 10, other: 5 },
  /**
   * Software updates: points in proportion to the years of OS updates ahead, full at `fullYears`; the
   * row is worth `max` points, `lowBudgetMax` when the budget is at most `lowBudgetCad` (a phone that
   * stops getting updates soon is the costliest mistake on a small budget).
   */
  updates: { max: 8, lowBudgetMax: 15, lowBudgetCad: 600, fullYears: 5 },
} as const;

/** True when a match score is labelled a weak match (below SCORING.weakMatchBelow). */
export function isWeakMatch(score: number): boolean {
  return score < SCORING.weakMatchBelow;
}

/** Scored criteria, in the order reasons are written. */
export type Criterion =
  | 'budget'
  | 'os'
  | 'cameraQuality'
  | 'batteryLife'
  | 'primaryUse'
  | 'screenSize'
  | 'storage'
  | 'processorSpeed'
  | 'advancedFeatures'
  | 'environment'
  | 'updates';
/** Answers that only order equal scores. */
export type TieBreaker = 'brand' | 'cameraSpecs' | 'workStyle';

/** The working of one scored criterion. */
export interface CriterionWorking {
  criterion: Criterion;
  /** e.g. 'Budget'. */
  label: string;
  /** The visitor's answer, readable, e.g. 'Up to $1,020'. */
  answer: string;
  /** What the phone has, readable, e.g. 'Premium · $1,289'. */
  phoneHas: string;
  points: number;
  max: number;
  /** The rule applied, e.g. 'within your budget'. */
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

/** An ask the phone does not meet, and why: the budget stops it, or no phone of the chosen kind has it. */
export interface AskNote {
  criterion: Criterion;
  /** 'budget': a phone with it costs more than the budget; 'platform': no phone of the OS/brand chosen has it (at this price, for the budget). */
  kind: 'budget' | 'platform';
  text: string;
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
  /** The points the counted criteria could give (the score divides by this). */
  maxPoints: number;
  /** Number of counted criteria. */
  criteria: number;
  /** How matchScore was computed, in words. */
  scoreRule: string;
  /** Answers not scored but used to order equal scores. */
  tieBreakers: TieBreakWorking[];
  /** When the visitor searched for their phone: how this phone compares with it (else null). */
  upgrade: UpgradeCheck | null;
  /** Asks this phone does not meet that nothing within the budget (or of the chosen OS) meets. */
  notes: AskNote[];
  /** How fresh its price and lineup check are on the day of the recommendation (stale: shown as "last checked"). */
  facts: FactFreshness;
}

/** When the engine runs: today's date (the clock is read by the caller, so results are reproducible). */
export interface EngineOptions {
  /** Today; defaults to the current date of the caller's machine. */
  today?: Date;
}

const rank = <T extends string>(order: readonly T[], v: T) => order.indexOf(v);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const todayOf = (options?: EngineOptions) => options?.today ?? new Date();

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
 * Phones that may be recommended on `today`: sold new now, released in the last two calendar years,
 * fitting the OS/brand choice, and not the visitor's own searched phone.
 */
export function filterCandidates(phones: readonly Phone[], prefs: Preferences, options?: EngineOptions): Phone[] {
  const today = todayOf(options);
  return phones.filter((p) => isRecommendable(p, today) && fitsOsChoice(p, prefs.os) && !isOwnPhone(p, prefs));
}

function osName(phone: Phone): string {
  return phone.os === 'ios' ? 'iOS' : `Android (${phone.brand})`;
}

/** How a visitor's OS choice names phones: 'iPhone', 'Samsung phone', 'Android phone'... */
function osPhrase(os: OsPreference | undefined): string {
  switch (os) {
    case 'ios':
      return 'iPhone';
    case 'android_samsung':
      return 'Samsung phone';
    case 'android_google':
      return 'Pixel';
    case 'android':
      return 'Android phone';
    default:
      return 'phone';
  }
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
      return { suits: s.processorSpeed !== 'standard', has: `${PROCESSOR_CLASS_NAMES[s.processorSpeed]} chip` };
    case 'content':
      return { suits: s.cameraQuality === 'professional', has: CAMERA_CLASS_NAMES[s.cameraQuality] };
    case 'entertainment':
      return {
        suits: s.screenSize === 'large' && longBattery,
        has: `${cap(s.screenSize)} screen, ${battery} battery`,
      };
    default:
      return { suits: longBattery, has: `${cap(battery)} battery` };
  }
}

/** Does the phone fit where the visitor uses it? (see the table; 'home' asks for nothing) */
function fitsEnvironment(phone: Phone, env: NonNullable<Preferences['environment']>): { fits: boolean; has: string } {
  const s = phone.specs;
  if (env === 'work')
    return { fits: s.processorSpeed !== 'standard', has: `${PROCESSOR_CLASS_NAMES[s.processorSpeed]} chip` };
  const battery = `${cap(s.batteryLife ?? 'unknown')} battery`;
  if (env === 'outdoor') return { fits: s.batteryLife === 'maximum' || s.batteryLife === null, has: battery };
  return { fits: s.batteryLife !== 'standard', has: battery };
}

/** A price up to 5% over the slider's 'Up to $X' still counts as in budget (the slider moves in $10-13 steps). */
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

/** The budget as the visitor gave it, readable: 'Up to $1,020', '$1500+ (no limit)' or a tier. */
function budgetAnswer(prefs: WithBudget): string {
  if (prefs.budgetValue === undefined)
    return `${PRICE_RANGE_NAMES[prefs.budget]} (${PRICE_RANGE_LABELS[prefs.budget]})`;
  const max = budgetMaxCad(prefs.budget, prefs.budgetValue);
  return Number.isFinite(max) ? `Up to ${formatPrice(budgetDollars(prefs.budgetValue))}` : 'No limit ($1500+)';
}

type WithBudget = Preferences & { budget: NonNullable<Preferences['budget']> };

/** Budget points of a phone: full within what the visitor would spend, then a slope down to 0. */
export function budgetPoints(price: number, max: number): number {
  const b = SCORING.budget;
  if (!Number.isFinite(max) || price <= max) return b.within;
  const over = price / max - 1;
  return Math.max(b.over, Math.round(b.within * (1 - over / SCORING.slopeToShare) * 100) / 100);
}

function scoreBudget(phone: Phone, prefs: WithBudget): CriterionWorking {
  const max = maxSpendCad(prefs);
  const b = SCORING.budget;
  const points = budgetPoints(phone.price, max);
  const over = Math.round(phone.price - max);
  return {
    criterion: 'budget',
    label: 'Budget',
    answer: budgetAnswer(prefs),
    phoneHas: `${PRICE_RANGE_NAMES[phone.priceRange]} · ${phonePriceLabel(phone)}`,
    points,
    max: b.within,
    rule:
      points === b.within
        ? 'within your budget'
        : points > b.over
          ? `${formatPrice(over)} over what you would spend: fewer points the further over (a slope, not a cliff)`
          : 'well over your budget',
  };
}

/** A core question the visitor skipped: counted, 0 points. */
function notAnswered(criterion: Criterion, label: string, max: number): CriterionWorking {
  return {
    criterion,
    label,
    answer: 'Skipped',
    phoneHas: '—',
    points: SCORING.notAnswered,
    max,
    rule: 'not answered: not counted as a match',
  };
}

/** Points of an ordered answer where more is at least as good: meets or beats, one step short, two or more. */
function levelRow(
  criterion: 'cameraQuality' | 'batteryLife' | 'processorSpeed' | 'storage',
  label: string,
  shortBy: number | null,
  table: { meets: number; oneShort: number; twoShort?: number; other?: number; unknown?: number },
  answer: string,
  phoneHas: string,
): CriterionWorking {
  const floor = table.twoShort ?? table.other ?? 0;
  const [points, rule] =
    shortBy === null
      ? [table.unknown ?? floor, 'not published: scored neutrally']
      : shortBy <= 0
        ? [table.meets, shortBy < 0 ? 'better than you asked' : 'as you asked']
        : shortBy === 1
          ? [table.oneShort, 'one step short of what you asked']
          : [floor, 'well short of what you asked'];
  return { criterion, label, answer, phoneHas, points, max: table.meets, rule };
}

const stepsShort = <T extends string>(order: readonly T[], asked: T, has: T | null) =>
  has === null ? null : rank(order, asked) - rank(order, has);

function cameraHas(phone: Phone): string {
  const main = lensText(phone.specs.cameraSpecs.mainCamera);
  const tele = bestTele(phone);
  const parts = [main ? `${main} main` : null, tele ? `${tele.zoom}x ${tele.mp}MP telephoto` : null].filter(Boolean);
  return `${CAMERA_CLASS_NAMES[phone.specs.cameraQuality]}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

function batteryHas(phone: Phone): string {
  const { batteryMah: mah, batteryLife } = phone.specs;
  if (!mah || !batteryLife) return 'Unknown (capacity not published)';
  return `${cap(batteryLife)} (${mah.toLocaleString('en-US')} mAh)`;
}

/** The telephoto with the longest zoom, or null. */
function bestTele(phone: Phone): { mp: number; zoom: number } | null {
  const text = phone.specs.cameraSpecs.telephoto;
  if (!text) return null;
  const lenses = text.split(' + ').flatMap((l) => {
    const m = /(\d+(?:\.\d+)?)\s*MP/i.exec(l);
    const z = [...l.matchAll(/(\d+(?:\.\d+)?)x/gi)].map((x) => Number(x[1]));
    return m && z.length ? [{ mp: Number(m[1]), zoom: Math.max(...z) }] : [];
  });
  return lenses.sort((a, b) => b.zoom - a.zoom)[0] ?? null;
}

const storageText = (s: string) => s.toUpperCase().replace(/(\d)([GT]B)/, '$1 $2');

/** The largest storage class a microSD slot reaches ('microSDXC (up to 1TB)' -> '1tb'), or null. */
export function cardStorage(slot: string | null): (typeof STORAGES)[number] | null {
  const m = slot ? /up to (\d+(?:\.\d+)?)\s*(TB|GB)/i.exec(slot) : null;
  if (!m) return null;
  const gb = Number(m[1]) * (m[2]!.toUpperCase() === 'TB' ? 1024 : 1);
  const sizes: Record<(typeof STORAGES)[number], number> = {
    '64gb': 64,
    '128gb': 128,
    '256gb': 256,
    '512gb': 512,
    '1tb': 1024,
  };
  return [...STORAGES].reverse().find((s) => sizes[s] <= gb) ?? null;
}

/** Storage a phone can hold: its largest version, or what its microSD slot takes when that is more. */
export function effectiveStorage(phone: Phone): (typeof STORAGES)[number] {
  const card = cardStorage(phone.specs.memoryCardSlot);
  return card && STORAGES.indexOf(card) > STORAGES.indexOf(phone.specs.storage) ? card : phone.specs.storage;
}

/**
 * Camera points of a phone that meets the answer, by what its lenses do (SCORING.cameraFine): for a
 * telephoto ask, the zoom's reach and sharpness; for a main-and-ultrawide ask, the ultrawide's.
 */
function cameraFinePoints(phone: Phone, asked: (typeof CAMERA_QUALITIES)[number]): number {
  const f = SCORING.cameraFine;
  const full = SCORING.camera.meets;
  if (asked === 'professional') {
    if (resolutionAt(phone, 5) >= f.sharpAt5xMp) return full;
    return Math.max(0, ...teles(phone).map((t) => t.zoom)) >= 5 ? f.softLongTele : f.shortTele;
  }
  if (asked === 'good') {
    const m = /(\d+(?:\.\d+)?)\s*MP/i.exec(phone.specs.cameraSpecs.ultrawide ?? '');
    return m && Number(m[1]) < f.ultrawideMp ? f.smallUltrawide : full;
  }
  return full;
}

/**
 * The scored working of one phone for the visitor's answers on `today` (update support counts from
 * it). Once a budget is set, the core rows always count (a skipped question earns 0); the other
 * questions count when answered with an ask.
 */
export function scoreCriteria(phone: Phone, prefs: Preferences, options?: EngineOptions): CriterionWorking[] {
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
  } else if (core && !prefs.os) rows.push(notAnswered('os', 'Brand / OS', SCORING.os.fits));
  if (prefs.cameraQuality) {
    const short = stepsShort(CAMERA_QUALITIES, prefs.cameraQuality, s.cameraQuality);
    const row = levelRow(
      'cameraQuality',
      'Camera',
      short,
      SCORING.camera,
      optionLabel('cameraQuality', prefs.cameraQuality),
      cameraHas(phone),
    );
    const fine = short !== null && short <= 0 ? cameraFinePoints(phone, prefs.cameraQuality) : row.points;
    rows.push(
      fine < row.points
        ? {
            ...row,
            points: fine,
            rule: `${row.rule}; ${prefs.cameraQuality === 'professional' ? 'a shorter or softer zoom than the best' : 'a low-resolution ultrawide'}`,
          }
        : row,
    );
  } else if (core) rows.push(notAnswered('cameraQuality', 'Camera', SCORING.camera.meets));
  if (prefs.batteryLife)
    rows.push(
      levelRow(
        'batteryLife',
        'Battery',
        stepsShort(BATTERY_LIVES, prefs.batteryLife, s.batteryLife),
        SCORING.battery,
        optionLabel('batteryLife', prefs.batteryLife),
        batteryHas(phone),
      ),
    );
  else if (core) rows.push(notAnswered('batteryLife', 'Battery', SCORING.battery.meets));
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
  } else if (core) rows.push(notAnswered('primaryUse', 'Primary use', SCORING.primaryUse.suits));
  if (prefs.screenSize) {
    const gap = Math.abs(rank(SCREEN_SIZES, s.screenSize) - rank(SCREEN_SIZES, prefs.screenSize));
    const t = SCORING.screenSize;
    const inches = s.screenInches ? ` (${s.screenInches}")` : '';
    rows.push({
      criterion: 'screenSize',
      label: 'Screen size',
      answer: optionLabel('screenSize', prefs.screenSize),
      phoneHas: `${optionLabel('screenSize', s.screenSize)}${inches}`,
      points: gap === 0 ? t.same : gap === 1 ? t.nextSize : t.other,
      max: t.same,
      rule: gap === 0 ? 'the size you asked' : gap === 1 ? 'the next size' : 'not the size you asked',
    });
  }
  if (prefs.storage) {
    const card = cardStorage(s.memoryCardSlot);
    rows.push(
      levelRow(
        'storage',
        'Storage',
        stepsShort(STORAGES, prefs.storage, effectiveStorage(phone)),
        SCORING.storage,
        optionLabel('storage', prefs.storage),
        `Up to ${storageText(s.storage)}${card ? ` + microSD up to ${storageText(card)}` : ''}`,
      ),
    );
  }
  if (prefs.processorSpeed)
    rows.push(
      levelRow(
        'processorSpeed',
        'Performance',
        stepsShort(PROCESSOR_SPEEDS, prefs.processorSpeed, s.processorSpeed),
        SCORING.processorSpeed,
        optionLabel('processorSpeed', prefs.processorSpeed),
        `${PROCESSOR_CLASS_NAMES[s.processorSpeed]}${s.chipset ? ` (${s.chipset})` : ''}`,
      ),
    );
  if (prefs.advancedFeatures && prefs.advancedFeatures !== 'standard') {
    const asked = prefs.advancedFeatures;
    const has = s.featureTags.includes(asked);
    const labels = s.featureTags.map((t) => optionLabel('advancedFeatures', t));
    const f = SCORING.advancedFeatures;
    rows.push({
      criterion: 'advancedFeatures',
      label: 'Special features',
      answer: optionLabel('advancedFeatures', asked),
      phoneHas: labels.length ? labels.join(', ') : 'Nothing special',
      points: has ? f.has : f.other,
      max: f.has,
      rule: has ? 'has the feature' : 'does not have the feature',
    });
  }
  if (prefs.environment && prefs.environment !== 'home') {
    const { fits, has } = fitsEnvironment(phone, prefs.environment);
    rows.push({
      criterion: 'environment',
      label: 'Environment',
      answer: optionLabel('environment', prefs.environment),
      phoneHas: has,
      points: fits ? SCORING.environment.fits : SCORING.environment.other,
      max: SCORING.environment.fits,
      rule: fits ? 'fits where you use it' : 'not the best fit for where you use it',
    });
  }
  if (core) rows.push(scoreUpdates(phone, todayOf(options), updatesMax(prefs)));
  return rows;
}

/** The most the software-updates row is worth for this budget (more on a low budget). */
export function updatesMax(prefs: Pick<Preferences, 'budget' | 'budgetValue'>): number {
  const u = SCORING.updates;
  return maxSpendCad(prefs) <= u.lowBudgetCad * OVER_SLIDER_TOLERANCE ? u.lowBudgetMax : u.max;
}

function scoreUpdates(phone: Phone, today: Date, max: number): CriterionWorking {
  const u = SCORING.updates;
  const years = Math.max(0, osYearsLeft(phone.updates, today));
  const until = monthYear(phone.updates.osUntil);
  const points = Math.round(max * Math.min(1, years / u.fullYears) * 100) / 100;
  const rule =
    years >= u.fullYears
      ? `${u.fullYears}+ years of OS updates ahead`
      : years > 0
        ? `${Math.floor(years * 10) / 10} years of OS updates ahead (full points at ${u.fullYears})`
        : 'OS updates have ended';
  return {
    criterion: 'updates',
    label: 'Software updates',
    answer: 'Years of updates (always counted)',
    phoneHas: `${years > 0 ? 'OS updates until' : 'OS updates ended'} ${until}${phone.updates.estimate ? ' (estimate)' : ''}`,
    points,
    max,
    rule,
  };
}

/** Answers used only to order equal scores, with whether the phone fits each. */
export function tieBreakers(phone: Phone, prefs: Preferences): TieBreakWorking[] {
  const s = phone.specs;
  const rows: TieBreakWorking[] = [];
  if (prefs.currentBrand && !['Other', 'None'].includes(prefs.currentBrand)) {
    rows.push({
      criterion: 'brand',
      label: 'Staying with your brand',
      answer: `You have ${prefs.currentBrand}`,
      phoneHas: phone.brand,
      fits: phone.brand.toLowerCase() === prefs.currentBrand.toLowerCase(),
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
      phoneHas: `${PROCESSOR_CLASS_NAMES[s.processorSpeed]} chip`,
      fits: !needsSpeed || s.processorSpeed !== 'standard',
    });
  }
  return rows;
}

/** matchScore from the points earned and the points the counted rows could give (no budget -> 50). */
export function matchScoreFrom(points: number, maxPoints: number, budgetSet: boolean): number {
  if (!budgetSet || maxPoints <= 0) return SCORING.noBudgetScore;
  return Math.min(100, Math.round((points / maxPoints) * 100));
}

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
        base && prefs.storage && rank(STORAGES, base) < rank(STORAGES, prefs.storage)
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
function needsOf(criterion: Criterion, prefs: Preferences): string[] {
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
function covered(needs: string[], said: Set<string>): boolean {
  return needs.every((need) => {
    const [kind, level] = need.split(':') as [string, string | undefined];
    const order = NEED_LEVELS[kind];
    if (!order || level === undefined) return said.has(need);
    return order.slice(order.indexOf(level)).some((l) => said.has(`${kind}:${l}`));
  });
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

/** Scores one phone for the visitor's answers, with reasons and working. */
export function scorePhone(phone: Phone, prefs: Preferences, options?: EngineOptions): Recommendation {
  const working = scoreCriteria(phone, prefs, options);
  const points = working.reduce((sum, r) => sum + r.points, 0);
  const maxPoints = working.reduce((sum, r) => sum + r.max, 0);
  const budgetSet = Boolean(prefs.budget);
  const matchScore = matchScoreFrom(points, maxPoints, budgetSet);
  const ties = tieBreakers(phone, prefs);
  const facts = factFreshness(phone, todayOf(options));
  // A stale price is never stated as today's: the budget reason says when it was last checked.
  const dated = (r: string) =>
    facts.priceFresh || !/^(Within your budget|In your price range|\$[\d,]+ over your budget)/.test(r)
      ? r
      : `${r}; price last checked ${monthYear(facts.priceChecked)}`;
  return {
    phone,
    matchScore,
    reasons: buildReasons(phone, prefs, working, ties).map(dated),
    working,
    points,
    maxPoints,
    criteria: working.length,
    scoreRule: budgetSet
      ? `round(${points} / ${maxPoints} × 100) = ${matchScore}% (the points earned of those your answers could give)`
      : `No budget set: every phone scores ${SCORING.noBudgetScore}`,
    tieBreakers: ties,
    upgrade: null,
    notes: [],
    facts,
  };
}

function rawRatio(r: Recommendation): number {
  return r.maxPoints === 0 ? 0 : r.points / r.maxPoints;
}

/**
 * How many class steps the phone falls short of the visitor's ordered answers (camera, battery,
 * storage, performance); 0 when it meets them or they were not asked. Among equal scores the phone
 * that falls shorter loses (a single-lens camera is further from 'professional' than a dual one).
 */
export function shortfall(phone: Phone, prefs: Preferences): number {
  const gap = <T extends string>(order: readonly T[], asked: T | undefined, has: T | null) =>
    asked === undefined || has === null ? 0 : Math.max(0, order.indexOf(asked) - order.indexOf(has));
  const s = phone.specs;
  return (
    gap(CAMERA_QUALITIES, prefs.cameraQuality, s.cameraQuality) +
    gap(BATTERY_LIVES, prefs.batteryLife, s.batteryLife) +
    gap(STORAGES, prefs.storage, effectiveStorage(phone)) +
    gap(PROCESSOR_SPEEDS, prefs.processorSpeed, s.processorSpeed)
  );
}

/** Dollars a phone costs above what the visitor would spend (0 when within budget or no budget). */
export function overBudgetBy(phone: Phone, prefs: Preferences): number {
  const max = maxSpendCad(prefs);
  return Number.isFinite(max) ? Math.max(0, phone.price - max) : 0;
}

const fitCount = (r: Recommendation, criterion: TieBreaker | null) =>
  r.tieBreakers.filter((t) => t.fits && (criterion === null ? t.criterion !== 'brand' : t.criterion === criterion))
    .length;

/**
 * How far over budget a phone is, as a band: 0 within what the visitor would spend or up to 10% over
 * (the slope: it competes on its lower score), 1 up to twice it, 2 beyond. Phones
 * are ranked band by band, so the top pick is within budget or at most 10% over it whenever a phone of
 * the chosen OS is, and a phone far over budget never comes before one closer to it.
 */
export function budgetBand(phone: Phone, prefs: Preferences): 0 | 1 | 2 {
  const max = maxSpendCad(prefs);
  if (!Number.isFinite(max) || phone.price <= max) return 0;
  const over = phone.price / max - 1;
  return over <= SCORING.nearShare ? 0 : over <= SCORING.farOverShare ? 1 : 2;
}

/**
 * Orders scored phones best first (see the table): budget band, fresh facts, matchScore, raw ratio, smaller
 * shortfall, less over budget, unscored answers fitted, same brand, newer year, strength on what was
 * rated, newer launch month, id. `prefs` is needed for every key but the score, ratio, year and id.
 */
export function compareRecommendations(a: Recommendation, b: Recommendation, prefs?: Preferences): number {
  return (
    (prefs ? budgetBand(a.phone, prefs) - budgetBand(b.phone, prefs) : 0) ||
    // Facts that expire: within a budget band, a phone whose price and lineup check are fresh comes
    // before any phone with a stale check (its last-known price only places it in a band).
    Number(b.facts.fresh) - Number(a.facts.fresh) ||
    b.matchScore - a.matchScore ||
    rawRatio(b) - rawRatio(a) ||
    (prefs ? shortfall(a.phone, prefs) - shortfall(b.phone, prefs) : 0) ||
    (prefs ? overBudgetBy(a.phone, prefs) - overBudgetBy(b.phone, prefs) : 0) ||
    // Stronger on what the visitor rated (beyond the margins), else the cheaper phone first: among
    // equal matches a buyer pays no more for nothing.
    (prefs ? compareStrength(a.phone, b.phone, prefs) : 0) ||
    a.phone.price - b.phone.price ||
    fitCount(b, null) - fitCount(a, null) ||
    fitCount(b, 'brand') - fitCount(a, 'brand') ||
    b.phone.year - a.phone.year ||
    b.phone.pricing.launchDate.localeCompare(a.phone.pricing.launchDate) ||
    a.phone.id.localeCompare(b.phone.id)
  );
}

/** Every candidate on `today`, scored and ordered best first (see `recommend` for the top 2). */
export function rankPhones(phones: readonly Phone[], prefs: Preferences, options?: EngineOptions): Recommendation[] {
  return filterCandidates(phones, prefs, options)
    .map((p) => scorePhone(p, prefs, options))
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

/** What each ask needs, in words, for the notes ('a telephoto (zoom) camera'). */
function askText(criterion: Criterion, prefs: Preferences): string | null {
  switch (criterion) {
    case 'cameraQuality':
      return prefs.cameraQuality === 'professional'
        ? 'a telephoto (zoom) camera'
        : prefs.cameraQuality === 'good'
          ? 'a main and an ultrawide camera'
          : null;
    case 'batteryLife':
      return prefs.batteryLife === 'maximum' || prefs.batteryLife === 'extended'
        ? `a battery of ${BATTERY_CLASS_MAH[prefs.batteryLife].toLocaleString('en-US')} mAh or more`
        : null;
    case 'primaryUse':
      return prefs.primaryUse === 'productivity'
        ? 'a fast chip for work'
        : prefs.primaryUse === 'content'
          ? 'a telephoto camera for photo and video work'
          : prefs.primaryUse === 'entertainment'
            ? 'a large screen with a long battery'
            : 'an all-day battery';
    case 'screenSize':
      return prefs.screenSize === 'small'
        ? 'a compact screen (under 6 inches)'
        : prefs.screenSize === 'medium'
          ? 'a screen of 6 to 6.4 inches'
          : 'a screen of 6.5 inches or more';
    case 'storage':
      return prefs.storage ? `${optionLabel('storage', prefs.storage)} of storage` : null;
    case 'processorSpeed':
      return prefs.processorSpeed === 'premium' ? 'a top-tier chip' : 'a fast chip';
    case 'advancedFeatures': {
      const names: Record<AdvancedFeature, string> = {
        standard: 'nothing special',
        ai: 'AI features',
        foldable: 'a foldable design',
        ar: 'a depth (LiDAR) scanner',
      };
      return prefs.advancedFeatures ? names[prefs.advancedFeatures] : null;
    }
    case 'environment':
      return prefs.environment === 'work'
        ? 'a fast chip for the workday'
        : 'a bigger battery for days away from a plug';
    default:
      return null;
  }
}

/**
 * The notes of a recommendation: each ask it does not meet in full that no candidate within budget
 * meets either, naming the cheapest phone that does ('budget') or saying that no phone of the chosen
 * OS or brand does ('platform'); and, when nothing of the chosen kind is within budget, that too.
 */
function notesFor(rec: Recommendation, candidates: readonly Recommendation[], prefs: Preferences): AskNote[] {
  const notes: AskNote[] = [];
  const said = new Set<string>();
  const max = maxSpendCad(prefs);
  const kind = osPhrase(prefs.os);
  if (prefs.budget && rec.phone.price > max && !candidates.some((c) => c.phone.price <= max)) {
    const readout =
      prefs.budgetValue !== undefined
        ? formatPrice(budgetDollars(prefs.budgetValue))
        : PRICE_RANGE_LABELS[prefs.budget];
    notes.push({
      criterion: 'budget',
      kind: 'platform',
      text: `No ${kind} we list costs ${readout} or less: this is one of the closest in price.`,
    });
  }
  if (prefs.budget && Number.isFinite(max) && rec.phone.price > max && budgetBand(rec.phone, prefs) === 0)
    notes.push({
      criterion: 'budget',
      kind: 'budget',
      text: `${formatPrice(rec.phone.price - max)} over what you would spend: the budget edge is a slope, not a cliff, and it beats what is within budget.`,
    });
  for (const row of rec.working) {
    if (row.points >= row.max || row.criterion === 'budget' || row.criterion === 'os' || row.criterion === 'updates')
      continue;
    if (row.rule.startsWith('not answered')) continue;
    const ask = askText(row.criterion, prefs);
    // One note per need: photos need the telephoto a 'Professional' camera answer already asked for.
    const needs = needsOf(row.criterion, prefs);
    if (!ask || covered(needs, said)) continue;
    for (const n of needs) said.add(n);
    const meeting = candidates
      .filter((c) => c.working.some((w) => w.criterion === row.criterion && w.points >= w.max))
      .map((c) => c.phone)
      .sort((a, b) => a.price - b.price);
    const cheapest = meeting[0];
    if (!cheapest) notes.push({ criterion: row.criterion, kind: 'platform', text: `No ${kind} we sell has ${ask}.` });
    else if (cheapest.price > max)
      notes.push({
        criterion: row.criterion,
        kind: 'budget',
        text: `${cap(ask)} needs a bigger budget: the cheapest ${kind} with it is the ${cheapest.brand} ${cheapest.model} at ${phonePriceLabel(cheapest)}.`,
      });
  }
  return notes;
}

/**
 * The recommendations for a set of answers on `today`: the top 2 (SCORING.topCount) of `rankPhones`,
 * each with the notes on asks nothing within budget can meet. `phones` is the whole catalogue (PHONES,
 * or the same list from /phone-recommender/phones.json).
 *
 * When the visitor searched for their phone, each pick carries the upgrade check and one verdict:
 * - not in the catalogue: 'cannot-compare' (the plain ranking; nothing is called an upgrade);
 * - real upgrades within budget exist: 'upgrade', and only they are suggested;
 * - none, and the phone no longer gets OS updates: 'replace', the best matches (it never "still fits");
 * - none, and it still gets updates: 'still-fits', the best real upgrades at any price (or, if nothing
 *   beats the phone at all, the best matches), each marked `stillFits`.
 */
export function recommend(
  phones: readonly Phone[],
  prefs: Preferences,
  options: EngineOptions & { count?: number } = {},
): Recommendation[] {
  const today = todayOf(options);
  const count = options.count ?? SCORING.topCount;
  const ranked = rankPhones(phones, prefs, { today });
  const withNotes = (recs: Recommendation[]) =>
    recs.slice(0, count).map((r) => ({ ...r, notes: notesFor(r, ranked, prefs) }));
  const searched = prefs.searchedForCurrentPhone ? usableCurrentPhone(prefs) : null;
  if (!searched) return withNotes(ranked);
  const maxCad = maxSpendCad(prefs);
  const current = currentCataloguePhone(phones, prefs);
  // An upgrade within the budget's slope (up to 10% over) is within reach; its card says how much over.
  const reachCad = maxCad * (1 + SCORING.nearShare);
  if (!current) return withNotes(ranked.map((r) => ({ ...r, upgrade: cannotCompare(searched, r.phone, reachCad) })));
  const checked = ranked.map((r) => ({ ...r, upgrade: checkUpgrade(current, r.phone, prefs, reachCad, today) }));
  const real = checked.filter((r) => r.upgrade.isUpgrade && r.upgrade.inBudget);
  if (real.length) return withNotes(real);
  const mark = (recs: Recommendation[], verdict: 'replace' | 'still-fits') =>
    withNotes(recs).map((r) => ({ ...r, upgrade: { ...r.upgrade!, verdict, stillFits: verdict === 'still-fits' } }));
  if (checked[0]?.upgrade.updatesEnded) return mark(checked, 'replace');
  const upgrades = checked.filter((r) => r.upgrade.isUpgrade);
  return mark(upgrades.length ? upgrades : checked, 'still-fits');
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
