/**
 * What a subject line staff write may hold (a campaign's, an editable mail template's): one line of
 * plain text that shows what it is, and no link. Pure.
 */
import { withoutJoinersInWords } from '../unicode';

/**
 * Characters a subject line may not hold: controls (U+0085 included), line and paragraph separators
 * (U+2028, U+2029), lone surrogates and noncharacters, the bidirectional controls (marks, embeddings,
 * overrides, isolates: they make a subject read differently from what it is), U+FFF9-U+FFFC, private
 * use characters, and every other format or invisible character (zero-width spaces, word joiners,
 * the byte order mark, soft hyphens, Arabic prepended marks, tag characters: they hide or reorder
 * text, or split words past a spam filter). Emoji and their variation selectors stay allowed, and so
 * do the zero-width joiner and non-joiner inside a word or an emoji (`withoutJoinersInWords`,
 * src/lib/unicode.ts): Persian needs the non-joiner, emoji sequences the joiner.
 */
const UNSAFE_SUBJECT =
  /[\p{Cc}\p{Cs}\p{Co}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFFF9-\uFFFC]|(?![\uFE0E\uFE0F])[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** True when `subject` holds none of them (a joiner inside a word or an emoji is allowed). */
export function isSafeSubject(subject: string): boolean {
  return !UNSAFE_SUBJECT.test(withoutJoinersInWords(subject));
}

/** What staff read when a subject holds one of them. */
export const UNSAFE_SUBJECT_MESSAGE = 'Subject must be plain text on one line (no control or direction characters)';

/**
 * A placeholder that becomes a link (`{{passUrl}}`, `{{unsubscribeUrl}}`, `{{confirmUrl}}`,
 * `{{siteUrl}}`, any `…Url`), as written in `subject`, or null. Personal links are keys (a pass, a
 * one-click unsubscribe, a confirmation) and a subject shows in previews, notifications and lists; no
 * link is clickable there anyway.
 */
export function linkPlaceholderIn(subject: string): string | null {
  return /\{\{\s*(\w*Url)\s*\}\}/.exec(subject)?.[1] ?? null;
}

/** What staff read when a subject holds a link placeholder. */
export const linkInSubjectMessage = (name: string) => `A {{${name}}} belongs in the body, not the subject.`;
