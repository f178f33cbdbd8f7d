/**
 * The subscriber index in Netlify Blobs (store `subscriber-index`): keeping it in step with the
 * records, paging it newest first, searching it, and exact statistics from a snapshot plus the hours
 * that changed since. Key layout: index-keys.ts; design: docs/storage.md. Server only.
 *
 * Statistics and search without a counter or a list in one blob:
 * - a snapshot `s/<inverted time>` (immutable, written by the maintenance pass, or by the first
 *   statistics call) holds per-hour tallies, the change markers it had seen, and the chunks of the
 *   search digest (`c/...`, gzip JSON, immutable: every subscriber's searchable text by hour);
 * - a write that changes index keys in an hour older than a few minutes also writes a marker
 *   `d/<hour>/...` (after the index change);
 * - statistics (and search) = the snapshot's tallies (digest rows) for the quiet hours + a fresh
 *   count (list) of the recent hours, of every hour with a marker the snapshot had not seen, and of
 *   every hour the snapshot does not know.
 * A brand-new signup lands in a recent hour, so it needs no marker: 1 extra write per signup.
 */
import { getStore } from '@netlify/blobs';
import { mapLimit } from '../server/storage';
import { gunzipText, gzip } from '../server/gzip';
import {
  addToTally,
  bucketOf,
  confirmationUnknown,
  digestEntryOf,
  digestPosition,
  digestRowOf,
  emptyTally,
  invertTime,
  markerBucket,
  markerKey,
  mergeTallies,
  MARKER_PREFIX,
  parseIndexKey,
  positionOf,
  SNAPSHOT_PREFIX,
  subscriberIndexKeys,
  tallyHasDays,
  TIME_PREFIX,
  widening,
  type DigestEntry,
  type DigestRow,
  type IndexEntry,
  type IndexedFields,
  type Tally,
  type TallyEntry,
} from './index-keys';

export const INDEX_STORE = 'subscriber-index';
/**
 * Hours that start within this margin before a snapshot are always counted live; a write to a
 * record created within WRITE_MARGIN_MS needs no marker. The gap covers a request's run time.
 */
export const LIVE_MARGIN_MS = 10 * 60_000;
const WRITE_MARGIN_MS = 5 * 60_000;
/** Prefix of the search digest's chunks. */
export const CHUNK_PREFIX = 'c/';
/** Prefix of the delete notes (`deletedPositions`). */
export const DELETED_PREFIX = 'z/';
/** Rows per digest chunk (about 100 KB of gzip): a search at 100,000 reads about 20. */
export const CHUNK_ROWS = 5_000;

const store = () => getStore({ name: INDEX_STORE, consistency: 'strong' });

/**
 * Lists already made while answering one request, by prefix: the page and the statistics of the
 * staff table both list the newest hour, and one list serves both. Never kept across requests.
 */
export type ListCache = Map<string, Promise<string[]>>;

/** Every key under `prefix`, page by page (one list call per 1,000 keys on Netlify; one locally). */
export function listKeys(prefix: string, cache?: ListCache): Promise<string[]> {
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
): Promise<IndexChange> {
  const oldKeys = before ? subscriberIndexKeys(before) : [];
  const newKeys = after ? subscriberIndexKeys(after) : [];
  const added = newKeys.filter((k) => !oldKeys.includes(k));
  const removed = oldKeys.filter((k) => !newKeys.includes(k));
  if (added.length || removed.length) await changeIndexKeys(added, removed, now);
  return { added, removed };
}

/** Index keys a write added and removed. */
export interface IndexChange {
  added: string[];
  removed: string[];
}

/**
 * Writes `added` and deletes `removed`, then marks their hours changed when they are older than
 * WRITE_MARGIN_MS (a new signup's hour is live for every reader anyway). `mark` false: the change
 * shows the same to every reader (a key rewritten in the new layout), so no marker.
 */
export async function changeIndexKeys(
  added: readonly string[],
  removed: readonly string[],
  now = Date.now(),
  mark = true,
) {
  const s = store();
  await Promise.all([...added.map((k) => s.set(k, '')), ...removed.map((k) => s.delete(k))]);
  if (!mark) return;
  const old = [...added, ...removed]
    .map(parseIndexKey)
    .filter((e): e is IndexEntry => e !== null && !(now - e.createdAtMs < WRITE_MARGIN_MS));
  const buckets = new Set(old.map((e) => e.bucket));
  await Promise.all([...buckets].map((b) => s.set(markerKey(b, now, crypto.randomUUID()), '')));
}

