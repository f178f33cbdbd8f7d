/**
 * The defects a visitor found by trying the recommender with real profiles, one test each. Each of
 * these failed before the chip table, the CAD prices, the one-way classes and the upgrade check
 * (see docs/recommender.md, "Deviations from the written rules").
 */
import { describe, expect, it } from 'vitest';
import { PHONES, findPhoneById } from '../../src/lib/catalogue';
import {
  PRICE_RANGE_LABELS,
  budgetDollars,
  budgetTier,
  estimatePhone,
  parsePhoneText,
  recommend,
  scorePhone,
  type Preferences,
} from '../../src/lib/recommender';

const phone = (id: string) => {
  const p = findPhoneById(id);
  if (!p) throw new Error(`no phone ${id}`);
  return p;
};

/** [low, high] dollars of a tier label such as 'up to $599', '$600-$999' or '$1,000+'. */
function labelBounds(label: string): [number, number] {
  const n = [...label.replace(/,/g, '').matchAll(/\d+/g)].map((m) => Number(m[0]));
  if (label.includes('+')) return [n[0]!, Infinity];
  if (/up to|under/i.test(label)) return [0, n[0]!];
  return [n[0]!, n[1]!];
}

describe('upgrades that are upgrades', () => {
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

describe('chips rated by a table, not by substrings', () => {
  it('rates the Snapdragon 8 Elite and A19 top tier, Tensor G5 fast (not that gaming class), the Snapdragon 6 Gen 3 below', () => {
    expect(phone('samsung-galaxy-s25-ultra').specs.processorSpeed).toBe('premium');
    expect(phone('apple-iphone-17').specs.processorSpeed).toBe('premium');
    expect(phone('google-pixel-10-pro').specs.processorSpeed).toBe('fast');
    expect(phone('samsung-galaxy-a36-5g').specs.processorSpeed).toBe('standard');
  });

  it('never praises the Galaxy A36 for a "Premium processor"', () => {
    const r = scorePhone(phone('samsung-galaxy-a36-5g'), {
      budget: 'budget',
      primaryUse: 'productivity',
      processorSpeed: 'premium',
    });
    expect(r.reasons.join(' ')).not.toMatch(/premium processor|premium performance/i);
  });
});

describe('Canadian prices', () => {
  it('prices the Galaxy S25 and Pixel 10 Pro Fold at their Canadian launch prices, not a tier guess', () => {
    expect(phone('samsung-galaxy-s25').price).toBeGreaterThan(1200);
    expect(phone('samsung-galaxy-s25').priceEstimated).toBe(false);
    expect(phone('google-pixel-10-pro-fold').price).toBeGreaterThan(2000);
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

describe('classes computed one way', () => {
  it('does not rate the single-lens iPhone 16e camera above the dual-lens iPhone 16', () => {
    const order = ['basic', 'good', 'professional'];
    expect(order.indexOf(phone('apple-iphone-16e').specs.cameraQuality)).toBeLessThan(
      order.indexOf(phone('apple-iphone-16').specs.cameraQuality),
    );
  });

  it('gives a midrange iOS photographer the iPhone 16 rather than the 16e', () => {
    const [top] = recommend(PHONES, {
      budget: 'midrange',
      budgetValue: 57,
      os: 'ios',
      primaryUse: 'content',
      cameraQuality: 'professional',
    });
    expect(top!.phone.id).not.toBe('apple-iphone-16e');
  });

  it('leaves an unpublished battery unknown, not "standard", and scores it neutrally', () => {
    const p = phone('apple-iphone-17-pro-max');
    const unpublished = { ...p, specs: { ...p.specs, batteryMah: null, batteryLife: null } };
    const row = scorePhone(unpublished, { budget: 'premium', batteryLife: 'maximum' }).working.find(
      (w) => w.criterion === 'batteryLife',
    )!;
    expect([row.points, row.phoneHas]).toEqual([11.25, 'Unknown (capacity not published)']);
  });
});

describe('honest match scores', () => {
  it('does not give 100% to every phone when only a budget was set and everything else skipped', () => {
    const [top] = recommend(PHONES, { budget: 'midrange', budgetValue: 50 });
    expect(top!.matchScore).toBeLessThan(60);
  });

  it("does not count 'No preference' on the OS as a matched criterion worth 20 points", () => {
    const row = scorePhone(phone('samsung-galaxy-s25'), { budget: 'premium', os: 'no_preference' }).working.find(
      (w) => w.criterion === 'os',
    );
    expect(row?.points ?? 0).toBe(0);
  });

  it('matches a request for augmented reality with current phones that have a depth (LiDAR) scanner', () => {
    const r = scorePhone(phone('apple-iphone-16-pro'), { budget: 'premium', advancedFeatures: 'ar' });
    expect(r.working.find((w) => w.criterion === 'advancedFeatures')!.points).toBe(10);
  });
});

describe('other brands typed by hand', () => {
  it('keeps a typed Motorola a Motorola, not "Apple motorola..." running iOS', () => {
    expect(parsePhoneText('Motorola Edge 50')?.brand).not.toBe('Apple');
    const guess = estimatePhone('Motorola Edge 50', 'Apple')!;
    expect(guess.brand).toBe('Motorola');
    expect(`${guess.brand} ${guess.model}`).toBe('Motorola Edge 50');
    expect(guess.os).toBe('android');
  });
});
