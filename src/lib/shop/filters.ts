/**
 * Shop filters (docs/site.md#shop): 'All' plus the distinct categories; a brand row shown only for
 * 'All' and 'Accessory'; choosing a category resets the brand. Pure, used by the /shop page at build
 * time and by its small browser script, and unit-tested.
 */

export const ALL = 'All';

/** The category whose brand row is shown besides 'All'. */
export const BRAND_FILTER_CATEGORY = 'Accessory';

export interface ShopFilters {
  /** 'All' or one of the catalogue's categories. */
  category: string;
  /** A brand, or null for every brand. */
  brand: string | null;
}

interface Filterable {
  category: string;
  brand?: string;
}

function distinct(values: (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const v of values) if (v && !out.includes(v)) out.push(v);
  return out;
}

/** Distinct categories in catalogue order (the buttons after 'All'). */
export function categoriesOf(products: readonly Filterable[]): string[] {
  return distinct(products.map((p) => p.category));
}

/** Distinct brands in catalogue order (the 'Filter by Brand' buttons after 'All Brands'). */
export function brandsOf(products: readonly Filterable[]): string[] {
  return distinct(products.map((p) => p.brand));
}

/** Whether the 'Filter by Brand' row is shown for a category. */
export function brandFilterVisible(category: string): boolean {
  return category === ALL || category === BRAND_FILTER_CATEGORY;
}

/** The products matching the filters (a brand is ignored where the brand row is hidden). */
export function filterProducts<T extends Filterable>(products: readonly T[], filters: ShopFilters): T[] {
  const brand = brandFilterVisible(filters.category) ? filters.brand : null;
  return products.filter(
    (p) => (filters.category === ALL || p.category === filters.category) && (brand === null || p.brand === brand),
  );
}

/** The state after choosing a category: the brand filter is reset. */
export function selectCategory(_current: ShopFilters, category: string): ShopFilters {
  return { category, brand: null };
}

/** The state after choosing a brand (null = all brands); keeps the category. */
export function selectBrand(current: ShopFilters, brand: string | null): ShopFilters {
  return { category: current.category, brand };
}

/**
 * Filters from a query string (?category=&brand=). Unknown categories fall back to 'All', unknown
 * brands to none, and a brand is dropped where the brand row is hidden.
 */
export function parseShopFilters(search: string, products: readonly Filterable[]): ShopFilters {
  const params = new URLSearchParams(search);
  const rawCategory = params.get('category');
  const category = rawCategory && categoriesOf(products).includes(rawCategory) ? rawCategory : ALL;
  const rawBrand = params.get('brand');
  const brand = rawBrand && brandFilterVisible(category) && brandsOf(products).includes(rawBrand) ? rawBrand : null;
  return { category, brand };
}

/** The query string for the filters: '' for the default view, else '?category=...&brand=...'. */
export function shopFiltersToSearch(filters: ShopFilters): string {
  const params = new URLSearchParams();
  if (filters.category !== ALL) params.set('category', filters.category);
  if (filters.brand !== null && brandFilterVisible(filters.category)) params.set('brand', filters.brand);
  const s = params.toString();
  return s ? `?${s}` : '';
}