/**
 * Notes that the subscribers at these key positions were deleted (a staff delete, an erasure): one
 * small blob each, `z/<time>-<bucket>-<time>.<id>`. A write that was in flight when the delete
 * happened can put a deleted subscriber's key back after it; readers that take rows from keys alone
 * (the export, search) check the record of a noted position instead, and the maintenance pass removes
 * such a key and, once the note is older than an hour and checked, the note.
 */
export async function noteDeleted(keys: readonly string[], now = Date.now()): Promise<void> {
  const s = store();
  await Promise.all(
    keys.map((k) => {
      const [, bucket, rest] = positionOf(k).split('/');
      return s.set(`${DELETED_PREFIX}${now.toString(36).padStart(9, '0')}-${bucket}-${rest}`, '');
    }),
  );
}

/** A delete note: the key position it is about and when it was written; null for anything else. */
export function parseDeleteNote(key: string): { position: string; at: number } | null {
  const m = /^z\/([0-9a-z]{9})-(\d{8})-([0-9a-z]{9}\.[A-Za-z0-9_-]{43})$/.exec(key);
  return m ? { position: `${TIME_PREFIX}${m[2]}/${m[3]}`, at: parseInt(m[1], 36) } : null;
}

/** Key positions of deleted subscribers (see `noteDeleted`): few, as the maintenance pass prunes them. */
export async function deletedPositions(): Promise<Set<string>> {
  const notes = (await listKeys(DELETED_PREFIX)).map(parseDeleteNote);
  return new Set(notes.filter((n) => n !== null).map((n) => n.position));
}

