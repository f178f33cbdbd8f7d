import { describe, expect, it } from 'vitest';
import {
  BUDGET_SLIDER,
  PRICE_RANGE_LABELS,
  budgetDollars,
  budgetReadout,
  budgetTier,
} from '../../../src/lib/recommender';

/** [low, high] dollars of a tier label such as 'up to $599', '$600-$999' or '$1,000+'. */
function labelBounds(label: string): [number, number] {
  const n = [...label.replace(/,/g, '').matchAll(/\d+/g)].map((m) => Number(m[0]));
  if (label.includes('+')) return [n[0]!, Infinity];
  if (/up to|under/i.test(label)) return [0, n[0]!];
  return [n[0]!, n[1]!];
}

describe('budget slider', () => {
  it('starts at 50 and runs 0-100 in steps of 1', () => {
    expect(BUDGET_SLIDER).toEqual({ min: 0, max: 100, step: 1, initial: 50 });
  });

  it('names the tier of the dollars read out (CAD tiers): 0-24 budget, 25-57 midrange, 58-100 premium', () => {
    expect([0, 1, 2, 24].map(budgetTier)).toEqual(['budget', 'budget', 'budget', 'budget']);
    expect([25, 50, 57].map(budgetTier)).toEqual(['midrange', 'midrange', 'midrange']);
    expect([58, 100].map(budgetTier)).toEqual(['premium', 'premium']);
  });

  it('reads $200, $250 and $300 at its first positions, then round((300 + v/100*1200)/10)*10 dollars', () => {
    expect([0, 1, 2].map(budgetDollars)).toEqual([200, 250, 300]);
    expect(budgetDollars(3)).toBe(340); // 336 -> 340
    expect(budgetDollars(50)).toBe(900);
    expect(budgetDollars(100)).toBe(1500);
    expect(budgetDollars(33)).toBe(700); // 696 -> 700
    expect([budgetReadout(1), budgetReadout(50), budgetReadout(100)]).toEqual(['$250', '$900', '$1500']);
    // Every position reads more than the one before it.
    for (let v = 1; v <= 100; v++) expect(budgetDollars(v)).toBeGreaterThan(budgetDollars(v - 1));
  });

  it('keeps out-of-range slider values on the scale', () => {
    expect(budgetTier(-5)).toBe('budget');
    expect(budgetDollars(-5)).toBe(200);
    expect(budgetDollars(250)).toBe(1500);
    expect(budgetDollars(Number.NaN)).toBe(900);
  });

  it('shows a slider readout inside the tier label shown next to it, at every position', () => {
    for (let v = 0; v <= 100; v++) {
      const [low, high] = labelBounds(PRICE_RANGE_LABELS[budgetTier(v)]);
      const dollars = budgetDollars(v);
      expect(
        dollars >= low && dollars <= high,
        `slider ${v}: $${dollars} vs ${PRICE_RANGE_LABELS[budgetTier(v)]}`,
      ).toBe(true);
    }
  });
});
