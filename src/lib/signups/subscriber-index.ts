/**
 * The subscriber index in Netlify Blobs (store `subscriber-index`): keeping it in step with the
 * records, paging it newest first, scanning it for a search, and exact statistics from a snapshot
 * plus the hours that changed since. Key layout: index-keys.ts; design: docs/storage.md. Server only.
 *
 * Statistics without a counter in one blob:
 * - a snapshot `s/<inverted time>` (immutable, written by the maintenance function or by the first
 *   statistics call) holds per-hour tallies and the change markers it had seen;
 * - a write that changes index keys in an hour older than a few minutes also writes a marker
 *   `d/<hour>/...` (after the index change);
 * - statistics = snapshot tallies of the quiet hours + a fresh count of the recent hours, of every
 *   hour with a marker the snapshot had not seen, and of every hour the snapshot does not know.
 * A brand-new signup lands in a recent hour, so it needs no marker: 1 extra write per signup.
 */
import { getStore } from '@netlify/blobs';
import { mapLimit } from '../server/storage';
import {
  addToTally,
  bucketOf,
  emptyTally,
  markerBucket,
  markerKey,
  mergeTallies,
  MARKER_PREFIX,
  parseIndexKey,
  SNAPSHOT_PREFIX,
  subscriberIndexKeys,
  TIME_PREFIX,
  widening,
  type IndexEntry,
  type IndexedFields,
  type Tally,
} from './index-keys';

export const INDEX_STORE = 'subscriber-index';
/**
 * Hours that start within this margin before a snapshot are always counted live; a write to a
 * record created within WRITE_MARGIN_MS needs no marker. The gap covers a request's run time.
 */
export const LIVE_MARGIN_MS = 10 * 60_000;
const WRITE_MARGIN_MS = 5 * 60_000;

const store = () => getStore({ name: INDEX_STORE, consistency: 'strong' });

/**
 * Lists already made while answering one request, by prefix: the page and the statistics of the
 * staff table both list the newest hour, and one list serves both. Never kept across requests.
 */
export type ListCache = Map<string, Promise<string[]>>;

/** Every key under `prefix`, page by page (one list call per 1,000 keys on Netlify; one locally). */
function listKeys(prefix: string, cache?: ListCache): Promise<string[]> {
  const cached = cache?.get(prefix);
  if (cached) return cached;
  const listed = (async () => {
    const out: string[] = [];
    for await (const page of store().list({ prefix, paginate: true })) for (const b of page.blobs) out.push(b.key);
    return out;
  })();
  cache?.set(prefix, listed);
  return listed;
}

/** Hour buckets that hold index keys, newest first. */
export async function listBuckets(): Promise<string[]> {
  const out: string[] = [];
  for await (const page of store().list({ prefix: TIME_PREFIX, directories: true, paginate: true })) {
    for (const d of page.directories) {
      const m = /^t\/(\d{8})$/.exec(d.replace(/\/$/, ''));
      if (m) out.push(m[1]);
    }
  }
  return out.sort();
}

/**
 * Brings the index in line with a record change: `before` is the record as read (null for a new
 * one), `after` as written (null for a delete). Writes only the keys that differ; writes a change
 * marker when an hour older than WRITE_MARGIN_MS changed. Call after the record write.
 */
export async function syncIndex(
  before: IndexedFields | null,
  after: IndexedFields | null,
  now = Date.now(),
): Promise<void> {
  const oldKeys = before ? subscriberIndexKeys(before) : [];
  const newKeys = after ? subscriberIndexKeys(after) : [];
  const added = newKeys.filter((k) => !oldKeys.includes(k));
  const removed = oldKeys.filter((k) => !newKeys.includes(k));
  if (!added.length && !removed.length) return;
  const s = store();
  await Promise.all([...added.map((k) => s.set(k, '')), ...removed.map((k) => s.delete(k))]);
  const touched = [before, after].filter((r): r is IndexedFields => r !== null);
  const old = touched.filter((r) => !(now - Date.parse(r.createdAt) < WRITE_MARGIN_MS));
  const buckets = new Set(old.map((r) => bucketOf(Date.parse(r.createdAt) || 0)));
  await Promise.all([...buckets].map((b) => s.set(markerKey(b, now, crypto.randomUUID()), '')));
}

