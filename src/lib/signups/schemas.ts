/**
 * One zod schema per signup payload, used by the forms (client-side validation) and by the
 * functions (server-side validation), so both give the same messages (docs/site.md#validation). The stored
 * Subscriber record is src/lib/subscribers/record.ts.
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 */
import { z } from '../zod';
import { interestField } from '../subscribers/vocabulary';
import { withoutJoinersInWords } from '../unicode';
import { CONSENT_FORMS, DEFAULT_INTEREST, HONEYPOT_FIELD, LIMITS, MESSAGES } from './constants';

/**
 * Characters refused in visitor text, so that stored text shows what it is: C0/C1 controls (NUL
 * included) and U+2028/U+2029 (line breaks inside one line), lone UTF-16 surrogates (half a
 * character), U+FFFD (what invalid UTF-8 decodes to), private-use characters and noncharacters, and
 * every character Unicode marks as default-ignorable, i.e. drawn as nothing: zero-width characters,
 * the soft hyphen, bidirectional controls (U+061C, the overrides, embeddings, isolates and marks),
 * tag characters, the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the combining grapheme joiner
 * and the like. The two variation selectors that pick an emoji's look (U+FE0E, U+FE0F) are allowed.
 * U+2800 (the blank braille pattern) is refused too: it is drawn as nothing though Unicode does not
 * say so, and so are U+FFF9-U+FFFB (interlinear annotation controls: they hide text in some programs)
 * and U+FFFC (the object replacement character, a box standing for nothing). So is every other format
 * character (`\p{Cf}`: the Arabic marks drawn over the digits after them, U+0600-U+0605 and U+06DD,
 * Egyptian hieroglyph format controls and the like).
 */
export const UNSAFE_TEXT =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}\u2800\uFFF9-\uFFFD]|(?![\uFE0E\uFE0F])\p{Default_Ignorable_Code_Point}/u;

/**
 * More combining marks on one character than any script writes (Vietnamese stacks two, pointed
 * Hebrew three or four): a "zalgo" flood that spills over the lines around it.
 */
export const MAX_COMBINING_MARKS = 4;
const MARK_FLOOD = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1},}`, 'u');

/**
 * True when `text` holds no UNSAFE_TEXT character and no flood of combining marks. The zero-width
 * joiner and non-joiner are allowed inside a word or an emoji, where names need them
 * (`withoutJoinersInWords`, src/lib/unicode.ts).
 */
export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(withoutJoinersInWords(text)) && !MARK_FLOOD.test(text);
}

/** Trimmed e-mail, lower-cased (the normalised form used as the subscriber's identity). */
export const emailField = z
  .string({ error: MESSAGES.email })
  .trim()
  .toLowerCase()
  .max(LIMITS.email, MESSAGES.emailTooLong)
  .pipe(z.email({ error: MESSAGES.email }));

/**
 * Trimmed name of at least `min` characters (one message for empty, missing and too short, as the
 * spec gives one message per form) and at most LIMITS.name.
 */
export const nameField = (min: number, minMessage: string) =>
  z
    .string({ error: minMessage })
    .trim()
    .min(min, minMessage)
    .max(LIMITS.name, MESSAGES.nameTooLong)
    .refine(isSafeText, MESSAGES.nameUnsafe);

export const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine(isSafeText, MESSAGES.textUnsafe)
    .optional()
    .transform((v) => v ?? '');

/** Where the form was shown: a site path (the consent record keeps it). */
export const pageField = z
  .string({ error: MESSAGES.pageInvalid })
  .trim()
  .max(LIMITS.page, MESSAGES.pageInvalid)
  .regex(/^\/[^\s]*$/, MESSAGES.pageInvalid)
  .optional();

/** The hidden anti-bot field: any string accepted so that bots get a normal-looking answer. */
export const honeypotField = z.string().max(LIMITS.honeypot).optional();

export { interestField };

/**
 * POST /api/waitlist — {name, email, interests, source?, referrer?} (docs/site.md#signups).
 * Extras: `page` (where the form was shown), `consentText` (the privacy note shown; must be the
 * known wording when present) and the honeypot.
 */
export const waitlistPayloadSchema = z
  .object({
    name: nameField(LIMITS.waitlistNameMin, MESSAGES.waitlistNameMin),
    email: emailField,
    interests: interestField.default(DEFAULT_INTEREST),
    source: optionalText(LIMITS.source, MESSAGES.sourceInvalid),
    referrer: optionalText(LIMITS.referrer, MESSAGES.referrerInvalid),
    page: pageField,
    consentText: z.string().max(2000).optional(),
    [HONEYPOT_FIELD]: honeypotField,
  })
  .superRefine((v, ctx) => {
    const known: string[] = [CONSENT_FORMS.waitlist.wording, CONSENT_FORMS.waitlist.launchedWording];
    if (v.consentText !== undefined && !known.includes(v.consentText)) {
      ctx.addIssue({ code: 'custom', path: ['consentText'], message: MESSAGES.consentWording });
    }
  });
export type WaitlistPayload = z.output<typeof waitlistPayloadSchema>;
export type WaitlistInput = z.input<typeof waitlistPayloadSchema>;

/** First message per top-level field of a failed parse (for showing errors under fields). */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
