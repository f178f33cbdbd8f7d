/**
 * Golden profiles: 24 visitors, each with the top pick a phone expert would sign and the reasons it
 * must come with. Each profile's comment says why the pick is plausible. A change to the chip table,
 * the prices, the classes or the scoring that moves a pick shows up here, with the reason.
 * Prices are Canadian dollars; the slider value v reads out round((300 + 12v)/10)*10 dollars.
 */
import { describe, expect, it } from 'vitest';
import { PHONES } from '../../src/lib/catalogue';
import { isWeakMatch, recommend, type Preferences } from '../../src/lib/recommender';

interface Golden {
  name: string;
  prefs: Preferences;
  /** Ids the top pick may be (its family: the arguable equals). */
  top: string[];
  /** Strings the top pick's reasons must contain (in any order). */
  reasons?: string[];
  /** Strings the top pick's upgrade reasons must contain ("X vs Y"). */
  upgrade?: string[];
  /** No real upgrade within budget: the page says the visitor's phone still fits. */
  stillFits?: boolean;
  weak?: boolean;
  /** Why this pick is plausible. */
  why: string;
}

const apple = { currentPhone: 'iphone', currentBrand: 'Apple' } as const;
const samsung = { currentPhone: 'samsung', currentBrand: 'Samsung' } as const;
const pixel = { currentPhone: 'pixel', currentBrand: 'Google' } as const;
const owns = (name: string, brand: string): Preferences => ({
  currentPhone: name,
  currentBrand: brand,
  searchedForCurrentPhone: true,
});

