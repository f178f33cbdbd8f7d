/**
 * One attempt of a claimed entry: how a kind renders its mail (`MailHandler`), the provider call,
 * writing what the attempt gave (a final marker, or the entry waiting again) and recording it on the
 * subject's ledger; and settling an attempt that was cut off as unknown. Server only.
 */
import { sendMessage, type OutgoingMessage } from '../transport';
import {
  afterAttempt,
  cutOff,
  dueKey,
  finalKey,
  type Attempt,
  type Entry,
  type MailKind,
  type SendResult,
} from './model';
import { finalsOf, readEntry, queueStore } from './store';

/**
 * A message as a kind renders it (the queue adds the recipient and mail id); `category` names it at
 * the provider when the kind alone is too broad (a welcome's template id), else the kind does.
 */
export type RenderedMessage = Omit<OutgoingMessage, 'to' | 'kind' | 'mailId'> & { category?: string };

/** What the queue records on the ledger of an entry's subject (e.g. the subscriber's consent ledger). */
export interface MailEvent {
  outcome: Attempt['outcome'] | 'queued';
  at: string;
  detail: string;
  attempt: number;
}

/**
 * How one kind of mail is rendered and recorded. `render` runs at send time (a mail that waited uses
 * the state of that moment) and may decline (`{ skip }`: e.g. the subscriber unsubscribed meanwhile).
 */
export interface MailHandler {
  render(entry: Entry): Promise<RenderedMessage | { skip: string }>;
  /** Records one event of the entry (every attempt, and a delay); must not throw. */
  record?(entry: Entry, event: MailEvent): Promise<void>;
}
export type MailHandlers = Partial<Record<MailKind, MailHandler>>;

/** Records one event of `entry` through its kind's handler; a failure is logged, never thrown. */
export async function record(handler: MailHandler, entry: Entry, event: MailEvent): Promise<void> {
  try {
    await handler.record?.(entry, event);
  } catch (err) {
    console.error(`[mail-queue] could not record ${event.outcome} of ${entry.kind} ${entry.id}`, err);
  }
}

/** Renders and sends the claimed `entry`; a render failure is a retryable failure of this attempt. */
export async function attemptSend(
  entry: Entry,
  handler: MailHandler,
  key: string,
): Promise<SendResult | { skipped: string }> {
  let rendered: RenderedMessage | { skip: string };
  try {
    rendered = await handler.render(entry);
  } catch (err) {
    console.error(`[mail-queue] could not render ${entry.kind} ${entry.id}`, err);
    return { ok: false, error: `Could not render the message: ${(err as Error).message}` };
  }
  if ('skip' in rendered) return { skipped: rendered.skip };
  const { category, ...message } = rendered;
  // The entry's key and subscriber ride along as custom arguments: SendGrid's events name them back
  // (src/lib/email/events), so a delivery settles this entry and a bounce finds the person.
  const args = { mail_key: key, ...(entry.subscriberId ? { subscriber_id: entry.subscriberId } : {}) };
  return sendMessage({ ...message, to: entry.to, kind: category ?? entry.kind, mailId: entry.id, customArgs: args });
}

/**
 * Writes what an attempt gave: a final marker, or the entry waiting again with its due marker (the
 * entry first, conditional on the ETag of the claim, so nothing that replaced the claim meanwhile is
 * overwritten). When the ETag no longer matches but the stored entry still holds this attempt's
 * claim (a store can answer a write with an ETag its next check does not match), the write is
 * repeated on the entry as read now.
 * @returns false when another writer changed the entry under this attempt (nothing written)
 */
export async function writeOutcome(
  key: string,
  etag: string,
  outcome: ReturnType<typeof afterAttempt>,
  claimedBy: string,
): Promise<boolean> {
  const s = queueStore();
  if (outcome.final) {
    await s.setJSON(finalKey(key, outcome.final.state), outcome.final, { onlyIfNew: true });
    return true;
  }
  let current = etag;
  for (let round = 0; round < 4; round++) {
    const r = await s.setJSON(key, outcome.entry, { onlyIfMatch: current });
    if (r.modified) {
      await s.setJSON(dueKey(outcome.due ?? Date.now(), key), {});
      return true;
    }
    const found = await readEntry(key);
    const claim = found?.entry.claim;
    if (!found || found.entry.state !== 'sending' || claim?.attempt !== outcome.attempt.n || claim.by !== claimedBy)
      return false;
    current = found.etag;
  }
  return false;
}

/** The random share of a retry's backoff. */
export const jitter = () => Math.random();

/** The ledger event of an attempt. */
export const eventOf = (a: Attempt): MailEvent => ({ outcome: a.outcome, at: a.at, detail: a.detail, attempt: a.n });

/** Writes `unknown` for an attempt that was cut off (unless an outcome exists after all) and records it. */
export async function settleCutOff(
  key: string,
  entry: Entry,
  handler: MailHandler | undefined,
  now: number,
): Promise<void> {
  if ((await finalsOf(key)).length) return;
  const outcome = cutOff(entry, now);
  await queueStore().setJSON(finalKey(key, 'unknown'), outcome.final, { onlyIfNew: true });
  console.warn(`[mail-queue] ${entry.kind} ${entry.id} to ${entry.to}: outcome unknown (the attempt was cut off)`);
  if (handler) await record(handler, outcome.entry, eventOf(outcome.attempt));
}
