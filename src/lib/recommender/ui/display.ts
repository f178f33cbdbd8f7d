/**
 * Display helpers of the recommender UI that the engine's `format.ts` does not cover (it has
 * UNKNOWN, orUnknown, formatPrice, phonePriceLabel). Pure; no framework imports.
 */
import { UNKNOWN } from '../format';

/** Joins the known parts (non-empty after trimming) with a separator, or '—' when none is known. */
export function showJoined(parts: Array<string | number | null | undefined>, sep = ' · '): string {
  const known = parts.map((p) => (p === null || p === undefined ? '' : String(p).trim())).filter(Boolean);
  return known.length ? known.join(sep) : UNKNOWN;
}

/** 'ios' -> 'iOS', 'android' -> 'Android'; unknown -> '—'. */
export function osLabel(os: string | null | undefined): string {
  if (os === 'ios') return 'iOS';
  if (os === 'android') return 'Android';
  return os ? capitalise(os) : UNKNOWN;
}

/** First letter upper case ('premium' -> 'Premium'). */
export function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}
