/**
 * Staff search over every subscriber (the table's search box and a searched export): a complete
 * e-mail address is one record lookup; any other text is matched against the search digest of the
 * newest index snapshot plus the hours listed afresh (src/lib/subscribers/subscriber-index.ts,
 * `scanDigest`), reading a record only where the index holds a cut text. Exact right after any write:
 * docs/storage.md, "Search". Server only.
 */
import { mapLimit } from '../server/storage';
import { emailField } from '../signups/schemas';
import { subscriberStore } from '../subscribers/store';
import { digestPosition, idOfPosition, type DigestEntry } from '../subscribers/index-keys';
import { deletedPositions, scanDigest } from '../subscribers/subscriber-index';
import { isListed, matchesSearch, searchMatcher } from './subscribers';

/** A complete e-mail address (normalised), or null when `q` is any other text. */
export function exactEmail(q: string): string | null {
  if (!q.includes('@')) return null;
  const parsed = emailField.safeParse(q);
  return parsed.success ? parsed.data : null;
}

/** One subscriber a search found: its place in the index (`idOfPosition` gives its record id). */
export interface SearchHit {
  position: string;
}

/** Every subscriber matching substring query `q`, newest first, and what it took. */
export interface SearchResult {
  hits: SearchHit[];
  /** Digest chunks read, hours listed afresh, records read (cut texts). */
  chunks: number;
  liveBuckets: number;
  reads: number;
}

/** Every subscriber whose name, e-mail, source or interests (as stored or as shown) contain `q`. */
export async function searchSubscribers(q: string): Promise<SearchResult> {
  const deleted = await deletedPositions();
  const matches = searchMatcher(q);
  // Decided on the record: a cut text, and a deleted subscriber's position (a late write may have put its key back).
  const onRecord = (e: DigestEntry) => e.cut || (deleted.size > 0 && deleted.has(digestPosition(e)));
  const scan = await scanDigest((e) => onRecord(e) || matches(e));
  const check = scan.entries.filter(onRecord);
  const verdicts = new Map<string, boolean>();
  await mapLimit(check, 16, async (e) => {
    const sub = await subscriberStore.get(idOfPosition(e.position));
    verdicts.set(e.position, sub !== null && isListed(sub) && matchesSearch(sub, q));
  });
  const hits: SearchHit[] = [];
  for (const e of scan.entries) {
    // Two keys of one record (a moment between two writes) are one subscriber.
    if (onRecord(e) && !verdicts.get(e.position)) continue;
    if (hits.length && hits[hits.length - 1].position === e.position) continue;
    hits.push({ position: e.position });
  }
  return { hits, chunks: scan.chunks, liveBuckets: scan.liveBuckets, reads: check.length };
}
