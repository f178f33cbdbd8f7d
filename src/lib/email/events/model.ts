/**
 * What SendGrid's events mean here: the shape of one event (only what we read), and the effect each
 * kind has (docs/consent-and-mail.md, "Provider events"). Pure: no storage, no clock.
 */
import { z } from '../../zod';

/** Blocked events for one address after which it is suppressed (a transient block alone is not). */
export const BLOCKED_THRESHOLD = 3;

/** Complaint rate (complaints per delivered copy) past which a campaign pauses itself: 0.1 %. */
export const COMPLAINT_PAUSE_RATE = 0.001;

/**
 * One event as SendGrid posts it. Unknown fields are kept out; the custom arguments our sends carry
 * (`mail_id`, `mail_key`, `subscriber_id`, `campaign_id`) arrive as top-level fields.
 */
export const providerEventSchema = z.object({
  email: z.string().max(320),
  event: z.string().max(40),
  timestamp: z.number().int().nonnegative(),
  sg_event_id: z.string().max(200).optional(),
  sg_message_id: z.string().max(200).optional(),
  /** bounce: 'bounce' (hard) or 'blocked'; older accounts send the kind as the event name instead. */
  type: z.string().max(40).optional(),
  bounce_classification: z.string().max(80).optional(),
  reason: z.string().max(2000).optional(),
  status: z.string().max(40).optional(),
  response: z.string().max(2000).optional(),
  mail_id: z.string().max(100).optional(),
  mail_key: z.string().max(200).optional(),
  subscriber_id: z.string().max(100).optional(),
  campaign_id: z.string().max(100).optional(),
});
export type ProviderEvent = z.infer<typeof providerEventSchema>;

/** A body is a list of objects, each with at least `email`, `event` and `timestamp`. */
export const eventBatchSchema = z.array(z.unknown()).min(1).max(20_000);

/** What one event does. */
export type Effect =
  | { kind: 'suppress'; reason: string }
  | { kind: 'blocked'; reason: string }
  | { kind: 'unsubscribe'; how: string }
  | { kind: 'delivered' }
  | { kind: 'none' };

/**
 * The drop reasons that are about the address itself: SendGrid's `Bounced Address` (it bounced before)
 * and `Invalid` (not an address). Matched whole: `Invalid SMTPAPI header` is a fault of our request,
 * and `Spam Content`, `Unsubscribed Address`, `Spam Reporting Address`, `Recipient List over Package
 * Quota` say nothing about whether the address can take mail.
 */
const ADDRESS_DROP = /^\s*(bounced address|invalid)\s*$/i;

/**
 * What one `blocked` counts against: the message that was blocked (its `sg_message_id`, else our queue
 * entry or campaign copy), so the threshold counts blocked messages, not posts: a block posted again
 * under another `sg_event_id` counts once.
 */
export function blockedMessageOf(e: ProviderEvent): string | null {
  if (e.sg_message_id) return `m:${e.sg_message_id}`;
  if (e.mail_key) return `q:${e.mail_key}`;
  if (e.campaign_id) return `c:${e.campaign_id}`;
  return null;
}

/** Reads why SendGrid refused: its reason, else its response, else its status. */
function reasonOf(e: ProviderEvent): string {
  return (e.reason || e.response || e.status || e.bounce_classification || 'no reason given').slice(0, 300);
}

/**
 * The effect of an event. A hard bounce suppresses; a `blocked` bounce only counts (BLOCKED_THRESHOLD
 * of them suppress); a drop suppresses when SendGrid dropped the address for a bounce or as invalid
 * (not for a drop that says it is unsubscribed or spam-reported: those are already ours to honour);
 * a complaint, an unsubscribe and a group unsubscribe unsubscribe; delivered and processed settle the
 * mail's outcome; everything else (deferred, open, click) changes nothing.
 */
export function effectOf(e: ProviderEvent): Effect {
  const reason = reasonOf(e);
  switch (e.event) {
    case 'bounce':
      return e.type === 'blocked' ? { kind: 'blocked', reason } : { kind: 'suppress', reason: `bounce: ${reason}` };
    case 'blocked':
      return { kind: 'blocked', reason };
    case 'dropped':
      return ADDRESS_DROP.test(e.reason ?? '') ? { kind: 'suppress', reason: `dropped: ${reason}` } : { kind: 'none' };
    case 'spamreport':
      return { kind: 'unsubscribe', how: 'spam complaint' };
    case 'unsubscribe':
      return { kind: 'unsubscribe', how: 'unsubscribed at the provider' };
    case 'group_unsubscribe':
      return { kind: 'unsubscribe', how: 'group unsubscribe at the provider' };
    case 'delivered':
    case 'processed':
      return { kind: 'delivered' };
    default:
      return { kind: 'none' };
  }
}

/** The kind of a campaign report count an event adds to, if any. */
export function campaignOutcome(e: ProviderEvent): 'delivered' | 'bounced' | 'complained' | null {
  if (e.event === 'delivered') return 'delivered';
  if (e.event === 'bounce' || e.event === 'blocked' || (e.event === 'dropped' && effectOf(e).kind === 'suppress'))
    return 'bounced';
  if (e.event === 'spamreport') return 'complained';
  return null;
}

/** The rate counts of a day (statistics). */
export const RATE_KINDS = ['delivered', 'bounced', 'complained'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** How the ledger names an event's source: the provider's event, its id and its time. */
export function sourceOf(e: ProviderEvent, id: string): string {
  const kind = e.type && e.type !== e.event ? ` (${e.type})` : '';
  return `SendGrid ${e.event}${kind} event ${id} at ${new Date(e.timestamp * 1000).toISOString()}`;
}

/** True when a complaint count passes the pause rate for the copies delivered. */
export function complaintRatePassed(complaints: number, delivered: number): boolean {
  return complaints > 0 && complaints > COMPLAINT_PAUSE_RATE * Math.max(delivered, complaints);
}
