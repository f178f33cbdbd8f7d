import { describe, expect, it } from 'vitest';
import { progressBarValue, wizardProgress } from '../../../src/lib/recommender';

describe('progress', () => {
  it('is (step + 1) / (questions + 1) * 100, reaching 100 on the results step', () => {
    expect(wizardProgress(0, 8)).toBeCloseTo(100 / 9);
    expect(wizardProgress(8, 8)).toBe(100);
    expect(wizardProgress(5, 11)).toBe(50);
  });

  it('progress bar: max must be above 0 (else 100); a value outside 0..max becomes null', () => {
    expect(progressBarValue(40, 80)).toEqual({ value: 40, max: 80 });
    expect(progressBarValue(40, 0)).toEqual({ value: 40, max: 100 });
    expect(progressBarValue(40, -3)).toEqual({ value: 40, max: 100 });
    expect(progressBarValue(0, 10)).toEqual({ value: 0, max: 10 });
    expect(progressBarValue(10, 10)).toEqual({ value: 10, max: 10 });
    expect(progressBarValue(10.5, 10)).toEqual({ value: null, max: 10 });
    expect(progressBarValue(-1, 10)).toEqual({ value: null, max: 10 });
    expect(progressBarValue(null)).toEqual({ value: null, max: 100 });
  });
});
