/**
 * Staff search over every subscriber (the table's search box and a searched export): a complete
 * e-mail address is one record lookup; any other text is matched against the search digest of the
 * newest index snapshot plus the hours listed afresh (src/lib/subscribers/digest-scan.ts,
 * `scanDigest`), reading a record only where the index holds a cut text. Exact right after any write:
 * docs/storage.md, "Search". Server only.
 */
import { mapLimit } from '../server/storage';
import { emailField } from '../signups/schemas';
import { subscriberStore } from '../subscribers/store';
import { digestPosition, type DigestEntry } from '../subscribers/digest-rows';
import { idOfPosition } from '../subscribers/index-keys';
import { deletedPositions } from '../subscribers/delete-notes';
import { scanDigest, scanDigestInOrder } from '../subscribers/digest-scan';
import { subscriberStatus } from '../subscribers/status';
import { isListed, matchesSearch, searchMatcher } from './subscribers';
import type { ListSort, ListStatus } from './schemas';

/** A complete e-mail address (normalised), or null when `q` is any other text. */
export function exactEmail(q: string): string | null {
  if (!q.includes('@')) return null;
  const parsed = emailField.safeParse(q);
  return parsed.success ? parsed.data : null;
}

/** One subscriber a search found: its place in the index (`idOfPosition` gives its record id). */
export interface SearchHit {
  position: string;
  /** The name as the digest holds it (possibly cut: docs/storage.md), for sorting by name. */
  name: string;
}

/** Every subscriber matching substring query `q`, newest first, and what it took. */
export interface SearchResult {
  hits: SearchHit[];
  /** Digest chunks read, hours listed afresh, records read (cut texts). */
  chunks: number;
  liveBuckets: number;
  reads: number;
}

/**
 * Every subscriber whose name, e-mail, source or interests (as stored or as shown) contain `q`, of
 * state `status` when given (the key's status, from `subscriberStatus`; a state the rule never gives,
 * such as `bounced` before it exists, matches nobody).
 */
export async function searchSubscribers(q: string, status: ListStatus | null = null): Promise<SearchResult> {
  const deleted = await deletedPositions();
  const text = searchMatcher(q);
  const matches = status ? (e: DigestEntry) => (e.status as string) === status && text(e) : text;
  // Decided on the record: a cut text, and a deleted subscriber's position (a late write may have put its key back).
  const onRecord = (e: DigestEntry) => e.cut || (deleted.size > 0 && deleted.has(digestPosition(e)));
  const scan = await scanDigest((e) => onRecord(e) || matches(e));
  const check = scan.entries.filter(onRecord);
  const verdicts = new Map<string, boolean>();
  await mapLimit(check, 16, async (e) => {
    const sub = await subscriberStore.get(idOfPosition(e.position));
    verdicts.set(
      e.position,
      sub !== null &&
        isListed(sub) &&
        matchesSearch(sub, q) &&
        (!status || (subscriberStatus(sub) as string) === status),
    );
  });
  const hits: SearchHit[] = [];
  for (const e of scan.entries) {
    // Two keys of one record (a moment between two writes) are one subscriber.
    if (onRecord(e) && !verdicts.get(e.position)) continue;
    if (hits.length && hits[hits.length - 1].position === e.position) continue;
    hits.push({ position: e.position, name: e.name });
  }
  return { hits, chunks: scan.chunks, liveBuckets: scan.liveBuckets, reads: check.length };
}

/** One page of a search (or of a sorted or filtered listing) and the number of matches on all pages. */
export interface SearchPage {
  page: SearchHit[];
  total: number;
  /**
   * False when `total` is not the number of matches on all pages: an estimate (the first page came
   * before the whole digest was read), or, on a page after a cursor read newest first, the matches
   * from the cursor on.
   */
  exact: boolean;
  /** True when more hits follow the page. */
  more: boolean;
}

