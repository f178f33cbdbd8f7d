/**
 * Budget slider (spec recommender.md §9). Pure; client-safe.
 */
import type { PriceRange } from '../catalogue/schema';

/** Slider settings: 0 to 100, step 1, starts at 50 (and resets to 50 on Back from the budget step). */
export const BUDGET_SLIDER = { min: 0, max: 100, step: 1, initial: 50 } as const;

/** Tick labels under the slider. */
export const BUDGET_TICKS = { min: '$300', max: '$1500+' } as const;

/** Dollar range shown for each tier elsewhere on the site (spec §9). */
export const PRICE_RANGE_LABELS: Record<PriceRange, string> = {
  budget: '$300-$500',
  midrange: '$500-$800',
  premium: '$800+',
};

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

/** Tier of a slider value: 0-33 budget, 34-66 midrange, 67-100 premium (fractions: below 34 / below 67). */
export function budgetTier(value: number): PriceRange {
  const v = clampSlider(value);
  if (v < 34) return 'budget';
  if (v < 67) return 'midrange';
  return 'premium';
}

/** Dollars shown for a slider value: round((300 + v/100*1200)/10)*10, i.e. $300 to $1500. */
export function budgetDollars(value: number): number {
  const v = clampSlider(value);
  return Math.round((300 + (v / 100) * 1200) / 10) * 10;
}

/** The slider's readout: '$' and the displayed dollars, e.g. '$300', '$900', '$1500'. */
export function budgetReadout(value: number): string {
  return `$${budgetDollars(value)}`;
}
