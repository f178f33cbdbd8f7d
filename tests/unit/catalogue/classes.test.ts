/**
 * The chip table, the one-way classes, the Canadian price tiers and the rule that every phone's CAD
 * price carries its source.
 */
import { describe, expect, it } from 'vitest';
import {
  CHIP_TABLE,
  CatalogueDataError,
  PHONES,
  RAW_RECORDS,
  CAD_PRICES,
  batteryClass,
  buildCatalogue,
  cameraClass,
  chipInfo,
  chipTier,
  findPhoneById,
  phoneSchema,
  priceTier,
  processorClass,
  screenClass,
  storageClass,
} from '../../../src/lib/catalogue';
import { parseCameraSpecs } from '../../../src/lib/catalogue/derive';
import { monthYear, pricingFromRow, shownPriceCad } from '../../../src/lib/catalogue/pricing';
import { PRICE_RANGE_LABELS, budgetDollars, budgetReadout, budgetTier } from '../../../src/lib/recommender';

describe('chip table', () => {
  it('rates the chips for demanding games top tier (premium), with the year they first shipped', () => {
    for (const [chip, year] of [
      ['Qualcomm Snapdragon 8 Elite for Galaxy', 2024],
      ['Qualcomm Snapdragon 8 Elite', 2024],
      ['Qualcomm Snapdragon 8 Gen 3 for Galaxy', 2023],
      ['Qualcomm Snapdragon 8 Gen 3', 2023],
      ['Apple A18 Pro', 2024],
      ['Apple A19', 2025],
      ['Apple A17 Pro', 2023],
      ['Samsung Exynos 2500', 2025],
    ] as const) {
      expect(chipInfo(chip), chip).toMatchObject({ tier: 'premium', year, kind: 'flagship' });
    }
  });

  it('does not put Tensor G3-G5 or the Exynos 2400 in the gaming class of a Snapdragon 8 Elite', () => {
    for (const chip of ['Google Tensor G3', 'Google Tensor G4', 'Google Tensor G5', 'Samsung Exynos 2400'])
      expect(chipInfo(chip), chip).toMatchObject({ tier: 'fast', kind: 'flagship' });
    expect(chipTier('Qualcomm Snapdragon 8s Gen 3')).toBe('fast');
  });

  it('rates 2021-2022 flagships fast and midrange chips standard, whatever their names contain', () => {
    expect(chipTier('Apple A16 Bionic')).toBe('fast');
    expect(chipTier('Qualcomm Snapdragon 8 Gen 2 for Galaxy')).toBe('fast');
    expect(chipTier('Google Tensor G2')).toBe('fast');
    // 'Gen 3' in the name no longer makes a midrange chip premium
    expect(chipInfo('Qualcomm Snapdragon 6 Gen 3')).toMatchObject({ tier: 'standard', kind: 'midrange' });
    expect(chipTier('Samsung Exynos 1380')).toBe('standard');
    expect(chipTier('Samsung Exynos 1480')).toBe('standard');
    expect(chipTier('Samsung Exynos 1580')).toBe('fast');
    expect(chipTier('MediaTek Dimensity 6300')).toBe('standard');
    expect(chipTier('MediaTek Dimensity 7400X')).toBe('standard');
    expect(chipTier('Apple A14 Bionic')).toBe('standard');
  });

  it('knows every chipset of the catalogue, and nothing else: an unknown chip is unknown, not a guess', () => {
    for (const r of RAW_RECORDS) expect(chipInfo(r.chipset), `${r.model}: ${r.chipset}`).not.toBeNull();
    expect(chipTier('Qualcomm Snapdragon 8 Elite Gen 5')).toBeNull(); // not in the catalogue yet
    expect(processorClass(null)).toBeNull();
    expect(chipTier('  Apple A19  ')).toBe('premium');
    expect(chipTier('toString')).toBeNull();
    expect(Object.values(CHIP_TABLE).every((c) => c.year >= 2017 && c.year <= 2026)).toBe(true);
  });

  it('fails the build for a phone whose chipset is not in the table, naming it', () => {
    const record = { ...RAW_RECORDS.find((r) => r.model === 'Galaxy S25')!, chipset: 'Qualcomm Snapdragon 9 Ultra' };
    expect(() => buildCatalogue({ samples: [], records: [record], curated: [], prices: CAD_PRICES })).toThrow(
      /Samsung Galaxy S25: chipset 'Qualcomm Snapdragon 9 Ultra' is not in the chip table/,
    );
  });

  it("rates the catalogue's phones by their chips: Snapdragon 8 Elite and A19 top tier, Tensor G5 fast, Snapdragon 6 Gen 3 below", () => {
    expect(findPhoneById('samsung-galaxy-s25-ultra')!.specs.processorSpeed).toBe('premium');
    expect(findPhoneById('apple-iphone-17')!.specs.processorSpeed).toBe('premium');
    expect(findPhoneById('google-pixel-10-pro')!.specs.processorSpeed).toBe('fast');
    expect(findPhoneById('samsung-galaxy-a36-5g')!.specs.processorSpeed).toBe('standard');
  });
});

