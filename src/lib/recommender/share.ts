/**
 * Answers <-> a short, URL-safe string for a shareable link (query parameter `a`). Pure; client-safe.
 *
 * Format: '1' (version), then '.'-separated segments, each a one-letter key and a value code:
 *
 *   p  quick current phone  i=iphone s=samsung p=pixel a=android_other b=basic n=none
 *   h  searched phone       base64url of the UTF-8 'Brand Model' text (at most 80 characters)
 *   n  its brand            base64url of the brand (at most 40 characters), only when it is not the
 *                           text's first word (which is the brand otherwise)
 *   b  budget slider        0-100 (budget tier follows from it)
 *   t  budget tier only     b=budget m=midrange p=premium (when no slider position is known)
 *   o  os                   i=ios s=android_samsung g=android_google a=android n=no_preference
 *   u  primary use          p=productivity c=content e=entertainment g=general
 *   c  camera               b=basic g=good p=professional
 *   y  battery              s=standard e=extended m=maximum
 *   z  screen size          s=small m=medium l=large
 *   s  storage              6=64gb 1=128gb 2=256gb 5=512gb t=1tb
 *   r  processor            s=standard f=fast p=premium
 *   f  special features     s=standard a=ai f=foldable r=ar
 *   e  environment          h=home o=outdoor w=work v=varied
 *
 * e.g. '1.pi.b80.oi.up.cp.ym' — only wizard answers are shared (not results-page additions).
 * `decodeAnswers(encodeAnswers(answers))` gives back exactly the wizard's answers: a skipped question
 * stays unanswered (a quick 'An iPhone' with the OS question skipped has no OS answer, so none is
 * inferred from the phone), so the link recomputes what the wizard showed.
 * `decodeAnswers` returns null for anything malformed: unknown version, key or code, a repeated key,
 * a bad number, characters outside [A-Za-z0-9._-], or more than MAX_ENCODED_LENGTH characters.
 */
import { fromBase64Url, toBase64Url } from '../base64url';
import { budgetTier } from './budget';
import { quickCurrentPhoneAnswer, splitPhoneText, type Preferences } from './preferences';
import { preferencesSchema } from './schemas';

/**
 * Longest string `decodeAnswers` accepts: room for the longest encoding (an 80-character name of
 * 3-byte characters is 240 bytes, 320 base64 characters; a 40-character brand of them 160 more; plus
 * every other answer).
 */
export const MAX_ENCODED_LENGTH = 640;
const VERSION = '1';
const SAFE = /^[A-Za-z0-9._-]+$/;

type CodedKey = 'p' | 't' | 'o' | 'u' | 'c' | 'y' | 'z' | 's' | 'r' | 'f' | 'e';

const CODES: Record<CodedKey, { field: keyof Preferences; codes: Record<string, string> }> = {
  p: {
    field: 'currentPhone',
    codes: { i: 'iphone', s: 'samsung', p: 'pixel', a: 'android_other', b: 'basic', n: 'none' },
  },
  t: { field: 'budget', codes: { b: 'budget', m: 'midrange', p: 'premium' } },
  o: { field: 'os', codes: { i: 'ios', s: 'android_samsung', g: 'android_google', a: 'android', n: 'no_preference' } },
  u: { field: 'primaryUse', codes: { p: 'productivity', c: 'content', e: 'entertainment', g: 'general' } },
  c: { field: 'cameraQuality', codes: { b: 'basic', g: 'good', p: 'professional' } },
  y: { field: 'batteryLife', codes: { s: 'standard', e: 'extended', m: 'maximum' } },
  z: { field: 'screenSize', codes: { s: 'small', m: 'medium', l: 'large' } },
  s: { field: 'storage', codes: { 6: '64gb', 1: '128gb', 2: '256gb', 5: '512gb', t: '1tb' } },
  r: { field: 'processorSpeed', codes: { s: 'standard', f: 'fast', p: 'premium' } },
  f: { field: 'advancedFeatures', codes: { s: 'standard', a: 'ai', f: 'foldable', r: 'ar' } },
  e: { field: 'environment', codes: { h: 'home', o: 'outdoor', w: 'work', v: 'varied' } },
};

