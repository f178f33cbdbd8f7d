import { describe, expect, it } from 'vitest';
import { quickCurrentPhoneAnswer, splitPhoneText, usableCurrentPhone } from '../../../src/lib/recommender';

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
