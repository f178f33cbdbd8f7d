/**
 * The mail queue's model: what an entry is, where it is kept, and how its state changes. Pure: no
 * storage, no clock (times are passed in), so tests/unit/email/queue-model.test.ts covers every
 * transition. The storage and the worker around it are in the modules ./queue.ts lists; the design
 * and its reasons are in docs/consent-and-mail.md, "The mail queue".
 *
 * Layout in the `mail-queue` store (one blob per fact; nothing is a counter or a list in one blob):
 * - `m/<day>/<HHMM>/<slot>`: an entry whose attempt took send slot `<slot>` of that minute (UTC). The
 *   send rate (MAIL_SEND_RATE_PER_MINUTE) is the number of slots a minute has, so writing an entry
 *   there with `onlyIfNew` records the mail, claims it for this sender and counts it against the rate
 *   in one conditional write. A later attempt of an entry takes a slot as a small reference blob.
 * - `m/<day>/<HHMM>/w-<id>`: an entry recorded when no slot was free (it waits for the next minute).
 * - `<entry key>~<state>`: the entry's final outcome (sent, failed, skipped, unknown), written once.
 * - `d/<due ms>/<entry key>`: the entry is waiting for an attempt at that time (queued or retry).
 * - `sweep`: how far the sweep for attempts cut off by a crash has looked.
 */
import { z } from '../../zod';
import { DEFAULT_TEMPLATES, isTemplateId } from '../templates';

/** Name of the Blobs store. */
export const QUEUE_STORE = 'mail-queue';

/** How long a claimed attempt may take before it counts as cut off (a request runs at most 60 s). */
export const LEASE_MS = 2 * 60_000;
/** Attempts before a mail that keeps failing with retryable errors is given up as failed. */
export const MAX_ATTEMPTS = 10;
/** First retry delay; doubled each attempt up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 15_000;
export const BACKOFF_CAP_MS = 60 * 60_000;

/** What a mail is: it decides how it is rendered and which ledger records its attempts. */
export const MAIL_KINDS = [
  'confirm-subscription',
  'welcome',
  'staff-resend',
  'recommendations',
  'campaign-test',
  // The shop's mails (src/lib/shop/server/order-mail.ts).
  'order-receipt',
  'order-fulfilled',
  'staff-sign-in',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** What staff read for each kind (the queue and the outbox screens). */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'confirm-subscription': 'Confirmation request',
  welcome: 'Welcome',
  'staff-resend': 'Sent by staff',
  recommendations: 'Recommendations',
  'campaign-test': 'Campaign test',
  'order-receipt': 'Order receipt',
  'order-fulfilled': 'Order fulfilled',
  'staff-sign-in': 'Staff sign-in link',
};

/**
 * Every kind a sent mail may carry besides `campaign-<kind>` (the outbox and the provider's
 * category): the queue kinds and the template a list mail was rendered from (`waitlist-confirmation`, ...).
 */
export const SENT_MAIL_KINDS: readonly string[] = [...MAIL_KINDS, ...Object.keys(DEFAULT_TEMPLATES)];

/**
 * The staff label of a mail's kind as stored: a queue kind, the template a list mail went out from
 * (its name, e.g. 'Waitlist welcome'), or `campaign-<kind>` for the mails of a campaign's batches
 * ('Campaign', 'Campaign: launch', 'Campaign: early access'); anything else as is.
 */
export function mailKindLabel(kind: string): string {
  if ((MAIL_KINDS as readonly string[]).includes(kind)) return MAIL_KIND_LABELS[kind as MailKind];
  if (isTemplateId(kind)) return DEFAULT_TEMPLATES[kind].name;
  const campaign = /^campaign-([a-z-]+)$/.exec(kind)?.[1];
  if (campaign) return campaign === 'campaign' ? 'Campaign' : `Campaign: ${campaign.replace(/-/g, ' ')}`;
  return kind;
}

/** Final outcomes, each written once as the entry's marker. */
export const FINAL_STATES = ['sent', 'failed', 'skipped', 'unknown'] as const;
export type FinalState = (typeof FINAL_STATES)[number];

/** What a staff member sees of an entry. */
export const ENTRY_STATES = ['waiting', 'sending', ...FINAL_STATES] as const;
export type EntryState = (typeof ENTRY_STATES)[number];

