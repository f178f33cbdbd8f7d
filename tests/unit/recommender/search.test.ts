import { describe, expect, it } from 'vitest';
import { PHONES } from '../../../src/lib/catalogue';
import {
  DEFAULT_RELEASE_YEAR,
  ESTIMATED_NOTE,
  estimatePhone,
  matchRank,
  parsePhoneText,
  phoneSpecsFor,
  phoneSpecsResponseSchema,
  resolvePhone,
  searchCatalogue,
  searchPhones,
  searchResponseSchema,
} from '../../../src/lib/recommender';

describe('local parsing of typed phone names', () => {
  const cases: [string, string, string][] = [
    ['iphone 15 pro max', 'Apple', 'iPhone 15 Pro Max'],
    ['iPhone15Pro', 'Apple', 'iPhone 15 Pro'],
    ['iphone 12 promax', 'Apple', 'iPhone 12 Pro Max'],
    ['iphone 14 plus', 'Apple', 'iPhone 14 Plus'],
    ['iphone 13 mini', 'Apple', 'iPhone 13 mini'],
    ['iphone 11 max', 'Apple', 'iPhone 11 Pro Max'],
    ['my old iphone 8', 'Apple', 'iPhone 8'],
    ['iphone xs max', 'Apple', 'iPhone XS Max'],
    ['iphone 16e', 'Apple', 'iPhone 16e'],
    ['galaxy s24 ultra', 'Samsung', 'Galaxy S24 Ultra'],
    ['Samsung Galaxy S24+', 'Samsung', 'Galaxy S24+'],
    ['s23 plus', 'Samsung', 'Galaxy S23+'],
    ['galaxy a 55', 'Samsung', 'Galaxy A55'],
    ['samsung z fold 5', 'Samsung', 'Galaxy Z Fold5'],
    ['galaxy note 10+', 'Samsung', 'Galaxy Note10+'],
    ['pixel 8 pro', 'Google', 'Pixel 8 Pro'],
    ['Google Pixel 7a', 'Google', 'Pixel 7a'],
    ['pixel 3 xl', 'Google', 'Pixel 3 XL'],
    ['pixel 9 pro xl', 'Google', 'Pixel 9 Pro XL'],
  ];
  for (const [text, brand, model] of cases) {
    it(`'${text}' -> ${brand} ${model}`, () => {
      expect(parsePhoneText(text)).toEqual({ brand, model, brandDefaulted: false, recognised: true });
    });
  }

  it('guesses the brand from brand words when the model is not recognised', () => {
    expect(parsePhoneText('samsung')).toEqual({
      brand: 'Samsung',
      model: '',
      brandDefaulted: false,
      recognised: false,
    });
    expect(parsePhoneText('Google phone')).toEqual({
      brand: 'Google',
      model: 'phone',
      brandDefaulted: false,
      recognised: false,
    });
    expect(parsePhoneText('apple iphone')).toMatchObject({ brand: 'Apple', model: 'iphone' });
  });

  it('keeps another maker named in the text, and its first word as the brand when no maker is known', () => {
    expect(parsePhoneText('Nokia 3310')).toEqual({
      brand: 'Nokia',
      model: '3310',
      brandDefaulted: false,
      recognised: false,
    });
    expect(parsePhoneText('moto g power', 'Samsung')).toMatchObject({ brand: 'Motorola', model: 'moto g power' });
    expect(parsePhoneText('Redmi Note 13')).toMatchObject({ brand: 'Xiaomi', model: 'Redmi Note 13' });
    expect(parsePhoneText('OnePlus 12')).toMatchObject({ brand: 'OnePlus', model: '12' });
    expect(parsePhoneText('Doro 8100')).toMatchObject({ brand: 'Doro', model: '8100', brandDefaulted: false });
  });

  it('defaults text naming no brand at all to Apple, or to Samsung in the server-sourced mapping', () => {
    expect(parsePhoneText('15 Pro')).toEqual({
      brand: 'Apple',
      model: '15 Pro',
      brandDefaulted: true,
      recognised: false,
    });
    expect(parsePhoneText('15 Pro', 'Samsung')?.brand).toBe('Samsung');
  });

  it('does not mistake ordinary words for Galaxy models, and ignores empty text', () => {
    expect(parsePhoneText('moto g 5')?.recognised).toBe(false);
    expect(parsePhoneText('as 20 phones')?.recognised).toBe(false);
    expect(parsePhoneText('   ')).toBeNull();
  });

  it('keeps a typed Motorola a Motorola, not "Apple motorola..." running iOS', () => {
    expect(parsePhoneText('Motorola Edge 50')?.brand).not.toBe('Apple');
    const guess = estimatePhone('Motorola Edge 50', 'Apple')!;
    expect(guess.brand).toBe('Motorola');
    expect(`${guess.brand} ${guess.model}`).toBe('Motorola Edge 50');
    expect(guess.os).toBe('android');
  });
});

