/**
 * Expert profiles: buyers a phone expert ran through the recommender, each with the verdict the expert
 * would sign and a short reason: everyday buyers of every budget and platform, owners of a current
 * phone, Motorola and OnePlus, foldables, the $250 buyer, contradictory answers, phones out of updates
 * and a typed phone we do not list.
 *
 * A row fixes what the expert cares about and leaves the rest free: `top` lists the picks the expert
 * accepts (the arguable equals), `never` what must not be suggested at all, and the other fields the
 * verdict on the visitor's own phone and the asks the page must say it cannot meet.
 * The clock is fixed (TODAY): which phones are sold, the two-year window and update support depend on it.
 * Budgets are written in the dollars the slider reads out (`at`).
 */
import { describe, expect, it } from 'vitest';
import { PHONES, findPhoneById } from '../../../src/lib/catalogue';
import {
  budgetDollars,
  budgetTier,
  isWeakMatch,
  rankPhones,
  recommend,
  type Preferences,
  type Recommendation,
} from '../../../src/lib/recommender';

const TODAY = new Date('2026-11-26T12:00:00Z');

/**
 * The slider position that reads out `dollars`, with its tier. When no position does, the value is
 * NaN and the row fails (the slider must reach every budget a row names).
 */
function at(dollars: number): Pick<Preferences, 'budget' | 'budgetValue'> {
  for (let v = 0; v <= 100; v++) if (budgetDollars(v) === dollars) return { budget: budgetTier(v), budgetValue: v };
  return { budget: 'budget', budgetValue: Number.NaN };
}
/** The top of the slider: '$1500+', no limit. */
const NO_LIMIT = { budget: 'premium', budgetValue: 100 } as const;

type Verdict = 'upgrade' | 'still-fits' | 'replace' | 'cannot-compare';

interface ExpertProfile {
  name: string;
  prefs: Preferences;
  /** Ids the top pick may be (the picks the expert accepts). */
  top: string[];
  /** Ids that must not be among the recommendations. */
  never?: string[];
  /** Strings the top pick's reasons must contain. */
  reasons?: string[];
  /** Strings the top pick's upgrade reasons must contain ("X vs Y"). */
  upgrade?: string[];
  /** What the page says about the visitor's own phone (only when they searched for it). */
  verdict?: Verdict;
  /** Asks the top pick does not meet that the page must name: [criterion, why it cannot be met]. */
  notes?: [string, 'budget' | 'platform'][];
  weak?: boolean;
  /** The match percentage must stay below this (contradictory answers are not a good match). */
  below?: number;
  /** This phone must be among the first `within` of the whole ranking. */
  ranked?: { id: string; within: number };
  /** Why this verdict. */
  why: string;
  /** Written before the scoring change that meets it: the row is expected to fail until then. */
  known?: string;
}

const apple = { currentPhone: 'iphone', currentBrand: 'Apple' } as const;
const samsung = { currentPhone: 'samsung', currentBrand: 'Samsung' } as const;
const pixel = { currentPhone: 'pixel', currentBrand: 'Google' } as const;
const owns = (name: string, brand: string): Preferences => ({
  currentPhone: name,
  currentBrand: brand,
  searchedForCurrentPhone: true,
});

/** Discontinued phones an expert found recommended at 2023-24 prices. */
const DISCONTINUED = [
  'apple-iphone-15',
  'apple-iphone-15-plus',
  'apple-iphone-16-pro',
  'apple-iphone-16-pro-max',
  'google-pixel-7a',
  'google-pixel-8',
  'google-pixel-8-pro',
  'samsung-galaxy-s23',
  'samsung-galaxy-s23-plus',
  'samsung-galaxy-s23-ultra',
  'samsung-galaxy-s23-fe',
  'samsung-galaxy-z-fold5',
  'samsung-galaxy-z-flip5',
  'samsung-galaxy-a14-5g',
];

