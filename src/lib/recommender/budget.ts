/**
 * Budget slider. Pure; client-safe.
 *
 * The slider runs 0-100 as written. From position 3 on it reads the written dollars,
 * round((300 + v/100*1200)/10)*10 ($340 to $1500); its first three positions read $200, $250 and $300,
 * so a buyer with less than $300 can say so (the written scale started at $300 and left the $250 buyer
 * out; docs/recommender.md, "The budget slider"). Its tier is the tier of the dollars it reads out, in
 * the Canadian-dollar tiers of the catalogue (src/lib/catalogue/pricing.ts), so the readout always lies
 * inside the tier label shown next to it.
 */
import type { PriceRange } from '../catalogue/enums';
import { PRICE_TIER_LABELS, PRICE_TIER_MAX_CAD, priceTier } from '../catalogue/pricing';

/** Slider settings: 0 to 100, step 1, starts at 50 (and resets to 50 on Back from the budget step). */
export const BUDGET_SLIDER = { min: 0, max: 100, step: 1, initial: 50 } as const;

/** What the first slider positions read out, below the written scale (position 0 reads the first). */
export const BUDGET_LOW_STOPS_CAD = [200, 250, 300] as const;

/** Tick labels under the slider. */
export const BUDGET_TICKS = { min: `$${BUDGET_LOW_STOPS_CAD[0]}`, max: '$1500+' } as const;

/** Dollar range (CAD) shown for each tier wherever a tier is named. */
export const PRICE_RANGE_LABELS: Record<PriceRange, string> = PRICE_TIER_LABELS;

/** Display names of the tiers. */
export const PRICE_RANGE_NAMES = {
  budget: 'Budget',
  midrange: 'Midrange',
  premium: 'Premium',
} as const satisfies Record<PriceRange, string>;

function clampSlider(value: number): number {
  if (!Number.isFinite(value)) return BUDGET_SLIDER.initial;
  return Math.min(BUDGET_SLIDER.max, Math.max(BUDGET_SLIDER.min, value));
}

/**
 * Dollars shown for a slider value: $200, $250 and $300 at positions 0-2, then the written
 * round((300 + v/100*1200)/10)*10, i.e. $340 at 3, $900 at 50, $1500 at 100.
 */
export function budgetDollars(value: number): number {
  const v = clampSlider(value);
  const low = BUDGET_LOW_STOPS_CAD[Math.floor(v)];
  if (low !== undefined) return low;
  return Math.round((300 + (v / 100) * 1200) / 10) * 10;
}

/** Tier of a slider value: the tier of the dollars it shows (0-24 budget, 25-57 midrange, 58-100 premium). */
export function budgetTier(value: number): PriceRange {
  return priceTier(budgetDollars(value));
}

/** The slider's readout: '$' and the displayed dollars, e.g. '$250', '$900', '$1500'. */
export function budgetReadout(value: number): string {
  return `$${budgetDollars(value)}`;
}

/**
 * The most the visitor said they would spend, in CAD: the slider's dollars when a position is known
 * (no limit at the top of the scale, which reads '$1500+'), otherwise the top of the chosen tier.
 */
export function budgetMaxCad(budget: PriceRange, sliderValue?: number): number {
  if (sliderValue === undefined) return PRICE_TIER_MAX_CAD[budget];
  return clampSlider(sliderValue) >= BUDGET_SLIDER.max ? Number.POSITIVE_INFINITY : budgetDollars(sliderValue);
}
