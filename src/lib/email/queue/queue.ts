/**
 * The mail queue in Netlify Blobs: every mail is recorded before it is sent, sent at once when the
 * send rate allows, retried with backoff when the provider fails, and sent at most once: an attempt
 * is claimed with a conditional write before the provider call, and an attempt whose outcome was
 * never recorded is `unknown`, not sent again by itself. The model (keys, states, transitions) is
 * ./model.ts; docs/consent-and-mail.md, "The mail queue", explains the design. Server only.
 *
 * Who calls what:
 * - `sendMail` (request path: a signup's confirmation, a welcome, a staff send, a recommendations
 *   mail): records and claims the entry in one write (or records it as waiting, in constant time, when
 *   the minute's slots are taken), answers, and attempts it once after the answer (`defer`).
 * - `drainQueue` (the `mail-queue` scheduled function, every minute): sweeps for attempts cut off by a
 *   crash, then attempts every entry that is due, within the send rate.
 * - `queueSummary`, `listQueue`, `retryEntry`: the staff screen.
 */
import { getStore } from '@netlify/blobs';
import { getEnv } from '../../server/env';
import { mapLimit } from '../../server/storage';
import { sendMessage, type OutgoingMessage } from '../transport';
import {
  afterAttempt,
  claim,
  cutOff,
  dueKey,
  entrySchema,
  entryState,
  finalKey,
  finalSchema,
  folderMinute,
  isCutOff,
  isDue,
  LEASE_MS,
  minuteFolder,
  newEntry,
  parseKey,
  QUEUE_STORE,
  slotKey,
  staffRetry,
  waitingKey,
  type Attempt,
  type Entry,
  type EntryState,
  type Final,
  type QueueRow,
  type QueueSummary,
  type FinalState,
  type MailKind,
  type MailRequest,
  type SendResult,
} from './model';

const store = () => getStore({ name: QUEUE_STORE, consistency: 'strong' });

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

/** Sends per minute, site-wide: the slots of a minute. */
function sendRate(): number {
  return getEnv().MAIL_SEND_RATE_PER_MINUTE;
}