const PROFILES: ExpertProfile[] = [
  // ── The first table's profiles, reviewed again ────────────────────────────────────────────────
  {
    name: 'iOS creator, no ceiling, pro camera, maximum battery, large screen',
    prefs: {
      ...apple,
      os: 'ios',
      ...NO_LIMIT,
      primaryUse: 'content',
      cameraQuality: 'professional',
      batteryLife: 'maximum',
      screenSize: 'large',
    },
    top: ['apple-iphone-17-pro-max'],
    reasons: ['4,832 mAh'],
    why: 'The newest Pro Max: 48MP 4x telephoto and, from the launch filings, the biggest iPhone battery.',
  },
  {
    name: 'iOS photographer at $980',
    prefs: { os: 'ios', ...at(980), primaryUse: 'content', cameraQuality: 'professional' },
    top: ['apple-iphone-16'],
    never: ['apple-iphone-15'],
    notes: [['cameraQuality', 'budget']],
    why:
      'No iPhone with a telephoto is sold under $1,000: the dual-camera iPhone 16 ($999) is the best camera in ' +
      'budget, and the page must say the telephoto needs a bigger budget (17 Pro, $1,599).',
  },
  {
    name: 'iOS on a $540 budget, everyday use',
    prefs: { os: 'ios', ...at(540), primaryUse: 'general' },
    top: ['apple-iphone-16e', 'apple-iphone-17e'],
    notes: [['budget', 'platform']],
    why: 'No iPhone is sold under $600; the cheapest one sold now (16e, $899) is the honest answer, said plainly. Since 2026: the iPhone 17e (2026, A19) is shown with "Canadian price not confirmed" and ranked on an estimate at the 16e price.',
  },
  {
    name: 'Any Android, $420, everyday use, maximum battery',
    prefs: { os: 'android', ...at(420), primaryUse: 'general', batteryLife: 'maximum' },
    top: ['samsung-galaxy-a26-5g', 'samsung-galaxy-a16-5g'],
    why: '5,000 mAh and six OS upgrades under $420; the Motorolas there stop getting OS updates much sooner.',
  },
  {
    name: 'Samsung owner, no ceiling, productivity, pro camera, maximum battery',
    prefs: {
      ...samsung,
      os: 'android_samsung',
      ...NO_LIMIT,
      primaryUse: 'productivity',
      cameraQuality: 'professional',
      batteryLife: 'maximum',
    },
    top: ['samsung-galaxy-s25-ultra', 'samsung-galaxy-s26-ultra'],
    reasons: ['5,000 mAh'],
    why: 'The S25 Ultra (Snapdragon 8 Elite, four cameras, S Pen) is the reference Samsung for this profile. Since 2026: the S26 Ultra (Snapdragon 8 Elite Gen 5, the same four cameras and S Pen) is its successor.',
  },
  {
    name: 'Pixel fan, $840, photos, good camera',
    prefs: { ...pixel, os: 'android_google', ...at(840), primaryUse: 'content', cameraQuality: 'good' },
    top: ['google-pixel-9a', 'google-pixel-10a'],
    never: ['google-pixel-8', 'google-pixel-8a'],
    why: 'The Pixel 9a ($679) is the only Pixel sold under $840. Since 2026: the Pixel 10a (2026, the same Tensor G4, 5,100 mAh, updates to 2033) is shown with "Canadian price not confirmed" and ranked at about the 9a price.',
  },
  {
    name: 'Any brand, no ceiling, wants a foldable for work (advanced)',
    prefs: { os: 'no_preference', ...NO_LIMIT, advancedFeatures: 'foldable', primaryUse: 'productivity' },
    top: ['samsung-galaxy-z-fold7', 'google-pixel-10-pro-fold'],
    reasons: ['Foldable design'],
    why: 'A 2025 book-style foldable: a tablet-sized screen for work and a flagship chip.',
  },
  {
    name: 'iOS, no ceiling, augmented reality (advanced)',
    prefs: { os: 'ios', ...NO_LIMIT, advancedFeatures: 'ar' },
    top: ['apple-iphone-17-pro', 'apple-iphone-17-pro-max'],
    reasons: ['LiDAR'],
    why: 'Only the Pro iPhones have LiDAR; the 17 Pros are the ones sold now.',
  },
  {
    name: 'iPhone 16 Pro owner, up to $1,250, entertainment, maximum battery',
    prefs: {
      ...owns('Apple iPhone 16 Pro', 'Apple'),
      os: 'ios',
      ...at(1250),
      primaryUse: 'entertainment',
      batteryLife: 'maximum',
    },
    top: ['apple-iphone-17-pro-max', 'apple-iphone-17-pro'],
    never: ['apple-iphone-16-pro-max', 'apple-iphone-16-plus', 'apple-iphone-17', 'apple-iphone-air'],
    verdict: 'still-fits',
    upgrade: ['Battery'],
    why:
      'Nothing under $1,310 beats a 16 Pro on battery and screen (the 17 matches its battery, the Air is ' +
      'smaller, the same-generation 16 Pro Max is no longer sold): the phone still fits; the 17 Pros are the ' +
      'closest real upgrades.',
  },
  {
    name: 'iPhone 12 owner, up to $980, everyday use',
    prefs: { ...owns('Apple iPhone 12', 'Apple'), os: 'ios', ...at(980), primaryUse: 'general' },
    top: ['apple-iphone-16'],
    verdict: 'upgrade',
    upgrade: ['Main camera 48MP vs 12MP', 'Battery 3,561 mAh vs 2,815 mAh'],
    why: 'Four years newer within budget: 48MP camera, a bigger battery, the A18 and years of updates ahead.',
  },
  {
    name: 'Galaxy S21 Ultra owner, no ceiling, photos, pro camera',
    prefs: {
      ...owns('Samsung Galaxy S21 Ultra', 'Samsung'),
      os: 'android',
      ...NO_LIMIT,
      primaryUse: 'content',
      cameraQuality: 'professional',
    },
    top: ['samsung-galaxy-s26-ultra', 'samsung-galaxy-s25-ultra'],
    verdict: 'upgrade',
    upgrade: ['Main camera 200MP vs 108MP'],
    why: 'The same line four generations on; its 50MP 5x telephoto covers the old 10x lens too.',
  },
  {
    name: 'Pixel 6a owner, $540, everyday use',
    prefs: { ...owns('Google Pixel 6a', 'Google'), os: 'android_google', ...at(540), primaryUse: 'general' },
    top: ['google-pixel-9a', 'google-pixel-10a'],
    never: ['google-pixel-7a', 'google-pixel-8a'],
    verdict: 'still-fits',
    why:
      'No Pixel is sold under $570 and the 6a still gets updates: it still fits; the 9a ($679) is the closest ' +
      'upgrade (the 7a and 8a are no longer sold). Since 2026: the Pixel 10a (2026, the same Tensor G4, 5,100 mAh, updates to 2033) is shown with "Canadian price not confirmed" and ranked at about the 9a price.',
  },
  {
    name: 'Typed "Motorola Edge 50" (not in the catalogue), $900, everyday use, maximum battery',
    prefs: {
      ...owns('Motorola Edge 50', 'Motorola'),
      os: 'android',
      ...at(900),
      primaryUse: 'general',
      batteryLife: 'maximum',
    },
    top: ['google-pixel-9a', 'samsung-galaxy-a56-5g', 'samsung-galaxy-a36-5g', 'google-pixel-10a'],
    verdict: 'cannot-compare',
    why: 'We cannot compare a phone we do not list; the best Android matches with a 5,000+ mAh battery under $900. Since 2026: the Pixel 10a (2026, the same Tensor G4, 5,100 mAh, updates to 2033) is shown with "Canadian price not confirmed" and ranked at about the 9a price.',
  },
  {
    name: 'Budget only ($850), everything else skipped',
    prefs: { ...at(850) },
    top: [
      'google-pixel-9a',
      'apple-iphone-16e',
      'samsung-galaxy-a56-5g',
      'motorola-edge-2025',
      'oneplus-13r',
      'samsung-galaxy-a36-5g',
      'google-pixel-10a',
    ],
    weak: true,
    why: 'Knowing only the budget, any sold phone under it is fair, and the weak match says how little we know. Since 2026: the Pixel 10a (2026, the same Tensor G4, 5,100 mAh, updates to 2033) is shown with "Canadian price not confirmed" and ranked at about the 9a price.',
  },
  {
    name: 'No OS preference, $900, work',
    prefs: { os: 'no_preference', ...at(900), primaryUse: 'productivity' },
    top: ['apple-iphone-16e', 'google-pixel-9a', 'oneplus-13r', 'apple-iphone-17e'],
    why: 'A fast chip under $900: the 16e (A18), the Pixel 9a (Tensor G4) or the OnePlus 13R (Snapdragon 8 Gen 3). Since 2026: the iPhone 17e (A19) is a fast chip too, its Canadian price not confirmed.',
  },
  {
    name: 'Samsung owner, up to $1,150, work, premium performance, at work (advanced)',
    prefs: {
      ...samsung,
      os: 'android_samsung',
      ...at(1150),
      primaryUse: 'productivity',
      processorSpeed: 'premium',
      environment: 'work',
    },
    top: ['samsung-galaxy-s25', 'samsung-galaxy-s25-fe'],
    never: ['samsung-galaxy-s24'],
    why:
      'The S24 is no longer sold. The S25 ($1,289) is $81 over $1,208 with the top-tier chip asked for: on the ' +
      "budget's slope it may lead, saying how far over it is; the S25 FE is the fastest Samsung within budget.",
  },
  {
    name: 'Any Android, $950, entertainment, large screen',
    prefs: { os: 'android', ...at(950), primaryUse: 'entertainment', screenSize: 'large' },
    top: ['samsung-galaxy-s25-fe', 'oneplus-13r', 'samsung-galaxy-a56-5g'],
    why: 'A 6.7-inch-plus 120Hz screen and a big battery under $1,000.',
  },
  {
    name: 'iOS, up to $980, wants a compact phone',
    prefs: { os: 'ios', ...at(980), screenSize: 'small' },
    top: ['apple-iphone-16e', 'apple-iphone-16', 'apple-iphone-17e'],
    notes: [['screenSize', 'platform']],
    why: 'No iPhone sold now is under 6 inches; the 6.1-inch models are the smallest, and the page must say so. Since 2026: the 17e is 6.1 inches too.',
  },
  {
    name: 'Google, no ceiling, photos, pro camera, maximum battery',
    prefs: {
      os: 'android_google',
      ...NO_LIMIT,
      primaryUse: 'content',
      cameraQuality: 'professional',
      batteryLife: 'maximum',
    },
    top: ['google-pixel-10-pro-xl'],
    reasons: ['5,200 mAh'],
    why: "Google's best camera with its biggest battery.",
  },
  {
    name: 'Galaxy A54 owner, $590, maximum battery',
    prefs: { ...owns('Samsung Galaxy A54 5G', 'Samsung'), os: 'android_samsung', ...at(590), batteryLife: 'maximum' },
    top: ['samsung-galaxy-a26-5g', 'samsung-galaxy-a36-5g', 'samsung-galaxy-a16-5g', 'samsung-galaxy-a56-5g'],
    verdict: 'still-fits',
    why: 'Every Samsung under $620 has the same 5,000 mAh as the A54, which still gets updates: it still fits.',
  },
  {
    name: 'iPhone 13 owner, no ceiling, work, premium performance (advanced)',
    prefs: {
      ...owns('Apple iPhone 13', 'Apple'),
      os: 'ios',
      ...NO_LIMIT,
      primaryUse: 'productivity',
      processorSpeed: 'premium',
    },
    top: ['apple-iphone-17', 'apple-iphone-17-pro', 'apple-iphone-17-pro-max', 'apple-iphone-air', 'apple-iphone-17e'],
    verdict: 'upgrade',
    upgrade: ['Processor A19'],
    why: 'Four chip generations newer (A19 vs A15). Since 2026: the 17e has the same A19.',
  },
  {
    name: 'Any Android, $900, nothing special, mostly outdoors, maximum battery (advanced)',
    prefs: {
      os: 'android',
      ...at(900),
      advancedFeatures: 'standard',
      environment: 'outdoor',
      batteryLife: 'maximum',
    },
    top: ['google-pixel-9a', 'samsung-galaxy-a56-5g', 'samsung-galaxy-a36-5g', 'google-pixel-10a'],
    why: '5,000+ mAh and long update support for well under $900. Since 2026: the Pixel 10a (2026, the same Tensor G4, 5,100 mAh, updates to 2033) is shown with "Canadian price not confirmed" and ranked at about the 9a price.',
  },
  {
    name: 'Any Android, $490, AI features (advanced)',
    prefs: { os: 'android', ...at(490), advancedFeatures: 'ai' },
    top: ['samsung-galaxy-a26-5g', 'samsung-galaxy-a36-5g'],
    reasons: ['AI'],
    why: "Samsung's 2025 A series brings AI features to the budget tier.",
  },
  {
    name: 'Pixel 7 Pro owner, up to $1,150, pro camera, extended battery',
    prefs: {
      ...owns('Google Pixel 7 Pro', 'Google'),
      os: 'android_google',
      ...at(1150),
      cameraQuality: 'professional',
      batteryLife: 'extended',
    },
    top: ['google-pixel-10-pro', 'google-pixel-10-pro-xl'],
    never: ['google-pixel-10', 'google-pixel-9-pro', 'google-pixel-8-pro'],
    verdict: 'still-fits',
    upgrade: ['Ultrawide camera 48MP vs 12MP'],
    why:
      "The Pixel 10's 10.8MP 5x telephoto is weaker than the 7 Pro's 48MP one, lens by lens: nothing under " +
      '$1,208 is an upgrade; the 10 Pros are the closest.',
  },

  // ── Profiles the second review found wrong ────────────────────────────────────────────────────
  {
    name: 'Senior, first smartphone, lowest budget, any Android, everyday use, maximum battery, large screen',
    prefs: {
      currentPhone: 'basic',
      currentBrand: 'None',
      os: 'android',
      budget: 'budget',
      budgetValue: 0,
      primaryUse: 'general',
      cameraQuality: 'basic',
      batteryLife: 'maximum',
      screenSize: 'large',
    },
    top: ['samsung-galaxy-a16-5g'],
    never: ['samsung-galaxy-a14-5g', 'samsung-galaxy-a15-5g'],
    why:
      'The cheapest phone with years of updates ahead: a 6.7-inch screen, 5,000 mAh and six OS upgrades. The ' +
      '2023 A14 (64 GB, no longer sold) must never beat it.',
  },
  {
    name: 'Senior, Samsung only, lowest budget, basic camera',
    prefs: {
      currentPhone: 'basic',
      currentBrand: 'None',
      os: 'android_samsung',
      budget: 'budget',
      budgetValue: 0,
      cameraQuality: 'basic',
    },
    top: ['samsung-galaxy-a16-5g'],
    never: ['samsung-galaxy-a14-5g'],
    why: 'The cheapest Samsung sold now; a better camera than asked is no reason to rank it lower.',
  },
  {
    name: 'Android gamer, $1,310, entertainment, premium chip (advanced)',
    prefs: { os: 'android', ...at(1310), primaryUse: 'entertainment', processorSpeed: 'premium' },
    top: ['oneplus-13', 'samsung-galaxy-s25', 'oneplus-13r', 'samsung-galaxy-s25-plus'],
    ranked: { id: 'samsung-galaxy-s25', within: 5 },
    why:
      'A gaming-class chip (Snapdragon 8 Elite or 8 Gen 3) within budget, or the S25+ on the slope ($129 ' +
      'over, a large screen and years more updates); the Galaxy S25 must rank near the top, not 40th. ' +
      'Tensor phones are not this class.',
  },
  {
    name: 'Contradictory: $300, pro camera, premium chip, 256 GB, any Android',
    prefs: {
      os: 'android',
      ...at(300),
      cameraQuality: 'professional',
      processorSpeed: 'premium',
      storage: '256gb',
    },
    top: ['motorola-moto-g-2025', 'samsung-galaxy-a16-5g'],
    notes: [
      ['cameraQuality', 'budget'],
      ['processorSpeed', 'budget'],
    ],
    below: 65,
    why:
      'Nothing at $300 has a telephoto or a top chip: the page must say which asks the budget cannot meet, ' +
      'and the match must not look good (the A16, $15 over, has two asks of five unmet).',
  },
  {
    name: 'The $250 buyer, first smartphone, any Android, everyday use',
    prefs: { currentPhone: 'none', currentBrand: 'None', os: 'android', ...at(250), primaryUse: 'general' },
    top: ['motorola-moto-g-2025', 'samsung-galaxy-a16-5g'],
    notes: [['budget', 'platform']],
    why:
      'The slider must reach $250. Nothing we list is that cheap: the closest prices (moto g at about $300, ' +
      'Galaxy A16 at $330) and a plain word that nothing fits $250.',
  },
  {
    name: 'Typed "OnePlus 12" (not in the catalogue), $1,200, photos, pro camera',
    prefs: {
      ...owns('OnePlus 12', 'OnePlus'),
      os: 'android',
      ...at(1200),
      primaryUse: 'content',
      cameraQuality: 'professional',
    },
    top: ['oneplus-13', 'samsung-galaxy-s25', 'samsung-galaxy-s25-fe', 'google-pixel-10', 'motorola-edge-2025'],
    verdict: 'cannot-compare',
    why: 'We do not list the OnePlus 12, so we cannot say what an upgrade over it is: say so, never "In your price range".',
  },
  {
    name: 'iPhone 15 Pro Max owner downsizing: $1,200, medium screen',
    prefs: { ...owns('Apple iPhone 15 Pro Max', 'Apple'), os: 'ios', ...at(1200), screenSize: 'medium' },
    top: ['apple-iphone-17', 'apple-iphone-16'],
    verdict: 'upgrade',
    upgrade: ['Screen'],
    why: 'A newer, smaller iPhone is exactly what was asked for; a cheaper line is no reason to refuse it.',
  },
  {
    name: 'iPhone X owner (out of updates), $700, everyday use',
    prefs: { ...owns('Apple iPhone X', 'Apple'), os: 'ios', ...at(700), primaryUse: 'general' },
    top: ['apple-iphone-16e', 'apple-iphone-17e'],
    verdict: 'replace',
    why: 'An iPhone X has had no iOS update since 2023: it never "still fits"; the cheapest iPhone sold now replaces it. Since 2026: the iPhone 17e (2026, A19) is shown with "Canadian price not confirmed" and ranked on an estimate at the 16e price.',
  },
  {
    name: 'Galaxy S9 owner (out of updates), $500, Samsung, everyday use',
    prefs: { ...owns('Samsung Galaxy S9', 'Samsung'), os: 'android_samsung', ...at(500), primaryUse: 'general' },
    top: ['samsung-galaxy-a36-5g', 'samsung-galaxy-a26-5g'],
    verdict: 'upgrade',
    upgrade: ['Battery 5,000 mAh vs 3,000 mAh'],
    why: 'Any 2025 A series phone beats a 2018 S9 on battery and updates, within $500.',
  },
  {
    name: 'iPhone 16 Pro owner, no ceiling, nothing asked',
    prefs: { ...owns('Apple iPhone 16 Pro', 'Apple'), os: 'ios', ...NO_LIMIT },
    top: ['apple-iphone-17-pro', 'apple-iphone-17-pro-max'],
    never: ['apple-iphone-16-pro-max', 'apple-iphone-17', 'apple-iphone-air'],
    verdict: 'upgrade',
    why: 'Only the next Pro beats a 16 Pro on camera, battery and chip; its same-generation bigger sibling is no upgrade.',
  },
  {
    name: 'Galaxy S23 owner, $900, pro camera',
    prefs: {
      ...owns('Samsung Galaxy S23', 'Samsung'),
      os: 'android_samsung',
      ...at(900),
      cameraQuality: 'professional',
    },
    top: ['samsung-galaxy-s25-ultra'],
    never: ['samsung-galaxy-s25-fe'],
    verdict: 'still-fits',
    why:
      "Under $945 no Samsung has the S23's 10MP 3x telephoto (the S25 FE's is 8MP): it still fits; the S25 " +
      'Ultra is the real camera upgrade.',
  },
  {
    name: 'Pixel 8 owner, $1,100, photos, good camera',
    prefs: {
      ...owns('Google Pixel 8', 'Google'),
      os: 'android_google',
      ...at(1100),
      primaryUse: 'content',
      cameraQuality: 'good',
    },
    top: ['google-pixel-10'],
    verdict: 'upgrade',
    upgrade: ['Telephoto lens (5x) vs none'],
    why: 'The Pixel 10 adds a 5x telephoto to the same class of main camera, within $1,100.',
  },

  // ── New brands, foldables and platform conflicts ──────────────────────────────────────────────
  {
    name: 'Any Android, $1,010, foldable, everyday use (advanced)',
    prefs: { os: 'android', ...at(1010), primaryUse: 'general', advancedFeatures: 'foldable' },
    top: ['motorola-razr-2025'],
    reasons: ['Foldable design'],
    why: 'The only foldable sold near $1,000 is the Motorola razr (2025).',
  },
  {
    name: 'Any Android, $800, photos, pro camera, maximum battery',
    prefs: { os: 'android', ...at(800), primaryUse: 'content', cameraQuality: 'professional', batteryLife: 'maximum' },
    top: ['oneplus-13r', 'motorola-edge-2025'],
    why: 'A real telephoto and a 5,000+ mAh battery under $840 only come from OnePlus and Motorola.',
  },
  {
    name: 'iOS, no ceiling, wants a foldable (advanced)',
    prefs: { os: 'ios', ...NO_LIMIT, advancedFeatures: 'foldable' },
    top: ['apple-iphone-17-pro-max', 'apple-iphone-17-pro', 'apple-iphone-air', 'apple-iphone-17'],
    notes: [['advancedFeatures', 'platform']],
    why: 'No iPhone folds: the page must say so rather than pretend a match.',
  },
  {
    name: 'Any Android, $1,270, work, 512 GB, premium chip (advanced)',
    prefs: { os: 'android', ...at(1270), primaryUse: 'productivity', storage: '512gb', processorSpeed: 'premium' },
    top: ['oneplus-13', 'samsung-galaxy-s25'],
    why: 'A Snapdragon 8 Elite with a 512 GB option within $1,333.',
  },
  // ── Owners of older Pro phones, recent flagships, first phones, typed phones ───────
  {
    name: 'iPhone 14 Pro owner, no ceiling, photos, pro camera',
    prefs: {
      ...owns('Apple iPhone 14 Pro', 'Apple'),
      os: 'ios',
      ...NO_LIMIT,
      primaryUse: 'content',
      cameraQuality: 'professional',
    },
    top: ['apple-iphone-17-pro', 'apple-iphone-17-pro-max'],
    verdict: 'upgrade',
    upgrade: ['4x'],
    why: "A 48MP 4x telephoto is longer and sharper than the 14 Pro's 12MP 3x: the 17 Pro is the photographer's upgrade.",
  },
  {
    name: 'iPhone 15 Pro Max owner, no ceiling, pro camera, maximum battery',
    prefs: {
      ...owns('Apple iPhone 15 Pro Max', 'Apple'),
      os: 'ios',
      ...NO_LIMIT,
      cameraQuality: 'professional',
      batteryLife: 'maximum',
    },
    top: ['apple-iphone-17-pro-max'],
    verdict: 'upgrade',
    why: "A 48MP 4x lens cropped to 5x still out-resolves the 15 Pro Max's 12MP 5x; bigger battery, newer chip.",
  },
  {
    name: 'iPhone 13 Pro owner, no ceiling, photos, pro camera',
    prefs: {
      ...owns('Apple iPhone 13 Pro', 'Apple'),
      os: 'ios',
      ...NO_LIMIT,
      primaryUse: 'content',
      cameraQuality: 'professional',
    },
    top: ['apple-iphone-17-pro', 'apple-iphone-17-pro-max'],
    never: ['apple-iphone-16e', 'apple-iphone-17', 'apple-iphone-air'],
    verdict: 'upgrade',
    why: 'A three-year-old Pro owner who shoots photos keeps a telephoto: only the 17 Pros have one; a phone without zoom is a step down.',
  },
  {
    name: 'Pixel 7 Pro owner, no ceiling, photos, pro camera',
    prefs: {
      ...owns('Google Pixel 7 Pro', 'Google'),
      os: 'android_google',
      ...NO_LIMIT,
      primaryUse: 'content',
      cameraQuality: 'professional',
    },
    top: ['google-pixel-10-pro', 'google-pixel-10-pro-xl'],
    never: ['google-pixel-9a', 'google-pixel-10'],
    verdict: 'upgrade',
    why: "Only the Pro Pixels keep a 48MP 5x telephoto like the 7 Pro's; the base Pixel 10's 10.8MP 5x is weaker.",
  },
  {
    name: 'Galaxy S22 Ultra owner, no ceiling, pro camera',
    prefs: {
      ...owns('Samsung Galaxy S22 Ultra', 'Samsung'),
      os: 'android_samsung',
      ...NO_LIMIT,
      cameraQuality: 'professional',
    },
    top: ['samsung-galaxy-s26-ultra', 'samsung-galaxy-s25-ultra'],
    never: ['samsung-galaxy-s25-fe', 'samsung-galaxy-s25', 'samsung-galaxy-a56-5g'],
    verdict: 'upgrade',
    why: 'Only an Ultra keeps two telephotos and the S Pen; anything else loses the 10x lens.',
  },
  {
    name: 'Galaxy S21 owner, $900, Samsung, nothing else asked',
    prefs: { ...owns('Samsung Galaxy S21', 'Samsung'), os: 'android_samsung', ...at(900) },
    top: ['samsung-galaxy-s25-fe', 'samsung-galaxy-a56-5g'],
    verdict: 'upgrade',
    never: ['samsung-galaxy-a26-5g', 'samsung-galaxy-a16-5g', 'samsung-galaxy-a36-5g'],
    why: 'A flagship owner with $900 is not sent to a $400 entry phone: the S25 FE (or at least the A56) fits.',
  },
  {
    name: 'Galaxy S21 owner, $1,000, Samsung, pro camera',
    prefs: {
      ...owns('Samsung Galaxy S21', 'Samsung'),
      os: 'android_samsung',
      ...at(1000),
      cameraQuality: 'professional',
    },
    top: ['samsung-galaxy-s25-fe'],
    verdict: 'upgrade',
    upgrade: ['Telephoto lens (3x)'],
    why: "The S21's 64MP lens is a 1.1x crop (3x only hybrid): the S25 FE's 3x optical telephoto is a real zoom.",
  },
  {
    name: 'Galaxy S22 owner (out of OS updates), $1,000, Samsung',
    prefs: { ...owns('Samsung Galaxy S22', 'Samsung'), os: 'android_samsung', ...at(1000) },
    top: ['samsung-galaxy-s25-fe'],
    verdict: 'replace',
    never: ['samsung-galaxy-a16-5g', 'samsung-galaxy-a26-5g', 'samsung-galaxy-a36-5g'],
    why: 'The flagship-class S25 FE fits $1,000; an entry A phone would lose the telephoto and the flagship chip.',
  },
  {
    name: 'Pixel 9 owner, $1,100, Google, maximum battery',
    prefs: { ...owns('Google Pixel 9', 'Google'), os: 'android_google', ...at(1100), batteryLife: 'maximum' },
    top: ['google-pixel-10'],
    verdict: 'upgrade',
    never: ['google-pixel-9a'],
    why: 'The 9a is a cheaper sibling of the same generation with the same chip and a weaker camera: +400 mAh is no upgrade.',
  },
  {
    name: 'Galaxy S25 owner, no ceiling, nothing asked',
    prefs: { ...owns('Samsung Galaxy S25', 'Samsung'), os: 'android_samsung', ...NO_LIMIT },
    top: ['samsung-galaxy-s26-ultra', 'samsung-galaxy-s26-plus'],
    never: ['samsung-galaxy-s25-fe', 'samsung-galaxy-a56-5g', 'samsung-galaxy-a36-5g', 'samsung-galaxy-a26-5g'],
    verdict: 'upgrade',
    upgrade: ['Optical zoom 5x vs 3x'],
    why:
      'Its same-generation siblings are not upgrades and the FE/A phones are steps down; since 2026 the S26 Ultra is one ' +
      '(5x zoom, 200MP main, +1,000 mAh, a newer chip), shown with "Canadian price not confirmed".',
  },
  {
    name: 'iPhone 17 Pro owner, no ceiling, nothing asked',
    prefs: { ...owns('Apple iPhone 17 Pro', 'Apple'), os: 'ios', ...NO_LIMIT },
    top: ['apple-iphone-17-pro-max', 'apple-iphone-17-pro'],
    never: ['apple-iphone-16e', 'apple-iphone-16'],
    verdict: 'still-fits',
    why: 'Nothing newer beats the newest Pro: it still fits, and an older or cheaper iPhone is never offered as the better phone.',
  },
  {
    name: 'Pixel 6 Pro owner (out of updates), $700, Google',
    prefs: { ...owns('Google Pixel 6 Pro', 'Google'), os: 'android_google', ...at(700) },
    top: ['google-pixel-9a', 'google-pixel-10a'],
    verdict: 'replace',
    why: 'Its OS updates ended in 2024; the 9a is the Pixel within $700, even though it has no telephoto. Since 2026: the Pixel 10a (2026, the same Tensor G4, 5,100 mAh, updates to 2033) is shown with "Canadian price not confirmed" and ranked at about the 9a price.',
  },
  {
    name: 'First phone for a child, $250, any Android, everyday use',
    prefs: { currentPhone: 'none', currentBrand: 'None', os: 'android', ...at(250), primaryUse: 'general' },
    top: ['samsung-galaxy-a16-5g'],
    never: ['motorola-moto-g-2025'],
    why: 'For $30-80 more the A16 gets OS updates to 2030; the moto g stops in March 2027, before the child outgrows it.',
  },
  {
    name: 'First phone for a teenager, $300, no preference, entertainment',
    prefs: { currentPhone: 'none', currentBrand: 'None', os: 'no_preference', ...at(300), primaryUse: 'entertainment' },
    top: ['samsung-galaxy-a16-5g'],
    why: 'A large screen, a big battery and six years of updates at the lowest price sold.',
  },
  {
    name: 'Feature-phone owner, $400, any Android, maximum battery',
    prefs: { currentPhone: 'basic', currentBrand: 'None', os: 'android', ...at(400), batteryLife: 'maximum' },
    top: ['samsung-galaxy-a26-5g', 'samsung-galaxy-a16-5g'],
    never: ['motorola-moto-g-2025', 'motorola-moto-g-power-2025'],
    why: 'Updates for years matter most to a first smartphone; the Motorolas stop in 2027.',
  },
  {
    name: 'Typed Xiaomi 13T Pro owner, $800, any Android',
    prefs: { ...owns('Xiaomi 13T Pro', 'Xiaomi'), os: 'android', ...at(800) },
    top: ['oneplus-13r', 'samsung-galaxy-a56-5g', 'google-pixel-9a', 'motorola-edge-2025', 'google-pixel-10a'],
    verdict: 'cannot-compare',
    why: 'We do not list the 13T Pro: the page must not pretend to compare it, and must still offer good phones. Since 2026: the Pixel 10a (2026, the same Tensor G4, 5,100 mAh, updates to 2033) is shown with "Canadian price not confirmed" and ranked at about the 9a price.',
  },
  {
    name: 'Typed Nothing Phone (2) owner, $600, no preference',
    prefs: { ...owns('Nothing Phone (2)', 'Nothing'), os: 'no_preference', ...at(600) },
    top: ['samsung-galaxy-a56-5g', 'samsung-galaxy-a36-5g', 'google-pixel-9a'],
    verdict: 'cannot-compare',
    why: 'An unlisted phone gets the plain ranking, no made-up comparison.',
  },
  {
    name: 'Typed Huawei P30 Pro owner, $1,200, photos, pro camera',
    prefs: {
      ...owns('Huawei P30 Pro', 'Huawei'),
      os: 'android',
      ...at(1200),
      primaryUse: 'content',
      cameraQuality: 'professional',
    },
    top: ['google-pixel-10', 'oneplus-13', 'samsung-galaxy-s25-fe', 'oneplus-13r'],
    verdict: 'cannot-compare',
    why: 'A zoom-camera Android within $1,260; no comparison with a phone we do not list.',
  },
  {
    name: 'Samsung photographer, no ceiling, pro camera',
    prefs: { os: 'android_samsung', ...NO_LIMIT, primaryUse: 'content', cameraQuality: 'professional' },
    top: ['samsung-galaxy-s26-ultra', 'samsung-galaxy-s25-ultra'],
    why:
      "A 50MP 5x and a 10MP 3x telephoto reach further and sharper than the S25's single 10MP 3x; with no ceiling " +
      'the newer S26 Ultra (the same lenses, a newer chip) leads, shown with "Canadian price not confirmed".',
  },
  {
    name: 'Google, $1,040, photos, pro camera',
    prefs: { os: 'android_google', ...at(1040), primaryUse: 'content', cameraQuality: 'professional' },
    top: ['google-pixel-10'],
    why: 'The Pixel 10 is $7 past the $1,092 margin and has the 5x telephoto the 9a lacks: a slope, not a cliff.',
  },
  {
    name: 'Any Android, $700, everyday use, good camera, maximum battery',
    prefs: { os: 'android', ...at(700), primaryUse: 'general', cameraQuality: 'good', batteryLife: 'maximum' },
    top: ['samsung-galaxy-a56-5g', 'samsung-galaxy-a36-5g', 'google-pixel-9a', 'google-pixel-10a'],
    why: 'Every ask is met by several phones: the cheaper equal comes first, with long updates. Since 2026: the Pixel 10a (2026, the same Tensor G4, 5,100 mAh, updates to 2033) is shown with "Canadian price not confirmed" and ranked at about the 9a price.',
  },
  {
    name: 'Samsung, $460, 512 GB storage (microSD)',
    prefs: { os: 'android_samsung', ...at(460), storage: '512gb' },
    top: ['samsung-galaxy-a26-5g', 'samsung-galaxy-a16-5g'],
    why: 'The A16 and A26 take a microSD card up to 1.5-2 TB: storage is met within $460.',
  },
  {
    name: 'iPhone 12 Pro owner, no ceiling, iOS, nothing asked',
    prefs: { ...owns('Apple iPhone 12 Pro', 'Apple'), os: 'ios', ...NO_LIMIT },
    top: ['apple-iphone-17-pro', 'apple-iphone-17-pro-max'],
    never: ['apple-iphone-16e', 'apple-iphone-16'],
    verdict: 'upgrade',
    why: 'A Pro owner with a Pro budget gets the Pro: longer zoom, far bigger battery, updates for years.',
  },
];

