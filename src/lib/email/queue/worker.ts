/**
 * The worker (`drainQueue`, run by the `mail-queue` scheduled function every minute): sweeps for
 * attempts cut off by a crash (./sweep.ts), then attempts every entry that is due, oldest first in
 * bounded slices, within the send rate. Server only.
 */
import { mapLimit } from '../../server/storage';
import { attemptSend, eventOf, jitter, record, settleCutOff, writeOutcome, type MailHandlers } from './attempt';
import { afterAttempt, claim, finalKey, isCutOff, isDue, LEASE_MS, type Attempt, type FinalState } from './model';
import { nextMinute, WorkerSlots } from './slots';
import { markersUnder, readEntry, queueStore, type DueMarker } from './store';
import { sweep, type SweepReport } from './sweep';

/** A report of one worker run. */
export interface DrainReport {
  /** Entries attempted, by the attempt's outcome. */
  attempted: Record<Attempt['outcome'], number>;
  /** Due entries of the last slice left for the next run because the send rate was reached. */
  deferred: number;
  swept: SweepReport;
  ms: number;
}

/**
 * Attempts one due entry: takes a send slot (a small reference blob), claims the entry with a
 * conditional write on the ETag it read (so two workers never both send it), sends, records.
 * @returns 'rate' when no send slot was free this minute
 */
async function attemptDue(
  due: { key: string; entryKey: string; dueMs: number },
  handlers: MailHandlers,
  now: () => number,
  by: string,
  slots: WorkerSlots,
): Promise<Attempt['outcome'] | 'rate' | 'none'> {
  const s = queueStore();
  const found = await readEntry(due.entryKey);
  if (!found) {
    // A waiting entry's marker is written before the entry: a young marker may be ahead of it.
    if (due.dueMs < now() - LEASE_MS) await s.delete(due.key);
    return 'none';
  }
  const { entry, etag } = found;
  const handler = handlers[entry.kind];
  if (entry.state === 'sending') {
    if (!isCutOff(entry, now())) return 'none'; // another worker is on it
    await settleCutOff(due.entryKey, entry, handler, now());
    await s.delete(due.key);
    return 'unknown';
  }
  if (!isDue(entry, now())) return 'none';
  if (!handler) {
    console.error(`[mail-queue] no handler for kind ${entry.kind}; ${entry.id} left waiting`);
    return 'none';
  }
  const attempt = entry.attempts.length + 1;
  const slot = await slots.take(now(), () => ({ ref: due.entryKey, attempt }));
  if (!slot) return 'rate';
  const claimed = claim(entry, now(), by);
  const won = await s.setJSON(due.entryKey, claimed, { onlyIfMatch: etag });
  if (!won.modified) {
    await s.delete(slot.key); // another worker claimed it first: give the slot back
    return 'none';
  }
  // A staff retry leaves the previous outcome's marker behind; it no longer describes the entry.
  if (entry.staffRetries > 0)
    await Promise.all(['failed', 'unknown'].map((st) => s.delete(finalKey(due.entryKey, st as FinalState))));
  const result = await attemptSend(claimed, handler, due.entryKey);
  const outcome = afterAttempt(claimed, result, now(), jitter());
  if (await writeOutcome(due.entryKey, won.etag ?? '', outcome, by)) {
    await s.delete(due.key);
    await record(handler, outcome.entry, eventOf(outcome.attempt));
  }
  return outcome.attempt.outcome;
}

/** Due markers the worker reads at most per slice (whole due-time folders, so a slice can hold more). */
const SLICE = 200;

/**
 * The oldest due markers, a bounded slice: one list of the due-time folder names (`d/<ms>`, one per
 * second of waiting entries and one per retry time), then the folders due by `nowMs`, oldest first,
 * until SLICE markers. A backlog of thousands costs a list of names and a few small lists, never a
 * list of every marker.
 * @returns the slice (oldest first) and the due time of the first folder not yet due
 */
async function dueSlice(nowMs: number): Promise<{ due: DueMarker[]; nextDue: number | undefined }> {
  const { directories } = await queueStore().list({ prefix: 'd/', directories: true });
  const folders = directories
    .map((d) => d.replace(/\/$/, ''))
    .filter((d) => /^d\/\d{13}$/.test(d))
    .map((d) => ({ prefix: `${d}/`, ms: Number(d.slice(2)) }))
    .sort((a, b) => a.ms - b.ms);
  const due: DueMarker[] = [];
  for (const f of folders) {
    if (f.ms > nowMs) return { due, nextDue: f.ms };
    if (due.length >= SLICE) break;
    due.push(...(await markersUnder(f.prefix)));
  }
  return { due, nextDue: undefined };
}

/** Entries attempted at once by one worker run. */
const DRAIN_CONCURRENCY = 16;

/**
 * One worker run: sweeps for cut-off attempts, then attempts the due entries (oldest due first, in
 * bounded slices: `dueSlice`) until `deadline`, waiting for entries that fall due before it; stops
 * for the minute when the send rate is reached (the minute's free slots taken in order:
 * `WorkerSlots`). A run that stops leaves everything as it was for the next one.
 */
export async function drainQueue(
  handlers: MailHandlers,
  {
    deadline,
    now = Date.now,
    by = `worker-${crypto.randomUUID().slice(0, 8)}`,
  }: { deadline: number; now?: () => number; by?: string },
): Promise<DrainReport> {
  const started = now();
  const attempted: DrainReport['attempted'] = { sent: 0, retry: 0, failed: 0, skipped: 0, unknown: 0 };
  let deferred = 0;
  const swept = await sweep(handlers, now());
  const slots = new WorkerSlots();
  for (;;) {
    const slice = await dueSlice(now());
    let rateReached = false;
    let progress = 0;
    let left = 0;
    await mapLimit(slice.due, DRAIN_CONCURRENCY, async (m) => {
      if (rateReached || now() >= deadline) {
        left += 1;
        return;
      }
      const r = await attemptDue(m, handlers, now, by, slots).catch((err) => {
        console.error(`[mail-queue] attempt of ${m.entryKey} failed`, err);
        return 'none' as const;
      });
      if (r === 'rate') {
        rateReached = true;
        left += 1;
      } else if (r !== 'none') {
        attempted[r] += 1;
        progress += 1;
      }
    });
    deferred = left;
    // Wait within this run for what falls due before its deadline (a retry's backoff, the next
    // minute's send slots); entries held by another worker's live claim are not waited for.
    const wakeAt = rateReached ? nextMinute(now()) : progress > 0 ? now() : slice.nextDue;
    if (wakeAt === undefined || wakeAt >= deadline - 1_000) break;
    await new Promise((r) => setTimeout(r, Math.max(0, wakeAt - now())));
  }
  return { attempted, deferred, swept, ms: now() - started };
}
