import { describe, expect, it } from 'vitest';
import {
  currentYear,
  CatalogueDataError,
  PHONES,
  RAW_RECORDS,
  CAD_PRICES,
  buildCatalogue,
  findPhoneById,
  findPhoneByText,
  mapRawPhone,
  mergeById,
  parseRawRecords,
  phoneId,
  phoneModelNames,
  phoneSchema,
  recommendableFromYear,
  recommendablePhones,
  type Phone,
  type RawPhoneRecord,
} from '../../../src/lib/catalogue';
import { pricingFromRow } from '../../../src/lib/catalogue/pricing';
import {
  deriveAdvancedFeatures,
  deriveConnectivity,
  deriveFeatureTags,
  deriveOs,
  mappedOsVersion,
  parseCameraSpecs,
  phoneImage,
} from '../../../src/lib/catalogue/derive';

const byBrand = (brand: string) => RAW_RECORDS.filter((r) => r.brand === brand) as RawPhoneRecord[];
const appleRecords = byBrand('Apple');
const samsungRecords = byBrand('Samsung');
const googleRecords = byBrand('Google');
/** The hand-written entries, as the phone files give them (their `page`). */
const curatedEntries = PHONES.filter((p) => p.purchaseLink !== null).map((p) => ({
  brand: p.brand,
  model: p.model,
  purchaseLink: p.purchaseLink,
  reviewVideoId: p.reviewVideoId,
  facts: {
    os_version: p.specs.os_version!,
    colors: p.specs.colors!,
    waterResistance: p.specs.waterResistance!,
    weight: p.specs.weight!,
  },
}));

const raw = (brand: string, model: string) => {
  const r = RAW_RECORDS.find((x) => x.brand === brand && x.model === model);
  if (!r) throw new Error(`no raw record ${brand} ${model}`);
  return r;
};