/** Deletes index keys directly (repairs) and marks their hours changed. */
export async function removeIndexKeys(keys: readonly string[], now = Date.now()): Promise<void> {
  if (!keys.length) return;
  const s = store();
  await Promise.all(keys.map((k) => s.delete(k)));
  const buckets = new Set(keys.map((k) => k.split('/')[1]));
  await Promise.all([...buckets].map((b) => s.set(markerKey(b, now, crypto.randomUUID()), '')));
}

/** A page of index entries, newest first, strictly after `after` (an index key) when given. */
export interface IndexPage {
  entries: IndexEntry[];
  /** True when more entries follow the last one. */
  more: boolean;
}

/**
 * Finds the next `limit` entries matching `match` (all when absent) by listing a widening range
 * of hours from the position on (see `widening`), stopping once the range passes the oldest hour.
 */
export async function pageIndex(options: {
  after?: string | null;
  limit: number;
  match?: (e: IndexEntry) => boolean;
  /** The hour buckets, when the caller has listed them already. */
  buckets?: string[];
  /** Lists this request made already (see ListCache). */
  cache?: ListCache;
}): Promise<IndexPage> {
  const { after = null, limit, match, cache } = options;
  const buckets = options.buckets ?? (await listBuckets());
  const startFrom = after ? (after.split('/')[1] ?? '') : '';
  const first = buckets.find((b) => b >= startFrom);
  if (!first) return { entries: [], more: false };
  const oldest = buckets[buckets.length - 1];
  for (const prefix of widening(first)) {
    const keys = await listKeys(prefix, cache);
    const rows = entriesOf(keys.filter((k) => after === null || k > after)).filter((e) => !match || match(e));
    const coversAll = lastInRange(prefix) >= oldest;
    if (rows.length > limit || coversAll) return { entries: rows.slice(0, limit), more: rows.length > limit };
  }
  return { entries: [], more: false };
}

/** The highest bucket number a widening prefix covers. */
function lastInRange(prefix: string): string {
  const digits = prefix.slice(TIME_PREFIX.length).replace(/\/$/, '');
  return digits.padEnd(8, '9');
}

/** Every entry (newest first) matching `match`: the whole index is listed (search by substring). */
export async function scanIndex(match?: (e: IndexEntry) => boolean): Promise<IndexEntry[]> {
  const entries = entriesOf(await listKeys(TIME_PREFIX));
  return match ? entries.filter(match) : entries;
}

/** Entries of one hour bucket, or of a range of buckets given as a shorter digit prefix, newest first. */
export async function bucketEntries(bucket: string, cache?: ListCache): Promise<IndexEntry[]> {
  return entriesOf(await listKeys(`${TIME_PREFIX}${bucket}${bucket.length === 8 ? '/' : ''}`, cache));
}

/** Index keys as entries, newest first (keys that do not parse left out). */
function entriesOf(keys: readonly string[]): IndexEntry[] {
  return [...keys]
    .sort()
    .map(parseIndexKey)
    .filter((e): e is IndexEntry => e !== null);
}

/** A statistics snapshot (one immutable blob). */
export interface Snapshot {
  /** Epoch ms the snapshot started (before anything was listed). */
  takenAt: number;
  /** Change markers that existed when it started. */
  markers: string[];
  /** Tally per hour bucket. */
  buckets: Record<string, Tally>;
}

/** Source of an entry whose key text was cut: read from the record, through `readSource`. */
export type SourceReader = (id: string) => Promise<string | null>;

async function tallyEntries(entries: IndexEntry[], readSource?: SourceReader): Promise<Tally> {
  const t = emptyTally();
  const cutSources = new Map<string, string>();
  const cut = entries.filter((e) => e.cut);
  if (cut.length && readSource) {
    await mapLimit(cut, 16, async (e) => {
      const source = await readSource(e.id);
      if (source !== null) cutSources.set(e.id, source);
    });
  }
  for (const e of entries) addToTally(t, { ...e, source: cutSources.get(e.id) ?? e.source });
  return t;
}

