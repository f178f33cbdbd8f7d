import { describe, expect, it } from 'vitest';
import { PHONES, findPhoneById, type Phone } from '../../../src/lib/catalogue';
import {
  SCORING,
  filterCandidates,
  matchScoreFrom,
  recommend,
  scorePhone,
  toRecommendationSummary,
  type Preferences,
} from '../../../src/lib/recommender';

const TODAY = new Date('2026-11-26T12:00:00Z');
const at = { today: TODAY };

/** A test phone: a real catalogue phone (the Galaxy S25, sold now) with some facts changed. */
function phone(overrides: Partial<Omit<Phone, 'specs'>> & { specs?: Partial<Phone['specs']> } = {}): Phone {
  const base = findPhoneById('samsung-galaxy-s25')!;
  const { specs, ...rest } = overrides;
  return { ...base, ...rest, specs: { ...base.specs, ...specs } };
}

const rowOf = (p: Phone, prefs: Preferences, criterion: string) =>
  scorePhone(p, prefs, at).working.find((w) => w.criterion === criterion);

describe('filtering', () => {
  it('keeps phones of the last two calendar years counted from today, and rolls forward with it', () => {
    const list = [phone({ id: 'a-2023', year: 2023 }), phone({ id: 'a-2024', year: 2024 })];
    expect(filterCandidates(list, {}, at).map((p) => p.id)).toEqual(['a-2024']);
    expect(filterCandidates(list, {}, { today: new Date('2025-06-01T00:00:00Z') }).map((p) => p.id)).toEqual([
      'a-2023',
      'a-2024',
    ]);
  });

  it('keeps only phones sold now: a discontinued phone is dropped, one discontinued from a later month is kept', () => {
    const sold = phone({ id: 'sold' });
    const gone = phone({ id: 'gone', availability: { status: 'discontinued', date: '2026-09', source: 'x' } });
    const leaving = phone({ id: 'leaving', availability: { status: 'discontinued', date: '2027-01', source: 'x' } });
    expect(filterCandidates([sold, gone, leaving], {}, at).map((p) => p.id)).toEqual(['sold', 'leaving']);
  });

  it('filters by OS or brand choice', () => {
    const ids = (prefs: Preferences) => new Set(filterCandidates(PHONES, prefs, at).map((p) => p.brand));
    expect(ids({ os: 'ios' })).toEqual(new Set(['Apple']));
    expect(ids({ os: 'android_samsung' })).toEqual(new Set(['Samsung']));
    expect(ids({ os: 'android_google' })).toEqual(new Set(['Google']));
    expect(ids({ os: 'android' })).toEqual(new Set(['Samsung', 'Google', 'Motorola', 'OnePlus']));
    expect(ids({ os: 'no_preference' })).toEqual(new Set(['Apple', 'Samsung', 'Google', 'Motorola', 'OnePlus']));
  });

  it("never recommends the visitor's own searched phone", () => {
    const prefs: Preferences = { currentPhone: 'Samsung Galaxy S25', searchedForCurrentPhone: true };
    expect(filterCandidates(PHONES, prefs, at).some((p) => p.id === 'samsung-galaxy-s25')).toBe(false);
    expect(filterCandidates(PHONES, { currentPhone: 'samsung' }, at).some((p) => p.id === 'samsung-galaxy-s25')).toBe(
      true,
    );
  });
});

