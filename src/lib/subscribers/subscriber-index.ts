/**
 * The subscriber index in Netlify Blobs (store `subscriber-index`): keeping it in step with the
 * records, and listing and paging it newest first. Key layout: index-keys.ts; design:
 * docs/storage.md. Server only.
 *
 * The rest of the index lives beside it, one concept per module:
 * - snapshots.ts: exact statistics from a snapshot plus the hours that changed since, without a
 *   counter or a list in one blob (a snapshot `s/<inverted time>` holds per-hour tallies, the change
 *   markers it had seen and the chunks of the search digest);
 * - change-markers.ts: a write that changes index keys in an hour older than a few minutes also
 *   writes a marker `d/<hour>/...` (after the index change), so the statistics count that hour
 *   afresh. A brand-new signup lands in a recent hour, so it needs no marker: 1 extra write per signup;
 * - digest-rows.ts, digest-chunks.ts, digest-scan.ts: the search digest and the search over it;
 * - delete-notes.ts: the key positions of deleted subscribers;
 * - tally.ts and index-ranges.ts: the statistics rule and range planning (pure).
 */
import { getStore } from '@netlify/blobs';
import { markerKey } from './change-markers';
import {
  parseIndexKey,
  positionOf,
  subscriberIndexKeys,
  TIME_PREFIX,
  type IndexedFields,
  type IndexEntry,
} from './index-keys';
import { lastInRange, widening } from './index-ranges';

export const INDEX_STORE = 'subscriber-index';
/**
 * A write to a record created within this margin needs no change marker: its hour is live for every
 * reader anyway (a snapshot counts the hours within LIVE_MARGIN_MS of it afresh, snapshots.ts; the gap
 * between the two covers a request's run time).
 */
const WRITE_MARGIN_MS = 5 * 60_000;

/** The index's Blobs store, with strong consistency. */
export const indexStore = () => getStore({ name: INDEX_STORE, consistency: 'strong' });

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
    for await (const page of indexStore().list({ prefix, paginate: true })) for (const b of page.blobs) out.push(b.key);
    return out;
  })();
  cache?.set(prefix, listed);
  return listed;
}

/** Hour buckets that hold index keys, newest first. */
export async function listBuckets(): Promise<string[]> {
  const out: string[] = [];
  for await (const page of indexStore().list({ prefix: TIME_PREFIX, directories: true, paginate: true })) {
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
  const s = indexStore();
  await Promise.all([...added.map((k) => s.set(k, '')), ...removed.map((k) => s.delete(k))]);
  if (!mark) return;
  const old = [...added, ...removed]
    .map(parseIndexKey)
    .filter((e): e is IndexEntry => e !== null && !(now - e.createdAtMs < WRITE_MARGIN_MS));
  const buckets = new Set(old.map((e) => e.bucket));
  await Promise.all([...buckets].map((b) => s.set(markerKey(b, now, crypto.randomUUID()), '')));
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
