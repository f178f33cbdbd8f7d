/**
 * Phone search (docs/recommender.md#search): local parsing of a typed phone name, release-year
 * guesses, and text search over the catalogue ranked by relevance. Pure; client-safe.
 */
import { currentYear } from '../catalogue/constants';

/** Brands in the catalogue, the ones the local parser knows model names of. */
export type ParsedBrand = 'Apple' | 'Samsung' | 'Google';

/**
 * Other phone makers a visitor may type. A named maker is kept as typed (Android), never turned into
 * the default brand: 'Motorola Edge 50' is a Motorola, not 'Apple motorola edge 50' running iOS.
 */
export const OTHER_BRANDS: readonly [RegExp, string][] = [
  [/\b(motorola|moto|razr)\b/i, 'Motorola'],
  [/\bone\s?plus\b/i, 'OnePlus'],
  [/\b(xiaomi|redmi|poco)\b/i, 'Xiaomi'],
  [/\b(sony|xperia)\b/i, 'Sony'],
  [/\bnothing\s+phone\b/i, 'Nothing'],
  [/\bhuawei\b/i, 'Huawei'],
  [/\bhonor\b/i, 'Honor'],
  [/\boppo\b/i, 'Oppo'],
  [/\bvivo\b/i, 'Vivo'],
  [/\brealme\b/i, 'Realme'],
  [/\bnokia\b/i, 'Nokia'],
  [/\blg\b/i, 'LG'],
  [/\b(asus|zenfone|rog\s+phone)\b/i, 'Asus'],
  [/\bzte\b/i, 'ZTE'],
  [/\btcl\b/i, 'TCL'],
  [/\balcatel\b/i, 'Alcatel'],
  [/\bfairphone\b/i, 'Fairphone'],
  [/\bhtc\b/i, 'HTC'],
  [/\bblackberry\b/i, 'BlackBerry'],
];

/** A phone guessed from typed text. */
export interface ParsedPhoneText {
  /** A catalogue brand, another maker named in the text, or `defaultBrand`. */
  brand: string;
  /** True when the text named no brand and `brand` is the default. */
  brandDefaulted: boolean;
  /**
   * The model in catalogue spelling when a pattern was recognised ('iPhone 15 Pro Max', 'Galaxy S24+',
   * 'Pixel 8a'); otherwise the typed text without brand names ('' when only a brand was typed).
   */
  model: string;
  /** True when `model` comes from a recognised pattern. */
  recognised: boolean;
}

const BRAND_WORDS: readonly [RegExp, ParsedBrand][] = [
  [/\b(apple|iphone)/i, 'Apple'],
  [/\b(samsung|galaxy)/i, 'Samsung'],
  [/\b(google|pixel)/i, 'Google'],
];

