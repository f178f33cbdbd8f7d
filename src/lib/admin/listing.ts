/**
 * The waitlist screens on the server: one page of subscribers (newest first, with search and a
 * cursor), exact statistics, and the small synchronous CSV download. Every screen reads the index
 * (src/lib/subscribers/subscriber-index.ts) and then only the records it shows. Server only.
 *
 * Search: a complete e-mail address is looked up directly by its id (one read, whatever the size);
 * any other text is matched as a substring of name, e-mail, source and interests against the search
 * digest (search.ts). docs/storage.md says why.
 */
import { fromBase64Url, toBase64Url } from '../base64url';
import { HttpError } from '../server/http';
import { indexedRecordFacts, subscriberId, subscriberStore } from '../subscribers/store';
import { deletedPositions } from '../subscribers/delete-notes';
import { indexStats } from '../subscribers/snapshots';
import { entriesOf, listBuckets, listKeys, pageIndex, type ListCache } from '../subscribers/subscriber-index';
import { idOfPosition, positionOf, readPosition, TIME_PREFIX } from '../subscribers/index-keys';
import { dayOf } from '../subscribers/days';
import { csvHeaderLine } from './csv';
import { csvLineOfEmail, csvLinesOf, planExport } from './export-rows';
import { exactEmail, searchPage } from './search';
import { listFilterSchema, type ListSort, type ListStatus } from './schemas';
import { fieldErrors } from '../server/http';
import {
  isListed,
  toAdminSubscriber,
  waitlistStatsOf,
  type AdminSubscriber,
  type WaitlistStatsAnswer,
} from './subscribers';

export { exactEmail };

/** Rows per page of the subscriber table. */
export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
const MAX_QUERY = 200;

/** GET /api/admin/waitlist parameters. */
export interface ListQuery {
  q: string;
  cursor: string | null;
  limit: number;
  /** Only subscribers in this state (absent: all). */
  status?: ListStatus | null;
  /** newest (default), oldest or name. */
  sort?: ListSort;
  /** `count=exact`: a search reads every hour for an exact X-Total-Count (default: first page first). */
  count?: 'exact' | 'fast';
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
  const filter = listFilterSchema.safeParse({
    status: url.searchParams.get('status') || undefined,
    sort: url.searchParams.get('sort') || undefined,
  });
  if (!filter.success)
    throw new HttpError(400, 'invalid_input', 'Some fields are missing or invalid.', fieldErrors(filter.error));
  const rawCount = url.searchParams.get('count');
  if (rawCount !== null && rawCount !== '' && rawCount !== 'exact')
    throw new HttpError(400, 'invalid_input', 'count must be exact when given.', { count: 'exact or absent' });
  return {
    q,
    cursor,
    limit,
    status: filter.data.status ?? null,
    sort: filter.data.sort ?? 'newest',
    count: rawCount === 'exact' ? 'exact' : 'fast',
  };
}

/** The opaque cursor for a position (of an index key): base64url, so it travels safely in a URL. */
export function encodeCursor(key: string): string {
  return toBase64Url(new TextEncoder().encode(positionOf(key)));
}

/** The key position a cursor holds (a whole index key is accepted too); null for anything else. */
function decodeCursor(cursor: string): string | null {
  if (cursor.length > 400) return null;
  const bytes = fromBase64Url(cursor);
  return readPosition(bytes ? new TextDecoder().decode(bytes) : '');
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
  /** False when `total` is an estimate (a search's first page; docs/storage.md, "Search"). */
  exact?: boolean;
}

/**
 * The records behind index entries, as rows. A tombstone is never a row: its index key is removed
 * when it is written, but a concurrent write's index update can land after that and put a key back
 * (until the maintenance run's index check removes it).
 */
async function readRows(entries: { id: string }[]): Promise<{ rows: AdminSubscriber[]; unreadable: string[] }> {
  const { values, unreadable } = await subscriberStore.getMany(entries.map((e) => e.id));
  return { rows: values.filter(isListed).map(toAdminSubscriber), unreadable };
}

/**
 * One page of subscribers, newest first unless `sort` says otherwise, of one status when `status`
 * is given (exact e-mail: at most one row). Without a query, newest first, the status filter pages
 * the index and takes its total from the statistics' tally (docs/storage.md, "Paging").
 */
