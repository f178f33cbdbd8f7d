/**
 * The waitlist screens on the server: one page of subscribers (newest first, with search and a
 * cursor), exact statistics, and the CSV export streamed page by page. Every screen reads the
 * index (src/lib/signups/subscriber-index.ts) and then only the records it shows. Server only.
 *
 * Search: a complete e-mail address is looked up directly by its id (one read, whatever the size);
 * any other text is matched as a substring of name, e-mail, source and interests against the
 * index keys (one list of the index, no record reads). docs/storage.md says why.
 */
import { HttpError } from '../server/http';
import { mapLimit } from '../server/storage';
import { emailField } from '../signups/schemas';
import { subscriberId, subscriberStore } from '../signups/store';
import {
  indexStats,
  listBuckets,
  bucketEntries,
  pageIndex,
  scanIndex,
  type ListCache,
} from '../signups/subscriber-index';
import type { IndexEntry } from '../signups/index-keys';
import type { Subscriber } from '../signups/schemas';
import { csvHeaderLine, csvRow } from './csv';
import { isListed, matchesSearch, toAdminSubscriber, type AdminSubscriber, type WaitlistStats } from './subscribers';

/** Rows per page of the subscriber table. */
export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
const MAX_QUERY = 200;
const CURSOR = /^t\/\d{8}\/[0-9a-z]{9}\.[A-Za-z0-9_-]{43}\.[cpu][0-9a-f][wnb]t?\.[A-Za-z0-9_-]*$/;

/** GET /api/admin/waitlist parameters. */
export interface ListQuery {
  q: string;
  cursor: string | null;
  limit: number;
}

/** Reads `q`, `cursor` and `limit` from a URL; 400 for a malformed cursor or limit. */
export function parseListQuery(url: URL): ListQuery {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const rawCursor = url.searchParams.get('cursor');
  let cursor: string | null = null;
  if (rawCursor !== null && rawCursor !== '') {
    const decoded = decodeCursor(rawCursor);
    if (!decoded)
      throw new HttpError(400, 'invalid_input', 'The cursor is not valid. Start again from the first page.', {
        cursor: 'Invalid cursor',
      });
    cursor = decoded;
  }
  const rawLimit = url.searchParams.get('limit');
  let limit = PAGE_SIZE;
  if (rawLimit !== null && rawLimit !== '') {
    if (!/^\d{1,4}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_PAGE_SIZE) {
      throw new HttpError(400, 'invalid_input', `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`, {
        limit: `1 to ${MAX_PAGE_SIZE}`,
      });
    }
    limit = Number(rawLimit);
  }
  return { q, cursor, limit };
}

