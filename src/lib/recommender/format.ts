/**
 * Display helpers shared by the recommender's cards (spec recommender.md §3, §9). Pure; client-safe.
 */
import type { Phone } from '../catalogue/schema';

/** Shown wherever a fact is unknown (null): the catalogue never guesses a number. */
export const UNKNOWN = '—';

/** The value as text, or UNKNOWN for null, undefined or an empty string. */
export function orUnknown(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? UNKNOWN : String(value);
}

/** A US-dollar price, e.g. formatPrice(1199.99) -> '$1,200' (recommendation cards use 0 decimals). */
export function formatPrice(price: number, decimals = 0): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(price);
}

/** A phone's price for a card: 'about $500' when it is the spec's tier estimate, else '$1,200'. */
export function phonePriceLabel(phone: Pick<Phone, 'price' | 'priceEstimated'>, decimals = 0): string {
  return `${phone.priceEstimated ? 'about ' : ''}${formatPrice(phone.price, decimals)}`;
}