describe('classes, computed one way', () => {
  const lenses = (text: string) => parseCameraSpecs(text, null);

  it('camera: a telephoto makes it professional, main + ultrawide good, a single camera basic', () => {
    expect(cameraClass(lenses('Triple: 48MP wide, 12MP 5x periscope telephoto, 48MP ultrawide'))).toBe('professional');
    expect(cameraClass(lenses('Dual: 48MP wide (f/1.6, OIS), 12MP ultrawide (macro)'))).toBe('good');
    expect(cameraClass(lenses('Single: 48MP wide (f/1.6, sensor-shift OIS)'))).toBe('basic');
    // macro and depth helpers are not a second camera
    expect(cameraClass(lenses('Triple: 50MP wide, 2MP macro, 2MP depth'))).toBe('basic');
    expect(cameraClass({ mainCamera: null, ultrawide: null, telephoto: null })).toBeNull();
  });

  it('battery: 4,500 mAh maximum, 3,500 extended, below standard; unpublished unknown', () => {
    expect([batteryClass(4500), batteryClass(4499), batteryClass(3500), batteryClass(3499)]).toEqual([
      'maximum',
      'extended',
      'extended',
      'standard',
    ]);
    expect(batteryClass(null)).toBeNull();
  });

  it('screen: 6.5 in large, 6.0 medium, below small; unknown unknown', () => {
    expect([screenClass(6.5), screenClass(6.49), screenClass(6), screenClass(5.99), screenClass(null)]).toEqual([
      'large',
      'medium',
      'medium',
      'small',
      null,
    ]);
  });

  it('storage: the largest option; nothing printed is unknown', () => {
    expect([
      storageClass('256GB/512GB/1TB/2TB'),
      storageClass('128GB/512GB'),
      storageClass('64GB'),
      storageClass(null),
    ]).toEqual(['1tb', '512gb', '64gb', null]);
  });

  it('gives every catalogue phone the classes of its own facts, hand-written entries included', () => {
    for (const p of PHONES) {
      const s = p.specs;
      expect(s.cameraQuality, p.id).toBe(cameraClass(s.cameraSpecs));
      expect(s.batteryLife, p.id).toBe(batteryClass(s.batteryMah));
      expect(s.screenSize, p.id).toBe(screenClass(s.screenInches));
      expect(s.processorSpeed, p.id).toBe(chipTier(s.chipset));
    }
    expect(findPhoneById('apple-iphone-16')!.specs.cameraQuality).toBe('good');
    expect(findPhoneById('apple-iphone-16e')!.specs.cameraQuality).toBe('basic');
    expect(findPhoneById('google-pixel-10')!.specs.cameraQuality).toBe('professional');
  });

  it('does not rate the single-lens iPhone 16e camera above the dual-lens iPhone 16', () => {
    const order = ['basic', 'good', 'professional'];
    expect(order.indexOf(findPhoneById('apple-iphone-16e')!.specs.cameraQuality)).toBeLessThan(
      order.indexOf(findPhoneById('apple-iphone-16')!.specs.cameraQuality),
    );
  });
});