/** One attempt to hand the mail to the provider, as the entry keeps it. */
export const attemptSchema = z.object({
  n: z.number().int().positive(),
  at: z.string(),
  outcome: z.enum(['sent', 'retry', 'failed', 'skipped', 'unknown']),
  /** Provider status (202, 429, 500, ...), when there was an answer. */
  status: z.number().int().optional(),
  detail: z.string(),
  /** The provider's message id (or the local outbox id). */
  providerId: z.string().optional(),
});
export type Attempt = z.infer<typeof attemptSchema>;

/**
 * One message. `render` is what renders it at send time (a template and the record it fills, or
 * the structured answers of a recommendations mail), so a mail that waited uses the subscriber's
 * state when it goes: an unsubscribe in between stops it.
 */
export const entrySchema = z.object({
  id: z.string(),
  /** The recipient as typed (normalised: trimmed, lower case). */
  to: z.string(),
  kind: z.enum(MAIL_KINDS),
  /** Kind-specific input of the renderer (kept small: ids and structured values, never a rendered body). */
  render: z.record(z.string(), z.unknown()),
  /** The subscriber whose ledger records each attempt, if any. */
  subscriberId: z.string().nullable(),
  createdAt: z.string(),
  /** queued: never tried; sending: claimed by `claim`; retry: the last attempt failed and another follows. */
  state: z.enum(['queued', 'sending', 'retry']),
  claim: z
    .object({ by: z.string(), attempt: z.number().int().positive(), at: z.string(), until: z.number() })
    .nullable(),
  /** When the next attempt may run (epoch ms), for queued and retry. */
  nextAttemptAt: z.number().nullable(),
  attempts: z.array(attemptSchema),
  /** How often staff asked for another try after a final failure or an unknown outcome. */
  staffRetries: z.number().int().nonnegative(),
});
export type Entry = z.infer<typeof entrySchema>;

/** A later attempt's send slot: it only points at the entry. */
export const slotRefSchema = z.object({ ref: z.string(), attempt: z.number().int().positive() });

/** The final outcome marker, with the attempt that ended it (the entry blob keeps the ones before). */
export const finalSchema = z.object({
  state: z.enum(FINAL_STATES),
  at: z.string(),
  detail: z.string(),
  providerId: z.string().optional(),
  attempt: attemptSchema.optional(),
});
export type Final = z.infer<typeof finalSchema>;

// ---------------------------------------------------------------------------------------------
// What the staff screen reads (GET /api/admin/mail-queue)

/** A mail as staff see it. */
export interface QueueRow {
  key: string;
  id: string;
  to: string;
  kind: MailKind;
  state: EntryState;
  createdAt: string;
  attempts: Attempt[];
  nextAttemptAt: string | null;
  /** Why it failed, was skipped or is unknown. */
  reason: string | null;
  /** Staff may ask for another try (failed or unknown). */
  retryable: boolean;
}

/** Depth of the queue: mails waiting, and the oldest of them. */
export interface QueueSummary {
  waiting: number;
  /** Creation time of the oldest waiting mail (from its key), null when none waits. */
  oldestWaitingAt: string | null;
  /** The send rate in force. */
  ratePerMinute: number;
}

// ---------------------------------------------------------------------------------------------
// Keys

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The minute folder of time `ms`: `m/YYYY-MM-DD/HHMM/` (UTC). */
export function minuteFolder(ms: number): string {
  const d = new Date(ms);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
  return `m/${day}/${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}/`;
}

/** The start (epoch ms) of the minute of folder `m/YYYY-MM-DD/HHMM/`, or null. */
export function folderMinute(folder: string): number | null {
  const m = /^m\/(\d{4})-(\d{2})-(\d{2})\/(\d{2})(\d{2})\/$/.exec(folder);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
}

/** A send slot of the minute of `ms`. */
export function slotKey(ms: number, slot: number): string {
  return `${minuteFolder(ms)}${slot}`;
}

/** An entry recorded without a slot (the minute's slots were all taken). */
export function waitingKey(ms: number, id: string): string {
  return `${minuteFolder(ms)}w-${id}`;
}

/** The final outcome marker of an entry. */
export function finalKey(entryKey: string, state: FinalState): string {
  return `${entryKey}~${state}`;
}

/** The waiting marker of an entry due at `dueMs`. */
export function dueKey(dueMs: number, entryKey: string): string {
  return `d/${pad(Math.max(0, Math.floor(dueMs)), 13)}/${entryKey}`;
}