describe('the scoring table, row by row', () => {
  it('budget: within what you would spend 30 however much cheaper, then a slope to 0 at twice it', () => {
    const budget = { budget: 'midrange', budgetValue: 50 } as const; // $900, +5% = $945
    const pts = (price: number) => rowOf(phone({ price }), budget, 'budget')!.points;
    expect([pts(945), pts(400), pts(120)]).toEqual([30, 30, 30]);
    // $5 over loses a few cents' worth of points, not half of them: a slope, not a cliff.
    expect(pts(950)).toBeGreaterThan(29.8);
    expect(pts(945 * 1.1)).toBeCloseTo(27, 5);
    expect(pts(945 * 1.5)).toBeCloseTo(15, 5);
    expect([pts(945 * 2), pts(945 * 3)]).toEqual([0, 0]);
    expect(rowOf(phone({ price: 1000 }), budget, 'budget')!.rule).toMatch(/^\$55 over what you would spend/);
    expect(rowOf(phone(), budget, 'budget')!.max).toBe(30);
  });

  it('budget: the top of the slider ($1500+) has no limit', () => {
    const ultra = findPhoneById('samsung-galaxy-s25-ultra')!; // $1,918.99
    expect(rowOf(ultra, { budget: 'premium', budgetValue: 100 }, 'budget')).toMatchObject({
      points: 30,
      answer: 'No limit ($1500+)',
      phoneHas: 'Premium · $1,918.99',
    });
    expect(rowOf(ultra, { budget: 'premium', budgetValue: 80 }, 'budget')).toMatchObject({
      answer: 'Up to $1,260',
      points: 16.49, // $1,918.99 is 45% over $1,323
    });
  });

  it('camera: meeting or beating the answer 15, one class short 7.5, two short 0', () => {
    const at2 = (has: Phone['specs']['cameraQuality'], asked: Phone['specs']['cameraQuality']) =>
      rowOf(phone({ specs: { cameraQuality: has } }), { cameraQuality: asked }, 'cameraQuality')!.points;
    expect(at2('good', 'good')).toBe(15);
    expect(at2('professional', 'good')).toBe(15);
    expect(at2('professional', 'basic')).toBe(15);
    expect(at2('basic', 'good')).toBe(7.5);
    expect(at2('basic', 'professional')).toBe(0);
  });

  it('battery: meeting or beating the answer 15, one class short 7.5, two short 0, unpublished 11.25', () => {
    const at2 = (has: Phone['specs']['batteryLife'], asked: NonNullable<Phone['specs']['batteryLife']>) =>
      rowOf(phone({ specs: { batteryLife: has } }), { batteryLife: asked }, 'batteryLife')!.points;
    expect(at2('maximum', 'maximum')).toBe(15);
    expect(at2('maximum', 'extended')).toBe(15);
    expect(at2('extended', 'maximum')).toBe(7.5);
    expect(at2('standard', 'maximum')).toBe(0);
    expect(at2(null, 'maximum')).toBe(11.25);
  });

  it("OS: 20 when the phone fits the choice, 0 otherwise; 'no preference' asks for nothing and is not a row", () => {
    expect(rowOf(phone(), { os: 'android_samsung' }, 'os')!.points).toBe(20);
    expect(rowOf(phone(), { os: 'ios' }, 'os')!.points).toBe(0);
    expect(rowOf(phone(), { budget: 'premium', os: 'no_preference' }, 'os')).toBeUndefined();
    expect(rowOf(phone(), { budget: 'premium' }, 'os')).toMatchObject({ points: 0, max: 20, answer: 'Skipped' });
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
    const ent = (screenSize: Phone['specs']['screenSize'], batteryLife: Phone['specs']['batteryLife']) =>
      rowOf(phone({ specs: { screenSize, batteryLife } }), { primaryUse: 'entertainment' }, 'primaryUse')!.points;
    expect([ent('large', 'extended'), ent('large', 'standard'), ent('medium', 'maximum')]).toEqual([10, 5, 5]);
    expect(rowOf(slow, { primaryUse: 'general' }, 'primaryUse')!.points).toBe(10);
  });

  it('screen size, storage and performance count when asked: the size asked, at least the storage or chip asked', () => {
    const screen = (has: Phone['specs']['screenSize'], asked: Phone['specs']['screenSize']) =>
      rowOf(phone({ specs: { screenSize: has } }), { screenSize: asked }, 'screenSize')!.points;
    expect([screen('small', 'small'), screen('medium', 'small'), screen('large', 'small')]).toEqual([10, 5, 0]);
    const storage = (has: Phone['specs']['storage'], asked: Phone['specs']['storage']) =>
      rowOf(phone({ specs: { storage: has } }), { storage: asked }, 'storage')!.points;
    expect([
      storage('1tb', '256gb'),
      storage('256gb', '256gb'),
      storage('128gb', '256gb'),
      storage('64gb', '256gb'),
    ]).toEqual([10, 10, 5, 0]);
    const chip = (has: Phone['specs']['processorSpeed'], asked: Phone['specs']['processorSpeed']) =>
      rowOf(phone({ specs: { processorSpeed: has } }), { processorSpeed: asked }, 'processorSpeed')!.points;
    expect([chip('premium', 'fast'), chip('fast', 'premium'), chip('standard', 'premium')]).toEqual([10, 5, 0]);
  });

  it("special features: 10 when the phone has it (any of its features), 0 otherwise; 'nothing special' is not a row", () => {
    const feat = (tags: Phone['specs']['featureTags'], asked: Phone['specs']['advancedFeatures']) =>
      rowOf(phone({ specs: { featureTags: tags } }), { advancedFeatures: asked }, 'advancedFeatures')?.points;
    expect([feat(['foldable', 'ai'], 'foldable'), feat(['foldable', 'ai'], 'ai'), feat(['ai'], 'foldable')]).toEqual([
      10, 10, 0,
    ]);
    expect(feat(['ai'], 'standard')).toBeUndefined();
  });

  it("environment: fits 10, otherwise 5; 'mostly at home' asks for nothing", () => {
    const env = (batteryLife: Phone['specs']['batteryLife'], environment: NonNullable<Preferences['environment']>) =>
      rowOf(phone({ specs: { batteryLife } }), { environment }, 'environment')?.points;
    expect([env('maximum', 'outdoor'), env('extended', 'outdoor'), env('extended', 'varied')]).toEqual([10, 5, 10]);
    expect(env('standard', 'home')).toBeUndefined();
  });

  it("software updates: counted once a budget is set, from the maker's policy and today's date", () => {
    const upd = (id: string, today = TODAY) =>
      scorePhone(findPhoneById(id)!, { budget: 'premium' }, { today }).working.find((w) => w.criterion === 'updates')!;
    // In proportion to the years ahead, full at 5; worth 8 points (15 on a budget up to $600).
    expect(upd('google-pixel-9a')).toMatchObject({ points: 8, max: 8, phoneHas: 'OS updates until Apr 2032' });
    expect(upd('oneplus-13').points).toBeCloseTo(3.5, 1); // OS updates until Jan 2029: 2.2 years
    expect(upd('motorola-moto-g-2025').points).toBeLessThan(1); // until Mar 2027
    expect(upd('samsung-galaxy-a14-5g')).toMatchObject({ points: 0, phoneHas: 'OS updates ended Jan 2025' });
    // The same phone a year earlier had more years ahead.
    expect(upd('oneplus-13', new Date('2025-12-01T00:00:00Z')).points).toBeCloseTo(4.9, 1);
    const low = scorePhone(findPhoneById('google-pixel-9a')!, { budget: 'budget', budgetValue: 10 }, at);
    expect(low.working.find((w) => w.criterion === 'updates')).toMatchObject({ points: 15, max: 15 });
    expect(scorePhone(findPhoneById('google-pixel-9a')!, {}, at).working).toEqual([]);
  });

  it('skipped core questions are counted with 0 points once a budget is set', () => {
    const rows = scorePhone(phone(), { budget: 'premium' }, at).working;
    expect(rows.map((w) => [w.criterion, w.points, w.answer])).toEqual([
      ['budget', 30, 'Premium ($1,000+)'],
      ['os', 0, 'Skipped'],
      ['cameraQuality', 0, 'Skipped'],
      ['batteryLife', 0, 'Skipped'],
      ['primaryUse', 0, 'Skipped'],
      ['updates', 8, 'Years of updates (always counted)'],
    ]);
  });

  it('staying with your brand earns no points: it only orders equal scores', () => {
    expect(rowOf(phone(), { budget: 'premium', currentBrand: 'Samsung' }, 'brand')).toBeUndefined();
    const r = scorePhone(phone(), { currentBrand: 'Samsung' }, at);
    expect(r.tieBreakers).toEqual([
      {
        criterion: 'brand',
        label: 'Staying with your brand',
        answer: 'You have Samsung',
        phoneHas: 'Samsung',
        fits: true,
      },
    ]);
  });

  it('keeps every number in the one SCORING table', () => {
    expect(SCORING.budget).toEqual({ within: 30, over: 0 });
    expect([SCORING.slopeToShare, SCORING.nearShare, SCORING.farOverShare]).toEqual([1, 0.1, 1]);
    expect(SCORING.updates).toEqual({ max: 8, lowBudgetMax: 15, lowBudgetCad: 600, fullYears: 5 });
    expect(SCORING.camera).toEqual({ meets: 15, oneShort: 7.5, twoShort: 0, unknown: 11.25 });
    expect(SCORING.battery).toEqual({ meets: 15, oneShort: 7.5, twoShort: 0, unknown: 11.25 });
    expect([SCORING.weakMatchBelow, SCORING.notAnswered]).toEqual([50, 0]);
    expect([
      SCORING.os.fits,
      SCORING.primaryUse.suits,
      SCORING.primaryUse.other,
      SCORING.screenSize.same,
      SCORING.storage.meets,
      SCORING.processorSpeed.meets,
      SCORING.advancedFeatures.has,
      SCORING.advancedFeatures.other,
      SCORING.environment.fits,
    ]).toEqual([20, 10, 5, 10, 10, 10, 10, 0, 10]);
  });

  it('leaves an unpublished battery unknown, not "standard", and scores it neutrally', () => {
    const p = findPhoneById('apple-iphone-17-pro-max')!;
    const unpublished = { ...p, specs: { ...p.specs, batteryMah: null, batteryLife: null } };
    const row = scorePhone(unpublished, { budget: 'premium', batteryLife: 'maximum' }).working.find(
      (w) => w.criterion === 'batteryLife',
    )!;
    expect([row.points, row.phoneHas]).toEqual([11.25, 'Unknown (capacity not published)']);
  });

  it("does not count 'No preference' on the OS as a matched criterion worth 20 points", () => {
    const row = scorePhone(findPhoneById('samsung-galaxy-s25')!, {
      budget: 'premium',
      os: 'no_preference',
    }).working.find((w) => w.criterion === 'os');
    expect(row?.points ?? 0).toBe(0);
  });

  it('matches a request for augmented reality with current phones that have a depth (LiDAR) scanner', () => {
    const r = scorePhone(findPhoneById('apple-iphone-16-pro')!, { budget: 'premium', advancedFeatures: 'ar' });
    expect(r.working.find((w) => w.criterion === 'advancedFeatures')!.points).toBe(10);
  });
});