describe('catalogue text search', () => {
  const names = (q: string, limit = 10) => searchCatalogue(PHONES, q, limit).map((p) => p.model);

  it('ranks the exact model first, then prefixes, then contains', () => {
    expect(names('iphone 15')).toEqual(['iPhone 15', 'iPhone 15 Pro', 'iPhone 15 Plus', 'iPhone 15 Pro Max']);
    expect(names('Galaxy S24').slice(0, 2)).toEqual(['Galaxy S24', 'Galaxy S24+']);
    // 'fold' starts no model: word-prefix hits, newest first, then shorter names
    expect(names('fold', 4)).toEqual(['Galaxy Z Fold7', 'Pixel 10 Pro Fold', 'Galaxy Z Fold6', 'Pixel 9 Pro Fold']);
    expect(names('ultra', 3)).toEqual(['Galaxy S26 Ultra', 'Galaxy S25 Ultra', 'Galaxy S24 Ultra']);
  });

  it('ranks exact (0), prefix (1), word prefix (2), contains (3), all words (4)', () => {
    const p = { brand: 'Samsung', model: 'Galaxy S24 Ultra' };
    expect(matchRank(p, 'samsung galaxy s24 ultra')).toBe(0);
    expect(matchRank(p, 'galaxy s24 ul')).toBe(1);
    expect(matchRank(p, 's24 ultra')).toBe(2);
    expect(matchRank(p, 'ltra')).toBe(3);
    expect(matchRank(p, 'ultra s24')).toBe(4);
    expect(matchRank(p, 'pixel')).toBeNull();
  });

  it('matches + and plus alike', () => {
    expect(names('s24+')[0]).toBe('Galaxy S24+');
    expect(names('galaxy s24 plus')[0]).toBe('Galaxy S24+');
  });

  it('answers at most 10 results in the Search result shape, none for empty text', () => {
    const answer = searchPhones(PHONES, 'galaxy');
    expect(answer.phones).toHaveLength(10);
    expect(searchResponseSchema.safeParse(answer).success).toBe(true);
    expect(answer.phones[0]).toMatchObject({
      brand: 'Samsung',
      category: expect.stringMatching(/^(Budget|Midrange|Premium)$/),
    });
    expect(searchPhones(PHONES, '  ')).toEqual({ phones: [] });
    expect(searchPhones(PHONES, 'zzzz')).toEqual({ phones: [] });
  });

  it('gives a search result every printed fact, and null for an unknown one', () => {
    const [p17] = searchPhones(PHONES, 'iphone 17 pro max').phones;
    expect(p17).toMatchObject({
      model: 'iPhone 17 Pro Max',
      year: 2025,
      category: 'Premium',
      battery_capacity: '4832 mAh',
      screen_size: '6.9 inches',
      storage: '256GB/512GB/1TB/2TB',
      chipset: 'Apple A19 Pro',
      network: '5G',
    });
  });
});

describe('resolving text to a catalogue phone', () => {
  it('matches exact names, parsed names and longer names of the same model', () => {
    expect(resolvePhone(PHONES, 'Google Pixel 8 Pro')).toMatchObject({
      phone: { id: 'google-pixel-8-pro' },
      how: 'exact',
    });
    expect(resolvePhone(PHONES, 'pixel 8 pro')).toMatchObject({ phone: { id: 'google-pixel-8-pro' }, how: 'exact' });
    expect(resolvePhone(PHONES, 'my iphone 15 pro')).toMatchObject({
      phone: { id: 'apple-iphone-15-pro' },
      how: 'parsed',
    });
    expect(resolvePhone(PHONES, 'galaxy a55')).toMatchObject({ phone: { id: 'samsung-galaxy-a55-5g' }, how: 'search' });
  });

  it("does not stretch a model number: 'pixel 1' is not the Pixel 10", () => {
    expect(resolvePhone(PHONES, 'pixel 1')).toBeNull();
    expect(resolvePhone(PHONES, 'iphone 7')).toBeNull();
  });
});

