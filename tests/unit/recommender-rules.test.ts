import { describe, expect, it } from 'vitest';
import {
  BUDGET_SLIDER,
  DEFAULT_PRICE,
  DEFAULT_RELEASE_YEAR,
  ageBasedPriceTier,
  budgetDollars,
  budgetReadout,
  budgetTier,
  guessReleaseYear,
  impliesAiFeatures,
  impliesFiveG,
  progressBarValue,
  quickCurrentPhoneAnswer,
  splitPhoneText,
  supportLabel,
  usableCurrentPhone,
  wizardProgress,
} from '../../src/lib/recommender';

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
});

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

describe('a phone known only by its name', () => {
  it('is priced at the default figure and has no guessed classes (see catalogue-classes.test.ts)', () => {
    expect(DEFAULT_PRICE).toBe(699.99);
  });
});

describe('release year', () => {
  it('2020 or later implies 5G; 2022 or later implies AI features', () => {
    expect([impliesFiveG(2019), impliesFiveG(2020)]).toEqual([false, true]);
    expect([impliesAiFeatures(2021), impliesAiFeatures(2022)]).toEqual([false, true]);
  });

  it('guesses release years from model names, defaulting to 2023', () => {
    expect(DEFAULT_RELEASE_YEAR).toBe(2023);
    const cases: [string, number][] = [
      ['iPhone 8', 2017],
      ['iPhone X', 2017],
      ['iPhone XR', 2018],
      ['iPhone 11 Pro', 2019],
      ['iPhone 15 Pro Max', 2023],
      ['iPhone 16e', 2025],
      ['Galaxy S9', 2018],
      ['Galaxy S10', 2019],
      ['Galaxy S24 Ultra', 2024],
      ['Galaxy Note 9', 2018],
      ['Galaxy A54', 2023],
      ['Galaxy Z Fold5', 2023],
      ['Galaxy Z Flip 6', 2024],
      ['Pixel 3', 2018],
      ['Pixel 7a', 2023],
      ['Pixel 9 Pro XL', 2024],
      ['Pixel Fold', 2023],
      ['Nokia 3310', 2023],
      ['iPhone 30', 2023], // beyond the catalogue year: unknown
    ];
    for (const [model, year] of cases) expect(guessReleaseYear(model), model).toBe(year);
  });
});

describe('support label by age, for phones known only by name', () => {
  it('Apple up to 5 years, Samsung and Google up to 3, others up to 2, counted from the year given', () => {
    expect(supportLabel('Apple', 2020)).toBe('Full Support');
    expect(supportLabel('Apple', 2019)).toBe('Limited Support');
    expect(supportLabel('Samsung', 2022)).toBe('Full Support');
    expect(supportLabel('Samsung', 2021)).toBe('Limited Support');
    expect(supportLabel('google', 2022)).toBe('Full Support');
    expect(supportLabel('Google', 2021)).toBe('Limited Support');
    expect(supportLabel('Motorola', 2023)).toBe('Full Support');
    expect(supportLabel('Motorola', 2022)).toBe('Limited Support');
    expect(supportLabel('Apple', 2020, 2026)).toBe('Limited Support');
  });
});

describe('age-based price tier', () => {
  it('pro, ultra, fold or flip: premium up to 2 years old, midrange up to 4, then budget', () => {
    expect(ageBasedPriceTier('iPhone 15 Pro', 2023)).toBe('premium');
    expect(ageBasedPriceTier('Galaxy S22 Ultra', 2022)).toBe('midrange');
    expect(ageBasedPriceTier('Galaxy Z Fold3', 2021)).toBe('midrange');
    expect(ageBasedPriceTier('Galaxy Z Flip', 2020)).toBe('budget');
  });

  it('other models: midrange up to 2 years old, then budget', () => {
    expect(ageBasedPriceTier('Pixel 8', 2023)).toBe('midrange');
    expect(ageBasedPriceTier('Pixel 7', 2022)).toBe('budget');
    // 'Pro' must be a word: 'Probook' is not a pro model
    expect(ageBasedPriceTier('Probook 5', 2022)).toBe('budget');
  });
});

describe('current phone answers', () => {
  it('quick answers set brand and, for the three brands, the OS', () => {
    expect(quickCurrentPhoneAnswer('iphone')).toEqual({
      currentPhone: 'iphone',
      currentBrand: 'Apple',
      os: 'ios',
      searchedForCurrentPhone: false,
    });
    expect(quickCurrentPhoneAnswer('samsung')).toMatchObject({ currentBrand: 'Samsung', os: 'android_samsung' });
    expect(quickCurrentPhoneAnswer('pixel')).toMatchObject({ currentBrand: 'Google', os: 'android_google' });
    expect(quickCurrentPhoneAnswer('android_other')).toEqual({
      currentPhone: 'android_other',
      currentBrand: 'Other',
      searchedForCurrentPhone: false,
    });
    expect(quickCurrentPhoneAnswer('basic').currentBrand).toBe('None');
    expect(quickCurrentPhoneAnswer('none').currentBrand).toBe('None');
  });

  it('uses a stored current phone only when it is not a generic placeholder', () => {
    expect(usableCurrentPhone({ currentPhone: 'Apple iPhone 12' })).toBe('Apple iPhone 12');
    for (const v of ['iphone', 'samsung', 'pixel', 'android_other', 'basic', 'none'])
      expect(usableCurrentPhone({ currentPhone: v })).toBeNull();
    expect(usableCurrentPhone({})).toBeNull();
  });

  it('splits a current phone on its first space into brand and model', () => {
    expect(splitPhoneText('Samsung Galaxy S24 Ultra')).toEqual({ brand: 'Samsung', model: 'Galaxy S24 Ultra' });
    expect(splitPhoneText('Nokia')).toEqual({ brand: 'Nokia', model: '' });
  });
});

describe('display helpers', () => {
  it("shows unknown facts as '—' and CAD prices with 0 decimals, marking converted estimates", async () => {
    const { UNKNOWN, orUnknown, formatPrice, phonePriceLabel } = await import('../../src/lib/recommender');
    expect(UNKNOWN).toBe('—');
    expect([orUnknown(null), orUnknown(undefined), orUnknown(''), orUnknown(0), orUnknown('IP68')]).toEqual([
      '—',
      '—',
      '—',
      '0',
      'IP68',
    ]);
    expect(formatPrice(1199.99)).toBe('$1,200');
    expect(formatPrice(399.99, 2)).toBe('$399.99');
    expect(formatPrice(1288.99)).toBe('$1,289');
    expect(phonePriceLabel({ price: 2420, priceEstimated: true })).toBe('about $2,420');
    expect(phonePriceLabel({ price: 1299.99, priceEstimated: false })).toBe('$1,300');
  });
});