/** The opaque cursor for a position (an index key): base64url, so it travels safely in a URL. */
export function encodeCursor(key: string): string {
  return btoa(key).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeCursor(cursor: string): string | null {
  if (cursor.length > 400 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const key = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    return CURSOR.test(key) ? key : null;
  } catch {
    return null;
  }
}

/** A complete e-mail address (normalised), or null when `q` is any other text. */
export function exactEmail(q: string): string | null {
  if (!q.includes('@')) return null;
  const parsed = emailField.safeParse(q);
  return parsed.success ? parsed.data : null;
}

/** One page of the table. */
export interface SubscriberPage {
  rows: AdminSubscriber[];
  /** Subscribers matching the query (all pages). */
  total: number;
  /** Cursor of the next page, or null on the last. */
  next: string | null;
  /** Keys of records on this page that could not be read (skipped). */
  unreadable: string[];
}

/** Index entries matching a substring query; entries whose key text was cut are checked against their record. */
async function matchingEntries(q: string, entries: IndexEntry[]): Promise<IndexEntry[]> {
  const verdicts = await mapLimit(entries, 16, async (e) => {
    if (matchesSearch(e, q)) return true;
    if (!e.cut) return false;
    const sub = await subscriberStore.get(e.id);
    return sub !== null && matchesSearch(sub, q);
  });
  return entries.filter((_, i) => verdicts[i]);
}

/**
 * The records behind index entries, as rows. A tombstone is never a row: its index key is removed
 * when it is written, but a concurrent write's index update can land after that and put a key back
 * (until the maintenance run's index check removes it).
 */
async function readRows(entries: IndexEntry[]): Promise<{ rows: AdminSubscriber[]; unreadable: string[] }> {
  const { values, unreadable } = await subscriberStore.getMany(entries.map((e) => e.id));
  return { rows: values.filter(isListed).map(toAdminSubscriber), unreadable };
}

/** One page of subscribers, newest first (exact e-mail: at most one row). */
export async function subscriberPage({ q, cursor, limit }: ListQuery): Promise<SubscriberPage> {
  const email = exactEmail(q);
  if (email) {
    if (cursor) return { rows: [], total: 0, next: null, unreadable: [] };
    const id = await subscriberId(email);
    const r = await subscriberStore.read(id);
    if (r.status === 'unreadable') return { rows: [], total: 0, next: null, unreadable: [id] };
    const rows = r.status === 'ok' && r.value.email === email ? [toAdminSubscriber(r.value)] : [];
    return { rows, total: rows.length, next: null, unreadable: [] };
  }
  if (!q) {
    const buckets = await listBuckets();
    // The page and the count both list the newest hour: one list serves both.
    const cache: ListCache = new Map();
    const [page, stats] = await Promise.all([
      pageIndex({ after: cursor, limit, buckets, cache }),
      indexStats(readSource, Date.now(), buckets, cache),
    ]);
    const { rows, unreadable } = await readRows(page.entries);
    const last = page.entries[page.entries.length - 1];
    return { rows, total: stats.tally.total, next: page.more && last ? encodeCursor(last.key) : null, unreadable };
  }
  const all = await matchingEntries(q, await scanIndex());
  const start = cursor ? all.findIndex((e) => e.key > cursor) : 0;
  const slice = start === -1 ? [] : all.slice(start, start + limit);
  const { rows, unreadable } = await readRows(slice);
  const last = slice[slice.length - 1];
  const more = start !== -1 && start + limit < all.length;
  return { rows, total: all.length, next: more && last ? encodeCursor(last.key) : null, unreadable };
}

/** Trimmed source of a record (for index keys whose text was cut). */
async function readSource(id: string): Promise<string | null> {
  const sub = await subscriberStore.get(id);
  return sub ? sub.source.trim() : null;
}

/** GET /api/admin/waitlist/stats: total, interests and sources (of confirmed subscribers), plus the status counts. */
export interface WaitlistStatsAnswer extends WaitlistStats {
  statusBreakdown: { confirmed: number; pending: number; unsubscribed: number };
}

/** Exact statistics from the index (no record is read unless its key text was cut). */
export async function waitlistStats(): Promise<WaitlistStatsAnswer> {
  const { tally } = await indexStats(readSource);
  return {
    totalCount: tally.status.confirmed,
    pendingCount: tally.status.pending,
    unsubscribedCount: tally.status.unsubscribed,
    interestBreakdown: tally.interests,
    sourceBreakdown: tally.sources,
    statusBreakdown: {
      confirmed: tally.status.confirmed,
      pending: tally.status.pending,
      unsubscribed: tally.status.unsubscribed,
    },
  };
}

/** Records read per batch of the CSV export (bounds memory and requests in flight). */
const CSV_BATCH = 100;

/**
 * The CSV export as a stream: ten hours at a time, newest first, the matching records read in
 * batches. Memory holds one range's index keys and one batch of records, whatever the total.
 * Unreadable records are skipped and logged; `onDone` gets their count.
 */
export function subscribersCsvStream(
  q: string,
  onDone?: (written: number, unreadable: number) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const email = exactEmail(q);
  let buckets: string[] | null = null;
  let pending: IndexEntry[] = [];
  let written = 0;
  let unreadable = 0;
  let headerSent = false;
  let done = false;
  const rowsOf = (subs: Subscriber[]) => subs.map((s) => csvRow(toAdminSubscriber(s))).join('');
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvHeaderLine()));
          return;
        }
        if (done) return;
        if (email) {
          const sub = await subscriberStore.get(await subscriberId(email));
          if (sub && sub.email === email) {
            controller.enqueue(encoder.encode(rowsOf([sub])));
            written += 1;
          }
          done = true;
        } else {
          // Ten hours per list call: few calls, and memory holds only one range's keys.
          buckets ??= [...new Set((await listBuckets()).map((b) => b.slice(0, 7)))];
          // Loop until a chunk is out or the data ends: a pull that enqueues nothing is not called again.
          for (;;) {
            while (pending.length === 0 && buckets.length > 0) {
              const entries = await bucketEntries(buckets.shift()!);
              pending = q ? await matchingEntries(q, entries) : entries;
            }
            if (pending.length === 0) {
              done = true;
              break;
            }
            const batch = pending.splice(0, CSV_BATCH);
            const { values, unreadable: bad } = await subscriberStore.getMany(
              batch.map((e) => e.id),
              16,
            );
            unreadable += bad.length;
            // As in the listing: a tombstone behind a key that a late index write put back is no row.
            const listed = values.filter(isListed);
            written += listed.length;
            if (listed.length) {
              controller.enqueue(encoder.encode(rowsOf(listed)));
              return;
            }
          }
        }
        if (done) {
          onDone?.(written, unreadable);
          if (unreadable) console.error(`[admin] CSV export skipped ${unreadable} unreadable record(s)`);
          controller.close();
        }
      } catch (err) {
        console.error('[admin] CSV export failed', err);
        controller.error(err);
      }
    },
  });
}