describe('phone specs answer', () => {
  it("answers 'internal' for a catalogue phone, in the Phone specs shape", () => {
    const answer = phoneSpecsFor(PHONES, 'Samsung Galaxy S24 Ultra')!;
    expect(phoneSpecsResponseSchema.safeParse(answer).success).toBe(true);
    expect(answer).toMatchObject({
      source: 'internal',
      note: null,
      phone: {
        id: 'samsung-galaxy-s24-ultra',
        release_year: 2024,
        price_range: 1799.99,
        classes: {
          cameraQuality: 'professional',
          batteryLife: 'maximum',
          screenSize: 'large',
          storage: '1tb',
          processorSpeed: 'premium',
          priceRange: 'premium',
        },
        os: 'android',
        specs: {
          display: '6.8" Dynamic AMOLED 2X, QHD+, 1-120Hz, HDR10+',
          camera: {
            main: '200MP wide (OIS)',
            ultrawide: '12MP ultrawide',
            telephoto: '10MP 3x telephoto + 50MP 5x periscope telephoto',
            macro: null,
            selfie: '12MP',
          },
          battery: '5000 mAh Li-Ion',
          processor: 'Qualcomm Snapdragon 8 Gen 3 for Galaxy',
          storage: '256GB/512GB/1TB',
          connectivity: '5G',
          weight: '232 g',
        },
      },
    });
  });

  it("answers 'estimated' for an unknown phone: guessed year, default price, 5G from 2020, AI from 2022, everything else unknown", () => {
    const answer = phoneSpecsFor(PHONES, 'iphone 7')!;
    expect(phoneSpecsResponseSchema.safeParse(answer).success).toBe(true);
    expect(answer).toEqual({
      source: 'estimated',
      note: ESTIMATED_NOTE,
      phone: {
        id: null,
        brand: 'Apple',
        model: 'iPhone 7',
        image: '/images/phones/apple.svg',
        release_year: 2016,
        price_range: 699.99,
        price_source: null,
        price_checked: null,
        availability: null,
        updates: null,
        classes: {
          cameraQuality: null,
          batteryLife: null,
          screenSize: null,
          storage: null,
          processorSpeed: null,
          priceRange: 'budget',
        },
        os: 'ios',
        specs: {
          display: null,
          camera: { main: null, ultrawide: null, telephoto: null, macro: null, selfie: null },
          battery: null,
          processor: null,
          storage: null,
          connectivity: '4G',
          features: [],
          dimensions: null,
          weight: null,
        },
      },
    });
    expect(phoneSpecsFor(PHONES, 'Galaxy S30')!.phone).toMatchObject({
      brand: 'Samsung',
      model: 'Galaxy S30',
      release_year: DEFAULT_RELEASE_YEAR,
      specs: { connectivity: '5G', features: ['AI features'] },
    });
  });

  it('estimates a brand-only text as that brand, another maker as itself, and no brand at all as Samsung', () => {
    expect(phoneSpecsFor(PHONES, 'samsung')!.phone).toMatchObject({
      brand: 'Samsung',
      model: 'Galaxy',
      release_year: DEFAULT_RELEASE_YEAR,
    });
    expect(phoneSpecsFor(PHONES, 'Nokia 3310')!.phone).toMatchObject({ brand: 'Nokia', model: '3310', os: 'android' });
    expect(phoneSpecsFor(PHONES, 'Motorola Edge 50')!.phone).toMatchObject({
      brand: 'Motorola',
      model: 'Edge 50',
      os: 'android',
      image: '/images/phones/generic.svg',
    });
    expect(phoneSpecsFor(PHONES, '3310')!.phone).toMatchObject({ brand: 'Samsung', model: '3310', os: 'android' });
  });

  it('answers nothing for empty text', () => {
    expect(phoneSpecsFor(PHONES, ' ')).toBeNull();
  });
});
