/**
 * The staff screen of the queue: its depth (`queueSummary`), a page of entries newest first with
 * an optional state or kind (`listQueue`), and another try of a failed or unknown mail
 * (`retryEntry`). Server only.
 */
import {
  dueKey,
  entryState,
  folderMinute,
  parseKey,
  staffRetry,
  type Entry,
  type EntryState,
  type Final,
  type FinalState,
  type MailKind,
  type QueueRow,
  type QueueSummary,
} from './model';
import { sendRate } from './slots';
import { dueMarkers, finalsOf, queueDays, readEntry, readFinal, queueStore } from './store';

/** The queue's depth, from the due markers (one list). */
export async function queueSummary(): Promise<QueueSummary> {
  const markers = await dueMarkers();
  const created = markers
    .map((m) => folderMinute(m.entryKey.slice(0, m.entryKey.lastIndexOf('/') + 1)))
    .filter((t): t is number => t !== null);
  return {
    waiting: new Set(markers.map((m) => m.entryKey)).size,
    oldestWaitingAt: created.length ? new Date(Math.min(...created)).toISOString() : null,
    ratePerMinute: sendRate(),
  };
}

/** Most entries one staff request reads while looking for matches of a filter. */
const MAX_READS_PER_PAGE = 400;

/**
 * One page of the queue, newest first, after the entry key `after`, optionally only one state or
 * kind. The state comes from the marker names where it can (waiting, and every final state), so a
 * state filter reads only matching entries; a kind filter reads each entry it looks at (at most
 * MAX_READS_PER_PAGE per page). `next` continues.
 */
export async function listQueue({
  state,
  kind,
  after = null,
  limit = 20,
  now = Date.now(),
}: {
  state?: EntryState;
  kind?: MailKind;
  after?: string | null;
  limit?: number;
  now?: number;
}): Promise<{ rows: QueueRow[]; next: string | null }> {
  const s = queueStore();
  const dues = new Set((await dueMarkers()).map((m) => m.entryKey));
  const rows: QueueRow[] = [];
  let reads = 0;
  let last: string | null = null;
  for (const day of await queueDays()) {
    if (after && `${day}/` > after) continue;
    const keys: string[] = [];
    for await (const page of s.list({ prefix: `${day}/`, paginate: true })) keys.push(...page.blobs.map((b) => b.key));
    const finals = new Map<string, FinalState>();
    for (const k of keys) {
      const p = parseKey(k);
      if (p.type === 'final') finals.set(p.entryKey, p.state);
    }
    const entries = keys
      .filter((k) => {
        const t = parseKey(k).type;
        return (t === 'slot' || t === 'waiting') && (!after || k < after);
      })
      .sort()
      .reverse();
    for (const key of entries) {
      if (rows.length >= limit || reads >= MAX_READS_PER_PAGE) return { rows, next: last };
      last = key;
      const finalState = finals.get(key) ?? null;
      // Waiting and final states are known from the markers; only a claim in flight needs the entry.
      const known: EntryState | null = dues.has(key) ? 'waiting' : finalState;
      if (state && known && known !== state) continue;
      if (state && !known && state !== 'sending' && state !== 'unknown') continue;
      const found = await readEntry(key);
      reads += 1;
      if (!found) continue;
      const { entry } = found;
      const st = entryState(entry, finalState, now);
      if ((state && st !== state) || (kind && entry.kind !== kind)) continue;
      rows.push(toRow(key, entry, st, finalState && st === finalState ? await readFinal(key, finalState) : null));
    }
  }
  return { rows, next: null };
}

function toRow(key: string, entry: Entry, state: EntryState, final: Final | null): QueueRow {
  const lastAttempt = entry.attempts.at(-1);
  // The attempt that ended the mail is in its final marker; the entry holds the ones before it.
  const attempts =
    final?.attempt && !entry.attempts.some((a) => a.n === final.attempt!.n)
      ? [...entry.attempts, final.attempt]
      : entry.attempts;
  return {
    key,
    id: entry.id,
    to: entry.to,
    kind: entry.kind,
    state,
    createdAt: entry.createdAt,
    attempts,
    nextAttemptAt:
      entry.nextAttemptAt !== null && state === 'waiting' ? new Date(entry.nextAttemptAt).toISOString() : null,
    reason:
      state === 'sent' || state === 'sending'
        ? null
        : (final?.detail ?? (state === 'waiting' ? (lastAttempt?.detail ?? null) : null)),
    retryable: state === 'failed' || state === 'unknown',
  };
}

/** Why a staff retry was refused. */
export type RetryRefusal = 'not_found' | 'not_retryable';

/**
 * Staff asked for another try of a failed or unknown mail: it waits again, due now (the worker sends
 * it within a minute). The entry changes first (conditional write), then its due marker.
 */
export async function retryEntry(key: string, now = Date.now()): Promise<QueueRow | RetryRefusal> {
  const found = await readEntry(key);
  if (!found) return 'not_found';
  const finals = await finalsOf(key);
  const finalState = finals[0] ?? null;
  const current = entryState(found.entry, finalState, now);
  if (current !== 'failed' && current !== 'unknown') return 'not_retryable';
  const next = staffRetry(found.entry, now);
  const r = await queueStore().setJSON(key, next, { onlyIfMatch: found.etag });
  if (!r.modified) return 'not_retryable';
  await queueStore().setJSON(dueKey(now, key), {});
  return toRow(key, next, 'waiting', null);
}