describe('match score', () => {
  it('is 50 for every phone when no budget is set, whatever else was answered', () => {
    const r = scorePhone(phone(), { cameraQuality: 'professional', os: 'android' }, at);
    expect(r.matchScore).toBe(50);
    expect(r.scoreRule).toBe('No budget set: every phone scores 50');
    expect(r.working.map((w) => w.criterion)).toEqual(['os', 'cameraQuality']);
  });

  it('labels a match below 50% weak', async () => {
    const { isWeakMatch } = await import('../../../src/lib/recommender');
    expect([isWeakMatch(49), isWeakMatch(50)]).toEqual([true, false]);
    expect(scorePhone(phone(), { budget: 'premium' }, at).matchScore).toBe(39); // 38 of 98
  });

  it('is round(points / the points the rows could give × 100), rounded half up, capped at 100', () => {
    expect(matchScoreFrom(110, 110, true)).toBe(100);
    expect(matchScoreFrom(100, 120, true)).toBe(83); // 83.33
    expect(matchScoreFrom(62.5, 100, true)).toBe(63); // 62.5 -> 63
    expect(matchScoreFrom(0, 95, true)).toBe(0);
    expect(matchScoreFrom(10, 0, true)).toBe(50);
  });

  it('reaches 100% for a phone that meets or beats every answer, and shows its working', () => {
    const prefs: Preferences = {
      budget: 'premium',
      budgetValue: 100,
      os: 'android',
      primaryUse: 'productivity',
      cameraQuality: 'good',
      batteryLife: 'extended',
      screenSize: 'large',
      storage: '256gb',
      processorSpeed: 'fast',
      advancedFeatures: 'ai',
      environment: 'work',
      currentBrand: 'Apple',
    };
    const r = scorePhone(findPhoneById('samsung-galaxy-s25-ultra')!, prefs, at);
    expect(r.working.map((w) => [w.criterion, w.points, w.max])).toEqual([
      ['budget', 30, 30],
      ['os', 20, 20],
      ['cameraQuality', 15, 15],
      ['batteryLife', 15, 15],
      ['primaryUse', 10, 10],
      ['screenSize', 10, 10],
      ['storage', 10, 10],
      ['processorSpeed', 10, 10],
      ['advancedFeatures', 10, 10],
      ['environment', 10, 10],
      ['updates', 8, 8],
    ]);
    expect([r.points, r.maxPoints, r.matchScore]).toEqual([148, 148, 100]);
    expect(r.scoreRule).toMatch(/^round\(148 \/ 148 × 100\) = 100%/);
    expect(r.working[2]).toMatchObject({ label: 'Camera', answer: 'Good', rule: 'better than you asked' });
  });

  it('a phone short of an answer shows it in its working', () => {
    const p = phone({ specs: { cameraQuality: 'good', batteryLife: 'extended' } });
    const r = scorePhone(p, { budget: 'premium', os: 'android', cameraQuality: 'professional' }, at);
    expect(r.working.find((w) => w.criterion === 'cameraQuality')).toMatchObject({
      points: 7.5,
      phoneHas: 'Main + ultrawide (50MP wide main, 3x 10MP telephoto)',
      rule: 'one step short of what you asked',
    });
  });

  it('does not give 100% to every phone when only a budget was set and everything else skipped', () => {
    const [top] = recommend(PHONES, { budget: 'midrange', budgetValue: 50 });
    expect(top!.matchScore).toBeLessThan(60);
  });
});

