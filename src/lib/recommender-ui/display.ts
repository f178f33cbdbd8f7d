/**
 * Display helpers shared by the recommender islands: how unknown values, prices and classes read.
 * Pure; no framework imports.
 */

/** Shown wherever a value is unknown (spec: the phone says so, never an invented number). */
export const UNKNOWN = '—';

/** A printable value, or '—' when it is null, undefined, empty or not a finite number. */
export function show(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return UNKNOWN;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : UNKNOWN;
  const t = value.trim();
  return t === '' ? UNKNOWN : t;
}

/** Joins the non-empty parts with a separator, or '—' when none is known. */
export function showJoined(parts: Array<string | number | null | undefined>, sep = ' · '): string {
  const known = parts.map((p) => (p === null || p === undefined ? '' : String(p).trim())).filter(Boolean);
  return known.length ? known.join(sep) : UNKNOWN;
}

/** Price with no decimals, as on recommendation cards (spec §9): 999.99 -> '$1,000'. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return UNKNOWN;
  return `$${Math.round(price).toLocaleString('en-US')}`;
}

const TIER_LABELS: Record<string, string> = { budget: 'Budget', midrange: 'Mid-range', premium: 'Premium' };
/** 'premium' -> 'Premium'; unknown -> '—'. */
export function tierLabel(tier: string | null | undefined): string {
  return tier ? (TIER_LABELS[tier] ?? capitalise(tier)) : UNKNOWN;
}

/** 'ios' -> 'iOS', 'android' -> 'Android'. */
export function osLabel(os: string | null | undefined): string {
  if (os === 'ios') return 'iOS';
  if (os === 'android') return 'Android';
  return os ? capitalise(os) : UNKNOWN;
}

/** First letter upper case. */
export function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}