function check(g: ExpertProfile, recs: Recommendation[]) {
  // A row that cannot be evaluated fails: the slider must read out its budget, and there must be a top pick.
  expect(Number.isNaN(g.prefs.budgetValue), 'the slider reads out this budget').toBe(false);
  expect(recs.length, 'recommendations for this profile').toBeGreaterThan(0);
  const top = recs[0]!;
  expect(g.top, `top pick was ${top.phone.id} (${top.matchScore}%)`).toContain(top.phone.id);
  for (const r of recs) {
    expect(g.never ?? [], `${r.phone.id} must not be suggested`).not.toContain(r.phone.id);
    expect(DISCONTINUED, `${r.phone.id} is no longer sold`).not.toContain(r.phone.id);
  }
  for (const r of g.reasons ?? []) expect(top.reasons.join(' | ')).toContain(r);
  for (const r of g.upgrade ?? []) expect(top.upgrade?.reasons.join(' | ') ?? '').toContain(r);
  if (g.prefs.searchedForCurrentPhone) expect(top.upgrade?.verdict ?? null, 'verdict').toBe(g.verdict ?? null);
  else expect(top.upgrade, 'no current phone, no verdict').toBeNull();
  const notes = (top.notes ?? []).map((n) => `${n.criterion}:${n.kind}`);
  for (const [criterion, kind] of g.notes ?? []) expect(notes, 'notes').toContain(`${criterion}:${kind}`);
  if (g.weak !== undefined) expect(isWeakMatch(top.matchScore), `weak match at ${top.matchScore}%`).toBe(g.weak);
  if (g.below !== undefined) expect(top.matchScore).toBeLessThan(g.below);
  if (g.ranked) {
    const ids = rankPhones(PHONES, g.prefs, { today: TODAY }).map((r) => r.phone.id);
    expect(ids.indexOf(g.ranked.id), `${g.ranked.id} in ${ids.slice(0, 8).join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(g.ranked.id)).toBeLessThan(g.ranked.within);
  }
}

describe('expert profiles', () => {
  it('has at least 30 profiles, every pick a catalogue phone', () => {
    expect(PROFILES.length).toBeGreaterThanOrEqual(30);
    for (const g of PROFILES)
      for (const id of [...g.top, ...(g.never ?? [])]) expect(findPhoneById(id), `${g.name}: ${id}`).toBeDefined();
  });

  for (const g of PROFILES) {
    (g.known ? it.fails : it)(`${g.name} -> ${g.top.join(' or ')} (${g.why})`, () => {
      check(g, recommend(PHONES, g.prefs, { today: TODAY }));
    });
  }
});
