/**
 * What a recommendation is: a suggested phone with its score, reasons, working and notes, the
 * engine's options (today's date), and the compact form sent to POST /api/recommendations. Each
 * recommendation carries its working: per criterion, the visitor's answer, what the phone has, the
 * points given and the maximum, so the UI can show why a phone scored what it did. Pure; client-safe
 * (the islands import the types and `toRecommendationSummary`).
 */
import type { FactFreshness } from '../catalogue/freshness';
import type { Phone } from '../catalogue/schema';
import type { UpgradeCheck } from './upgrade';

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

/** Today's date of the options, else the caller's current date. */
export const todayOf = (options?: EngineOptions) => options?.today ?? new Date();

/** The compact form sent to POST /api/recommendations: { model, brand, matchScore, reasons }. */
export function toRecommendationSummary(r: Recommendation): {
  model: string;
  brand: string;
  matchScore: number;
  reasons: string[];
} {
  return { model: r.phone.model, brand: r.phone.brand, matchScore: r.matchScore, reasons: [...r.reasons] };
}
