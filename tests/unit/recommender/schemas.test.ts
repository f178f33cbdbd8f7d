import { describe, expect, it } from 'vitest';
import {
  FORM_MESSAGES,
  LIMITS,
  recommendationsPayloadSchema,
  resultsEmailFormSchema,
  saveRecommendationsFormSchema,
  type RecommendationsPayloadInput,
} from '../../../src/lib/recommender';

const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid: RecommendationsPayloadInput = {
  name: 'Ada',
  email: 'ada@example.com',
  phoneModel: 'iPhone 12',
  preferences: JSON.stringify({ budget: 'premium', os: 'ios', cameraQuality: 'professional' }),
  recommendations: JSON.stringify([
    { model: 'iPhone 16 Pro Max', brand: 'Apple', matchScore: 83, reasons: ['Runs iOS, as you prefer'] },
  ]),
};

describe('e-mail form messages', () => {
  it("says 'Name is required', 'Please enter a valid email address', 'Current phone model is required'", () => {
    const r = saveRecommendationsFormSchema.safeParse({ name: '  ', email: 'not-an-email', phoneModel: '' });
    expect(firstMessages(r)).toEqual({
      name: FORM_MESSAGES.nameRequired,
      email: FORM_MESSAGES.emailInvalid,
      phoneModel: FORM_MESSAGES.phoneModelRequired,
    });
    expect([FORM_MESSAGES.nameRequired, FORM_MESSAGES.emailInvalid, FORM_MESSAGES.phoneModelRequired]).toEqual([
      'Name is required',
      'Please enter a valid email address',
      'Current phone model is required',
    ]);
  });

  it('gives the same messages for missing fields', () => {
    expect(firstMessages(saveRecommendationsFormSchema.safeParse({}))).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      phoneModel: 'Current phone model is required',
    });
  });

  it('trims and accepts a valid form; the results-page form needs only a valid email', () => {
    expect(
      saveRecommendationsFormSchema.parse({ name: ' Ada ', email: ' ada@example.com ', phoneModel: 'Pixel 6' }),
    ).toEqual({ name: 'Ada', email: 'ada@example.com', phoneModel: 'Pixel 6' });
    expect(firstMessages(resultsEmailFormSchema.safeParse({ email: 'ada@' }))).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(resultsEmailFormSchema.safeParse({ email: 'ada@example.com' }).success).toBe(true);
  });

  it('caps lengths and refuses web addresses in the name', () => {
    const r = saveRecommendationsFormSchema.safeParse({
      name: 'x'.repeat(LIMITS.name + 1),
      email: `${'a'.repeat(250)}@example.com`,
      phoneModel: 'y'.repeat(LIMITS.phoneModel + 1),
    });
    expect(firstMessages(r)).toEqual({
      name: 'Name must be at most 80 characters',
      email: 'Please enter a valid email address',
      phoneModel: 'Current phone model must be at most 80 characters',
    });
    expect(
      firstMessages(
        saveRecommendationsFormSchema.safeParse({
          name: 'Win at https://spam.example',
          email: 'a@b.co',
          phoneModel: 'x',
        }),
      ),
    ).toEqual({ name: 'Name must not contain a web address' });
  });
});

describe('POST /api/recommendations payload', () => {
  it('parses both JSON strings into checked objects', () => {
    const out = recommendationsPayloadSchema.parse(valid);
    expect(out.preferences).toEqual({ budget: 'premium', os: 'ios', cameraQuality: 'professional' });
    expect(out.recommendations[0]).toEqual({
      model: 'iPhone 16 Pro Max',
      brand: 'Apple',
      matchScore: 83,
      reasons: ['Runs iOS, as you prefer'],
    });
  });

  it('drops unknown preference keys', () => {
    const out = recommendationsPayloadSchema.parse({
      ...valid,
      preferences: JSON.stringify({ os: 'ios', evil: '<script>' }),
    });
    expect(out.preferences).toEqual({ os: 'ios' });
  });

  it('rejects invalid JSON, wrong shapes and out-of-range values, naming the field', () => {
    expect(firstMessages(recommendationsPayloadSchema.safeParse({ ...valid, preferences: '{nope' }))).toEqual({
      preferences: 'preferences is not valid JSON',
    });
    expect(firstMessages(recommendationsPayloadSchema.safeParse({ ...valid, preferences: { os: 'ios' } }))).toEqual({
      preferences: 'preferences must be a JSON string',
    });
    expect(
      Object.keys(
        firstMessages(
          recommendationsPayloadSchema.safeParse({ ...valid, preferences: JSON.stringify({ os: 'windows' }) }),
        ),
      ),
    ).toEqual(['preferences.os']);
    expect(firstMessages(recommendationsPayloadSchema.safeParse({ ...valid, recommendations: '[]' }))).toEqual({
      recommendations: 'At least one recommendation is required',
    });
    const tooMany = JSON.stringify(Array(3).fill({ model: 'Pixel 9', brand: 'Google', matchScore: 80, reasons: [] }));
    expect(
      Object.keys(firstMessages(recommendationsPayloadSchema.safeParse({ ...valid, recommendations: tooMany }))),
    ).toEqual(['recommendations']);
    const badScore = JSON.stringify([{ model: 'Pixel 9', brand: 'Google', matchScore: 101, reasons: [] }]);
    expect(
      Object.keys(firstMessages(recommendationsPayloadSchema.safeParse({ ...valid, recommendations: badScore }))),
    ).toEqual(['recommendations.0.matchScore']);
    const link = JSON.stringify([
      { model: 'Pixel 9', brand: 'Google', matchScore: 80, reasons: ['Visit www.spam.example now'] },
    ]);
    expect(firstMessages(recommendationsPayloadSchema.safeParse({ ...valid, recommendations: link }))).toEqual({
      'recommendations.0.reasons.0': 'Reasons must not contain web addresses',
    });
  });

  it('caps the JSON strings', () => {
    const long = JSON.stringify({ currentPhone: 'x', pad: 'y'.repeat(LIMITS.preferencesJson) });
    expect(firstMessages(recommendationsPayloadSchema.safeParse({ ...valid, preferences: long }))).toEqual({
      preferences: `preferences is longer than ${LIMITS.preferencesJson} characters`,
    });
  });
});