describe('Canadian prices and tiers', () => {
  it('tiers a CAD price: below $600 budget, below $1,000 midrange, else premium', () => {
    expect([priceTier(599.99), priceTier(600), priceTier(999.99), priceTier(1000)]).toEqual([
      'budget',
      'midrange',
      'midrange',
      'premium',
    ]);
  });

  it('derives each phone tier from its shown price (current when known, else launch)', () => {
    for (const p of PHONES) {
      expect(p.price, p.id).toBe(shownPriceCad(p.pricing));
      expect(p.priceRange, p.id).toBe(priceTier(p.price));
    }
    expect(findPhoneById('samsung-galaxy-a36-5g')!.priceRange).toBe('budget');
    expect(findPhoneById('google-pixel-9a')!.priceRange).toBe('midrange');
    expect(findPhoneById('samsung-galaxy-s25')!.priceRange).toBe('premium');
  });

  it('puts the slider readout inside the tier it names: $590 budget, $600 and $980 midrange, $1000 premium', () => {
    expect([budgetReadout(24), budgetTier(24)]).toEqual(['$590', 'budget']);
    expect([budgetReadout(25), budgetTier(25)]).toEqual(['$600', 'midrange']);
    expect([budgetReadout(57), budgetTier(57)]).toEqual(['$980', 'midrange']);
    expect([budgetReadout(58), budgetTier(58)]).toEqual(['$1000', 'premium']);
    expect(budgetDollars(50)).toBe(900);
    expect([budgetReadout(0), budgetReadout(1), budgetTier(1)]).toEqual(['$200', '$250', 'budget']);
    expect(PRICE_RANGE_LABELS).toEqual({ budget: 'up to $599', midrange: '$600-$999', premium: '$1,000+' });
  });

  it('writes the source of each figure: store, reported at launch, or a converted estimate', () => {
    expect(pricingFromRow('Apple', { launch: [1129, '2024-09', 'store'] }).launchSource).toBe(
      'Apple Canada launch price, Sep 2024',
    );
    expect(pricingFromRow('Samsung', { launch: [949.99, '2024-10', 'reported'] }).launchSource).toMatch(
      /^Samsung Canada launch price as reported at launch, Oct 2024/,
    );
    expect(pricingFromRow('Google', { launch: [565, '2021-08', 'converted', 449, 1.26] })).toMatchObject({
      estimated: true,
      launchSource: expect.stringMatching(/US\$449 at 1.26 CAD per USD, Aug 2021/),
    });
    expect(pricingFromRow('Motorola', { launch: [299.99, '2025-03', 'approximate'] })).toMatchObject({
      estimated: true,
      launchSource: expect.stringMatching(/^About the Motorola Canada launch price, Mar 2025: .*check the store/),
    });
    expect(monthYear('2025-02')).toBe('Feb 2025');
  });

  it('fails the build for a recent phone without availability, naming it', () => {
    const record = RAW_RECORDS.find((r) => r.model === 'Galaxy S25')!;
    const prices = { 'Samsung Galaxy S25': { launch: [1288.99, '2025-02', 'store'] as const } };
    expect(() => buildCatalogue({ samples: [], records: [record], curated: [], prices })).toThrow(
      /Samsung Galaxy S25: no availability/,
    );
  });

  it('has a CAD price for every raw record', () => {
    for (const r of RAW_RECORDS) expect(CAD_PRICES[`${r.brand} ${r.model}`], `${r.brand} ${r.model}`).toBeDefined();
  });

  it('prices the Galaxy S25 and Pixel 10 Pro Fold at their Canadian launch prices, not a tier guess', () => {
    expect(findPhoneById('samsung-galaxy-s25')!.price).toBeGreaterThan(1200);
    expect(findPhoneById('samsung-galaxy-s25')!.priceEstimated).toBe(false);
    expect(findPhoneById('google-pixel-10-pro-fold')!.price).toBeGreaterThan(2000);
  });
});

describe('catalogue schema: a price must carry its source', () => {
  const phone = findPhoneById('samsung-galaxy-s25')!;

  it('accepts a phone whose CAD price has a source', () => {
    expect(phoneSchema.safeParse(phone).success).toBe(true);
  });

  it('rejects a phone without a CAD price source, or with an empty one, or without pricing at all', () => {
    const { launchSource: _drop, ...noSource } = phone.pricing;
    const missing = phoneSchema.safeParse({ ...phone, pricing: noSource });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]).toMatchObject({
      path: ['pricing', 'launchSource'],
      message: 'needs the source of the CAD price',
    });
    expect(phoneSchema.safeParse({ ...phone, pricing: { ...phone.pricing, launchSource: '  ' } }).success).toBe(false);
    const { pricing: _p, ...unpriced } = phone;
    expect(phoneSchema.safeParse(unpriced).success).toBe(false);
  });

  it('rejects a current price without its date and source', () => {
    const r = phoneSchema.safeParse({
      ...phone,
      pricing: { ...phone.pricing, currentCad: 999, currentDate: null, currentSource: null },
    });
    expect(r.success).toBe(false);
  });

  it('fails the build for a record with no row in the CAD price table, naming it', () => {
    const record = RAW_RECORDS.find((r) => r.model === 'Galaxy S25')!;
    expect(() => buildCatalogue({ samples: [], records: [record], curated: [], prices: {} })).toThrow(
      CatalogueDataError,
    );
    expect(() => buildCatalogue({ samples: [], records: [record], curated: [], prices: {} })).toThrow(
      /Samsung Galaxy S25: no Canadian price/,
    );
  });
});
