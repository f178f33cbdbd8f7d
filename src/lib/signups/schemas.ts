/**
 * One zod schema per signup payload, used by the forms (client-side validation) and by the
 * functions (server-side validation), so both give the same messages (docs/site.md#validation). Also the stored
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

/**
 * Characters refused in visitor text, so that stored text shows what it is: C0/C1 controls (NUL
 * included) and U+2028/U+2029 (line breaks inside one line), lone UTF-16 surrogates (half a
 * character), U+FFFD (what invalid UTF-8 decodes to), private-use characters and noncharacters, and
 * every character Unicode marks as default-ignorable, i.e. drawn as nothing: zero-width characters,
 * the soft hyphen, bidirectional controls (U+061C, the overrides, embeddings, isolates and marks),
 * tag characters, the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the combining grapheme joiner
 * and the like. The two variation selectors that pick an emoji's look (U+FE0E, U+FE0F) are allowed.
 * U+2800 (the blank braille pattern) is refused too: it is drawn as nothing though Unicode does not
 * say so.
 */
export const UNSAFE_TEXT =
  /[\p{Cc}\p{Cs}\p{Co}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}\u2800\uFFFD]|(?![\uFE0E\uFE0F])\p{Default_Ignorable_Code_Point}/u;

/**
 * More combining marks on one character than any script writes (Vietnamese stacks two, pointed
 * Hebrew three or four): a "zalgo" flood that spills over the lines around it.
 */
export const MAX_COMBINING_MARKS = 4;
const MARK_FLOOD = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1},}`, 'u');

/** True when `text` holds no UNSAFE_TEXT character and no flood of combining marks. */
export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text) && !MARK_FLOOD.test(text);
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

export const interestField = z.enum(INTERESTS, { error: MESSAGES.interests });

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
  /**
   * 'sent'; 'waiting' (in the mail queue: the send rate, or a retry after a provider error);
   * 'failed' (given up, see lastError); 'skipped' (no longer wanted when its turn came);
   * 'unknown' (an attempt was cut off: it may have been delivered).
   */
  status: z.enum(['sent', 'waiting', 'failed', 'skipped', 'unknown']),
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

/** The states of a subscriber (decided by `subscriberStatus` in ./status.ts). */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/**
 * What the consent ledger records. `signup`: a form was submitted (a request, not yet consent);
 * `confirmation-sent`: the double opt-in mail; `confirmed`: the visitor pressed the confirm button
 * (express consent); `welcome-sent` / `staff-resend`: list mail after confirmation;
 * `unsubscribed`: the link page or one-click; `staff-deleted`: staff removed the personal data;
 * `campaign-sent`: a campaign went to the subscriber (kept as the campaign's receipt, merged in when
 * the ledger is read: src/lib/admin/ledger.ts).
 */
export const LEDGER_EVENT_TYPES = [
  'signup',
  'confirmation-sent',
  'confirmed',
  'welcome-sent',
  'staff-resend',
  'unsubscribed',
  'staff-deleted',
  'campaign-sent',
] as const;
export type LedgerEventType = (typeof LEDGER_EVENT_TYPES)[number];

/** One entry of a subscriber's append-only consent ledger. */
export const ledgerEventSchema = z.object({
  /** ISO time. */
  at: z.string(),
  type: z.enum(LEDGER_EVENT_TYPES),
  /** signup: the list asked for. */
  list: z.enum(['waitlist', 'newsletter']).optional(),
  /** signup: the waitlist interest chosen. */
  interest: interestField.optional(),
  /** signup: the form (a key of CONSENT_FORMS). */
  form: z.string().optional(),
  /** signup: the exact consent wording shown. */
  wording: z.string().optional(),
  /** signup: version of that wording ('sha256:' + first 12 hex digits of its hash). */
  wordingVersion: z.string().optional(),
  /** signup: site path of the form. */
  page: z.string().optional(),
  /** signup: captured source of the visit. */
  source: z.string().optional(),
  /** Keyed hash of the client address (HMAC with SESSION_SECRET, 32 hex digits); never the address. */
  ipHash: z.string().optional(),
  /**
   * Mail events, one per attempt: 'sent'; 'retry' (a provider error, another attempt follows);
   * 'queued' (recorded, waiting for the send rate); 'failed' (given up); 'skipped' (no longer wanted
   * when its turn came); 'unknown' (the attempt was cut off: it may have been delivered); 'limited'
   * (a per-inbox allowance refused it, nothing was queued).
   */
  outcome: z.enum(['sent', 'retry', 'queued', 'failed', 'skipped', 'unknown', 'limited']).optional(),
  /** Mail events: the mail queue's id of the message. */
  mailId: z.string().optional(),
  /**
   * confirmed: the signups it confirms are those up to this time, when its confirmation mail was
   * decided (a confirmation confirms what its mail described); later ones wait for their own.
   */
  upTo: z.string().optional(),
  /** Free detail: template id, one-click vs page, provider error. */
  detail: z.string().optional(),
});
export type LedgerEvent = z.infer<typeof ledgerEventSchema>;

/**
 * A subscriber, one blob per normalised e-mail address (key = `id` = SHA-256 hex of the address).
 * Staff screens show an empty name as a dash, empty interests as All, an empty source as Direct.
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
  /** The latest express consent (every consent given is an event in `history`). */
  consent: consentRecordSchema,
  /** Set when the address unsubscribed; no further mail is sent. Cleared by a new express consent. */
  unsubscribedAt: z.string().nullable(),
  /** Last e-mail delivery state; null before the first attempt. */
  mail: mailStatusSchema.nullable(),
  /**
   * pending (signed up, not confirmed: only the confirmation mail), confirmed (double opt-in done:
   * list mail allowed) or unsubscribed. Always `subscriberStatus(record)`, stored for listing.
   * Records from before double opt-in read as pending.
   */
  status: z.enum(SUBSCRIBER_STATUSES).default('pending'),
  /** Append-only consent ledger, oldest first. */
  history: z.array(ledgerEventSchema).default([]),
  /** Nonce of the confirmation link last sent; null when none is outstanding. */
  confirmNonce: z.string().nullable().default(null),
  /**
   * When a signup last decided that a confirmation mail goes out (written with that decision, before
   * the mail), so a second signup at the same moment does not send another; cleared when a mail
   * limit stopped that mail. See `confirmationRequestedRecently` in merge.ts.
   */
  confirmRequestedAt: z.string().nullable().default(null),
  /** Set when staff deleted the subscriber: a tombstone without personal data (name, address). */
  deletedAt: z.string().nullable().default(null),
  /**
   * What each signup request since the last confirmation typed, with the keyed hash of its client
   * address (newest last, capped). A confirmation takes the name and phone model only from a request
   * made from the address that confirms (`applyConfirmation`), so mail never carries a stranger's
   * words. Cleared by the confirmation it feeds and by a staff delete.
   */
  pendingDetails: z
    .array(z.object({ at: z.string(), ipHash: z.string(), name: z.string(), phoneModel: z.string() }))
    .default([]),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
