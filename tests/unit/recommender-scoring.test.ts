import { describe, expect, it } from 'vitest';
import { PHONES, findPhoneById, type Phone } from '../../src/lib/catalogue';
import {
  SCORING,
  filterCandidates,
  matchScoreFrom,
  recommend,
  scorePhone,
  toRecommendationSummary,
  type Preferences,
} from '../../src/lib/recommender';

/** A test phone: a real catalogue phone with some classes changed. */
function phone(overrides: Partial<Omit<Phone, 'specs'>> & { specs?: Partial<Phone['specs']> } = {}): Phone {
  const base = findPhoneById('samsung-galaxy-s24')!;
  const { specs, ...rest } = overrides;
  return { ...base, ...rest, specs: { ...base.specs, ...specs } };
}

const rowOf = (p: Phone, prefs: Preferences, criterion: string) =>
  scorePhone(p, prefs).working.find((w) => w.criterion === criterion);

describe('filtering', () => {
  it('keeps phones from 2023 on and drops 2022', () => {
    const list = [phone({ id: 'a-2022', year: 2022 }), phone({ id: 'a-2023', year: 2023 })];
    expect(filterCandidates(list, {}).map((p) => p.id)).toEqual(['a-2023']);
  });

  it('filters by OS or brand choice', () => {
    const ids = (prefs: Preferences) => new Set(filterCandidates(PHONES, prefs).map((p) => p.brand));
    expect(ids({ os: 'ios' })).toEqual(new Set(['Apple']));
    expect(ids({ os: 'android_samsung' })).toEqual(new Set(['Samsung']));
    expect(ids({ os: 'android_google' })).toEqual(new Set(['Google']));
    expect(ids({ os: 'android' })).toEqual(new Set(['Samsung', 'Google']));
    expect(ids({ os: 'no_preference' })).toEqual(new Set(['Apple', 'Samsung', 'Google']));
  });

  it("never recommends the visitor's own searched phone", () => {
    const prefs: Preferences = { currentPhone: 'Samsung Galaxy S24', searchedForCurrentPhone: true };
    expect(filterCandidates(PHONES, prefs).some((p) => p.id === 'samsung-galaxy-s24')).toBe(false);
    expect(filterCandidates(PHONES, { currentPhone: 'samsung' }).some((p) => p.id === 'samsung-galaxy-s24')).toBe(true);
  });
});