/** A page of index entries, newest first, strictly after the position `after` (a key or a cursor) when given. */
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
  const { limit, match, cache } = options;
  const after = options.after ? positionOf(options.after) : null;
  const buckets = options.buckets ?? (await listBuckets());
  const startFrom = after ? (after.split('/')[1] ?? '') : '';
  const first = buckets.find((b) => b >= startFrom);
  if (!first) return { entries: [], more: false };
  const oldest = buckets[buckets.length - 1];
  for (const prefix of widening(first)) {
    const keys = await listKeys(prefix, cache);
    const rows = entriesOf(keys.filter((k) => after === null || positionOf(k) > after)).filter(
      (e) => !match || match(e),
    );
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
export function entriesOf(keys: readonly string[]): IndexEntry[] {
  return [...keys]
    .sort()
    .map(parseIndexKey)
    .filter((e): e is IndexEntry => e !== null);
}

/** A chunk of the search digest: its blob and the hours whose rows it holds. */
export interface ChunkRef {
  key: string;
  buckets: string[];
}

/** What a chunk blob holds (gzip JSON): digest rows by hour, newest first. */
interface ChunkBody {
  buckets: Record<string, DigestRow[]>;
}

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

/** Chunk keys carry the time of the snapshot they were written for: `c/<time, base 36>-<n>`. */
function chunkKey(takenAt: number, seq: number): string {
  return `${CHUNK_PREFIX}${takenAt.toString(36).padStart(9, '0')}-${seq}`;
}

function chunkTime(key: string): number {
  const m = /^c\/([0-9a-z]{9})-/.exec(key);
  return m ? parseInt(m[1], 36) : 0;
}

/**
 * Writes the digest rows of `groups` (hours, newest first, each with its entries) as chunks of about
 * CHUNK_ROWS rows (an hour is never split), numbered from `firstSeq`.
 */
export async function writeChunks(
  takenAt: number,
  firstSeq: number,
  groups: readonly [string, readonly IndexEntry[]][],
  rowsPerChunk = CHUNK_ROWS,
): Promise<ChunkRef[]> {
  const out: { body: ChunkBody; ref: ChunkRef; rows: number }[] = [];
  for (const [bucket, entries] of groups) {
    let current = out[out.length - 1];
    if (!current || current.rows >= rowsPerChunk) {
      current = { body: { buckets: {} }, ref: { key: chunkKey(takenAt, firstSeq + out.length), buckets: [] }, rows: 0 };
      out.push(current);
    }
    current.body.buckets[bucket] = entries.map(digestRowOf);
    current.ref.buckets.push(bucket);
    current.rows += entries.length;
  }
  await mapLimit(out, 4, async (c) => store().set(c.ref.key, await gzip(JSON.stringify(c.body))));
  return out.map((c) => c.ref);
}

/** The rows of one chunk, or null when it is missing or damaged (its hours are then listed). */
async function readChunk(key: string): Promise<ChunkBody | null> {
  try {
    const data = await store().get(key, { type: 'arrayBuffer' });
    if (!data) return null;
    const body = JSON.parse(await gunzipText(data)) as ChunkBody;
    return body && typeof body.buckets === 'object' ? body : null;
  } catch {
    console.error(`[index] digest chunk ${key} is unreadable: its hours are listed instead`);
    return null;
  }
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
  const s = store();
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

/**
 * The hours a reader of `snapshot` must list afresh: recent ones (within LIVE_MARGIN_MS of it), those
 * with a marker it had not seen, and those it does not know. Every other hour is as it recorded it.
 */
function liveBuckets(snapshot: Snapshot, markers: readonly string[], buckets: readonly string[]): string[] {
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

/** A digest entry a scan kept, with its key position. */
export type DigestHit = DigestEntry & { position: string };

/** What a search scanned. */
export interface DigestScan {
  /** Kept entries, newest first. */
  entries: DigestHit[];
  /** Digest chunks read, and hours listed afresh. */
  chunks: number;
  liveBuckets: number;
}

/** The digest entry of an index entry (a live hour's key). */
function digestOf(e: IndexEntry): DigestEntry {
  return {
    bucket: e.bucket,
    tail: positionOf(e.key).slice(TIME_PREFIX.length + 9),
    status: e.status,
    interests: e.interests,
    list: e.list,
    name: e.name,
    email: e.email,
    source: e.source,
    cut: e.cut,
  };
}

/**
 * Every subscriber's searchable text, filtered by `keep`, newest first: the newest snapshot's digest
 * for its quiet hours and a list of every live hour (as for the statistics). A few dozen requests at
 * 100,000 subscribers; only what `keep` accepts stays in memory. Without a digest the whole index is
 * listed.
 */
export async function scanDigest(keep: (e: DigestEntry) => boolean): Promise<DigestScan> {
  const kept: DigestHit[] = [];
  const take = (e: DigestEntry) => {
    if (keep(e)) kept.push(Object.assign(e, { position: digestPosition(e) }));
  };
  const latest = await latestSnapshot();
  const refs = latest?.snapshot.chunks;
  if (!latest || !refs) {
    for (const e of await scanIndex()) take(digestOf(e));
    return { entries: kept, chunks: 0, liveBuckets: -1 };
  }
  const { snapshot } = latest;
  const [markers, buckets] = await Promise.all([listKeys(MARKER_PREFIX), listBuckets()]);
  const live = new Set(liveBuckets(snapshot, markers, buckets));
  const existing = new Set(buckets);
  const unread: string[] = [];
  const chunks = refs.filter((c) => c.buckets.some((b) => !live.has(b) && existing.has(b)));
  await mapLimit(chunks, 8, async (c) => {
    const body = await readChunk(c.key);
    for (const b of c.buckets) {
      if (live.has(b) || !existing.has(b)) continue;
      const rows = body?.buckets[b];
      if (!rows) {
        unread.push(b);
        continue;
      }
      for (const row of rows) {
        const e = digestEntryOf(b, row);
        if (e) take(e);
      }
    }
  });
  const listed = [...live, ...unread];
  await mapLimit(listed, 8, async (b) => {
    for (const e of await bucketEntries(b)) take(digestOf(e));
  });
  kept.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  return { entries: kept, chunks: chunks.length, liveBuckets: listed.length };
}

/** What an ordered scan read (`scanDigestInOrder`). */
export interface OrderedScan {
  /** True when every hour was read (the caller's `enough` never stopped it). */
  complete: boolean;
  /** Digest rows looked at, and about how many there are in all (the snapshot's tallies). */
  rowsSeen: number;
  rowsAbout: number;
  chunks: number;
  liveBuckets: number;
}

/**
 * The digest newest first, a few hours at a time, for a search that wants its first page only
 * (docs/storage.md, "Search"): the same sources as `scanDigest` (the newest snapshot's chunks for
 * its quiet hours, a fresh list of every live hour), read in order of their hours, 8 at a time.
 * After each read, every hour no unread source can still add to is handed to `onHours`, newest
 * first (only entries `keep` accepts, each hour in key order); once `onHours` answers true the
 * scan stops. Hours newer than the position `after` (a page cursor) are not read at all.
 */
export async function scanDigestInOrder(
  keep: (e: DigestEntry) => boolean,
  onHours: (entries: DigestHit[]) => Promise<boolean> | boolean,
  after: string | null = null,
): Promise<OrderedScan> {
  const latest = await latestSnapshot();
  const refs = latest?.snapshot.chunks;
  if (!latest || !refs) {
    let seen = 0;
    const kept: DigestHit[] = [];
    const scan = await scanDigest((e) => {
      seen++;
      return keep(e);
    });
    kept.push(...scan.entries);
    await onHours(kept);
    return { complete: true, rowsSeen: seen, rowsAbout: seen, chunks: scan.chunks, liveBuckets: scan.liveBuckets };
  }
  const { snapshot } = latest;
  const [markers, buckets] = await Promise.all([listKeys(MARKER_PREFIX), listBuckets()]);
  const live = new Set(liveBuckets(snapshot, markers, buckets));
  const existing = new Set(buckets);
  const from = after ? (after.split('/')[1] ?? '') : '';
  const wanted = (b: string) => existing.has(b) && b >= from;
  type Unit = { first: string; chunk?: ChunkRef; bucket?: string };
  const units: Unit[] = [];
  for (const c of refs) {
    const quiet = c.buckets.filter((b) => !live.has(b) && wanted(b));
    if (quiet.length) units.push({ first: quiet.reduce((m, b) => (b < m ? b : m)), chunk: c });
  }
  for (const b of live) if (wanted(b)) units.push({ first: b, bucket: b });
  units.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  const rowsAbout = buckets.reduce((n, b) => n + (snapshot.buckets[b]?.total ?? 0), 0);
  const byHour = new Map<string, DigestHit[]>();
  let rowsSeen = 0;
  let chunks = 0;
  let listed = 0;
  const take = (b: string, e: DigestEntry) => {
    rowsSeen++;
    if (!keep(e)) return;
    const hit = Object.assign(e, { position: digestPosition(e) });
    if (after && hit.position <= after) return;
    const list = byHour.get(b);
    if (list) list.push(hit);
    else byHour.set(b, [hit]);
  };
  const listHour = async (b: string) => {
    listed++;
    for (const e of await bucketEntries(b)) take(b, digestOf(e));
  };
  // Two sources first (a common word fills a page from the newest hours), then 8 at a time.
  for (let i = 0, size = 2; i < units.length; i += size, size = 8) {
    const batch = units.slice(i, i + size);
    await Promise.all(
      batch.map(async (u) => {
        if (u.bucket) return listHour(u.bucket);
        chunks++;
        const body = await readChunk(u.chunk!.key);
        for (const b of u.chunk!.buckets) {
          if (live.has(b) || !wanted(b)) continue;
          const rows = body?.buckets[b];
          if (!rows) {
            await listHour(b);
            continue;
          }
          byHour.set(b, byHour.get(b) ?? []);
          for (const row of rows) {
            const e = digestEntryOf(b, row);
            if (e) take(b, e);
          }
        }
      }),
    );
    const next = units[i + size]?.first ?? null;
    const ready = [...byHour.keys()].filter((b) => next === null || b < next).sort();
    const out: DigestHit[] = [];
    for (const b of ready) {
      out.push(...byHour.get(b)!.sort((x, y) => (x.position < y.position ? -1 : x.position > y.position ? 1 : 0)));
      byHour.delete(b);
    }
    if ((await onHours(out)) && next !== null)
      return { complete: false, rowsSeen, rowsAbout, chunks, liveBuckets: listed };
  }
  return { complete: true, rowsSeen, rowsAbout: Math.max(rowsAbout, rowsSeen), chunks, liveBuckets: listed };
}