function clean(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

function recognise(t: string): { brand: ParsedBrand; model: string } | null {
  let m: RegExpExecArray | null;
  // Pixel: number with pro, xl or a (also Pro XL, Pro Fold), and the Pixel Fold.
  if ((m = /\bpixel\s*(\d{1,2})\s*(a)?\b\s*(pro\s*xl|pro\s*fold|pro|xl)?\b/i.exec(t))) {
    const suffix = m[3]
      ? ` ${m[3]
          .replace(/\s+/g, ' ')
          .replace(/\bpro\b/i, 'Pro')
          .replace(/\bxl\b/i, 'XL')
          .replace(/\bfold\b/i, 'Fold')}`
      : '';
    return { brand: 'Google', model: `Pixel ${m[1]}${m[2] ? 'a' : ''}${suffix}` };
  }
  if (/\bpixel\s*fold\b/i.test(t)) return { brand: 'Google', model: 'Pixel Fold' };
  // iPhone: number (and 16e) with pro max, pro, max, plus or mini; also X, XS, XR, SE and Air.
  if ((m = /\biphone\s*(\d{1,2})(?!\d)(?:(e)(?![a-z]))?\s*(pro\s*max|pro|max|plus|mini)?\b/i.exec(t))) {
    const s = m[3]?.toLowerCase().replace(/\s+/g, '');
    const suffix = !s
      ? ''
      : s === 'promax' || s === 'max'
        ? ' Pro Max'
        : s === 'pro'
          ? ' Pro'
          : s === 'plus'
            ? ' Plus'
            : ' mini';
    return { brand: 'Apple', model: `iPhone ${m[1]}${m[2] ? 'e' : ''}${suffix}` };
  }
  if ((m = /\biphone\s*(xs|xr|x|se|air)\b\s*(max)?\b/i.exec(t))) {
    const name = m[1].toLowerCase() === 'air' ? 'Air' : m[1].toUpperCase();
    return { brand: 'Apple', model: `iPhone ${name}${m[2] && name === 'XS' ? ' Max' : ''}` };
  }
  // Galaxy Z Fold / Flip with a generation number.
  if ((m = /\b(?:galaxy\s*)?z\s*(fold|flip)\s*(\d)\b/i.exec(t))) {
    return { brand: 'Samsung', model: `Galaxy Z ${m[1][0].toUpperCase()}${m[1].slice(1).toLowerCase()}${m[2]}` };
  }
  // Galaxy Note number with ultra or plus.
  if ((m = /\bnote\s*(\d{1,2})\s*(ultra|plus|\+)?/i.exec(t)) && /\b(galaxy|samsung)\b|\bnote\d/i.test(t)) {
    const suffix = !m[2] ? '' : m[2].toLowerCase() === 'ultra' ? ' Ultra' : '+';
    return { brand: 'Samsung', model: `Galaxy Note${m[1]}${suffix}` };
  }
  // Galaxy letter and number with ultra or plus (also FE and Edge). Without 'galaxy'/'samsung' in the
  // text the letter must touch the number ('s24'), so ordinary words are not mistaken for models.
  const context = /\b(galaxy|samsung)\b/i.test(t);
  const letter = context
    ? /\b(?:galaxy\s*)?([sa])\s*(\d{1,2})(?!\d)\s*(ultra|plus|\+|fe|edge)?/i
    : /\b([sa])(\d{1,2})(?!\d)\s*(ultra|plus|\+|fe|edge)?/i;
  if ((m = letter.exec(t))) {
    const s = m[3]?.toLowerCase();
    const suffix = !s ? '' : s === 'ultra' ? ' Ultra' : s === 'fe' ? ' FE' : s === 'edge' ? ' Edge' : '+';
    return { brand: 'Samsung', model: `Galaxy ${m[1].toUpperCase()}${m[2]}${suffix}` };
  }
  return null;
}

/**
 * Guesses brand and model from typed text: iPhone number with pro, max, plus or mini; Galaxy letter
 * and number with ultra or plus; Pixel number with pro, xl or a. The brand comes from the words apple,
 * iphone, samsung, galaxy, google, pixel, or another maker's name (OTHER_BRANDS, kept as typed); text
 * that starts with a word naming no known maker keeps that word as the brand ('Cat S62' -> Cat).
 * Only text naming no brand at all ('15 Pro') gets `defaultBrand` (Apple in the browser, Samsung on
 * the server). Null for empty text.
 */
export function parsePhoneText(text: string, defaultBrand: ParsedBrand = 'Apple'): ParsedPhoneText | null {
  const t = clean(text);
  if (!t) return null;
  const hit = recognise(t);
  if (hit) return { ...hit, brandDefaulted: false, recognised: true };
  const named = BRAND_WORDS.find(([re]) => re.test(t))?.[1];
  if (named) {
    const model = clean(t.replace(/\b(apple|samsung|google)\b/gi, ''));
    return { brand: named, brandDefaulted: false, model, recognised: false };
  }
  const other = OTHER_BRANDS.find(([re]) => re.test(t));
  if (other) {
    const [, brand] = other;
    const model = clean(t.replace(new RegExp(`\\b${brand}\\b`, 'i'), ''));
    return { brand, brandDefaulted: false, model, recognised: false };
  }
  const first = /^([A-Za-z][A-Za-z-]*)\s+(.+)$/.exec(t);
  if (first) {
    const brand = first[1]![0]!.toUpperCase() + first[1]!.slice(1);
    return { brand, brandDefaulted: false, model: first[2]!, recognised: false };
  }
  return { brand: defaultBrand, brandDefaulted: true, model: t, recognised: false };
}

/** Year assumed when a phone's release year cannot be guessed: this year minus 2. */
export const DEFAULT_RELEASE_YEAR = currentYear() - 2;

/**
 * Release year guessed from a model name, or DEFAULT_RELEASE_YEAR:
 * iPhone N -> 2008 + N from the 11 on (8 and X 2017, XS/XR 2018, 'e' models a year later);
 * Galaxy S/Note N -> 2009 + N up to 10, 2000 + N from 20; Galaxy A NN -> 2019 + last digit;
 * Z Fold/Flip N -> 2018 + N; Pixel N -> 2015 + N; Pixel Na -> 2016 + N; Pixel Fold 2023.
 */
export function guessReleaseYear(model: string): number {
  const t = clean(model);
  let m: RegExpExecArray | null;
  const inRange = (y: number) => (y >= 2007 && y <= currentYear() ? y : DEFAULT_RELEASE_YEAR);
  if ((m = /\biphone\s*(\d{1,2})(e)?\b/i.exec(t))) {
    const n = Number(m[1]);
    const base = n >= 11 ? 2008 + n : n === 8 ? 2017 : n === 7 ? 2016 : n === 6 ? 2014 : NaN;
    return Number.isNaN(base) ? DEFAULT_RELEASE_YEAR : inRange(base + (m[2] ? 1 : 0));
  }
  if ((m = /\biphone\s*(xs|xr|x)\b/i.exec(t))) return m[1].toLowerCase() === 'x' ? 2017 : 2018;
  if (/\biphone\s*air\b/i.test(t)) return 2025;
  if ((m = /\bpixel\s*(\d{1,2})(a)?\b/i.exec(t))) return inRange((m[2] ? 2016 : 2015) + Number(m[1]));
  if (/\bpixel\s*fold\b/i.test(t)) return 2023;
  if ((m = /\bz\s*(fold|flip)\s*(\d)\b/i.exec(t))) return inRange(2018 + Number(m[2]));
  if ((m = /\b(?:galaxy\s*)?(?:s|note\s*)(\d{1,2})(?!\d)/i.exec(t))) {
    const n = Number(m[1]);
    return n <= 10 ? inRange(2009 + n) : n >= 20 ? inRange(2000 + n) : DEFAULT_RELEASE_YEAR;
  }
  if ((m = /\b(?:galaxy\s*)?a(\d)(\d)(?!\d)/i.exec(t))) return inRange(2019 + Number(m[2]));
  return DEFAULT_RELEASE_YEAR;
}

/** Relevance of a catalogue phone for a query; lower is better. */
export type MatchRank = 0 | 1 | 2 | 3 | 4;
/** Human names of the ranks, best first. */
export const MATCH_RANKS = ['exact', 'prefix', 'word prefix', 'contains', 'all words'] as const;

/** Lower case, '+' as ' plus', punctuation as spaces, spaces collapsed. */
export function normaliseQuery(text: string): string {
  return text
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * How well a phone matches a normalised query, or null: 0 exact ('model' or 'brand model'),
 * 1 prefix, 2 starts at a word, 3 contains, 4 contains every word of the query.
 */
export function matchRank(phone: { brand: string; model: string }, query: string): MatchRank | null {
  const q = normaliseQuery(query);
  if (!q) return null;
  const model = normaliseQuery(phone.model);
  const full = normaliseQuery(`${phone.brand} ${phone.model}`);
  if (q === model || q === full) return 0;
  if (model.startsWith(q) || full.startsWith(q)) return 1;
  if (` ${full}`.includes(` ${q}`)) return 2;
  if (full.includes(q)) return 3;
  if (q.split(' ').every((w) => full.includes(w))) return 4;
  return null;
}

/**
 * Catalogue phones matching `query`, most relevant first (exact, prefix, word prefix, contains, all
 * words); ties newest first, then shorter model name, then alphabetically. At most `limit`.
 */
export function searchCatalogue<P extends { brand: string; model: string; year: number }>(
  phones: readonly P[],
  query: string,
  limit = 10,
): P[] {
  const scored: { phone: P; rank: MatchRank }[] = [];
  for (const phone of phones) {
    const rank = matchRank(phone, query);
    if (rank !== null) scored.push({ phone, rank });
  }
  scored.sort(
    (a, b) =>
      a.rank - b.rank ||
      b.phone.year - a.phone.year ||
      a.phone.model.length - b.phone.model.length ||
      `${a.phone.brand} ${a.phone.model}`.localeCompare(`${b.phone.brand} ${b.phone.model}`),
  );
  return scored.slice(0, Math.max(0, limit)).map((s) => s.phone);
}

/** How a text was resolved to a catalogue phone. */
export type Resolution = 'exact' | 'parsed' | 'search';

/**
 * Finds the catalogue phone a visitor means by `text`: an exact 'Brand Model' (or 'Model') match;
 * else the phone named by the parsed text; else the newest, shortest phone of that
 * brand whose model continues the parsed one word by word ('Galaxy A55' -> 'Galaxy A55 5G'). Null when nothing fits.
 */
export function resolvePhone<P extends { brand: string; model: string; year: number }>(
  phones: readonly P[],
  text: string,
  defaultBrand: ParsedBrand = 'Apple',
): { phone: P; how: Resolution } | null {
  const q = normaliseQuery(text);
  if (!q) return null;
  const exact = phones.find((p) => matchRank(p, q) === 0);
  if (exact) return { phone: exact, how: 'exact' };
  const parsed = parsePhoneText(text, defaultBrand);
  if (!parsed?.recognised) return null;
  const named = phones.find((p) => p.brand === parsed.brand && matchRank(p, parsed.model) === 0);
  if (named) return { phone: named, how: 'parsed' };
  // A longer name of the same model, word by word: 'galaxy a55' + ' 5g', never 'pixel 1' -> 'pixel 10'.
  const stem = `${normaliseQuery(parsed.model)} `;
  const [best] = searchCatalogue(
    phones.filter((p) => p.brand === parsed.brand && normaliseQuery(p.model).startsWith(stem)),
    parsed.model,
    1,
  );
  return best ? { phone: best, how: 'search' } : null;
}