describe('the scoring table, row by row', () => {
  it('budget: same tier 30, one tier cheaper 20, one tier dearer 15, two tiers away 0', () => {
    const price = { budget: 499, midrange: 799, premium: 1299 } as const;
    const at = (tier: Phone['priceRange'], budget: Phone['priceRange']) =>
      rowOf(phone({ priceRange: tier, price: price[tier] }), { budget }, 'budget')!.points;
    expect(at('midrange', 'midrange')).toBe(30);
    expect(at('budget', 'midrange')).toBe(20);
    expect(at('premium', 'midrange')).toBe(15);
    expect(at('premium', 'budget')).toBe(0);
    expect(at('budget', 'premium')).toBe(0);
    expect(rowOf(phone(), { budget: 'premium' }, 'budget')!.max).toBe(30);
  });

  it("budget: a phone in the tier but more than 5% above the slider's 'Up to $X' counts as one tier dearer", () => {
    const s25 = findPhoneById('samsung-galaxy-s25')!; // $1,288.99
    expect(rowOf(s25, { budget: 'premium', budgetValue: 100 }, 'budget')).toMatchObject({
      points: 30,
      phoneHas: 'Premium · $1,289',
    });
    expect(rowOf(s25, { budget: 'premium', budgetValue: 80 }, 'budget')!.points).toBe(30); // up to $1260, +5% = $1323
    expect(rowOf(s25, { budget: 'premium', budgetValue: 60 }, 'budget')).toMatchObject({
      points: 15,
      rule: 'your tier, but above the amount you set',
    });
  });

  it('camera: same class 15, better than asked 10, worse than asked 7.5', () => {
    const at = (has: Phone['specs']['cameraQuality'], asked: Phone['specs']['cameraQuality']) =>
      rowOf(phone({ specs: { cameraQuality: has } }), { cameraQuality: asked }, 'cameraQuality')!.points;
    expect(at('good', 'good')).toBe(15);
    expect(at('professional', 'good')).toBe(10);
    expect(at('professional', 'basic')).toBe(10);
    expect(at('basic', 'good')).toBe(7.5);
    expect(at('basic', 'professional')).toBe(7.5);
  });

  it('battery: same class 15, better than asked 10, worse than asked 7.5', () => {
    const at = (has: Phone['specs']['batteryLife'], asked: NonNullable<Phone['specs']['batteryLife']>) =>
      rowOf(phone({ specs: { batteryLife: has } }), { batteryLife: asked }, 'batteryLife')!.points;
    expect(at('maximum', 'maximum')).toBe(15);
    expect(at('maximum', 'extended')).toBe(10);
    expect(at('standard', 'maximum')).toBe(7.5);
  });

  it("OS: 20 when the phone fits the choice, 0 otherwise; 'no preference' is counted but earns 0", () => {
    expect(rowOf(phone(), { os: 'android_samsung' }, 'os')!.points).toBe(20);
    expect(rowOf(phone(), { os: 'no_preference' }, 'os')).toMatchObject({
      points: 0,
      max: 20,
      rule: 'no preference: not counted as a match',
    });
    expect(rowOf(phone(), { os: 'ios' }, 'os')!.points).toBe(0);
  });

  it('primary use: 10 when the phone suits it, 5 otherwise', () => {
    const fast = phone({ specs: { processorSpeed: 'fast' } });
    const slow = phone({ specs: { processorSpeed: 'standard' } });
    expect(rowOf(fast, { primaryUse: 'productivity' }, 'primaryUse')!.points).toBe(10);
    expect(rowOf(slow, { primaryUse: 'productivity' }, 'primaryUse')!.points).toBe(5);
    expect(
      rowOf(phone({ specs: { cameraQuality: 'professional' } }), { primaryUse: 'content' }, 'primaryUse')!.points,
    ).toBe(10);
    expect(rowOf(phone({ specs: { cameraQuality: 'good' } }), { primaryUse: 'content' }, 'primaryUse')!.points).toBe(5);
    expect(
      rowOf(
        phone({ specs: { screenSize: 'large', batteryLife: 'extended' } }),
        { primaryUse: 'entertainment' },
        'primaryUse',
      )!.points,
    ).toBe(10);
    expect(
      rowOf(
        phone({ specs: { screenSize: 'large', batteryLife: 'standard' } }),
        { primaryUse: 'entertainment' },
        'primaryUse',
      )!.points,
    ).toBe(5);
    expect(
      rowOf(
        phone({ specs: { screenSize: 'medium', batteryLife: 'maximum' } }),
        { primaryUse: 'entertainment' },
        'primaryUse',
      )!.points,
    ).toBe(5);
    expect(rowOf(slow, { primaryUse: 'general' }, 'primaryUse')!.points).toBe(10);
  });

  it("special features: 10 when the phone has it (any of its features), 5 otherwise, 0 for 'nothing special'", () => {
    expect(
      rowOf(
        phone({ specs: { featureTags: ['foldable', 'ai'] } }),
        { advancedFeatures: 'foldable' },
        'advancedFeatures',
      )!.points,
    ).toBe(10);
    expect(
      rowOf(phone({ specs: { featureTags: ['foldable', 'ai'] } }), { advancedFeatures: 'ai' }, 'advancedFeatures')!
        .points,
    ).toBe(10);
    expect(
      rowOf(phone({ specs: { featureTags: ['ai'] } }), { advancedFeatures: 'foldable' }, 'advancedFeatures')!.points,
    ).toBe(5);
    expect(
      rowOf(phone({ specs: { featureTags: ['ai'] } }), { advancedFeatures: 'standard' }, 'advancedFeatures')!.points,
    ).toBe(0);
  });

  it('camera and battery: an unknown class earns 11.25, between worse and same', () => {
    const p17 = findPhoneById('apple-iphone-17-pro')!;
    expect(rowOf(p17, { batteryLife: 'maximum' }, 'batteryLife')).toMatchObject({
      points: 11.25,
      phoneHas: 'Unknown (capacity not published)',
      rule: 'not published: scored neutrally',
    });
  });

  it('skipped core questions are counted with 0 points once a budget is set', () => {
    const rows = scorePhone(phone(), { budget: 'premium' }).working;
    expect(rows.map((w) => [w.criterion, w.points, w.answer])).toEqual([
      ['budget', 30, 'Premium ($1,000+)'],
      ['os', 0, 'Skipped'],
      ['cameraQuality', 0, 'Skipped'],
      ['batteryLife', 0, 'Skipped'],
      ['primaryUse', 0, 'Skipped'],
    ]);
  });

  it('brand switching: counted for Apple/Samsung/Google owners only; same brand 10, switching 3, open to switch 10', () => {
    expect(rowOf(phone(), { currentBrand: 'Samsung' }, 'brand')!.points).toBe(10);
    expect(rowOf(phone(), { currentBrand: 'Apple' }, 'brand')!.points).toBe(3);
    expect(rowOf(phone(), { currentBrand: 'Apple', openToSwitch: true }, 'brand')!.points).toBe(10);
    expect(rowOf(phone(), { currentBrand: 'Other' }, 'brand')).toBeUndefined();
    expect(rowOf(phone(), { currentBrand: 'None' }, 'brand')).toBeUndefined();
  });

  it('keeps every number in the one SCORING table', () => {
    expect(SCORING.budget).toEqual({ sameTier: 30, oneTierCheaper: 20, oneTierDearer: 15, twoTiersAway: 0 });
    expect(SCORING.camera).toEqual({ same: 15, better: 10, worse: 7.5, unknown: 11.25 });
    expect(SCORING.battery).toEqual({ same: 15, better: 10, worse: 7.5, unknown: 11.25 });
    expect([SCORING.weakMatchBelow, SCORING.notAnswered, SCORING.advancedFeatures.nothingSpecial]).toEqual([50, 0, 0]);
    expect([
      SCORING.os.fits,
      SCORING.primaryUse.suits,
      SCORING.primaryUse.other,
      SCORING.advancedFeatures.has,
      SCORING.advancedFeatures.other,
      SCORING.brand.same,
      SCORING.brand.switching,
    ]).toEqual([20, 10, 5, 10, 5, 10, 3]);
  });
});

