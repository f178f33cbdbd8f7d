/**
 * The request path (`sendMail`: a signup's confirmation, a welcome, a staff send, a recommendations
 * mail): records and claims the entry in one write (or records it as waiting, in constant time, when
 * the minute's slots are taken), answers, and attempts it once after the answer (`defer`). Server only.
 */
import { attemptSend, eventOf, jitter, record, writeOutcome, type MailHandler } from './attempt';
import { afterAttempt, claim, dueKey, newEntry, waitingKey, type Entry, type MailRequest } from './model';
import { writeAtRequestSlot } from './slots';
import { readEntry, queueStore, waitingDue } from './store';

/** What the request path learns of a mail it asked for. */
export interface QueuedMail {
  key: string;
  id: string;
  /**
   * sent: accepted now; sending: recorded at a send slot, the provider call runs after the answer;
   * waiting: recorded, goes later (the send rate, or a retry); failed/skipped/unknown: final.
   */
  state: 'sent' | 'sending' | 'waiting' | 'failed' | 'skipped' | 'unknown';
  detail: string;
}

/** A new mail id: time first, so ids sort by creation. */
function newId(now: number): string {
  return `${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * Work a request hands on to run after its answer: Netlify's `context.waitUntil` (the platform keeps
 * the invocation alive until the promise settles; the local runtime does the same).
 */
export type Defer = (work: Promise<unknown>) => void;

/**
 * The request path: records the mail and, when a send slot of this minute is free, claims it (one
 * conditional write records, claims and counts it against the rate); otherwise it records the mail as
 * waiting, in constant time, for the worker. The provider call of a claimed mail runs after the answer
 * when `defer` is given (the visitor never waits on the provider; state `sending`), else before this
 * returns (staff sends, whose answer reports the outcome). A failed attempt is recorded and retried by
 * the worker. Never throws for a provider failure; a storage failure before the mail was recorded is
 * thrown (the caller has stored its own record first).
 * @param options.by who claims the attempt (a request id), for the record
 * @param options.defer hands the attempt to the platform to finish after the answer
 */
export async function sendMail(
  request: MailRequest,
  handler: MailHandler,
  {
    now = Date.now(),
    by = `request-${crypto.randomUUID().slice(0, 8)}`,
    defer,
  }: { now?: number; by?: string; defer?: Defer } = {},
): Promise<QueuedMail> {
  const entry = newEntry(request, now, newId(now));
  const claimed = claim(entry, now, by);
  // Attempted in this request: recorded already claimed (one write). Attempted after the answer:
  // recorded as queued at its slot and claimed just before the provider call, so a crash between the
  // answer and the call leaves a mail the worker still sends, not an unknown one.
  const slot = await writeAtRequestSlot(now, () => (defer ? entry : claimed));
  if (!slot) {
    // Every send slot of this minute is taken (as far as this request could tell without a list):
    // recorded now, in constant time, and sent by the worker in order of arrival. The due marker, the
    // entry and the ledger event are written at once: a crash between them is found again either way
    // (the sweep reads a waiting entry whose marker is missing; the worker drops a marker whose entry
    // never appeared).
    const key = waitingKey(now, entry.id);
    const waiting = { ...entry, nextAttemptAt: now };
    const detail = 'waiting: the send rate was reached this minute';
    await Promise.all([
      queueStore().setJSON(dueKey(waitingDue(now), key), {}),
      queueStore().setJSON(key, waiting),
      record(handler, waiting, { outcome: 'queued', at: new Date(now).toISOString(), detail, attempt: 0 }),
    ]);
    return { key, id: entry.id, state: 'waiting', detail };
  }
  const attempt = async (): Promise<QueuedMail> => {
    let etag = slot.etag;
    if (defer) {
      const won = await claimRecorded(slot.key, slot.etag, claimed);
      if (won === null) return { key: slot.key, id: entry.id, state: 'waiting', detail: 'left to the worker' };
      etag = won;
    }
    const result = await attemptSend(claimed, handler, slot.key);
    const done = Date.now();
    const outcome = afterAttempt(claimed, result, Math.max(done, now), jitter());
    await writeOutcome(slot.key, etag, outcome, by);
    await record(handler, outcome.entry, eventOf(outcome.attempt));
    const state = outcome.final ? (outcome.final.state as 'sent' | 'failed' | 'skipped' | 'unknown') : 'waiting';
    return { key: slot.key, id: entry.id, state, detail: outcome.attempt.detail };
  };
  if (!defer) return attempt();
  defer(
    attempt().catch((err) => {
      // The claim stays without an outcome: the worker's sweep settles it as unknown after its lease.
      console.error(`[mail-queue] the attempt of ${entry.kind} ${entry.id} after the answer failed`, err);
    }),
  );
  return { key: slot.key, id: entry.id, state: 'sending', detail: 'recorded; sent after the answer' };
}

/**
 * Claims an entry the request path recorded as queued at its slot (a conditional write on the ETag
 * of that write; once more on a fresh read when the store's ETag moved but the entry is still
 * untouched). @returns the claim's ETag, or null when the entry is no longer untouched (the sweep
 * handed it to the worker)
 */
async function claimRecorded(key: string, etag: string, claimed: Entry): Promise<string | null> {
  const first = await queueStore().setJSON(key, claimed, { onlyIfMatch: etag });
  if (first.modified) return first.etag ?? '';
  const found = await readEntry(key);
  if (!found || found.entry.state !== 'queued' || found.entry.attempts.length > 0) return null;
  const again = await queueStore().setJSON(key, claimed, { onlyIfMatch: found.etag });
  return again.modified ? (again.etag ?? '') : null;
}
