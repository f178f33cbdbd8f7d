import { describe, expect, it } from 'vitest';
import {
  ALL,
  brandFilterVisible,
  brandsOf,
  categoriesOf,
  filterProducts,
  parseShopFilters,
  selectBrand,
  selectCategory,
  shopFiltersToSearch,
} from '../../../src/lib/shop/filters';
import { PRODUCTS } from '../../../src/data/products';

const items = [
  { id: 'phone', category: 'Smartphone', brand: 'Samsung' },
  { id: 'charger', category: 'Accessory', brand: 'Samsung' },
  { id: 'glass', category: 'Accessory', brand: 'Insignia' },
  { id: 'guide', category: 'Guide', brand: 'Maple Tech' },
  { id: 'nobrand', category: 'Guide' },
];
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('shop filter options', () => {
  it('lists distinct categories and brands in catalogue order', () => {
    expect(categoriesOf(items)).toEqual(['Smartphone', 'Accessory', 'Guide']);
    expect(brandsOf(items)).toEqual(['Samsung', 'Insignia', 'Maple Tech']);
  });
  it('the real catalogue gives nine categories and three brands', () => {
    expect(categoriesOf(PRODUCTS)).toEqual([
      'Smartphone',
      'Audio',
      'Wearable',
      'Tablet',
      'Accessory',
      'Guide',
      'Design',
      'Utility',
      'Course',
    ]);
    expect(brandsOf(PRODUCTS)).toEqual(['Samsung', 'Insignia', 'Maple Tech']);
  });
  it('shows the brand row only for All and Accessory', () => {
    expect(brandFilterVisible(ALL)).toBe(true);
    expect(brandFilterVisible('Accessory')).toBe(true);
    expect(brandFilterVisible('Smartphone')).toBe(false);
    expect(brandFilterVisible('Guide')).toBe(false);
  });
});

describe('filterProducts', () => {
  it('All with no brand shows everything', () => {
    expect(ids(filterProducts(items, { category: ALL, brand: null }))).toEqual(ids(items));
  });
  it('filters by category, by brand, and by both', () => {
    expect(ids(filterProducts(items, { category: 'Accessory', brand: null }))).toEqual(['charger', 'glass']);
    expect(ids(filterProducts(items, { category: ALL, brand: 'Samsung' }))).toEqual(['phone', 'charger']);
    expect(ids(filterProducts(items, { category: 'Accessory', brand: 'Insignia' }))).toEqual(['glass']);
  });
  it('can be empty (Accessory by a brand that makes none)', () => {
    expect(filterProducts(items, { category: 'Accessory', brand: 'Maple Tech' })).toEqual([]);
  });
  it('ignores a brand where the brand row is hidden', () => {
    expect(ids(filterProducts(items, { category: 'Guide', brand: 'Samsung' }))).toEqual(['guide', 'nobrand']);
  });
});

describe('state changes', () => {
  it('choosing a category resets the brand', () => {
    expect(selectCategory({ category: ALL, brand: 'Insignia' }, 'Accessory')).toEqual({
      category: 'Accessory',
      brand: null,
    });
  });
  it('choosing a brand keeps the category', () => {
    expect(selectBrand({ category: 'Accessory', brand: null }, 'Insignia')).toEqual({
      category: 'Accessory',
      brand: 'Insignia',
    });
    expect(selectBrand({ category: 'Accessory', brand: 'Insignia' }, null)).toEqual({
      category: 'Accessory',
      brand: null,
    });
  });
});

describe('URL round trip', () => {
  it('parses known values and drops unknown or hidden ones', () => {
    expect(parseShopFilters('', items)).toEqual({ category: ALL, brand: null });
    expect(parseShopFilters('?category=Accessory&brand=Insignia', items)).toEqual({
      category: 'Accessory',
      brand: 'Insignia',
    });
    expect(parseShopFilters('?category=Nope&brand=Samsung', items)).toEqual({ category: ALL, brand: 'Samsung' });
    expect(parseShopFilters('?category=Guide&brand=Samsung', items)).toEqual({ category: 'Guide', brand: null });
    expect(parseShopFilters('?brand=Apple', items)).toEqual({ category: ALL, brand: null });
    expect(parseShopFilters('?category=Maple%20Tech', items)).toEqual({ category: ALL, brand: null });
  });
  it('writes the query string, empty for the default view', () => {
    expect(shopFiltersToSearch({ category: ALL, brand: null })).toBe('');
    expect(shopFiltersToSearch({ category: 'Accessory', brand: 'Maple Tech' })).toBe(
      '?category=Accessory&brand=Maple+Tech',
    );
    expect(shopFiltersToSearch({ category: 'Guide', brand: 'Samsung' })).toBe('?category=Guide');
  });
  it('parse(write(x)) is x for every reachable state', () => {
    for (const category of [ALL, ...categoriesOf(items)]) {
      for (const brand of [null, ...brandsOf(items)]) {
        const state = selectBrand(
          selectCategory({ category: ALL, brand: null }, category),
          brandFilterVisible(category) ? brand : null,
        );
        expect(parseShopFilters(shopFiltersToSearch(state), items)).toEqual(state);
      }
    }
  });
});