describe('match score', () => {
  it('is 50 for every phone when no budget is set, whatever else was answered', () => {
    const r = scorePhone(phone(), { cameraQuality: 'professional', os: 'android' });
    expect(r.matchScore).toBe(50);
    expect(r.scoreRule).toBe('No budget set: every phone scores 50');
    expect(r.working.map((w) => w.criterion)).toEqual(['os', 'cameraQuality']);
  });

  it('labels a match below 50% weak', async () => {
    const { isWeakMatch } = await import('../../src/lib/recommender');
    expect([isWeakMatch(49), isWeakMatch(50)]).toEqual([true, false]);
    expect(scorePhone(phone(), { budget: 'premium' }).matchScore).toBe(30); // 30 of 5 × 20
  });

  it('is min(100, round(points / (criteria × 20) × 100)): capped at 100, rounded half up', () => {
    expect(matchScoreFrom(30, 1, true)).toBe(100); // 150% capped
    expect(matchScoreFrom(100, 6, true)).toBe(83); // 83.33
    expect(matchScoreFrom(92.5, 6, true)).toBe(77); // 77.08
    expect(matchScoreFrom(7.5 + 30, 3, true)).toBe(63); // 62.5 -> 63
    expect(matchScoreFrom(0, 1, true)).toBe(0);
  });

  it('counts only the criteria that apply and shows its working', () => {
    const p = phone({ priceRange: 'midrange', price: 799, specs: { cameraQuality: 'good', batteryLife: 'extended' } });
    const r = scorePhone(p, {
      budget: 'midrange',
      os: 'android',
      primaryUse: 'productivity',
      cameraQuality: 'professional',
      batteryLife: 'extended',
      currentBrand: 'Apple',
    });
    expect(r.working.map((w) => [w.criterion, w.points, w.max])).toEqual([
      ['budget', 30, 30],
      ['os', 20, 20],
      ['cameraQuality', 7.5, 15],
      ['batteryLife', 15, 15],
      ['primaryUse', 10, 10],
      ['brand', 3, 10],
    ]);
    expect([r.points, r.criteria, r.matchScore]).toEqual([85.5, 6, 71]); // 85.5 / 120 = 71.25%
    expect(r.scoreRule).toBe('min(100, round(85.5 / (6 × 20) × 100)) = 71');
    expect(r.working[2]).toMatchObject({
      label: 'Camera',
      answer: 'Professional',
      phoneHas: 'Good (50MP wide)',
      rule: 'less than you asked',
    });
  });
});