function snapshotKey(takenAt: number): string {
  return `${SNAPSHOT_PREFIX}${(36 ** 9 - 1 - takenAt).toString(36).padStart(9, '0')}`;
}

/**
 * Counts the whole index into a new snapshot and removes what no reader needs any more: snapshots
 * older than the previous one and the markers the previous snapshot had already seen.
 */
export async function takeSnapshot(readSource?: SourceReader, now = Date.now()): Promise<Snapshot> {
  const s = store();
  const previous = await latestSnapshot();
  const markers = await listKeys(MARKER_PREFIX);
  const byBucket = new Map<string, IndexEntry[]>();
  for (const e of await scanIndex()) {
    const list = byBucket.get(e.bucket);
    if (list) list.push(e);
    else byBucket.set(e.bucket, [e]);
  }
  const buckets: Record<string, Tally> = {};
  for (const [b, entries] of byBucket) buckets[b] = await tallyEntries(entries, readSource);
  const snapshot: Snapshot = { takenAt: now, markers, buckets };
  await s.setJSON(snapshotKey(now), snapshot);
  const keep = new Set([snapshotKey(now), previous?.key].filter(Boolean));
  const olderSnapshots = (await listKeys(SNAPSHOT_PREFIX)).filter((k) => !keep.has(k) && k > snapshotKey(now));
  const seenBefore = previous ? previous.snapshot.markers : [];
  await mapLimit([...olderSnapshots, ...seenBefore], 16, (k) => s.delete(k).catch(() => undefined));
  return snapshot;
}

/** The newest readable snapshot, or null. */
export async function latestSnapshot(): Promise<{ key: string; snapshot: Snapshot } | null> {
  const keys = (await listKeys(SNAPSHOT_PREFIX)).sort();
  for (const key of keys.slice(0, 3)) {
    try {
      const value = (await store().get(key, { type: 'json' })) as Snapshot | null;
      if (value && typeof value.takenAt === 'number' && Array.isArray(value.markers) && value.buckets)
        return { key, snapshot: value };
      console.error(`[index] snapshot ${key} is unreadable: skipped`);
    } catch {
      console.error(`[index] snapshot ${key} is not valid JSON: skipped`);
    }
  }
  return null;
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
 * recent, changed since (marker) or unknown to the snapshot. Without a snapshot, one is taken.
 */
export async function indexStats(
  readSource?: SourceReader,
  now = Date.now(),
  knownBuckets?: string[],
  cache?: ListCache,
): Promise<IndexStats> {
  const latest = await latestSnapshot();
  if (!latest) {
    const snapshot = await takeSnapshot(readSource, now);
    return {
      tally: mergeTallies(...Object.values(snapshot.buckets)),
      snapshotAt: null,
      liveBuckets: Object.keys(snapshot.buckets).length,
    };
  }
  const { snapshot } = latest;
  const [markers, buckets] = await Promise.all([listKeys(MARKER_PREFIX), knownBuckets ?? listBuckets()]);
  const seen = new Set(snapshot.markers);
  const dirty = new Set(
    markers
      .filter((m) => !seen.has(m))
      .map(markerBucket)
      .filter((b): b is string => b !== null),
  );
  const liveFrom = bucketOf(snapshot.takenAt - LIVE_MARGIN_MS);
  const live = buckets.filter((b) => b <= liveFrom || dirty.has(b) || !(b in snapshot.buckets));
  const liveSet = new Set(live);
  const kept = Object.entries(snapshot.buckets)
    .filter(([b]) => !liveSet.has(b) && !dirty.has(b) && b > liveFrom)
    .map(([, t]) => t);
  const fresh = await mapLimit(live, 8, async (b) => tallyEntries(await liveEntries(b, buckets[0], cache), readSource));
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