/** A new mail id: time first, so ids sort by creation. */
function newId(now: number): string {
  return `${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Other slots tried (at random, each a different one), without a list, after the slot of the moment was taken. */
const RANDOM_TRIES = 4;

/**
 * The minute (and send rate) this instance last found full on the request path: later requests of
 * that minute record their mail as waiting at once, without trying a slot (constant time).
 */
let fullMinute = '';
/** Requests of one minute in a row that found no slot; FULL_AFTER_MISSES of them mark it full. */
let fullMinuteMisses = { minute: '', misses: 0 };
const FULL_AFTER_MISSES = 3;

/** Forgets which minutes this instance found full (tests that empty the store between cases). */
export function forgetFullMinutes(): void {
  fullMinute = '';
  fullMinuteMisses = { minute: '', misses: 0 };
}

/**
 * The request path's send slot: writes `value` at the slot of this moment (the minute divided into
 * `rate` equal parts), then at RANDOM_TRIES slots at random, each a conditional create (two writers
 * never get one slot, and a minute never holds more than the rate). Never a list and never more
 * tries: when they are all taken the mail waits for the worker, which hands out the minute's
 * remaining slots in order (`WorkerSlots`), and once FULL_AFTER_MISSES requests in a row found none
 * the minute counts as full for this instance. A burst therefore costs each signup at most
 * 1 + RANDOM_TRIES writes here, and none once the minute is known full.
 * @returns the slot's key and the write's ETag, or null when no slot was won
 */
async function writeAtRequestSlot(
  now: number,
  value: (key: string) => unknown,
): Promise<{ key: string; etag: string } | null> {
  const rate = sendRate();
  const minute = `${Math.floor(now / 60_000)}:${rate}`;
  if (fullMinute === minute) return null;
  const tried = new Set<number>();
  const tryWrite = async (slot: number) => {
    tried.add(slot);
    const key = slotKey(now, slot);
    const r = await store().setJSON(key, value(key), { onlyIfNew: true });
    return r.modified ? { key, etag: r.etag ?? '' } : null;
  };
  const won = async (): Promise<{ key: string; etag: string } | null> => {
    const first = await tryWrite(Math.min(rate - 1, Math.floor(((now % 60_000) / 60_000) * rate)));
    if (first) return first;
    for (let i = 0; i < RANDOM_TRIES && tried.size < rate; i++) {
      let slot = Math.floor(Math.random() * rate);
      while (tried.has(slot)) slot = (slot + 1) % rate;
      const got = await tryWrite(slot);
      if (got) return got;
    }
    return null;
  };
  const got = await won();
  if (got) {
    if (fullMinuteMisses.minute === minute) fullMinuteMisses.misses = 0;
    return got;
  }
  // Full for this instance once requests in a row found no slot (one unlucky request in a busy
  // minute does not make the rest of it wait).
  if (fullMinuteMisses.minute !== minute) fullMinuteMisses = { minute, misses: 0 };
  if (++fullMinuteMisses.misses >= FULL_AFTER_MISSES) fullMinute = minute;
  return null;
}

/**
 * The worker's send slots: within one run, the slots of each minute are tried in order from 0 (a
 * cursor per minute, so concurrent attempts of one run never try the same slot), each once, with a
 * conditional create. A minute costs the worker at most `rate` writes, whatever waits; a slot the
 * request path holds is skipped by the write's refusal.
 */
class WorkerSlots {
  private minute = -1;
  private next = 0;
  async take(now: number, value: (key: string) => unknown): Promise<{ key: string; etag: string } | null> {
    const minute = Math.floor(now / 60_000) * 60_000;
    if (minute !== this.minute) {
      this.minute = minute;
      this.next = 0;
    }
    const rate = sendRate();
    while (this.next < rate) {
      const slot = this.next++;
      const key = slotKey(minute, slot);
      const r = await store().setJSON(key, value(key), { onlyIfNew: true });
      if (r.modified) return { key, etag: r.etag ?? '' };
    }
    return null;
  }
}

/** Start of the minute after `now`. */
const nextMinute = (now: number) => Math.floor(now / 60_000) * 60_000 + 60_000;

async function record(handler: MailHandler, entry: Entry, event: MailEvent): Promise<void> {
  try {
    await handler.record?.(entry, event);
  } catch (err) {
    console.error(`[mail-queue] could not record ${event.outcome} of ${entry.kind} ${entry.id}`, err);
  }
}

/** Renders and sends the claimed `entry`; a render failure is a retryable failure of this attempt. */
async function attemptSend(entry: Entry, handler: MailHandler, key: string): Promise<SendResult | { skipped: string }> {
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
async function writeOutcome(
  key: string,
  etag: string,
  outcome: ReturnType<typeof afterAttempt>,
  claimedBy: string,
): Promise<boolean> {
  const s = store();
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

const jitter = () => Math.random();

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
      store().setJSON(dueKey(waitingDue(now), key), {}),
      store().setJSON(key, waiting),
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
  const first = await store().setJSON(key, claimed, { onlyIfMatch: etag });
  if (first.modified) return first.etag ?? '';
  const found = await readEntry(key);
  if (!found || found.entry.state !== 'queued' || found.entry.attempts.length > 0) return null;
  const again = await store().setJSON(key, claimed, { onlyIfMatch: found.etag });
  return again.modified ? (again.etag ?? '') : null;
}

/**
 * The due marker's time of a waiting entry: its second. Markers of one second share a folder
 * (`d/<ms>/`), so the worker finds the oldest by listing folder names, then reads one second at a
 * time, in order of arrival.
 */
const waitingDue = (now: number) => Math.floor(now / 1000) * 1000;

const eventOf = (a: Attempt): MailEvent => ({ outcome: a.outcome, at: a.at, detail: a.detail, attempt: a.n });

/** One entry read with its ETag; null when missing or unreadable (logged). */
async function readEntry(key: string): Promise<{ entry: Entry; etag: string } | null> {
  const found = await store()
    .getWithMetadata(key, { type: 'json' })
    .catch((err) => {
      console.error(`[mail-queue] could not read ${key}`, err);
      return null;
    });
  if (!found) return null;
  const parsed = entrySchema.safeParse(found.data);
  if (!parsed.success) return null;
  return { entry: parsed.data, etag: found.etag ?? '' };
}

/** The final markers an entry has (normally none or one). */
async function finalsOf(key: string): Promise<FinalState[]> {
  const { blobs } = await store().list({ prefix: `${key}~` });
  return blobs.flatMap((b) => {
    const k = parseKey(b.key);
    return k.type === 'final' && k.entryKey === key ? [k.state] : [];
  });
}

/** Writes `unknown` for an attempt that was cut off (unless an outcome exists after all) and records it. */
async function settleCutOff(key: string, entry: Entry, handler: MailHandler | undefined, now: number): Promise<void> {
  if ((await finalsOf(key)).length) return;
  const outcome = cutOff(entry, now);
  await store().setJSON(finalKey(key, 'unknown'), outcome.final, { onlyIfNew: true });
  console.warn(`[mail-queue] ${entry.kind} ${entry.id} to ${entry.to}: outcome unknown (the attempt was cut off)`);
  if (handler) await record(handler, outcome.entry, eventOf(outcome.attempt));
}

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
  const s = store();
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

type DueMarker = { key: string; entryKey: string; dueMs: number };

/** The due markers of one list (any prefix under `d/`), oldest due first. */
async function markersUnder(prefix: string): Promise<DueMarker[]> {
  const out: DueMarker[] = [];
  for await (const page of store().list({ prefix, paginate: true })) {
    for (const b of page.blobs) {
      const k = parseKey(b.key);
      if (k.type === 'due') out.push({ key: b.key, entryKey: k.entryKey, dueMs: k.dueMs });
    }
  }
  return out.sort((a, b) => a.dueMs - b.dueMs || a.key.localeCompare(b.key));
}

/** Lists every due marker, oldest due first (the staff screen's depth; the worker reads slices). */
async function dueMarkers(): Promise<DueMarker[]> {
  return markersUnder('d/');
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
  const { directories } = await store().list({ prefix: 'd/', directories: true });
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

/** How far the sweep has looked (the start of the last minute it finished). */
const SWEEP_KEY = 'sweep';
/** Minutes one sweep looks at, at most (the rest wait for the next run). */
const SWEEP_MAX_MINUTES = 24 * 60;

export interface SweepReport {
  /** Minutes looked at in this run. */
  minutes: number;
  /** Attempts found cut off and settled as unknown. */
  unknown: number;
  /** Waiting entries that had lost their due marker (a crash between two writes), given one again. */
  requeued: number;
}

/**
 * Finds attempts the request path claimed and never finished (the process died mid-send), minute by
 * minute from where the last sweep stopped until the oldest minute whose claims may still be live:
 * an entry claimed at a send slot without a final marker is read, and settled as unknown when its
 * claim ran out. Usually a minute costs one list and no read (every entry has its outcome marker);
 * never a list of the due markers, however many mails wait.
 */
export async function sweep(handlers: MailHandlers, now = Date.now()): Promise<SweepReport> {
  const s = store();
  const report: SweepReport = { minutes: 0, unknown: 0, requeued: 0 };
  const end = Math.floor((now - LEASE_MS) / 60_000) * 60_000 - 60_000; // last minute whose claims are over
  const saved = (await s.get(SWEEP_KEY, { type: 'json' }).catch(() => null)) as { through?: number } | null;
  let from = typeof saved?.through === 'number' ? saved.through + 60_000 : end - 2 * 60 * 60_000;
  from = Math.max(from, end - SWEEP_MAX_MINUTES * 60_000);
  if (from > end) return report;
  let through = from - 60_000;
  for (let minute = from; minute <= end; minute += 60_000) {
    // One list of this minute's folder: its entries and their outcome markers. Never a wider prefix
    // (a day's folder): a run would then read every mail of the day again, each minute.
    const keys: string[] = [];
    for await (const page of s.list({ prefix: minuteFolder(minute), paginate: true })) {
      for (const b of page.blobs) keys.push(b.key);
    }
    const finals = new Set(keys.flatMap((k) => (parseKey(k).type === 'final' ? [k.slice(0, k.lastIndexOf('~'))] : [])));
    // A waiting entry's due marker is written before it (at its second: `waitingDue`) and removed
    // only after its outcome: one list of the markers of this minute's seconds shows which still
    // have theirs, without reading the entries. The rest (an entry claimed at a slot without an
    // outcome, a waiting one whose marker was lost or moved by a retry) are read.
    const marked = new Set<string>();
    if (keys.some((k) => parseKey(k).type === 'waiting' && !finals.has(k))) {
      const prefixes = new Set([minute, minute + 59_999].map((t) => `d/${String(t).padStart(13, '0').slice(0, 8)}`));
      for (const prefix of prefixes) for (const m of await markersUnder(prefix)) marked.add(m.entryKey);
    }
    const open = keys.filter((k) => {
      const t = parseKey(k).type;
      return (t === 'slot' || (t === 'waiting' && !marked.has(k))) && !finals.has(k);
    });
    let settled = true;
    await mapLimit(open, 8, async (key) => {
      const found = await readEntry(key);
      if (!found) return; // a send slot holding a reference to a later attempt, or unreadable
      const { entry } = found;
      if (entry.state === 'queued' || entry.state === 'retry') {
        // A retry whose due marker a crash left unwritten (rewriting an existing one changes nothing);
        // a waiting entry's marker is filed under its second, as `sendMail` writes it.
        const due = entry.nextAttemptAt ?? now;
        await s.setJSON(
          dueKey(parseKey(key).type === 'waiting' && entry.state === 'queued' ? waitingDue(due) : due, key),
          {},
        );
        report.requeued += 1;
      } else if (isCutOff(entry, now)) {
        await settleCutOff(key, entry, handlers[entry.kind], now);
        report.unknown += 1;
      } else settled = false;
    });
    if (!settled) break;
    through = minute;
    report.minutes += 1;
  }
  if (through >= from) await s.setJSON(SWEEP_KEY, { through });
  return report;
}

// ---------------------------------------------------------------------------------------------
// The staff screen

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

/** Days of the queue folder, newest first. */
async function queueDays(): Promise<string[]> {
  const { directories } = await store().list({ prefix: 'm/', directories: true });
  return directories
    .map((d) => d.replace(/\/$/, ''))
    .filter((d) => /^m\/\d{4}-\d{2}-\d{2}$/.test(d))
    .sort()
    .reverse();
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
  const s = store();
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

async function readFinal(key: string, state: FinalState) {
  const data = await store()
    .get(finalKey(key, state), { type: 'json' })
    .catch(() => null);
  const parsed = finalSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
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
  const r = await store().setJSON(key, next, { onlyIfMatch: found.etag });
  if (!r.modified) return 'not_retryable';
  await store().setJSON(dueKey(now, key), {});
  return toRow(key, next, 'waiting', null);
}

/** Removes queue days older than `days` days, with every marker in them (a due marker left pointing there is dropped by the worker). */
export async function pruneQueue(now = Date.now(), days = 30): Promise<number> {
  const s = store();
  const cutoff = `m/${new Date(now - days * 86_400_000).toISOString().slice(0, 10)}`;
  let removed = 0;
  for (const day of await queueDays()) {
    if (day >= cutoff) continue;
    for await (const page of s.list({ prefix: `${day}/`, paginate: true })) {
      await mapLimit(page.blobs, 16, (b) => s.delete(b.key));
      removed += page.blobs.length;
    }
  }
  return removed;
}
