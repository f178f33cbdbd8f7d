/**
 * Search over the digest: every subscriber's searchable text, filtered, from the newest snapshot's
 * digest chunks for its quiet hours and a fresh list of every live hour (`scanDigest`), or newest
 * first a few hours at a time for a search that wants its first page only (`scanDigestInOrder`).
 * Layout and costs: docs/storage.md, "Search". Server only.
 */
import { mapLimit } from '../server/storage';
import { MARKER_PREFIX } from './change-markers';
import { readChunk, type ChunkRef } from './digest-chunks';
import { digestEntryOf, digestOf, digestPosition, type DigestEntry } from './digest-rows';
import { latestSnapshot, liveBuckets } from './snapshots';
import { bucketEntries, listBuckets, listKeys, scanIndex } from './subscriber-index';

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
