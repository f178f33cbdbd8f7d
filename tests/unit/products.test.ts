import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { PRODUCTS, digitalProducts, featuredProducts, getProduct, hardwareProducts } from '../../src/data/products';
import { catalogueSchema, deliveryOf, productSchema } from '../../src/lib/shop/product-schema';

const valid = {
  id: 'x-phone',
  name: 'X Phone',
  price: 10,
  image: '',
  type: 'hardware',
  stock: 'In Stock',
  category: 'Smartphone',
};

describe('the built-in catalogue', () => {
  it('has 11 products with unique ids', () => {
    expect(PRODUCTS).toHaveLength(11);
    expect(new Set(PRODUCTS.map((p) => p.id)).size).toBe(11);
  });

  it('has five Samsung hardware products in Smartphone, Audio, Wearable, Tablet, Accessory', () => {
    const samsung = PRODUCTS.filter((p) => p.type === 'hardware');
    expect(samsung.map((p) => p.brand)).toEqual(Array(5).fill('Samsung'));
    expect(samsung.map((p) => p.category)).toEqual(['Smartphone', 'Audio', 'Wearable', 'Tablet', 'Accessory']);
  });

  it('has one Insignia screen protector 3-pack: an accessory with an https affiliate link', () => {
    const withLinks = PRODUCTS.filter((p) => p.affiliate_link);
    expect(withLinks).toHaveLength(1);
    const [p] = withLinks;
    expect(p).toMatchObject({ type: 'accessory', brand: 'Insignia', category: 'Accessory' });
    expect(p.name).toMatch(/screen protector/i);
    expect(p.name).toMatch(/3-pack/i);
    expect(p.affiliate_link).toMatch(/^https:\/\//);
  });

  it('has five digital items in Guide, Design, Guide, Utility, Course, all Digital Download without an image', () => {
    const digital = PRODUCTS.filter((p) => p.type === 'digital');
    expect(digital.map((p) => p.category)).toEqual(['Guide', 'Design', 'Guide', 'Utility', 'Course']);
    for (const p of digital) {
      expect(p.stock).toBe('Digital Download');
      expect(p.image).toBe('');
    }
  });

  it('prices start at 7.99, the dearest is the Galaxy S25 at its catalogue price, and every product is fully described', () => {
    const prices = PRODUCTS.map((p) => p.price);
    expect(Math.min(...prices)).toBe(7.99);
    expect(Math.max(...prices)).toBe(getProduct('samsung-galaxy-s25')!.price);
    for (const p of PRODUCTS) {
      expect(p.description, p.id).toBeTruthy();
      expect(p.longDescription, p.id).toBeTruthy();
      expect(p.features.length, p.id).toBeGreaterThanOrEqual(3);
      expect(Object.keys(p.specifications).length, p.id).toBeGreaterThanOrEqual(3);
    }
  });

  it('every physical product has a main image and at least one more, all existing local assets', () => {
    for (const p of PRODUCTS.filter((x) => x.type !== 'digital')) {
      expect(p.additionalImages.length, p.id).toBeGreaterThanOrEqual(1);
      for (const ref of [p.image, ...p.additionalImages]) {
        expect(ref, p.id).toMatch(/^\/src\/assets\/products\/[a-z0-9-]+\.png$/);
        expect(existsSync(`.${ref}`), ref).toBe(true);
      }
    }
  });

  it('uses the three stock texts only', () => {
    expect(new Set(PRODUCTS.map((p) => p.stock))).toEqual(new Set(['In Stock', 'Limited Stock', 'Digital Download']));
  });
});

describe('helpers', () => {
  it('featuredProducts: the screen protector, the flagship phone and the smartwatch, in that order', () => {
    expect(featuredProducts().map((p) => p.category)).toEqual(['Accessory', 'Smartphone', 'Wearable']);
    expect(featuredProducts()[0].brand).toBe('Insignia');
  });
  it('hardwareProducts and digitalProducts split the catalogue by delivery and honour a limit', () => {
    expect(hardwareProducts()).toHaveLength(6);
    expect(digitalProducts()).toHaveLength(5);
    expect(hardwareProducts(3)).toHaveLength(3);
    expect(digitalProducts(3).every((p) => deliveryOf(p) === 'digital')).toBe(true);
  });
  it('getProduct finds by id and returns undefined otherwise', () => {
    expect(getProduct('samsung-galaxy-s25')?.name).toMatch(/Galaxy S25/);
    expect(getProduct('nope')).toBeUndefined();
  });
  it('deliveryOf derives the coarse reading of type', () => {
    expect(deliveryOf({ type: 'hardware' })).toBe('physical');
    expect(deliveryOf({ type: 'accessory' })).toBe('physical');
    expect(deliveryOf({ type: 'digital' })).toBe('digital');
  });
});

describe('productSchema rejects bad data', () => {
  it('accepts a minimal valid product and applies defaults', () => {
    expect(productSchema.parse(valid)).toMatchObject({ additionalImages: [], features: [], specifications: {} });
  });
  it.each([
    ['a non-slug id', { id: 'X Phone' }],
    ['a negative price', { price: -1 }],
    ['a price with fractions of a cent', { price: 1.999 }],
    ['an unknown type', { type: 'physical' }],
    ['an unknown stock text', { stock: 'Sold out' }],
    ['a relative image path', { image: 'a.png' }],
    ['an http affiliate link', { affiliate_link: 'http://shop.example/x' }],
    ['a digital stock text on hardware', { stock: 'Digital Download' }],
    ['a digital product with a physical stock text', { type: 'digital' }],
  ])('rejects %s', (_label, patch) => {
    expect(productSchema.safeParse({ ...valid, ...patch }).success).toBe(false);
  });
  it('rejects duplicate ids in a catalogue', () => {
    expect(catalogueSchema.safeParse([valid, valid]).success).toBe(false);
    expect(catalogueSchema.safeParse([valid, { ...valid, id: 'y-phone' }]).success).toBe(true);
  });
});
