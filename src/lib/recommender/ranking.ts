/**
 * One phone scored whole (its rows, reasons, tie-breakers and fact freshness) and the order of the
 * candidates, best first: by budget band, fresh facts, match score and the tie-breaks listed in the
 * scoring table's comment (scoring.ts). Pure; client-safe.
 */
import { BATTERY_LIVES, CAMERA_QUALITIES, PROCESSOR_CLASS_NAMES, PROCESSOR_SPEEDS, STORAGES } from '../catalogue/enums';
import { factFreshness } from '../catalogue/freshness';
import { monthYear } from '../catalogue/pricing';
import type { Phone } from '../catalogue/schema';
import { priceUnconfirmed, usdText } from '../catalogue/us-launch';
import { filterCandidates, maxSpendCad, overBudgetBy } from './candidates';
import { effectiveStorage, matchScoreFrom, scoreCriteria } from './criteria';
import { cap, lensText } from './phone-text';
import type { Preferences } from './preferences';
import { buildReasons } from './reasons';
import {
  todayOf,
  type EngineOptions,
  type Recommendation,
  type TieBreaker,
  type TieBreakWorking,
} from './recommendation';
import { SCORING } from './scoring';
import { compareOverall, compareStrength } from './upgrade';

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

/** Scores one phone for the visitor's answers, with reasons and working. */
export function scorePhone(phone: Phone, prefs: Preferences, options?: EngineOptions): Recommendation {
  const working = scoreCriteria(phone, prefs, options);
  const points = working.reduce((sum, r) => sum + r.points, 0);
  const maxPoints = working.reduce((sum, r) => sum + r.max, 0);
  const budgetSet = Boolean(prefs.budget);
  const matchScore = matchScoreFrom(points, maxPoints, budgetSet);
  const ties = tieBreakers(phone, prefs);
  const facts = factFreshness(phone, todayOf(options));
  // A stale price is never stated as today's: the budget reason says when it was last checked, or,
  // for a phone known only by its US launch price, that no Canadian price was confirmed (its month
  // is the US launch, never a check of ours).
  const priceNote = () => {
    const us = phone.pricing.usLaunch;
    return us && priceUnconfirmed(phone.pricing)
      ? `Canadian price not confirmed (US launch price ${usdText(us.usd)}, ${monthYear(us.month)})`
      : `price last checked ${monthYear(facts.priceChecked)}`;
  };
  const dated = (r: string) =>
    facts.priceFresh || !/^(Within your budget|In your price range|\$[\d,]+ over your budget)/.test(r)
      ? r
      : `${r}; ${priceNote()}`;
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
    // No ceiling: the stronger phone before the cheaper one.
    (prefs && !Number.isFinite(maxSpendCad(prefs)) ? compareOverall(a.phone, b.phone, prefs) : 0) ||
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