/** What a key of the store is. */
export type ParsedKey =
  | { type: 'slot'; folder: string; slot: number }
  | { type: 'waiting'; folder: string; id: string }
  | { type: 'final'; entryKey: string; state: FinalState }
  | { type: 'due'; dueMs: number; entryKey: string }
  | { type: 'other' };

const ENTRY_KEY = /^(m\/\d{4}-\d{2}-\d{2}\/\d{4}\/)(\d+|w-[\w.-]{1,80})$/;

/** Parses a key of the store (anything else is 'other'). */
export function parseKey(key: string): ParsedKey {
  const due = /^d\/(\d{13})\/(.+)$/.exec(key);
  if (due) return isEntryKey(due[2]) ? { type: 'due', dueMs: Number(due[1]), entryKey: due[2] } : { type: 'other' };
  const final = /^(.+)~(sent|failed|skipped|unknown)$/.exec(key);
  if (final)
    return isEntryKey(final[1])
      ? { type: 'final', entryKey: final[1], state: final[2] as FinalState }
      : { type: 'other' };
  const entry = ENTRY_KEY.exec(key);
  if (!entry) return { type: 'other' };
  return entry[2].startsWith('w-')
    ? { type: 'waiting', folder: entry[1], id: entry[2].slice(2) }
    : { type: 'slot', folder: entry[1], slot: Number(entry[2]) };
}

/** True for the key of an entry (a slot or a waiting entry). Staff send keys back to retry one. */
export function isEntryKey(key: string): boolean {
  return ENTRY_KEY.test(key);
}

// ---------------------------------------------------------------------------------------------
// Transitions

/** What a caller asks to send. */
export interface MailRequest {
  to: string;
  kind: MailKind;
  render: Record<string, unknown>;
  subscriberId?: string | null;
}

/** A new entry (an id unique to it; time-sortable so listings read naturally). */
export function newEntry(request: MailRequest, now: number, id: string): Entry {
  return {
    id,
    to: request.to.trim().toLowerCase(),
    kind: request.kind,
    render: request.render,
    subscriberId: request.subscriberId ?? null,
    createdAt: new Date(now).toISOString(),
    state: 'queued',
    claim: null,
    nextAttemptAt: now,
    attempts: [],
    staffRetries: 0,
  };
}

/** The entry claimed for its next attempt by `by` until now + LEASE_MS. */
export function claim(entry: Entry, now: number, by: string): Entry {
  return {
    ...entry,
    state: 'sending',
    claim: { by, attempt: entry.attempts.length + 1, at: new Date(now).toISOString(), until: now + LEASE_MS },
    nextAttemptAt: null,
  };
}

/** True when `entry` may be claimed now: waiting (queued or retry) and due. */
export function isDue(entry: Entry, now: number): boolean {
  return (entry.state === 'queued' || entry.state === 'retry') && (entry.nextAttemptAt ?? 0) <= now;
}

/** True when a claimed attempt ran past its lease without an outcome: it may or may not have been sent. */
export function isCutOff(entry: Entry, now: number): boolean {
  return entry.state === 'sending' && !!entry.claim && entry.claim.until <= now;
}

/** What one provider call gave. */
export type SendResult =
  | { ok: true; providerId: string; status?: number }
  | {
      ok: false;
      /** HTTP status of the provider's answer; absent for a timeout or a network error. */
      status?: number;
      error: string;
      /** Seconds the provider asked us to wait (Retry-After, X-RateLimit-Reset). */
      retryAfterSeconds?: number;
      /**
       * The request reached the provider and no answer came in time (a timeout after it was sent):
       * it may have been accepted. Final as `unknown`, never sent again by itself.
       */
      unknown?: boolean;
    };

/**
 * Whether a failed send may succeed later: a 429, a 5xx, a 408, no answer at all (a network error
 * before the request was delivered; a timeout after it was sent is `unknown`, not retried), or 401/403 (the site's provider key, not the message, was refused: staff can fix it).
 * Any other 4xx (an invalid address, a malformed message) fails the same way every time.
 */
export function isRetryable(result: Extract<SendResult, { ok: false }>): boolean {
  const s = result.status;
  return s === undefined || s === 408 || s === 429 || s === 401 || s === 403 || s >= 500;
}

/**
 * Delay before attempt `n + 1` after attempt `n` failed: doubling from BACKOFF_BASE_MS, capped, then
 * spread by ±20 % with `jitter` in [0, 1) (0.5: exactly the doubling), so retries after an outage
 * do not all come back in the same second.
 */
