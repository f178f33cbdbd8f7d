/**
 * One zod schema per signup payload, used by the forms (client-side validation) and by the
 * functions (server-side validation), so both give the same messages (spec §5). Also the stored
 * Subscriber record.
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 */
import { z } from '../zod';
import {
  CONSENT_FORMS,
  DEFAULT_INTEREST,
  HONEYPOT_FIELD,
  INTERESTS,
  LIMITS,
  LISTS,
  MESSAGES,
  type ConsentForm,
} from './constants';

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
    .max(LIMITS.name, MESSAGES.nameTooLong);

export const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
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

export const interestField = z.enum(INTERESTS, { error: MESSAGES.interests });

/**
 * POST /api/waitlist — {name, email, interests, source?, referrer?} (spec §3 "Waitlist signup").
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
    if (v.consentText !== undefined && v.consentText !== CONSENT_FORMS.waitlist.wording) {
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

/** Proof of express consent (CASL): when, the exact wording shown, on which form and page, from which source. */
export const consentRecordSchema = z.object({
  /** ISO time the visitor submitted. */
  at: z.string(),
  /** The exact consent wording shown to the visitor. */
  wording: z.string(),
  /** Which form collected it (a key of CONSENT_FORMS). */
  form: z.enum(Object.keys(CONSENT_FORMS) as [ConsentForm, ...ConsentForm[]]),
  /** Site path the form was on ('' if unknown). */
  page: z.string(),
  /** Captured source of the visit ('' for direct). */
  source: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** Delivery state of the last e-mail sent to a subscriber (so staff can see a failure and resend). */
export const mailStatusSchema = z.object({
  /** 'sent', 'failed' (provider error, see lastError) or 'skipped' (address unsubscribed). */
  status: z.enum(['sent', 'failed', 'skipped']),
  /** Which message: 'waitlist-confirmation', 'newsletter-welcome', ... */
  kind: z.string(),
  lastAttemptAt: z.string(),
  attempts: z.number().int().nonnegative(),
  /** The provider's error of the last failed attempt; null after a success. */
  lastError: z.string().nullable(),
  /** Time of the last successful send. */
  sentAt: z.string().nullable(),
});
export type MailStatus = z.infer<typeof mailStatusSchema>;

/**
 * A subscriber, one blob per normalised e-mail address (key = `id` = SHA-256 hex of the address).
 * Admin display rules (spec §3): empty name shown as a dash, empty interests as All, empty source as Direct.
 */
export const subscriberSchema = z.object({
  /** SHA-256 hex of the normalised e-mail; also the blob key. */
  id: z.string(),
  name: z.string(),
  /** Normalised (trimmed, lower-case). */
  email: z.string(),
  /** Chosen interests, merged over signups ([] for newsletter-only subscribers). */
  interests: z.array(interestField),
  /** Source of the first signup that had one ('' = direct). */
  source: z.string(),
  referrer: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  list: z.enum(LISTS),
  /** Current phone model from a newsletter signup ('' if none). */
  phoneModel: z.string(),
  /** The latest express consent. */
  consent: consentRecordSchema,
  /** Every consent given, oldest first (capped). */
  consentLog: z.array(consentRecordSchema),
  /** Set when the address unsubscribed; no further mail is sent. Cleared by a new express consent. */
  unsubscribedAt: z.string().nullable(),
  /** Last e-mail delivery state; null before the first attempt. */
  mail: mailStatusSchema.nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
