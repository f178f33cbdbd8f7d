/**
 * Display helpers shared by the recommender's cards (docs/recommender.md#catalogue-records). Pure; client-safe.
 * The labels of a phone's update support and availability live with those concepts
 * (`updatesLabel` in catalogue/updates.ts, `availabilityLabel` in catalogue/availability.ts): this
 * module is part of the wizard's start-up script, and they are needed only on the results.
 */
import type { Phone } from '../catalogue/schema';

/** Shown wherever a fact is unknown (null): the catalogue never guesses a number. */
export const UNKNOWN = '—';

/** The value as text, or UNKNOWN for null, undefined or an empty string. */
export function orUnknown(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? UNKNOWN : String(value);
}

/**
 * A Canadian-dollar amount, e.g. formatPrice(1208) -> '$1,208' (budgets and gaps; phone prices use 2 decimals).
 * Written '$' as Canadian sites do; the site's pages say prices are in CAD.
 */
export function formatPrice(price: number, decimals = 0): string {
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  const n = new Intl.NumberFormat('en-CA', digits).format(price);
  return `$${n}`;
}

/**
 * A phone's short name for tight places: its model ('Galaxy S25', 'iPhone 17'), or brand and model
 * when the model alone is only a number ('OnePlus 13', never just '13').
 */
export function shortName(phone: Pick<Phone, 'brand' | 'model'>): string {
  return /^\d/.test(phone.model) ? `${phone.brand} ${phone.model}` : phone.model;
}
