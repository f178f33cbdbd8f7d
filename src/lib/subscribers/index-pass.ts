/**
 * The maintenance pass over the subscriber index, one bounded slice per scheduled run (a job of the
 * shared job mechanism, src/lib/jobs; type `index-pass`, one record with the fixed id `index-pass`
 * that goes from pass to pass). A pass:
 *
 * 1. starts: notes the time T0 and the change markers that exist, and the hours to sweep;
 * 2. sweeps the index a range of hours at a time (newest first): per hour a tally and the rows of the
 *    search digest (one chunk per step), and every key's record id;
 * 3. checks the records against those ids, one sixteenth of the record ids (first hex digit) per step:
 *    a record without a key, a key without a record or two keys for one record is a suspect; each
 *    is read again and fixed from the record (the unit of truth), so a change made meanwhile is
 *    never undone;
 * 4. commits a snapshot (tallies, digest, the markers of T0): exact for readers, since every index
 *    change after T0 in an hour older than a few minutes left a marker.
 * Each step ends by its deadline, and the job's checkpoint holds where the next one starts. Layout of
 * the scratch blobs: `x/<T0>/...` in the index store, deleted at the commit. docs/storage.md.
 * Server only.
 */
import { getStore } from '@netlify/blobs';
import { gunzipText, gzip } from '../server/gzip';
import { mapLimit } from '../server/storage';
import type { StepContext, JobType } from '../jobs/runner';
import type { StepResult } from '../jobs/model';
import { MARKER_PREFIX } from './change-markers';
import { idOfPosition, keyIdOf, parseIndexKey, subscriberIndexKeys, TIME_PREFIX, type IndexEntry } from './index-keys';
import type { Tally } from './tally';
import { DELETED_PREFIX, parseDeleteNote } from './delete-notes';
import { writeChunks, CHUNK_ROWS, type ChunkRef } from './digest-chunks';
import { commitSnapshot, groupByBucket, tallyEntries } from './snapshots';
import { changeIndexKeys, entriesOf, INDEX_STORE, listBuckets, listKeys, type ListCache } from './subscriber-index';
import { indexedRecordFacts, subscriberStore } from './store';

export const INDEX_PASS_JOB = 'index-pass';
/** The one pass job (it never ends: each finished pass starts the next one at the next run). */
export const INDEX_PASS_ID = 'index-pass';
const PARTITIONS = '0123456789abcdef';
const SCRATCH = 'x/';
/** Delete notes are kept at least this long (then pruned by the pass that checked them). */
const NOTE_KEEP_MS = 60 * 60_000;

const store = () => getStore({ name: INDEX_STORE, consistency: 'strong' });

/** What the pass job is asked (tests use a small slice). */
export interface IndexPassInput {
  /** Index keys per sweep step (one digest chunk each). */
  sliceRows?: number;
}

/** Repairs made by a pass. */
export interface Repairs {
  /** Records that had no index key (e.g. a crash between the two writes). */
  indexed: number;
  /** Keys removed: their record is gone, or a second key of one record. */
  removed: number;
  /** Keys rewritten from the layout without the times part. */
  migrated: number;
  /** Records that could not be read (left alone, logged). */
  unreadable: number;
}

/** The pass under way. */
export interface PassProgress {
  takenAt: number;
  phase: 'sweep' | 'check' | 'commit';
  /** Ten-hour ranges still to sweep, newest first (7-digit bucket prefixes). */
  ranges: string[];
  rangesTotal: number;
  /** The newest hour the sweep planned (hours after it are listed by the check). */
  newest: string | null;
  seq: number;
  chunks: ChunkRef[];
  partition: number;
  /** Last suspect fixed in the current partition. */
  after: string | null;
  keys: number;
  records: number;
  repairs: Repairs;
  runners: string[];
  steps: number;
  ms: number;
}

/** A finished pass, kept for the health report. */
export interface PassSummary {
  startedAt: number;
  finishedAt: number;
  runs: number;
  steps: number;
  /** Time spent in the pass's steps. */
  ms: number;
  keys: number;
  records: number;
  chunks: number;
  repairs: Repairs;
}

export interface IndexPassState {
  pass: PassProgress | null;
  last: PassSummary | null;
}

/** What one sweep step leaves for the check and the commit. */
interface SweepSide {
  tallies: Record<string, Tally>;
  /** [record id (hex), hour]. */
  ids: [string, string][];
}

const tag = (takenAt: number) => takenAt.toString(36).padStart(9, '0');
const sideKey = (takenAt: number, seq: number) => `${SCRATCH}${tag(takenAt)}/s-${String(seq).padStart(6, '0')}`;
const markersKey = (takenAt: number) => `${SCRATCH}${tag(takenAt)}/markers`;

async function writeScratch(key: string, value: unknown): Promise<void> {
  await store().set(key, await gzip(JSON.stringify(value)));
}

async function readScratch<T>(key: string): Promise<T> {
  const data = await store().get(key, { type: 'arrayBuffer' });
  if (!data) throw new Error(`The pass's scratch blob ${key} is missing`);
  return JSON.parse(await gunzipText(data)) as T;
}

