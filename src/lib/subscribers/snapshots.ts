/**
 * Exact statistics of the subscriber index without a counter or a list in one blob (docs/storage.md):
 * - a snapshot `s/<inverted time>` (immutable, written by the maintenance pass, or by the first
 *   statistics call) holds per-hour tallies, the change markers it had seen, and the chunks of the
 *   search digest (`c/...`, digest-chunks.ts: every subscriber's searchable text by hour);
 * - a write that changes index keys in an hour older than a few minutes also writes a marker
 *   `d/<hour>/...` (after the index change, change-markers.ts);
 * - statistics (and search) = the snapshot's tallies (digest rows) for the quiet hours + a fresh
 *   count (list) of the recent hours, of every hour with a marker the snapshot had not seen, and of
 *   every hour the snapshot does not know.
 * Server only.
 */
import { mapLimit } from '../server/storage';
import { MARKER_PREFIX, markerBucket } from './change-markers';
import { CHUNK_PREFIX, chunkTime, writeChunks, type ChunkRef } from './digest-chunks';
import { bucketOf, invertTime, TIME_PREFIX, type IndexEntry } from './index-keys';
import { widening } from './index-ranges';
import {
  bucketEntries,
  entriesOf,
  listBuckets,
  listKeys,
  scanIndex,
  indexStore,
  type ListCache,
} from './subscriber-index';
import {
  addToTally,
  confirmationUnknown,
  emptyTally,
  mergeTallies,
  tallyHasDays,
  type Tally,
  type TallyEntry,
} from './tally';

/** Prefix of the statistics snapshots. */
export const SNAPSHOT_PREFIX = 's/';
/**
 * Hours that start within this margin before a snapshot are always counted live (a write to a record
 * created within a shorter margin writes no change marker, subscriber-index.ts; the gap covers a
 * request's run time).
 */
export const LIVE_MARGIN_MS = 10 * 60_000;

/** A statistics snapshot (one immutable blob). */
export interface Snapshot {
  /** Epoch ms the snapshot started (before anything was listed). */
  takenAt: number;
  /** Change markers that existed when it started. */
  markers: string[];
  /** Tally per hour bucket (without the counts by day in a snapshot written before they existed: `tallyHasDays`). */
  buckets: Record<string, Tally>;
  /** The search digest: chunks covering the hours of `buckets` (absent in snapshots from before the digest). */
  chunks?: ChunkRef[];
}

/**
 * What the statistics take from a record when its key cannot give it: the source (the key's text was
 * cut) and the latest confirmation (the key has no exact time for it: `confirmationUnknown`).
 */
export type RecordFacts = Pick<TallyEntry, 'source' | 'confirmedAt'>;

/** Reads a record's RecordFacts; null when the record is missing or unreadable (the key's values count). */
export type RecordReader = (id: string) => Promise<RecordFacts | null>;

/** The tally of some entries (records read through `readRecord` for keys that cannot say all). */
export async function tallyEntries(entries: IndexEntry[], readRecord: RecordReader): Promise<Tally> {
  const t = emptyTally();
  const read = new Map<string, RecordFacts>();
  const incomplete = entries.filter((e) => e.cut || confirmationUnknown(e));
  await mapLimit(incomplete, 16, async (e) => {
    const facts = await readRecord(e.id);
    if (facts) read.set(e.id, facts);
  });
  for (const e of entries) {
    const facts = read.get(e.id);
    addToTally(t, facts ? { ...e, source: e.cut ? facts.source : e.source, confirmedAt: facts.confirmedAt } : e);
  }
  return t;
}

function snapshotKey(takenAt: number): string {
  return `${SNAPSHOT_PREFIX}${invertTime(takenAt)}`;
}

/**
 * Counts the whole index at once into a new snapshot with its search digest. Used when there is no
 * snapshot at all (the first statistics call), by the seeding script and by tests; the maintenance
 * pass builds the same thing a slice at a time (index-pass.ts).
 */
export async function takeSnapshot(readRecord: RecordReader, now = Date.now()): Promise<Snapshot> {
  const markers = await listKeys(MARKER_PREFIX);
  const groups = groupByBucket(await scanIndex());
  const buckets: Record<string, Tally> = {};
  for (const [b, entries] of groups) buckets[b] = await tallyEntries(entries, readRecord);
  const chunks = await writeChunks(now, 0, groups);
  return commitSnapshot({ takenAt: now, markers, buckets, chunks });
}

