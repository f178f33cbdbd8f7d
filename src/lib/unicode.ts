/**
 * Unicode rules shared by the checks on visitor text (src/lib/signups/schemas.ts) and on the subjects
 * staff write (src/lib/email/subject.ts). Pure; imported by browser code.
 */

/**
 * The zero-width non-joiner (U+200C) and joiner (U+200D) where a script or an emoji needs them:
 * between two letters or marks (Persian writes ZWNJ inside words, Sinhala and the Indic scripts use
 * ZWJ for their conjunct forms: "ශ්‍රී"), or joining emoji into one ("👩‍💻", "👩🏽‍💻"). Matched with
 * the character before it (no lookbehind, which older Safari cannot compile).
 */
const JOINER_IN_WORD =
  /([\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])[\u200C\u200D](?=[\p{L}\p{M}\p{Extended_Pictographic}])/gu;

/**
 * `text` without the joiners that sit inside a word or an emoji, for the checks that refuse every
 * other invisible character: a joiner alone, at either end, beside a space or another joiner only
 * hides something, and stays in the text for them to find.
 */
export function withoutJoinersInWords(text: string): string {
  return text.replace(JOINER_IN_WORD, '$1');
}