function codeOf(key: CodedKey, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Object.entries(CODES[key].codes).find(([, v]) => v === value)?.[0];
}

/** Text as base64url of its UTF-8 bytes. */
function textToBase64Url(text: string): string {
  return toBase64Url(new TextEncoder().encode(text));
}

/** The UTF-8 text of base64url `value`, or null when it is not base64url of valid UTF-8. */
function textFromBase64Url(value: string): string | null {
  const bytes = value ? fromBase64Url(value) : null;
  if (!bytes) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The brand a searched phone's text stands for: its first word (at most 40 characters). */
const brandOf = (text: string) => splitPhoneText(text).brand.slice(0, 40);

/** Encodes the wizard answers as a short URL-safe string (see the format above). */
export function encodeAnswers(prefs: Preferences): string {
  const parts = [VERSION];
  const quick = codeOf('p', prefs.currentPhone);
  const searched = prefs.currentPhone?.trim().slice(0, 80);
  if (quick) parts.push(`p${quick}`);
  else if (searched) {
    parts.push(`h${textToBase64Url(searched)}`);
    const brand = prefs.currentBrand?.trim().slice(0, 40);
    if (brand && brand !== brandOf(searched)) parts.push(`n${textToBase64Url(brand)}`);
  }
  if (prefs.budgetValue !== undefined) parts.push(`b${Math.round(prefs.budgetValue)}`);
  else if (prefs.budget) parts.push(`t${codeOf('t', prefs.budget)}`);
  for (const key of ['o', 'u', 'c', 'y', 'z', 's', 'r', 'f', 'e'] as const) {
    const code = codeOf(key, prefs[CODES[key].field] as string | undefined);
    if (code) parts.push(`${key}${code}`);
  }
  return parts.join('.');
}

/** Decodes a string made by `encodeAnswers`; null when it is malformed in any way. */
export function decodeAnswers(encoded: string | null | undefined): Preferences | null {
  if (!encoded || encoded.length > MAX_ENCODED_LENGTH || !SAFE.test(encoded)) return null;
  const [version, ...segments] = encoded.split('.');
  if (version !== VERSION) return null;
  const prefs: Record<string, unknown> = {};
  const seen = new Set<string>();
  let searched = false;
  for (const segment of segments) {
    const key = segment.charAt(0);
    const value = segment.slice(1);
    // p/h both set the current phone, b/t both set the budget: one of each pair at most.
    const slot = key === 'h' ? 'p' : key === 't' ? 'b' : key;
    if (!value || seen.has(slot)) return null;
    seen.add(slot);
    if (key === 'h') {
      const text = textFromBase64Url(value)?.trim();
      if (!text || text.length > 80) return null;
      Object.assign(prefs, { currentPhone: text, currentBrand: brandOf(text), searchedForCurrentPhone: true });
      searched = true;
    } else if (key === 'n') {
      // Follows the searched phone it names the brand of.
      const brand = textFromBase64Url(value)?.trim();
      if (!searched || !brand || brand.length > 40) return null;
      prefs.currentBrand = brand;
    } else if (key === 'b') {
      if (!/^(0|[1-9]\d?|100)$/.test(value)) return null;
      const v = Number(value);
      Object.assign(prefs, { budgetValue: v, budget: budgetTier(v) });
    } else if (key in CODES) {
      const { field, codes } = CODES[key as CodedKey];
      const decoded = codes[value];
      if (decoded === undefined) return null;
      if (key === 'p') {
        // The OS a quick answer suggests is an answer only if the OS question kept it ('o' says so).
        const { os: _suggested, ...quick } = quickCurrentPhoneAnswer(decoded as never);
        Object.assign(prefs, quick);
      } else prefs[field] = decoded;
    } else return null;
  }
  const parsed = preferencesSchema.safeParse(prefs);
  return parsed.success ? parsed.data : null;
}