const GOLDEN: Golden[] = [
  {
    name: 'iOS creator, no ceiling ($1500+), pro camera, maximum battery, large screen',
    prefs: {
      ...apple,
      os: 'ios',
      budget: 'premium',
      budgetValue: 100,
      primaryUse: 'content',
      cameraQuality: 'professional',
      batteryLife: 'maximum',
      screenSize: 'large',
    },
    top: ['apple-iphone-16-pro-max'],
    reasons: ['Professional-grade camera system', 'Maximum battery life (4,685 mAh)'],
    why: "The 16 Pro Max's 4,685 mAh is published; the 17 Pro Max's is not, so it scores neutrally and comes second.",
  },
  {
    name: 'iOS photographer at the top of midrange ($980)',
    prefs: { os: 'ios', budget: 'midrange', budgetValue: 57, primaryUse: 'content', cameraQuality: 'professional' },
    top: ['apple-iphone-16', 'apple-iphone-15'],
    reasons: ['In your price range (Midrange, $600-$999)', 'Runs iOS, as you prefer'],
    why: 'No Pro iPhone under $1,000: the dual-camera iPhone 16 ($999 since Sep 2025) beats the single-lens 16e.',
  },
  {
    name: 'iOS on a $540 budget, everyday use',
    prefs: { os: 'ios', budget: 'budget', budgetValue: 20, primaryUse: 'general' },
    top: ['apple-iphone-16e'],
    reasons: ['Runs iOS, as you prefer'],
    weak: true,
    why: 'No iPhone costs under $600; the cheapest current one ($899) is the honest answer, labelled a weak match.',
  },
  {
    name: 'Any Android, $420, everyday use, maximum battery',
    prefs: { os: 'android', budget: 'budget', budgetValue: 10, primaryUse: 'general', batteryLife: 'maximum' },
    top: ['samsung-galaxy-a26-5g'],
    reasons: ['In your price range (Budget, up to $599)', 'Maximum battery life (5,000 mAh)'],
    why: 'The 2025 A26 ($399.99) has a 5,000 mAh battery and six OS upgrades: the usual budget recommendation.',
  },
  {
    name: 'Samsung owner, no ceiling, productivity, pro camera, maximum battery',
    prefs: {
      ...samsung,
      os: 'android_samsung',
      budget: 'premium',
      budgetValue: 100,
      primaryUse: 'productivity',
      cameraQuality: 'professional',
      batteryLife: 'maximum',
    },
    top: ['samsung-galaxy-s25-ultra'],
    reasons: ['Professional-grade camera system with a 200MP wide main camera', 'Maximum battery life (5,000 mAh)'],
    why: 'The S25 Ultra (Snapdragon 8 Elite, four cameras, S Pen) is the reference Samsung for this profile.',
  },
  {
    name: 'Pixel fan, $840, photos, good camera',
    prefs: {
      ...pixel,
      os: 'android_google',
      budget: 'midrange',
      budgetValue: 45,
      primaryUse: 'content',
      cameraQuality: 'good',
    },
    top: ['google-pixel-9a'],
    reasons: ['In your price range (Midrange, $600-$999)', 'A Google phone, as you prefer'],
    why: 'The Pixel 9a ($679) is the newest Pixel under $840; the Pixel 8 ($949) is over the amount set.',
  },
  {
    name: 'Any brand, no ceiling, wants a foldable for work (advanced)',
    prefs: {
      os: 'no_preference',
      budget: 'premium',
      budgetValue: 100,
      advancedFeatures: 'foldable',
      primaryUse: 'productivity',
    },
    top: ['google-pixel-10-pro-fold', 'samsung-galaxy-z-fold7'],
    reasons: ['Foldable design'],
    weak: true,
    why:
      "A 2025 book-style foldable with a flagship chip; 'no preference' and skipped camera/battery " +
      'earn nothing, so it is a weak match.',
  },
  {
    name: 'iOS, no ceiling, augmented reality (advanced)',
    prefs: { os: 'ios', budget: 'premium', budgetValue: 100, advancedFeatures: 'ar' },
    top: ['apple-iphone-17-pro', 'apple-iphone-17-pro-max'],
    reasons: ['Depth (LiDAR) scanner for augmented reality'],
    why: 'Only the Pro iPhones have LiDAR; the newest Pro is the natural AR pick.',
  },
  {
    name: 'iPhone 16 Pro owner, up to $1,260, entertainment, maximum battery',
    prefs: {
      ...owns('Apple iPhone 16 Pro', 'Apple'),
      os: 'ios',
      budget: 'premium',
      budgetValue: 80,
      primaryUse: 'entertainment',
      batteryLife: 'maximum',
    },
    top: ['apple-iphone-16-pro-max'],
    upgrade: ['Battery 4,685 mAh vs 3,582 mAh'],
    stillFits: true,
    why:
      'Nothing at or under $1,260 beats a 16 Pro (the 17 and 16 Plus are lower lines): the phone ' +
      'still fits; the 16 Pro Max is the closest.',
  },
  {
    name: 'iPhone 12 owner, up to $980, everyday use',
    prefs: {
      ...owns('Apple iPhone 12', 'Apple'),
      os: 'ios',
      budget: 'midrange',
      budgetValue: 57,
      primaryUse: 'general',
    },
    top: ['apple-iphone-16'],
    upgrade: ['Main camera 48MP vs 12MP', 'Battery 3,561 mAh vs 2,815 mAh'],
    why: 'A four-year jump within budget: 48MP camera, bigger battery, A18 chip.',
  },
  {
    name: 'Galaxy S21 Ultra owner, no ceiling, photos, pro camera',
    prefs: {
      ...owns('Samsung Galaxy S21 Ultra', 'Samsung'),
      os: 'android',
      budget: 'premium',
      budgetValue: 100,
      primaryUse: 'content',
      cameraQuality: 'professional',
    },
    top: ['samsung-galaxy-s25-ultra'],
    upgrade: ['Main camera 200MP vs 108MP'],
    why: 'The same line four generations on: the S25 Ultra is the like-for-like upgrade.',
  },
  {
    name: 'Pixel 6a owner, $540, everyday use',
    prefs: {
      ...owns('Google Pixel 6a', 'Google'),
      os: 'android_google',
      budget: 'budget',
      budgetValue: 20,
      primaryUse: 'general',
    },
    top: ['google-pixel-7a', 'google-pixel-9a'],
    stillFits: true,
    weak: true,
    why:
      'No Pixel sells under $567 (the slider plus 5%): the phone still fits; the 7a ($599) and 9a ' +
      '($679) are the closest upgrades.',
  },
  {
    name: 'Typed "Motorola Edge 50" (not in the catalogue), $900, everyday use, maximum battery',
    prefs: {
      ...owns('Motorola Edge 50', 'Motorola'),
      os: 'android',
      budget: 'midrange',
      budgetValue: 50,
      primaryUse: 'general',
      batteryLife: 'maximum',
    },
    top: ['google-pixel-9a'],
    reasons: ['Runs Android, as you prefer', 'Maximum battery life (5,100 mAh)'],
    why: 'An Android owner stays on Android (not iOS); the 9a has the biggest battery under $900.',
  },
  {
    name: 'Budget only ($900), everything else skipped',
    prefs: { budget: 'midrange', budgetValue: 50 },
    top: ['google-pixel-9a', 'apple-iphone-16e'],
    reasons: ['In your price range (Midrange, $600-$999)'],
    weak: true,
    why: 'Knowing only the budget, any newest midrange phone is fair, and the 30% says how little we know.',
  },
  {
    name: 'No OS preference, $900, work',
    prefs: { os: 'no_preference', budget: 'midrange', budgetValue: 50, primaryUse: 'productivity' },
    top: ['apple-iphone-16e', 'google-pixel-9a'],
    reasons: ['Premium processor'],
    weak: true,
    why: 'Both carry 2024-25 flagship chips (A18, Tensor G4) under $900.',
  },
  {
    name: 'Samsung owner, up to $1,140, work, premium performance, at work (advanced)',
    prefs: {
      ...samsung,
      os: 'android_samsung',
      budget: 'premium',
      budgetValue: 70,
      primaryUse: 'productivity',
      processorSpeed: 'premium',
      environment: 'work',
    },
    top: ['samsung-galaxy-s24'],
    reasons: ['Premium processor (Qualcomm Snapdragon 8 Gen 3 for Galaxy) for work and multitasking'],
    why: 'The S25 ($1,289) is over $1,140; the S24 ($1,099.99, 8 Gen 3) is the fastest Samsung within it.',
  },
  {
    name: 'Any Android, $960, entertainment, large screen',
    prefs: { os: 'android', budget: 'midrange', budgetValue: 55, primaryUse: 'entertainment', screenSize: 'large' },
    top: ['samsung-galaxy-s25-fe'],
    reasons: ['Large 6.7-inch screen and long battery for entertainment'],
    why: 'A 6.7-inch 120Hz screen and 4,900 mAh under $1,000.',
  },
  {
    name: 'iOS, up to $980, wants a compact phone',
    prefs: { os: 'ios', budget: 'midrange', budgetValue: 57, screenSize: 'small' },
    top: ['apple-iphone-16e', 'apple-iphone-16'],
    why:
      'No current iPhone is under 6 inches (screen size only orders equal scores); the 6.1-inch ' +
      'models are the smallest.',
  },
  {
    name: 'Google, no ceiling, photos, pro camera, maximum battery',
    prefs: {
      os: 'android_google',
      budget: 'premium',
      budgetValue: 100,
      primaryUse: 'content',
      cameraQuality: 'professional',
      batteryLife: 'maximum',
    },
    top: ['google-pixel-10-pro-xl'],
    reasons: ['Professional-grade camera system', 'Maximum battery life (5,200 mAh)'],
    why: "Google's best camera with its biggest battery.",
  },
  {
    name: 'Galaxy A54 owner, $590, maximum battery',
    prefs: {
      ...owns('Samsung Galaxy A54 5G', 'Samsung'),
      os: 'android_samsung',
      budget: 'budget',
      budgetValue: 24,
      batteryLife: 'maximum',
    },
    top: ['samsung-galaxy-a26-5g', 'samsung-galaxy-a36-5g'],
    stillFits: true,
    why:
      'Every Samsung under $620 has the same 5,000 mAh as the A54: no battery upgrade exists, so the ' +
      'phone still fits.',
  },
  {
    name: 'iPhone 13 owner, no ceiling, work, premium performance (advanced)',
    prefs: {
      ...owns('Apple iPhone 13', 'Apple'),
      os: 'ios',
      budget: 'premium',
      budgetValue: 100,
      primaryUse: 'productivity',
      processorSpeed: 'premium',
    },
    top: ['apple-iphone-17', 'apple-iphone-17-pro'],
    upgrade: ['Processor A19'],
    why: 'Four chip generations newer (A19 vs A15).',
  },
  {
    name: 'Any Android, $900, nothing special, mostly outdoors, maximum battery (advanced)',
    prefs: {
      os: 'android',
      budget: 'midrange',
      budgetValue: 50,
      advancedFeatures: 'standard',
      environment: 'outdoor',
      batteryLife: 'maximum',
    },
    top: ['google-pixel-9a'],
    reasons: ['Maximum battery life (5,100 mAh)'],
    why: "5,100 mAh for $679; 'nothing special' and the skipped questions earn no points, hence only 54%.",
  },
  {
    name: 'Any Android, $480, AI features (advanced)',
    prefs: { os: 'android', budget: 'budget', budgetValue: 15, advancedFeatures: 'ai' },
    top: ['samsung-galaxy-a26-5g', 'samsung-galaxy-a36-5g'],
    reasons: ['Built-in AI features'],
    why: "Samsung's 2025 A series brings AI features to the budget tier.",
  },
  {
    name: 'Pixel 7 Pro owner, up to $1,140, pro camera, extended battery',
    prefs: {
      ...owns('Google Pixel 7 Pro', 'Google'),
      os: 'android_google',
      budget: 'premium',
      budgetValue: 70,
      cameraQuality: 'professional',
      batteryLife: 'extended',
    },
    top: ['google-pixel-9-pro', 'google-pixel-8-pro', 'google-pixel-10-pro'],
    upgrade: ['Ultrawide camera 48MP vs 12MP'],
    stillFits: true,
    why:
      'Under $1,200 the Pixel 9 has no telephoto and the Pixel 10 no better camera than a 7 Pro: ' +
      'still fits; the 9 Pro ($1,349) is the closest upgrade.',
  },
];

describe('golden profiles', () => {
  it('has at least 20 profiles', () => {
    expect(GOLDEN.length).toBeGreaterThanOrEqual(20);
  });

  for (const g of GOLDEN) {
    it(`${g.name} -> ${g.top.join(' or ')} (${g.why})`, () => {
      const recs = recommend(PHONES, g.prefs);
      const top = recs[0]!;
      expect(g.top, `top pick was ${top.phone.id}`).toContain(top.phone.id);
      for (const r of g.reasons ?? []) expect(top.reasons.join(' | ')).toContain(r);
      for (const r of g.upgrade ?? []) expect(top.upgrade?.reasons.join(' | ') ?? '').toContain(r);
      expect(Boolean(top.upgrade?.stillFits), 'still fits').toBe(Boolean(g.stillFits));
      expect(isWeakMatch(top.matchScore), `weak match at ${top.matchScore}%`).toBe(Boolean(g.weak));
      // Upgrades are never older than the visitor's phone, whether or not they fit the budget.
      if (top.upgrade?.isUpgrade) for (const r of recs) expect(r.upgrade?.blockers).toEqual([]);
    });
  }
});