export async function subscriberPage({
  q,
  cursor,
  limit,
  status = null,
  sort = 'newest',
  count = 'fast',
}: ListQuery): Promise<SubscriberPage> {
  const email = exactEmail(q);
  if (email) {
    if (cursor) return { rows: [], total: 0, next: null, unreadable: [] };
    const id = await subscriberId(email);
    const r = await subscriberStore.read(id);
    if (r.status === 'unreadable') return { rows: [], total: 0, next: null, unreadable: [id] };
    const rows = r.status === 'ok' && r.value.email === email && isListed(r.value) ? [toAdminSubscriber(r.value)] : [];
    const shown = status ? rows.filter((row) => row.status === status) : rows;
    return { rows: shown, total: shown.length, next: null, unreadable: [] };
  }
  if (!q && status && sort === 'newest') {
    const buckets = await listBuckets();
    const cache: ListCache = new Map();
    const stats = await indexStats(indexedRecordFacts, Date.now(), buckets, cache);
    const total = (stats.tally.status as Partial<Record<string, number>>)[status] ?? 0;
    if (total === 0) return { rows: [], total: 0, next: null, unreadable: [] };
    const page = await pageIndex({ after: cursor, limit, buckets, cache, match: (e) => e.status === status });
    const { rows, unreadable } = await readRows(page.entries);
    const last = page.entries[page.entries.length - 1];
    return { rows, total, next: page.more && last ? encodeCursor(last.key) : null, unreadable };
  }
  if (!q && sort === 'newest') {
    const buckets = await listBuckets();
    // The page and the count both list the newest hour: one list serves both.
    const cache: ListCache = new Map();
    const [page, stats] = await Promise.all([
      pageIndex({ after: cursor, limit, buckets, cache }),
      indexStats(indexedRecordFacts, Date.now(), buckets, cache),
    ]);
    const { rows, unreadable } = await readRows(page.entries);
    const last = page.entries[page.entries.length - 1];
    return { rows, total: stats.tally.total, next: page.more && last ? encodeCursor(last.key) : null, unreadable };
  }
  const found = await searchPage(q, { status, sort, after: cursor, limit, count });
  const { rows, unreadable } = await readRows(found.page.map((h) => ({ id: idOfPosition(h.position) })));
  const last = found.page[found.page.length - 1];
  const next = found.more && last ? encodeCursor(last.position) : null;
  return { rows, total: found.total, exact: found.exact, next, unreadable };
}

/**
 * Exact statistics from the index (no record is read unless its key cannot say what is counted).
 * `now` decides which day is today (SITE.timeZone).
 */
export async function waitlistStats(now = Date.now()): Promise<WaitlistStatsAnswer> {
  const { tally } = await indexStats(indexedRecordFacts, now);
  return waitlistStatsOf(tally, dayOf(now));
}

/**
 * Rows the synchronous download (`GET /api/admin/waitlist.csv`) writes at most: well within a
 * synchronous function's time and its 20 MB streamed answer. Larger lists are exported as a job
 * (`POST /api/admin/exports`).
 */
export const SYNC_CSV_MAX_ROWS = 10_000;
/** Index keys listed per request of the synchronous download. */
const SYNC_RANGE_KEYS = 2_000;

/**
 * The CSV download as a stream, for lists of at most SYNC_CSV_MAX_ROWS rows (413 `export_too_large`
 * above, checked before anything is sent): the index listed a range of hours at a time, newest first,
 * each row from its key or, where the key is not enough, its record. `onDone` gets the rows written
 * and the records that could not be read.
 */
export async function subscribersCsvStream(
  q: string,
  onDone?: (written: number, unreadable: number) => void,
  maxRows = SYNC_CSV_MAX_ROWS,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const email = exactEmail(q);
  const plan = await planExport(q, SYNC_RANGE_KEYS);
  if (plan.total > maxRows) {
    throw new HttpError(
      413,
      'export_too_large',
      `This export has about ${plan.total} rows, more than a direct download can carry (${maxRows}). ` +
        'Use Export CSV in the staff area, or POST /api/admin/exports, which prepares the file in the background.',
    );
  }
  const ranges = [...plan.ranges];
  const deleted = await deletedPositions();
  let written = 0;
  let unreadable = 0;
  let headerSent = false;
  let emailDone = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvHeaderLine()));
          return;
        }
        // Loop until a chunk is out or the data ends: a pull that enqueues nothing is not called again.
        for (;;) {
          let lines;
          if (email) {
            if (emailDone) break;
            emailDone = true;
            lines = await csvLineOfEmail(email);
          } else {
            const range = ranges.shift();
            if (range === undefined) break;
            lines = await csvLinesOf(entriesOf(await listKeys(`${TIME_PREFIX}${range}`)), q, deleted);
          }
          written += lines.rows;
          unreadable += lines.unreadable;
          if (lines.text) {
            controller.enqueue(encoder.encode(lines.text));
            return;
          }
        }
        onDone?.(written, unreadable);
        if (unreadable) console.error(`[admin] CSV export skipped ${unreadable} unreadable record(s)`);
        controller.close();
      } catch (err) {
        console.error('[admin] CSV export failed', err);
        controller.error(err);
      }
    },
  });
}