export function backoffMs(n: number, jitter = 0.5): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, n - 1));
  return Math.round(base * (0.8 + 0.4 * jitter));
}

/** The entry after an attempt, and what else to write: a final marker, or a due time for the next attempt. */
export interface AttemptOutcome {
  entry: Entry;
  attempt: Attempt;
  final: Final | null;
  /** When the next attempt is due (epoch ms), for a retry. */
  due: number | null;
}

/**
 * Applies the result of the attempt `entry` was claimed for (a skip when the renderer decided the
 * mail is no longer wanted). Sent, permanent failures and an unknown outcome (a timeout after the
 * request was sent: the provider may have it) are final; a retryable failure waits with
 * backoff (at least what the provider asked for) until MAX_ATTEMPTS, then is final as failed.
 */
export function afterAttempt(
  entry: Entry,
  result: SendResult | { skipped: string },
  now: number,
  jitter = 0.5,
): AttemptOutcome {
  const n = entry.claim?.attempt ?? entry.attempts.length + 1;
  const at = new Date(now).toISOString();
  const done = (attempt: Attempt, state: FinalState, detail: string): AttemptOutcome => ({
    entry: { ...entry, attempts: [...entry.attempts, attempt] },
    attempt,
    final: { state, at, detail, attempt, ...(attempt.providerId ? { providerId: attempt.providerId } : {}) },
    due: null,
  });
  if ('skipped' in result)
    return done({ n, at, outcome: 'skipped', detail: result.skipped }, 'skipped', result.skipped);
  if (result.ok) {
    const attempt: Attempt = { n, at, outcome: 'sent', detail: 'accepted', providerId: result.providerId };
    if (result.status !== undefined) attempt.status = result.status;
    return done(attempt, 'sent', 'accepted by the provider');
  }
  const status = result.status !== undefined ? { status: result.status } : {};
  const error = result.error.slice(0, 500);
  if (result.unknown) {
    const detail = `no answer in time after the request was sent; the provider may have accepted it (${error})`;
    return done({ n, at, outcome: 'unknown', detail }, 'unknown', detail);
  }
  if (!isRetryable(result))
    return done({ n, at, outcome: 'failed', detail: error, ...status }, 'failed', `permanent error: ${error}`);
  if (n >= MAX_ATTEMPTS)
    return done(
      { n, at, outcome: 'failed', detail: error, ...status },
      'failed',
      `gave up after ${n} attempts; last error: ${error}`,
    );
  const due = now + Math.max(backoffMs(n, jitter), (result.retryAfterSeconds ?? 0) * 1000);
  const attempt: Attempt = { n, at, outcome: 'retry', detail: error, ...status };
  return {
    entry: { ...entry, state: 'retry', claim: null, nextAttemptAt: due, attempts: [...entry.attempts, attempt] },
    attempt,
    final: null,
    due,
  };
}

/**
 * An attempt that was claimed and never came back (the process died, or the request was cut off):
 * the provider may have accepted it. It is final as `unknown` and never sent again by itself
 * (docs/consent-and-mail.md, "The unknown outcome"); staff may retry it.
 */
export function cutOff(entry: Entry, now: number): AttemptOutcome {
  const n = entry.claim?.attempt ?? entry.attempts.length + 1;
  const at = new Date(now).toISOString();
  const detail = 'the attempt was cut off before its outcome was recorded; the provider may have accepted it';
  const attempt: Attempt = { n, at, outcome: 'unknown', detail };
  return {
    entry: { ...entry, attempts: [...entry.attempts, attempt] },
    attempt,
    final: { state: 'unknown', at, detail, attempt },
    due: null,
  };
}

/** Staff asked for another try of a failed or unknown mail: it waits again, due now. */
export function staffRetry(entry: Entry, now: number): Entry {
  return { ...entry, state: 'queued', claim: null, nextAttemptAt: now, staffRetries: entry.staffRetries + 1 };
}

/**
 * What staff see of an entry, from the entry and its final marker. A waiting state wins over an
 * older final marker (staff asked for another try); a claim past its lease without an outcome is
 * unknown, whether or not the sweep has written that down yet.
 */
export function entryState(entry: Entry, final: FinalState | null, now: number): EntryState {
  if (entry.state === 'queued' || entry.state === 'retry') return 'waiting';
  if (final) return final;
  return isCutOff(entry, now) ? 'unknown' : 'sending';
}