describe('reasons', () => {
  it('are capped at 4, and name what a camera has instead of calling it professional', () => {
    const prefs: Preferences = {
      budget: 'premium',
      os: 'android_samsung',
      cameraQuality: 'professional',
      batteryLife: 'extended',
      primaryUse: 'general',
      currentBrand: 'Samsung',
    };
    const r = scorePhone(findPhoneById('samsung-galaxy-s25-ultra')!, prefs, at);
    expect(r.reasons).toHaveLength(4);
    // The price was checked in Feb 2025, more than 6 months before the test's date: it reads as stale.
    expect(r.reasons[0]).toBe('In your price range (Premium, $1,000+); price last checked Feb 2025');
    expect(r.reasons[2]).toBe('Camera with a 5x telephoto (50MP) and a 200MP wide main camera');
    // A short 8MP 3x telephoto meets a 'professional' ask only in part: no camera reason for the S25 FE.
    const fe = scorePhone(findPhoneById('samsung-galaxy-s25-fe')!, prefs, at);
    expect(fe.working.find((w) => w.criterion === 'cameraQuality')).toMatchObject({ points: 12, max: 15 });
    expect(fe.reasons.join(' ')).not.toMatch(/telephoto/);
    expect(r.reasons.join(' ')).not.toMatch(/professional/i);
  });

  it('never call a phone over the budget "in your price range": $950 on up to $940 is $10 over', () => {
    const prefs: Preferences = { budget: 'midrange', budgetValue: 53 }; // up to $940
    const over = scorePhone(phone({ price: 950, priceRange: 'midrange' }), prefs, at);
    expect(over.working[0]).toMatchObject({ criterion: 'budget', answer: 'Up to $940' });
    expect(over.reasons.join(' ')).not.toMatch(/price range|within your budget/i);
    expect(over.reasons[0]).toMatch(/^\$10 over your budget at \$950\.00/);
    // A cent over is still over; at the budget exactly it is in the range.
    expect(scorePhone(phone({ price: 940.01, priceRange: 'midrange' }), prefs, at).reasons[0]).toMatch(
      /^\$1 over your budget/,
    );
    expect(scorePhone(phone({ price: 940, priceRange: 'midrange' }), prefs, at).reasons[0]).toMatch(
      /^In your price range \(Midrange/,
    );
  });

  it('are padded with generic true facts up to 3 when fewer apply', () => {
    const r = scorePhone(findPhoneById('samsung-galaxy-a16-5g')!, { budget: 'budget', budgetValue: 0 }, at);
    // $330 is 57% over the $200 budget -> a part of the budget points, no budget reason; skipped questions give none
    expect(r.working[0]!.points).toBeLessThan(15);
    expect(r.reasons).toEqual([
      'Released in 2024, OS updates until Nov 2030',
      '5G connectivity',
      'Storage options up to 256 GB',
    ]);
  });

  it('say one need once: a work user asking for a top-tier chip reads about the chip once', () => {
    const r = scorePhone(
      findPhoneById('apple-iphone-17')!,
      { budget: 'premium', os: 'ios', primaryUse: 'productivity', processorSpeed: 'premium' },
      at,
    );
    expect(r.reasons.filter((x) => /chip/i.test(x))).toEqual(['Top tier chip (Apple A19) for work and multitasking']);
  });

  it('give no reason for a criterion the phone does not fully meet', () => {
    const r = scorePhone(
      phone({ specs: { cameraQuality: 'basic' } }),
      { budget: 'midrange', cameraQuality: 'professional' },
      at,
    );
    expect(r.reasons.some((x) => /camera/i.test(x))).toBe(false);
  });

  it('never praise the Galaxy A36 for a "Premium processor"', () => {
    const r = scorePhone(findPhoneById('samsung-galaxy-a36-5g')!, {
      budget: 'budget',
      primaryUse: 'productivity',
      processorSpeed: 'premium',
    });
    expect(r.reasons.join(' ')).not.toMatch(/premium processor|premium performance/i);
  });
});

describe('recommend', () => {
  it('keeps the top 2, best first, with their working', () => {
    const recs = recommend(PHONES, { budget: 'midrange', os: 'android_google' }, at);
    expect(recs).toHaveLength(2);
    expect(recs[0]!.matchScore).toBeGreaterThanOrEqual(recs[1]!.matchScore);
    for (const r of recs) {
      expect(r.phone.brand).toBe('Google');
      expect(r.working.length).toBe(6); // budget, OS, the three skipped core questions, updates
      expect(r.reasons.length).toBeGreaterThanOrEqual(3);
      expect(r.reasons.length).toBeLessThanOrEqual(4);
    }
  });

  it('notes an ask nothing within budget meets once, naming the cheapest phone that has it', () => {
    const [top] = recommend(
      PHONES,
      { os: 'ios', budget: 'midrange', budgetValue: 57, primaryUse: 'content', cameraQuality: 'professional' },
      at,
    );
    expect(top!.notes).toEqual([
      {
        criterion: 'cameraQuality',
        kind: 'budget',
        text: 'A telephoto (zoom) camera needs a bigger budget: the cheapest iPhone with it is the Apple iPhone 17 Pro at $1,599.00.',
      },
    ]);
  });

  it('puts a phone within budget first even when a dearer one more than 10% over scores higher', () => {
    const cheap = phone({ id: 'cheap', price: 800, specs: { cameraQuality: 'basic', batteryLife: 'standard' } });
    const dear = phone({ id: 'dear', price: 1050, specs: { cameraQuality: 'professional', batteryLife: 'maximum' } });
    const prefs: Preferences = {
      budget: 'midrange',
      budgetValue: 50, // up to $945
      cameraQuality: 'professional',
      batteryLife: 'maximum',
    };
    expect(scorePhone(dear, prefs, at).matchScore).toBeGreaterThan(scorePhone(cheap, prefs, at).matchScore);
    expect(recommend([dear, cheap], prefs, at).map((r) => r.phone.id)).toEqual(['cheap', 'dear']);
  });

  it('lets a much better phone up to 10% over the budget lead on the slope, and says how far over it is', () => {
    const cheap = phone({ id: 'cheap', price: 800, specs: { cameraQuality: 'basic', batteryLife: 'standard' } });
    const near = phone({ id: 'near', price: 950, specs: { cameraQuality: 'professional', batteryLife: 'maximum' } });
    const prefs: Preferences = {
      budget: 'midrange',
      budgetValue: 50,
      cameraQuality: 'professional',
      batteryLife: 'maximum',
    };
    const recs = recommend([cheap, near], prefs, at);
    expect(recs.map((r) => r.phone.id)).toEqual(['near', 'cheap']);
    expect(recs[0]!.notes.map((n) => n.text)).toContain(
      '$5 over what you would spend: the budget edge is a slope, not a cliff, and it beats what is within budget.',
    );
  });

  it('among equal matches puts the cheaper phone first', () => {
    const a = phone({ id: 'a-dear', price: 1200 });
    const b = phone({ id: 'b-cheap', price: 1000 });
    const prefs: Preferences = { budget: 'premium', budgetValue: 100, os: 'android' };
    expect(recommend([a, b], prefs, at).map((r) => r.phone.id)).toEqual(['b-cheap', 'a-dear']);
  });

  it('orders equal scores by brand only after everything scored', () => {
    const samsung = phone({ id: 'same-brand' });
    const other = phone({ id: 'other-brand', brand: 'Google', specs: { featureTags: ['ai', 'foldable'] } });
    const base: Preferences = { budget: 'premium', currentBrand: 'Samsung' };
    expect(recommend([other, samsung], base, at).map((r) => r.phone.id)).toEqual(['same-brand', 'other-brand']);
    // An explicitly asked feature decides over staying with the brand.
    expect(recommend([samsung, other], { ...base, advancedFeatures: 'foldable' }, at)[0]!.phone.id).toBe('other-brand');
  });

  it('summarises a recommendation for the e-mail payload', () => {
    const [top] = recommend(PHONES, { budget: 'premium', os: 'ios' }, at);
    expect(toRecommendationSummary(top!)).toEqual({
      model: top!.phone.model,
      brand: 'Apple',
      matchScore: top!.matchScore,
      reasons: top!.reasons,
    });
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
});

// The expert profiles are in expert-profiles.test.ts; rules held over the whole catalogue in
// recommend-invariants.test.ts.