/** Side data of the pass being checked, read once per process (steps of one run share it). */
let sideCache: { tag: string; sides: SweepSide[] } | null = null;

async function sweepSides(pass: PassProgress): Promise<SweepSide[]> {
  const t = tag(pass.takenAt);
  if (sideCache?.tag === t && sideCache.sides.length === pass.seq) return sideCache.sides;
  const keys = Array.from({ length: pass.seq }, (_, i) => sideKey(pass.takenAt, i));
  const sides = await mapLimit(keys, 8, (k) => readScratch<SweepSide>(k));
  sideCache = { tag: t, sides };
  return sides;
}

const noRepairs = (): Repairs => ({ indexed: 0, removed: 0, migrated: 0, unreadable: 0 });

/** Units of progress: ranges swept, partitions checked, the commit. */
function progressOf(pass: PassProgress) {
  const swept = pass.rangesTotal - pass.ranges.length;
  return { done: swept + pass.partition, total: pass.rangesTotal + PARTITIONS.length + 1 };
}

async function startPass(now: number): Promise<PassProgress> {
  // Scratch of a pass that never finished (its state was reset) is of no use to anyone.
  const stale = await listKeys(SCRATCH);
  await mapLimit(stale, 16, (k) =>
    store()
      .delete(k)
      .catch(() => undefined),
  );
  const [markers, buckets] = await Promise.all([listKeys(MARKER_PREFIX), listBuckets()]);
  await writeScratch(markersKey(now), markers);
  const ranges = [...new Set(buckets.map((b) => b.slice(0, 7)))].sort();
  return {
    takenAt: now,
    phase: 'sweep',
    ranges,
    rangesTotal: ranges.length,
    newest: buckets[0] ?? null,
    seq: 0,
    chunks: [],
    partition: 0,
    after: null,
    keys: 0,
    records: 0,
    repairs: noRepairs(),
    runners: [],
    steps: 0,
    ms: 0,
  };
}

/** Sweeps ranges until `sliceRows` keys or the deadline: one digest chunk and one side blob. */
async function sweep(pass: PassProgress, sliceRows: number, ctx: StepContext): Promise<PassProgress> {
  const ranges = [...pass.ranges];
  const entries: IndexEntry[] = [];
  while (ranges.length && (entries.length === 0 || (entries.length < sliceRows && ctx.now() < ctx.deadline))) {
    entries.push(...entriesOf(await listKeys(`${TIME_PREFIX}${ranges.shift()!}`)));
  }
  const groups = groupByBucket(entries);
  const tallies: Record<string, Tally> = {};
  for (const [b, list] of groups) tallies[b] = await tallyEntries(list, indexedRecordFacts);
  const chunks = await writeChunks(pass.takenAt, pass.seq * 1000, groups, Infinity);
  const side: SweepSide = { tallies, ids: entries.map((e) => [e.id, e.bucket]) };
  await writeScratch(sideKey(pass.takenAt, pass.seq), side);
  return {
    ...pass,
    ranges,
    phase: ranges.length ? 'sweep' : 'check',
    seq: pass.seq + 1,
    chunks: [...pass.chunks, ...chunks],
    keys: pass.keys + entries.length,
  };
}

/**
 * Checks one sixteenth of the records against the swept ids (see the header), fixing suspects in id
 * order until the deadline; `after` keeps the place inside the partition.
 */
async function check(pass: PassProgress, ctx: StepContext): Promise<PassProgress> {
  const digit = PARTITIONS[pass.partition];
  const index = new Map<string, { buckets: Set<string>; count: number }>();
  const note = (id: string, bucket: string) => {
    if (id[0] !== digit) return;
    const seen = index.get(id) ?? { buckets: new Set<string>(), count: 0 };
    seen.buckets.add(bucket);
    seen.count += 1;
    index.set(id, seen);
  };
  for (const side of await sweepSides(pass)) for (const [id, b] of side.ids) note(id, b);
  // Hours that began after the sweep was planned (new signups): listed now, so their records are no suspects.
  const newer = (await listBuckets()).filter((b) => pass.newest === null || b < pass.newest);
  for (const b of newer) for (const e of entriesOf(await listKeys(`${TIME_PREFIX}${b}/`))) note(e.id, e.bucket);
  const records = await subscriberStore.keys(digit);
  const recordSet = new Set(records);
  const suspects = new Set<string>();
  for (const [id, seen] of index) if (seen.count !== 1 || !recordSet.has(id)) suspects.add(id);
  for (const id of records) if (!index.has(id)) suspects.add(id);
  // A deleted subscriber's key that a late write put back (delete-notes.ts `noteDeleted`).
  for (const k of await listKeys(DELETED_PREFIX)) {
    const note = parseDeleteNote(k);
    const id = note && idOfPosition(note.position);
    if (id?.[0] === digit && index.has(id)) suspects.add(id);
  }
  const todo = [...suspects].sort().filter((id) => pass.after === null || id > pass.after);
  const repairs = { ...pass.repairs };
  const cache: ListCache = new Map();
  let after = pass.after;
  for (const id of todo) {
    if (ctx.now() >= ctx.deadline && after !== pass.after) break;
    await fix(id, [...(index.get(id)?.buckets ?? [])], repairs, cache, ctx.now());
    after = id;
  }
  const finished = todo.length === 0 || after === todo[todo.length - 1];
  const partition = finished ? pass.partition + 1 : pass.partition;
  return {
    ...pass,
    partition,
    after: finished ? null : after,
    phase: partition >= PARTITIONS.length ? 'commit' : 'check',
    records: pass.records + (finished ? records.length : 0),
    repairs,
  };
}

