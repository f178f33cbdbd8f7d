/**
 * The rows of the CSV export, read from the subscriber index: a key that holds the whole row gives
 * it without a record read; the others (text cut to fit, referrer left out, a second key of one
 * record) are read from their records. Shared by the export job and the
 * small synchronous download. Server only; docs/storage.md, "CSV export".
 */
import { indexedRecordFacts, subscriberId, subscriberStore } from '../subscribers/store';
import { positionOf, rowComplete, type IndexEntry } from '../subscribers/index-keys';
import { planRanges } from '../subscribers/index-ranges';
import { scanDigest } from '../subscribers/digest-scan';
import { indexStats, latestSnapshot } from '../subscribers/snapshots';
import { listBuckets } from '../subscribers/subscriber-index';
import { csvRow, type CsvFields } from './csv';
import { isListed, searchMatcher, toAdminSubscriber } from './subscribers';
import { exactEmail } from './search';

/** The CSV fields an index entry gives (only for `rowComplete` entries). */
function fieldsOf(e: IndexEntry): CsvFields {
  return {
    name: e.name,
    email: e.email,
    interests: e.interests,
    source: e.source,
    referrer: e.referrer,
    createdAt: new Date(e.createdAtMs).toISOString(),
    consentAt: e.consentAt ?? '',
    unsubscribedAt: e.unsubscribedAt,
    list: e.list,
    status: e.status,
    confirmedAt: e.confirmedAt,
  };
}

/** What a batch of entries became. */
export interface CsvLines {
  text: string;
  rows: number;
  /** Records read (keys that did not hold the whole row). */
  reads: number;
  unreadable: number;
}

/**
 * The CSV lines of `entries` (index key order, newest first) whose subscriber matches `q` (a
 * substring query; '' for all). Records are read 16 at a time where the key is not enough, and for
 * the key positions of `deleted` subscribers (`deletedPositions`: a late write may have put a key back).
 */
export async function csvLinesOf(
  entries: readonly IndexEntry[],
  q: string,
  deleted: ReadonlySet<string> = new Set(),
): Promise<CsvLines> {
  const matches = searchMatcher(q);
  const perId = new Map<string, number>();
  for (const e of entries) perId.set(e.id, (perId.get(e.id) ?? 0) + 1);
  const lines: (string | null)[] = [];
  const needed: { at: number; id: string }[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    // A record with two keys (a moment between two writes) is one row, from the record.
    const single = perId.get(e.id) === 1 && !deleted.has(positionOf(e.key));
    if (!single && seen.has(e.id)) continue;
    seen.add(e.id);
    if (single && !e.cut && !matches(e)) continue;
    if (single && rowComplete(e)) {
      lines.push(csvRow(fieldsOf(e)));
      continue;
    }
    needed.push({ at: lines.length, id: e.id });
    lines.push(null);
  }
  const { values, unreadable } = await subscriberStore.getMany(
    needed.map((n) => n.id),
    16,
  );
  const byId = new Map(values.map((v) => [v.id, v]));
  for (const n of needed) {
    const sub = byId.get(n.id);
    // A tombstone behind a key that a late index write put back is no row, as in the listing.
    if (sub && isListed(sub) && matches(sub)) lines[n.at] = csvRow(toAdminSubscriber(sub));
  }
  const kept = lines.filter((l): l is string => l !== null);
  return { text: kept.join(''), rows: kept.length, reads: needed.length, unreadable: unreadable.length };
}

/** The one line of an exact e-mail query ('' when there is no such subscriber). */
export async function csvLineOfEmail(email: string): Promise<CsvLines> {
  const sub = await subscriberStore.get(await subscriberId(email));
  const found = sub && isListed(sub) && sub.email === email;
  return { text: found ? csvRow(toAdminSubscriber(sub)) : '', rows: found ? 1 : 0, reads: 1, unreadable: 0 };
}

/** Keys per bucket in the newest snapshot (for `planRanges`). */
export async function snapshotCounts(): Promise<Map<string, number>> {
  const latest = await latestSnapshot();
  return new Map(Object.entries(latest?.snapshot.buckets ?? {}).map(([b, t]) => [b, t.total]));
}

/** The export's plan: the ranges to list (newest first) and the rows expected. */
export async function planExport(q: string, target: number): Promise<{ ranges: string[]; total: number }> {
  const email = exactEmail(q);
  if (email) return { ranges: [], total: 1 };
  const [buckets, counts] = await Promise.all([listBuckets(), snapshotCounts()]);
  const ranges = planRanges(buckets, counts, target);
  if (!q) return { ranges, total: (await indexStats(indexedRecordFacts)).tally.total };
  const matches = searchMatcher(q);
  const scan = await scanDigest((e) => e.cut || matches(e));
  return { ranges, total: scan.entries.length };
}
