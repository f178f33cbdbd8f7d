import { describe, expect, it } from 'vitest';
import { MAX_ENCODED_LENGTH, decodeAnswers, encodeAnswers, type Preferences } from '../../src/lib/recommender';

const full: Preferences = {
  currentPhone: 'iphone',
  currentBrand: 'Apple',
  searchedForCurrentPhone: false,
  os: 'ios',
  budget: 'premium',
  budgetValue: 80,
  primaryUse: 'content',
  cameraQuality: 'professional',
  batteryLife: 'maximum',
  screenSize: 'large',
  storage: '1tb',
  processorSpeed: 'premium',
  advancedFeatures: 'ai',
  environment: 'outdoor',
};

describe('shareable answers (URL parameter a)', () => {
  it('encodes answers compactly and URL-safely', () => {
    const a = encodeAnswers(full);
    expect(a).toBe('1.pi.b80.oi.uc.cp.ym.zl.st.rp.fa.eo');
    expect(encodeURIComponent(a)).toBe(a);
  });

  it('decodes what it encodes', () => {
    expect(decodeAnswers(encodeAnswers(full))).toEqual(full);
    const basic: Preferences = {
      currentPhone: 'android_other',
      currentBrand: 'Other',
      searchedForCurrentPhone: false,
      budget: 'budget',
      budgetValue: 0,
      storage: '64gb',
    };
    expect(decodeAnswers(encodeAnswers(basic))).toEqual(basic);
    expect(decodeAnswers(encodeAnswers({}))).toEqual({});
  });

  it('carries a searched phone name, including non-ASCII text, as base64url', () => {
    const prefs: Preferences = {
      currentPhone: 'Samsung Galaxy S24+',
      currentBrand: 'Samsung',
      searchedForCurrentPhone: true,
      budget: 'midrange',
      budgetValue: 50,
    };
    const a = encodeAnswers(prefs);
    expect(encodeURIComponent(a)).toBe(a);
    expect(decodeAnswers(a)).toEqual(prefs);
    const accented = { currentPhone: 'Motorola édition', currentBrand: 'Motorola', searchedForCurrentPhone: true };
    expect(decodeAnswers(encodeAnswers(accented))).toEqual(accented);
  });

  it('keeps a budget tier without a slider position', () => {
    expect(encodeAnswers({ budget: 'midrange' })).toBe('1.tm');
    expect(decodeAnswers('1.tm')).toEqual({ budget: 'midrange' });
  });

  it('derives the tier from the slider position on decode (24 budget, 25 midrange)', () => {
    expect(decodeAnswers('1.b24')?.budget).toBe('budget');
    expect(decodeAnswers('1.b25')?.budget).toBe('midrange');
  });

  it('decodes the longest possible encoding (decode caps input at MAX_ENCODED_LENGTH)', () => {
    const name = '€'.repeat(80); // 80 characters of 3 bytes each: the longest name encodeAnswers keeps
    const a = encodeAnswers({ ...full, currentPhone: name, currentBrand: 'x', searchedForCurrentPhone: true });
    expect(a.length).toBeLessThanOrEqual(MAX_ENCODED_LENGTH);
    expect(decodeAnswers(a)).toMatchObject({
      currentPhone: name,
      currentBrand: '€'.repeat(40),
      environment: 'outdoor',
    });
  });

  it('returns null for anything malformed', () => {
    const bad = [
      '',
      null,
      undefined,
      '2.oi',
      'oi',
      '1.ox',
      '1.qz',
      '1.oi.oi',
      '1.pi.hQXBwbGU',
      '1.b101',
      '1.b-1',
      '1.b07',
      '1.bx',
      '1.o',
      '1.oi..',
      '1.h!!',
      '1.h' + 'A'.repeat(150),
      '1 oi',
      `1.${'oi.'.repeat(80)}`,
      '1.hwg',
      '1.b50.tm',
    ];
    for (const a of bad) expect(decodeAnswers(a as string), String(a)).toBeNull();
  });
});
