/**
 * The scoring table: every number used to score a phone, in ONE table ({@link SCORING}), documented
 * right above it, and the weak-match rule. Pure; client-safe (the results cards read `isWeakMatch`).
 * The engine around it: candidates.ts (which phones), criteria.ts (the rows of the table applied to
 * one phone), reasons.ts and notes.ts (the words), ranking.ts (the order), recommend.ts (the top 2
 * and the upgrade verdict); the shape of a result is recommendation.ts.
 */

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
 * launch month, id. The exact order is `compareRecommendations` (./ranking.ts): with no spending
 * limit, the stronger phone overall (compareOverall) comes before the cheaper one.
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
