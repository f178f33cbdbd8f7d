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