/**
 * The page after `after`, newest first, read only as far as it needs (`scanDigestInOrder`): a common
 * word fills its page from the newest hours. The total is then an estimate (matches in the rows
 * read, scaled to every row) and `exact` is false; `count: 'exact'` reads everything for the exact one.
 */
async function newestPage(
  q: string,
  status: ListStatus | null,
  after: string | null,
  limit: number,
): Promise<SearchPage> {
  const deleted = await deletedPositions();
  const text = searchMatcher(q);
  const matches = status ? (e: DigestEntry) => (e.status as string) === status && text(e) : text;
  const onRecord = (e: DigestEntry) => e.cut || (deleted.size > 0 && deleted.has(digestPosition(e)));
  const hits: SearchHit[] = [];
  const scan = await scanDigestInOrder(
    (e) => onRecord(e) || matches(e),
    async (entries) => {
      const check = entries.filter(onRecord);
      const verdicts = new Map<string, boolean>();
      await mapLimit(check, 16, async (e) => {
        const sub = await subscriberStore.get(idOfPosition(e.position));
        verdicts.set(
          e.position,
          sub !== null &&
            isListed(sub) &&
            matchesSearch(sub, q) &&
            (!status || (subscriberStatus(sub) as string) === status),
        );
      });
      for (const e of entries) {
        if (onRecord(e) && !verdicts.get(e.position)) continue;
        if (hits.length && hits[hits.length - 1].position === e.position) continue;
        hits.push({ position: e.position, name: e.name });
      }
      return hits.length > limit;
    },
    after,
  );
  const page = hits.slice(0, limit);
  // After a cursor the scan starts there: what it counts is the rest of the list, never the whole of
  // it (the first page's total stays the table's; the page says so with `exact: false`).
  if (after) return { page, total: hits.length, exact: false, more: hits.length > limit };
  if (scan.complete) return { page, total: hits.length, exact: true, more: hits.length > limit };
  // Matches among the rows read, scaled to all rows; never fewer than were found (and one more follows).
  const estimate = Math.round((hits.length / Math.max(1, scan.rowsSeen)) * scan.rowsAbout);
  return { page, total: Math.max(estimate, hits.length + 1), exact: false, more: true };
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Hits by name A–Z (no name last), then newest first. */
function sortByName(hits: SearchHit[]): SearchHit[] {
  return [...hits].sort((a, b) => {
    const an = a.name.trim();
    const bn = b.name.trim();
    if (!an !== !bn) return an ? -1 : 1;
    return byName.compare(an, bn) || (a.position < b.position ? -1 : a.position > b.position ? 1 : 0);
  });
}

/**
 * The page after position `after` (a cursor; none: the first page) of the subscribers matching `q`
 * and `status`, in the order `sort` asks: newest first, oldest first, or by name.
 */
export async function searchPage(
  q: string,
  options: {
    status?: ListStatus | null;
    sort?: ListSort;
    after?: string | null;
    limit: number;
    /** 'exact': read every hour for the exact total (default: newest first stops at a full page). */
    count?: 'exact' | 'fast';
  },
): Promise<SearchPage> {
  const { status = null, sort = 'newest', after = null, limit, count = 'fast' } = options;
  if (sort === 'newest' && count === 'fast') return newestPage(q, status, after, limit);
  const found = (await searchSubscribers(q, status)).hits;
  const ordered = sort === 'name' ? sortByName(found) : sort === 'oldest' ? [...found].reverse() : found;
  let start = 0;
  if (after) {
    if (sort === 'newest') start = ordered.findIndex((h) => h.position > after);
    else if (sort === 'oldest') start = ordered.findIndex((h) => h.position < after);
    else {
      // By name the cursor's row must still be there; a deleted one ends the list rather than repeat it.
      const at = ordered.findIndex((h) => h.position === after);
      start = at === -1 ? -1 : at + 1;
    }
  }
  if (start === -1) return { page: [], total: found.length, exact: true, more: false };
  const page = ordered.slice(start, start + limit);
  return { page, total: found.length, exact: true, more: start + limit < ordered.length };
}
