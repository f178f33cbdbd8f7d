import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE,
  DEFAULT_RELEASE_YEAR,
  ageBasedPriceTier,
  guessReleaseYear,
  impliesAiFeatures,
  impliesFiveG,
  supportLabel,
} from '../../../src/lib/recommender';

describe('a phone known only by its name', () => {
  it('is priced at the default figure and has no guessed classes (see tests/unit/catalogue/classes.test.ts)', () => {
    expect(DEFAULT_PRICE).toBe(699.99);
  });
});

describe('release year', () => {
  it('2020 or later implies 5G; 2022 or later implies AI features', () => {
    expect([impliesFiveG(2019), impliesFiveG(2020)]).toEqual([false, true]);
    expect([impliesAiFeatures(2021), impliesAiFeatures(2022)]).toEqual([false, true]);
  });

  it('guesses release years from model names, defaulting to this year minus 2', () => {
    expect(DEFAULT_RELEASE_YEAR).toBe(new Date().getUTCFullYear() - 2);
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
      ['Nokia 3310', DEFAULT_RELEASE_YEAR],
      ['iPhone 30', DEFAULT_RELEASE_YEAR], // beyond this year: unknown
      ['iPhone 17', 2025],
    ];
    for (const [model, year] of cases) expect(guessReleaseYear(model), model).toBe(year);
  });
});

describe('support label by age, for phones known only by name', () => {
  it('Apple up to 5 years, Samsung and Google up to 3, others up to 2, counted from the year given', () => {
    expect(supportLabel('Apple', 2020, 2025)).toBe('Full Support');
    expect(supportLabel('Apple', 2019, 2025)).toBe('Limited Support');
    expect(supportLabel('Samsung', 2022, 2025)).toBe('Full Support');
    expect(supportLabel('Samsung', 2021, 2025)).toBe('Limited Support');
    expect(supportLabel('google', 2022, 2025)).toBe('Full Support');
    expect(supportLabel('Google', 2021, 2025)).toBe('Limited Support');
    expect(supportLabel('Motorola', 2023, 2025)).toBe('Full Support');
    expect(supportLabel('Motorola', 2022, 2025)).toBe('Limited Support');
    expect(supportLabel('Apple', 2020, 2026)).toBe('Limited Support');
  });
});

describe('age-based price tier', () => {
  it('pro, ultra, fold or flip: premium up to 2 years old, midrange up to 4, then budget', () => {
    expect(ageBasedPriceTier('iPhone 15 Pro', 2023, 2025)).toBe('premium');
    expect(ageBasedPriceTier('Galaxy S22 Ultra', 2022, 2025)).toBe('midrange');
    expect(ageBasedPriceTier('Galaxy Z Fold3', 2021, 2025)).toBe('midrange');
    expect(ageBasedPriceTier('Galaxy Z Flip', 2020, 2025)).toBe('budget');
  });

  it('other models: midrange up to 2 years old, then budget', () => {
    expect(ageBasedPriceTier('Pixel 8', 2023, 2025)).toBe('midrange');
    expect(ageBasedPriceTier('Pixel 7', 2022, 2025)).toBe('budget');
    // 'Pro' must be a word: 'Probook' is not a pro model
    expect(ageBasedPriceTier('Probook 5', 2022, 2025)).toBe('budget');
  });
});