/** Brings the keys of record `id` in line with the record, read now (see the header). */
async function fix(id: string, knownBuckets: string[], repairs: Repairs, cache: ListCache, now: number) {
  const r = await subscriberStore.read(id);
  if (r.status === 'unreadable') {
    repairs.unreadable += 1;
    return;
  }
  const wanted = r.status === 'ok' ? subscriberIndexKeys(r.value) : [];
  const buckets = new Set([...knownBuckets, ...wanted.map((k) => k.split('/')[1])]);
  const keyId = keyIdOf(id);
  const present: string[] = [];
  for (const b of buckets) {
    for (const k of await listKeys(`${TIME_PREFIX}${b}/`, cache)) if (k.slice(21, 64) === keyId) present.push(k);
  }
  const stray = present.filter((k) => !wanted.includes(k));
  const missing = wanted.filter((k) => !present.includes(k));
  if (!stray.length && !missing.length) return;
  // A key rewritten in the new layout shows the same to every screen: no change marker for it
  // (a first pass over an index in the old layout would otherwise mark every hour changed).
  const shown = (keys: string[]) => keys.map(visibleFacts).sort().join('\n');
  await changeIndexKeys(missing, stray, now, shown(stray) !== shown(missing));
  const migrated = stray.filter((k) => k.split('.').length === 4).length;
  repairs.migrated += migrated;
  repairs.removed += stray.length - migrated;
  if (missing.length && !migrated) repairs.indexed += 1;
}

/** What the statistics and the search read from a key (the same for a key in either layout). */
function visibleFacts(key: string): string {
  const e = parseIndexKey(key);
  return e ? JSON.stringify([e.status, e.interests, e.list, e.name, e.email, e.source.trim(), e.cut]) : key;
}

/** Writes the pass's snapshot and clears its scratch. */
async function commit(pass: PassProgress): Promise<void> {
  const sides = await sweepSides(pass);
  const buckets: Record<string, Tally> = {};
  for (const side of sides) Object.assign(buckets, side.tallies);
  const markers = await readScratch<string[]>(markersKey(pass.takenAt));
  await commitSnapshot({ takenAt: pass.takenAt, markers, buckets, chunks: pass.chunks });
  // Delete notes this pass checked, once no write that was in flight at the delete can still land.
  const notes = (await listKeys(DELETED_PREFIX)).filter(
    (k) => (parseDeleteNote(k)?.at ?? 0) < pass.takenAt - NOTE_KEEP_MS,
  );
  const scratch = await listKeys(`${SCRATCH}${tag(pass.takenAt)}/`);
  await mapLimit([...scratch, ...notes], 16, (k) =>
    store()
      .delete(k)
      .catch(() => undefined),
  );
  sideCache = null;
}

/** One step of the pass job (see the header). */
async function step(
  job: { state: IndexPassState; input: IndexPassInput; attempts: number },
  ctx: StepContext,
): Promise<StepResult<IndexPassState>> {
  const started = ctx.now();
  const { last } = job.state;
  // A step that keeps failing (say, a scratch blob gone) must not stop upkeep for good: start over.
  const current = job.attempts >= 3 ? null : job.state.pass;
  let pass = current ?? (await startPass(started));
  const sliceRows = job.input.sliceRows ?? CHUNK_ROWS;
  if (pass.phase === 'sweep') pass = await sweep(pass, sliceRows, ctx);
  else if (pass.phase === 'check') pass = await check(pass, ctx);
  else {
    await commit(pass);
    const runners = new Set([...pass.runners, ctx.runnerId]);
    const summary: PassSummary = {
      startedAt: pass.takenAt,
      finishedAt: ctx.now(),
      runs: runners.size,
      steps: pass.steps + 1,
      ms: pass.ms + (ctx.now() - started),
      keys: pass.keys,
      records: pass.records,
      chunks: pass.chunks.length,
      repairs: pass.repairs,
    };
    return { state: { pass: null, last: summary }, progress: { done: 0, total: null }, rest: true };
  }
  const runners = pass.runners.includes(ctx.runnerId) ? pass.runners : [...pass.runners, ctx.runnerId];
  pass = { ...pass, runners, steps: pass.steps + 1, ms: pass.ms + (ctx.now() - started) };
  return { state: { pass, last }, progress: progressOf(pass) };
}

/** The pass as a job type: run only by the scheduled maintenance function, never in the background. */
export const indexPassJob: JobType<IndexPassState, IndexPassInput> = { step, runs: 'scheduled', maxAttempts: 1_000 };

/** The state a new pass job starts from. */
export const NEW_INDEX_PASS: IndexPassState = { pass: null, last: null };
