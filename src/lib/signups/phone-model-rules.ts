/**
 * Phone-model recognition and type-ahead suggestions of the newsletter block (docs/site.md#validation).
 * Pure, client-safe.
 */
import { splitPhoneText } from '../recommender/preferences';
import { matchRank } from '../recommender/search';
import { LIMITS } from './constants';

/** Model-name patterns recognised even when the phone is not in the catalogue (docs/site.md#validation). */
const PATTERNS: readonly RegExp[] = [
  /iphone\s*\d+(\s*pro(\s*max)?)?/,
  /galaxy\s*s\s*\d+/,
  /galaxy\s*z/,
  /galaxy\s*note/,
  /pixel\s*\d+(\s*pro)?/,
];

/**
 * True when `text` names a phone: (case-insensitive, trimmed) it equals a catalogue 'brand model'
 * string, contains one, or matches one of the patterns (iPhone + number, Galaxy S + number,
 * Galaxy Z, Galaxy Note, Pixel + number).
 * @param names catalogue 'Brand Model' strings
 */
export function isRecognisedPhoneModel(text: string, names: readonly string[]): boolean {
  const t = text.trim().toLowerCase();
  if (!t) return false;
  if (names.some((n) => t.includes(n.toLowerCase()))) return true;
  return PATTERNS.some((p) => p.test(t));
}

/**
 * Title-cases a name word by word, leaving words that already carry capitals alone
 * ('samsung galaxy s24' -> 'Samsung Galaxy S24', 'Apple iPhone 15' unchanged).
 */
export function titleCase(name: string): string {
  return name
    .split(/(\s+)/)
    .map((w) => (w === w.toLowerCase() ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join('');
}

/**
 * Up to `limit` (5) catalogue names containing the typed text, title-cased; none for empty text.
 * Ranked as the recommender's phone search ranks (`matchRank`): the exact name first ('Pixel 8' before
 * 'Pixel 8a'), then names starting with the text (with or without the brand), then names with a word
 * starting with it, then the rest; catalogue order within each.
 */
export function suggestPhoneModels(
  text: string,
  names: readonly string[],
  limit: number = LIMITS.suggestions,
): string[] {
  const t = text.trim().toLowerCase();
  if (!t) return [];
  const rank = (name: string) => matchRank(splitPhoneText(name), t) ?? 4;
  return names
    .filter((n) => n.toLowerCase().includes(t))
    .map((name) => ({ name, rank: rank(name) }))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((h) => titleCase(h.name));
}
