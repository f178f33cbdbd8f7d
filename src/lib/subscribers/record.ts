/**
 * The stored subscriber record: one blob per normalised e-mail address in the `subscribers` store,
 * checked against `subscriberSchema` on every read and write (store.ts). Its state (pending,
 * confirmed, unsubscribed) is not a field: `subscriberStatus` (status.ts) derives it from the
 * ledger. Fields and why each is kept: docs/storage.md, "The record". Server side (browser code
 * imports its types only).
 */
import { z } from '../zod';
import { CONSENT_FORMS, LISTS, type ConsentForm } from './vocabulary';
import { interestField } from './vocabulary';
import { ledgerEventSchema } from './ledger';

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

/**
 * A subscriber, one blob per normalised e-mail address (key = `id` = SHA-256 hex of the address).
 * Staff screens show an empty name as a dash, empty interests as All, an empty source as Direct.
 * Keys the schema does not name (a stored `status`, for one) are dropped when a record is read, and
 * so never written back.
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
  /** Append-only consent ledger, oldest first (ledger.ts). */
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