describe('catalogue facts', () => {
  it('has at least 85 raw records, at least 25 from each of Apple, Samsung and Google', () => {
    expect(RAW_RECORDS.length).toBeGreaterThanOrEqual(85);
    for (const brand of ['Apple', 'Samsung', 'Google']) {
      expect(RAW_RECORDS.filter((r) => r.brand === brand).length, brand).toBeGreaterThanOrEqual(25);
    }
  });

  it('gives every raw record a unique id', () => {
    const ids = RAW_RECORDS.map((r) => phoneId(r.brand, r.model));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('maps every phone to a valid Phone with a unique id', () => {
    for (const p of PHONES) expect(phoneSchema.safeParse(p).success, p.id).toBe(true);
    expect(new Set(PHONES.map((p) => p.id)).size).toBe(PHONES.length);
  });

  const TODAY = new Date('2026-11-26T12:00:00Z');

  it('has phones of every brand sold now, in every price tier, so recommendations have choice', () => {
    const sold = recommendablePhones(TODAY);
    for (const brand of ['Apple', 'Samsung', 'Google', 'Motorola', 'OnePlus'])
      expect(
        sold.some((p) => p.brand === brand),
        brand,
      ).toBe(true);
    expect(sold.length).toBeGreaterThanOrEqual(25);
    for (const tier of ['budget', 'midrange', 'premium'] as const)
      expect(
        sold.some((p) => p.priceRange === tier),
        tier,
      ).toBe(true);
    for (const feature of ['standard', 'ai', 'foldable', 'ar'] as const)
      expect(
        sold.some((p) => p.specs.advancedFeatures === feature || p.specs.featureTags.includes(feature)),
        feature,
      ).toBe(true);
  });

  it('recommends what is sold now, from the last two calendar years counted from the date given', () => {
    expect(currentYear(TODAY)).toBe(2026);
    expect(recommendableFromYear(TODAY)).toBe(2024);
    expect(recommendableFromYear(new Date('2027-01-02T00:00:00Z'))).toBe(2025);
    const sold = recommendablePhones(TODAY);
    expect(sold.every((p) => p.year >= 2024 && p.availability.status === 'sold')).toBe(true);
    // A year on, the 2024 phones drop out of the window although they are still marked sold.
    const later = recommendablePhones(new Date('2027-02-01T00:00:00Z')).map((p) => p.id);
    expect(later).not.toContain('apple-iphone-16');
    expect(later).toContain('apple-iphone-17');
    // The phones an expert found recommended at old prices are no longer sold.
    for (const id of ['apple-iphone-15', 'apple-iphone-16-pro-max', 'google-pixel-8', 'samsung-galaxy-a14-5g'])
      expect(findPhoneById(id)!.availability.status, id).toBe('discontinued');
  });

  it('gives every phone from 2023 on a dated, sourced availability, and older ones discontinued by age', () => {
    for (const p of PHONES) {
      if (p.year >= 2023) {
        expect(p.availability.date, p.id).toMatch(/^\d{4}-\d{2}$/);
        expect(p.availability.source.length, p.id).toBeGreaterThan(10);
      } else expect(p.availability.status, p.id).toBe('discontinued');
    }
  });

  it("scores update support by each maker's policy, counted from launch", () => {
    const until = (id: string) => findPhoneById(id)!.updates.osUntil;
    expect(until('google-pixel-9a')).toBe('2032-04'); // 7 years
    expect(until('samsung-galaxy-s25')).toBe('2032-02'); // 7 years
    expect(until('samsung-galaxy-a16-5g')).toBe('2030-11'); // 6 OS upgrades
    expect(until('samsung-galaxy-a14-5g')).toBe('2025-01'); // 2 OS upgrades
    expect(until('oneplus-13')).toBe('2029-01'); // 4 Android upgrades
    expect(findPhoneById('apple-iphone-17')!.updates.estimate).toBe(true); // Apple publishes no policy
  });

  it('omits the older-only fields from every record from 2020 on, and dates every older record', () => {
    for (const r of RAW_RECORDS) {
      if (r.year >= 2020) {
        for (const f of [
          'launch_date',
          'image_url',
          'weight',
          'os_version',
          'colors',
          'price',
          'water_resistance',
        ] as const)
          expect(r[f], `${r.model} ${f}`).toBeUndefined();
      } else {
        expect(r.launch_date?.startsWith(String(r.year)), r.model).toBe(true);
      }
    }
  });

  it('fills in the iPhone 17 batteries from the regulatory filings reported at launch, and leaves other unknowns unknown', () => {
    const p = findPhoneById('apple-iphone-17-pro-max')!;
    expect([p.specs.batteryMah, p.specs.batteryLife]).toEqual([4832, 'maximum']);
    expect(findPhoneById('apple-iphone-air')!.specs.batteryLife).toBe('standard');
    expect(p.specs.waterResistance).toBeNull();
    expect(p.specs.os_version).toBeNull();
  });
});

describe('raw record validation', () => {
  const good = appleRecords.find((r) => r.model === 'iPhone 15')!;

  it('fails a bad record naming its brand, model and field', () => {
    const bad: RawPhoneRecord = { ...good, battery_capacity: '3349mAh' };
    expect(() => parseRawRecords([bad])).toThrow(CatalogueDataError);
    expect(() => parseRawRecords([bad])).toThrow(/Apple iPhone 15: battery_capacity: must look like "3349 mAh"/);
  });

  it('rejects a 2020+ record that carries an older-only field', () => {
    expect(() => parseRawRecords([{ ...good, price: 799 }])).toThrow(
      /Apple iPhone 15: price: entries from 2020 on omit price/,
    );
  });

  it('rejects an older record without a launch date, an unknown field and a record without a model', () => {
    const old = samsungRecords.find((r) => r.model === 'Galaxy S9')!;
    const { launch_date: _omit, ...undated } = old;
    expect(() => parseRawRecords([undated])).toThrow(
      /Samsung Galaxy S9: launch_date: entries before 2020 need a launch_date/,
    );
    expect(() => parseRawRecords([{ ...good, colour: 'Blue' }])).toThrow(
      /Apple iPhone 15: \(record\): Unrecognized key/,
    );
    expect(() => parseRawRecords([{ ...good, model: undefined }])).toThrow(/Apple: model:/);
  });

  it('lists every problem of every record at once', () => {
    try {
      parseRawRecords([
        { ...good, screen_size: '6.1"' },
        { ...googleRecords[0], storage: '64 GB' },
      ]);
      expect.unreachable();
    } catch (e) {
      expect((e as CatalogueDataError).problems).toEqual([
        'Apple iPhone 15: screen_size: must look like "6.1 inches"',
        'Google Pixel 3: storage: must look like "128GB/256GB/1TB"',
      ]);
    }
  });
});

describe('deriving facts from raw text', () => {
  it('special features: foldable (Fold), ai (AI, Intelligence, Gemini), ar (LiDAR or ToF); a thermometer is not AI', () => {
    expect(deriveFeatureTags(['Galaxy AI'])).toEqual(['ai']);
    expect(deriveFeatureTags(['Apple Intelligence (on-device AI)', 'LiDAR Scanner'])).toEqual(['ai', 'ar']);
    expect(deriveFeatureTags(['Gemini (Google AI)', 'Thermometer sensor'])).toEqual(['ai']);
    expect(deriveFeatureTags(['Thermometer sensor'])).toEqual([]);
    expect(deriveFeatureTags(['Galaxy AI', 'Foldable 7.6-inch main display'])).toEqual(['foldable', 'ai']);
    expect(deriveAdvancedFeatures(['Flex Mode'], 'Galaxy Z Fold5')).toBe('foldable');
    expect(deriveAdvancedFeatures(['LiDAR Scanner', 'ProRAW'])).toBe('ar');
    // 'ai' inside words does not count
    expect(deriveAdvancedFeatures(['Wireless charging', 'Detailed maps', 'Email'])).toBe('standard');
  });

  it('os from brand; connectivity 5g only for 5G', () => {
    expect(deriveOs('Apple')).toBe('ios');
    expect(deriveOs('apple')).toBe('ios');
    expect(deriveOs('Samsung')).toBe('android');
    expect(deriveConnectivity('5G')).toBe('5g');
    expect(deriveConnectivity('4G')).toBe('4g');
    expect(deriveConnectivity('3G/4G')).toBe('4g');
  });

  it('image: an http(s) address as is, otherwise the brand stock image (any case), else the generic one', () => {
    expect(phoneImage('Apple', 'http://img.example/p.png')).toBe('http://img.example/p.png');
    expect(phoneImage('Apple', 'https://img.example/p.png')).toBe('https://img.example/p.png');
    expect(phoneImage('Apple', '/images/iphone.png')).toBe('/images/phones/apple.svg');
    expect(phoneImage('SAMSUNG')).toBe('/images/phones/samsung.svg');
    expect(phoneImage('google', '')).toBe('/images/phones/google.svg');
    expect(phoneImage('Nokia')).toBe('/images/phones/generic.svg');
  });

  it('ids: brand and model in lower case joined by hyphens; + becomes plus', () => {
    expect(phoneId('Apple', 'iPhone 15 Pro Max')).toBe('apple-iphone-15-pro-max');
    expect(phoneId('Samsung', 'Galaxy S24+')).toBe('samsung-galaxy-s24-plus');
    expect(phoneId('Google', 'Pixel 4a (5G)')).toBe('google-pixel-4a-5g');
  });

  it('splits a camera text into lenses, keeping commas inside parentheses', () => {
    expect(
      parseCameraSpecs(
        'Quad: 200MP wide (OIS), 10MP 3x telephoto, 50MP 5x periscope telephoto, 12MP ultrawide',
        '12MP',
      ),
    ).toEqual({
      mainCamera: '200MP wide (OIS)',
      ultrawide: '12MP ultrawide',
      telephoto: '10MP 3x telephoto + 50MP 5x periscope telephoto',
      macro: null,
      frontCamera: '12MP',
    });
    expect(parseCameraSpecs('Triple: 50MP wide (f/1.8, OIS), 5MP ultrawide, 2MP macro', '13MP').macro).toBe(
      '2MP macro',
    );
    expect(parseCameraSpecs('Single: 12MP wide (f/1.8, OIS)', null)).toMatchObject({
      mainCamera: '12MP wide (f/1.8, OIS)',
      ultrawide: null,
      frontCamera: null,
    });
  });
});

describe('mapping raw records to phones', () => {
  const priced = (brand: string, model: string) => pricingFromRow(brand, CAD_PRICES[`${brand} ${model}`]!);

  it('prices every phone from the CAD table: the current price when known, else the launch price, with its source', () => {
    expect(mapRawPhone(raw('Google', 'Pixel 9 Pro'), 'external', priced('Google', 'Pixel 9 Pro'))).toMatchObject({
      price: 1349,
      priceRange: 'premium',
      priceEstimated: false,
      pricing: {
        launchCad: 1349,
        launchDate: '2024-08',
        launchSource: 'Google Store Canada launch price, Aug 2024',
        currentCad: null,
      },
    });
    const iphone16 = findPhoneById('apple-iphone-16')!;
    expect([iphone16.price, iphone16.priceRange, iphone16.pricing.launchCad]).toEqual([999, 'midrange', 1129]);
    expect(iphone16.pricing.currentSource).toBe('Apple Canada price after the iPhone 17 launch, Sep 2025');
  });

  it('marks a phone never sold in Canada as a converted estimate', () => {
    const fold = findPhoneById('google-pixel-fold')!;
    expect(fold.priceEstimated).toBe(true);
    expect(fold.pricing.launchSource).toMatch(/^Estimate: not sold in Canada; US launch price US\$1799/);
  });

  it('gives sample records iOS 16 / Android 13', () => {
    expect(
      mapRawPhone(raw('Apple', 'iPhone 14 Pro'), 'sample', priced('Apple', 'iPhone 14 Pro')).specs.os_version,
    ).toBe('iOS 16');
    expect(
      mapRawPhone(raw('Samsung', 'Galaxy S23 Ultra'), 'sample', priced('Samsung', 'Galaxy S23 Ultra')).specs.os_version,
    ).toBe('Android 13');
  });

  it("keeps a record's own launch OS, and no invented version for records from 2020 on", () => {
    expect(mappedOsVersion(raw('Apple', 'iPhone X'), 'external')).toBe('iOS 11');
    expect(mappedOsVersion(raw('Google', 'Pixel 9'), 'external')).toBeNull();
  });

  it('maps a whole record: classes from text, facts kept as printed', () => {
    const p = mapRawPhone(raw('Samsung', 'Galaxy S9'), 'external', priced('Samsung', 'Galaxy S9'));
    expect(p).toMatchObject({
      id: 'samsung-galaxy-s9',
      os: 'android',
      year: 2018,
      price: 1039.99,
      priceRange: 'premium',
      image: '/images/phones/samsung.svg',
      specs: {
        cameraQuality: 'basic',
        batteryLife: 'standard',
        screenSize: 'small',
        storage: '256gb',
        processorSpeed: 'standard',
        connectivity: '4g',
        batteryMah: 3000,
        screenInches: 5.8,
        waterResistance: 'IP68',
        weight: '163 g',
        launchPrice: 719.99,
        storageOptions: ['64GB', '128GB', '256GB'],
      },
    });
  });
});

describe('final catalogue composition', () => {
  const base = PHONES[0];
  const variant = (price: number): Phone => ({ ...base, price });

  it('lets a later entry replace an earlier one with the same id, in the earlier position', () => {
    const other: Phone = { ...base, id: 'other-phone', model: 'Other' };
    const merged = mergeById([variant(100), other], [variant(200)]);
    expect(merged.map((p) => [p.id, p.price])).toEqual([
      [base.id, 200],
      ['other-phone', base.price],
    ]);
  });

  it('applies the 16 hand-written entries last, with Canadian product pages; price and classes as for any phone', () => {
    expect(curatedEntries).toHaveLength(16);
    for (const e of curatedEntries) {
      const p = findPhoneById(phoneId(e.brand, e.model))!;
      const base = mapRawPhone(
        raw(e.brand, e.model),
        'external',
        pricingFromRow(e.brand, CAD_PRICES[`${e.brand} ${e.model}`]!),
      );
      expect(p.priceEstimated, p.id).toBe(false);
      expect(p.purchaseLink, p.id).toMatch(
        /^https:\/\/(www\.apple\.com\/ca|www\.samsung\.com\/ca|store\.google\.com\/ca)\//,
      );
      expect([p.price, p.priceRange], p.id).toEqual([base.price, base.priceRange]);
      for (const k of [
        'cameraQuality',
        'batteryLife',
        'screenSize',
        'storage',
        'processorSpeed',
        'advancedFeatures',
      ] as const) {
        expect(p.specs[k], `${p.id} ${k}`).toBe(base.specs[k]);
      }
    }
  });

  it('replaces the sample and source versions of the S23 Ultra with the hand-written one', () => {
    const p = findPhoneById('samsung-galaxy-s23-ultra')!;
    expect(p).toMatchObject({
      price: 1649.99,
      priceEstimated: false,
      purchaseLink: 'https://www.samsung.com/ca/smartphones/galaxy-s23-ultra/',
    });
    expect(p.specs.processorSpeed).toBe('fast');
    // facts still come from the source record
    expect(p.specs.batteryMah).toBe(5000);
  });

  it('refuses a hand-written entry without a source record', () => {
    expect(() =>
      buildCatalogue({
        samples: [],
        records: [],
        curated: [curatedEntries.find((e) => e.model === 'Galaxy S24 Ultra')!],
        prices: CAD_PRICES,
      }),
    ).toThrow(/Samsung Galaxy S24 Ultra: hand-written entry has no source record with id 'samsung-galaxy-s24-ultra'/);
  });
});

describe('lookups', () => {
  it('finds a phone by id and by brand + model text, case-insensitively', () => {
    expect(findPhoneById('google-pixel-8a')?.model).toBe('Pixel 8a');
    expect(findPhoneByText('samsung galaxy s24+')?.id).toBe('samsung-galaxy-s24-plus');
    expect(findPhoneByText('  APPLE   iPhone 16 pro ')?.id).toBe('apple-iphone-16-pro');
    expect(findPhoneByText('Apple iPhone 99')).toBeUndefined();
    expect(findPhoneByText('')).toBeUndefined();
  });

  it("lists 'Brand Model' names newest first for the newsletter suggestions", () => {
    const names = phoneModelNames();
    expect(names).toHaveLength(PHONES.length);
    expect(names).toContain('Apple iPhone 16 Pro');
    expect(names).toContain('Samsung Galaxy Z Fold6');
    expect(names.indexOf('Google Pixel 10')).toBeLessThan(names.indexOf('Google Pixel 3'));
  });
});