describe('reasons', () => {
  it('are capped at 4', () => {
    const prefs: Preferences = {
      budget: 'premium',
      os: 'android_samsung',
      cameraQuality: 'professional',
      batteryLife: 'extended',
      primaryUse: 'general',
      currentBrand: 'Samsung',
    };
    const r = scorePhone(findPhoneById('samsung-galaxy-s24')!, prefs);
    expect(r.reasons).toHaveLength(4);
    expect(r.reasons[0]).toBe('In your price range (Premium, $1,000+)');
  });

  it('are padded with generic true facts up to 3 when fewer apply', () => {
    const r = scorePhone(findPhoneById('samsung-galaxy-a16-5g')!, { budget: 'premium' });
    // the A16 is a budget phone, two tiers away -> no reason of its own; skipped questions give none
    expect(r.working[0].points).toBe(0);
    expect(r.reasons).toEqual([
      'Released in 2024, with full software support',
      '5G connectivity',
      'Storage options up to 256 GB',
    ]);
  });

  it('give no reason for a criterion the phone does badly on', () => {
    const r = scorePhone(phone({ specs: { cameraQuality: 'basic' } }), {
      budget: 'midrange',
      cameraQuality: 'professional',
    });
    expect(r.reasons.some((x) => /camera/i.test(x))).toBe(false);
  });
});

describe('recommend', () => {
  it('keeps the top 2, best first, with their working', () => {
    const recs = recommend(PHONES, { budget: 'midrange', os: 'android_google' });
    expect(recs).toHaveLength(2);
    expect(recs[0].matchScore).toBeGreaterThanOrEqual(recs[1].matchScore);
    for (const r of recs) {
      expect(r.phone.brand).toBe('Google');
      expect(r.working.length).toBe(5); // budget, OS and the three skipped core questions
      expect(r.reasons.length).toBeGreaterThanOrEqual(3);
      expect(r.reasons.length).toBeLessThanOrEqual(4);
    }
  });

  it('orders equal scores by the unscored answers the phone fits (here: screen size)', () => {
    const small = phone({ id: 'small', specs: { screenSize: 'small' } });
    const large = phone({ id: 'large', specs: { screenSize: 'large' } });
    const prefs: Preferences = { budget: 'midrange', screenSize: 'large' };
    expect(recommend([small, large], prefs).map((r) => r.phone.id)).toEqual(['large', 'small']);
    expect(recommend([large, small], { ...prefs, screenSize: 'small' }).map((r) => r.phone.id)).toEqual([
      'small',
      'large',
    ]);
    expect(scorePhone(large, prefs).tieBreakers).toEqual([
      { criterion: 'screenSize', label: 'Screen size', answer: 'Large', phoneHas: 'Large (6.2")', fits: true },
    ]);
  });

  it('summarises a recommendation for the e-mail payload', () => {
    const [top] = recommend(PHONES, { budget: 'premium', os: 'ios' });
    expect(toRecommendationSummary(top)).toEqual({
      model: top.phone.model,
      brand: 'Apple',
      matchScore: top.matchScore,
      reasons: top.reasons,
    });
  });
});

// The golden profiles are in recommender-golden.test.ts.
