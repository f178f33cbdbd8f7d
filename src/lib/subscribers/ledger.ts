/**
 * The consent ledger: a subscriber's append-only list of events, kept on its record (`history`). The
 * whole ledger as staff read it, with the campaigns it received merged in, is `ledgerOf` in
 * src/lib/composition/ledger.ts (it reads the campaigns' receipts). What each event
 * records and proves, and what is hashed instead of kept: docs/storage.md, "The consent ledger", and
 * docs/consent-and-mail.md, "The consent ledger". Server only (browser code imports its types only).
 */
import { z } from '../zod';
import { keyedHash } from '../server/tokens';
import { interestField } from './vocabulary';

/**
 * What the consent ledger records. `signup`: a form was submitted (a request, not yet consent);
 * `confirmation-sent`: the double opt-in mail; `confirmed`: the visitor pressed the confirm button
 * (express consent); `welcome-sent` / `staff-resend`: list mail after confirmation;
 * `unsubscribed`: the link page or one-click; `staff-deleted`: staff removed the personal data;
 * `campaign-sent`: a campaign went to the subscriber (kept as the campaign's receipt, merged in when
 * the ledger is read: `ledgerOf` in src/lib/composition/ledger.ts); `expired`: a signup never confirmed was removed by
 * the maintenance run once its confirmation link had long expired (./expiry.ts).
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
  // A provider event suppressed the address (a hard bounce, a drop, repeated blocks): no mail of any kind.
  'bounced',
  'expired',
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
  /** signup, confirmed: version of that wording (`wordingVersion`). */
  wordingVersion: z.string().optional(),
  /** signup: site path of the form. */
  page: z.string().optional(),
  /** signup: captured source of the visit. */
  source: z.string().optional(),
  /** Keyed hash of the client address (`hashIp`); never the address. */
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
  /** A change a provider's event made (src/lib/email/events): its event name, id and time (ISO). */
  providerEvent: z.string().optional(),
  providerEventId: z.string().optional(),
  providerAt: z.string().optional(),
});
export type LedgerEvent = z.infer<typeof ledgerEventSchema>;

/**
 * Ledger size at which further repeat `signup` events stop being appended (they change nothing);
 * every other event is always appended. Bounds one blob's growth under a flood of repeat signups.
 */
export const HISTORY_SOFT_MAX = 500;

/** The ledger with `event` appended, unless it is a repeat signup on an over-long ledger. */
export function appendEvent(history: readonly LedgerEvent[], event: LedgerEvent): LedgerEvent[] {
  if (event.type === 'signup' && history.length >= HISTORY_SOFT_MAX) return [...history];
  return [...history, event];
}

const encoder = new TextEncoder();

/**
 * Keyed hash of a client address: HMAC-SHA256(secret, 'ip:' + address), first 32 hex digits. Lets
 * staff show that two events came from the same address without storing it; not reversible without
 * the secret (a plain hash of an IPv4 address could be brute-forced in seconds).
 */
export async function hashIp(ip: string, secret: string): Promise<string> {
  if (!ip || ip === 'unknown') return '';
  return keyedHash(secret, `ip:${ip}`, 32);
}

/** Version of a consent wording: 'sha256:' + the first 12 hex digits of its SHA-256 (changes with any edit). */
export async function wordingVersion(wording: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(wording));
  return `sha256:${Buffer.from(digest).toString('hex').slice(0, 12)}`;
}
