/**
 * The upgrade check on a recommendation (src/lib/recommender/upgrade.ts): a phone suggested to the
 * owner of a recent flagship is a real upgrade, and the reasons compare the two phones spec by spec.
 */
import { describe, expect, it } from 'vitest';
import { PHONES } from '../../../src/lib/catalogue';
import { recommend, type Preferences } from '../../../src/lib/recommender';

describe('the upgrade check on a recommendation', () => {
  const owner: Preferences = {
    currentPhone: 'Apple iPhone 16 Pro',
    currentBrand: 'Apple',
    searchedForCurrentPhone: true,
    os: 'ios',
    budget: 'premium',
    budgetValue: 80,
    primaryUse: 'entertainment',
    batteryLife: 'maximum',
  };

  it('never tells an iPhone 16 Pro owner to "upgrade" to an older or lower-tier iPhone (16 Plus, 15 Plus)', () => {
    const recs = recommend(PHONES, owner);
    expect(recs.length).toBeGreaterThan(0);
    for (const r of recs) {
      expect(r.phone.year, r.phone.id).toBeGreaterThanOrEqual(2024);
      expect(['apple-iphone-16-plus', 'apple-iphone-15-plus', 'apple-iphone-16']).not.toContain(r.phone.id);
    }
  });

  it("compares the two phones' specs in the upgrade reasons", () => {
    const [top] = recommend(PHONES, owner) as (ReturnType<typeof recommend>[number] & {
      upgrade?: { reasons: string[] };
    })[];
    expect(top!.upgrade?.reasons.length).toBeGreaterThan(0);
    for (const reason of top!.upgrade!.reasons) expect(reason).toMatch(/ vs /);
  });
});

describe('a cheaper phone under a newer name', () => {
  it('is no upgrade when its chip is no newer: the Pixel 10a (Tensor G4) for a Pixel 9 owner', async () => {
    const { cheaperSibling } = await import('../../../src/lib/recommender/upgrade');
    const { findPhoneById } = await import('../../../src/lib/catalogue');
    const [pixel9, pixel10a, pixel8] = ['google-pixel-9', 'google-pixel-10a', 'google-pixel-8'].map((id) =>
      findPhoneById(id)!,
    );
    expect(cheaperSibling(pixel9!, pixel10a!)).toBe(
      'A cheaper phone on the same or an older chip: Pixel 10a (Google Tensor G4) vs Pixel 9 (Google Tensor G4)',
    );
    // A newer chip is not held back: the 10a's Tensor G4 is newer than a Pixel 8's Tensor G3.
    expect(cheaperSibling(pixel8!, pixel10a!)).toBeNull();
    const [top] = recommend(
      PHONES,
      {
        currentPhone: 'Google Pixel 9',
        currentBrand: 'Google',
        searchedForCurrentPhone: true,
        os: 'android_google',
        budget: 'premium',
        budgetValue: 100,
        batteryLife: 'maximum',
      },
      { today: new Date('2026-11-26T12:00:00Z') },
    );
    expect(top!.phone.id).not.toBe('google-pixel-10a');
  });
});