/** Entries grouped by hour, newest hour first (entries in key order). */
export function groupByBucket(entries: readonly IndexEntry[]): [string, IndexEntry[]][] {
  const byBucket = new Map<string, IndexEntry[]>();
  for (const e of entries) {
    const list = byBucket.get(e.bucket);
    if (list) list.push(e);
    else byBucket.set(e.bucket, [e]);
  }
  return [...byBucket.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Writes a snapshot, then removes what no reader needs any more: snapshots older than the previous
 * one, the markers the previous snapshot had already seen, and digest chunks older than the previous
 * snapshot that neither references (a pass still running writes newer ones).
 */
export async function commitSnapshot(snapshot: Snapshot): Promise<Snapshot> {
  const s = indexStore();
  const previous = await latestSnapshot();
  const key = snapshotKey(snapshot.takenAt);
  await s.setJSON(key, snapshot);
  const keep = new Set([key, previous?.key].filter(Boolean));
  const olderSnapshots = (await listKeys(SNAPSHOT_PREFIX)).filter((k) => !keep.has(k) && k > key);
  const seenBefore = previous ? previous.snapshot.markers : [];
  const referenced = new Set([...(snapshot.chunks ?? []), ...(previous?.snapshot.chunks ?? [])].map((c) => c.key));
  const oldChunks = previous
    ? (await listKeys(CHUNK_PREFIX)).filter((k) => !referenced.has(k) && chunkTime(k) < previous.snapshot.takenAt)
    : [];
  await mapLimit([...olderSnapshots, ...seenBefore, ...oldChunks], 16, (k) => s.delete(k).catch(() => undefined));
  return snapshot;
}

/** The newest readable snapshot, or null. */
export async function latestSnapshot(): Promise<{ key: string; snapshot: Snapshot } | null> {
  const keys = (await listKeys(SNAPSHOT_PREFIX)).sort();
  for (const key of keys.slice(0, 3)) {
    try {
      const value = (await indexStore().get(key, { type: 'json' })) as Snapshot | null;
      if (value && typeof value.takenAt === 'number' && Array.isArray(value.markers) && value.buckets)
        return { key, snapshot: value };
      console.error(`[index] snapshot ${key} is unreadable: skipped`);
    } catch {
      console.error(`[index] snapshot ${key} is not valid JSON: skipped`);
    }
  }
  return null;
}

/**
 * The hours a reader of `snapshot` must list afresh: recent ones (within LIVE_MARGIN_MS of it), those
 * with a marker it had not seen, and those it does not know. Every other hour is as it recorded it.
 */
export function liveBuckets(snapshot: Snapshot, markers: readonly string[], buckets: readonly string[]): string[] {
  const seen = new Set(snapshot.markers);
  const dirty = new Set(
    markers
      .filter((m) => !seen.has(m))
      .map(markerBucket)
      .filter((b): b is string => b !== null),
  );
  const liveFrom = bucketOf(snapshot.takenAt - LIVE_MARGIN_MS);
  return buckets.filter((b) => b <= liveFrom || dirty.has(b) || !(b in snapshot.buckets));
}

/** Exact statistics and how they were obtained. */
export interface IndexStats {
  tally: Tally;
  /** Snapshot time used (null: counted from scratch and a snapshot was written). */
  snapshotAt: number | null;
  /** Hour buckets counted live in this call. */
  liveBuckets: number;
}

/**
 * Exact statistics: the newest snapshot for the quiet hours, a fresh count of every hour that is
 * recent, changed since (marker) or unknown to the snapshot. Without a snapshot, or when the newest
 * one lacks the counts by day (written before they existed), everything is counted and a snapshot
 * taken.
 */
export async function indexStats(
  readRecord: RecordReader,
  now = Date.now(),
  knownBuckets?: string[],
  cache?: ListCache,
): Promise<IndexStats> {
  const latest = await latestSnapshot();
  if (!latest || !Object.values(latest.snapshot.buckets).every(tallyHasDays)) {
    const snapshot = await takeSnapshot(readRecord, now);
    return {
      tally: mergeTallies(...Object.values(snapshot.buckets)),
      snapshotAt: null,
      liveBuckets: Object.keys(snapshot.buckets).length,
    };
  }
  const { snapshot } = latest;
  const [markers, buckets] = await Promise.all([listKeys(MARKER_PREFIX), knownBuckets ?? listBuckets()]);
  const live = liveBuckets(snapshot, markers, buckets);
  const liveSet = new Set(live);
  const existing = new Set(buckets);
  const kept = Object.entries(snapshot.buckets)
    .filter(([b]) => !liveSet.has(b) && existing.has(b))
    .map(([, t]) => t);
  const fresh = await mapLimit(live, 8, async (b) => tallyEntries(await liveEntries(b, buckets[0], cache), readRecord));
  return { tally: mergeTallies(...kept, ...fresh), snapshotAt: snapshot.takenAt, liveBuckets: live.length };
}

/**
 * The entries of a live hour for the statistics. With a ListCache (the staff table's first page,
 * which lists the newest hour and then the ten-hour range around it), an hour other than the newest
 * is taken from the list of its ten-hour range, so the page and the count share that list too: the
 * hour before the newest is live whenever the snapshot is less than LIVE_MARGIN_MS into its hour.
 */
async function liveEntries(bucket: string, newest: string | undefined, cache?: ListCache): Promise<IndexEntry[]> {
  if (!cache || bucket === newest) return bucketEntries(bucket, cache);
  const hour = `${TIME_PREFIX}${bucket}/`;
  // The page's second list (`widening`): the ten-hour range. Only this hour's keys are parsed.
  const range = await listKeys(widening(bucket)[1], cache);
  return entriesOf(range.filter((k) => k.startsWith(hour)));
}
