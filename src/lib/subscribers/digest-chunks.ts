/**
 * The chunks of the search digest: immutable gzip JSON blobs `c/<time>-<n>` in the index store, each
 * holding the digest rows (digest-rows.ts) of whole hours, about CHUNK_ROWS rows each; a snapshot
 * lists the chunks that cover its hours (snapshots.ts). Server only.
 */
import { gunzipText, gzip } from '../server/gzip';
import { mapLimit } from '../server/storage';
import { digestRowOf, type DigestRow } from './digest-rows';
import type { IndexEntry } from './index-keys';
import { indexStore } from './subscriber-index';

/** Prefix of the search digest's chunks. */
export const CHUNK_PREFIX = 'c/';
/** Rows per digest chunk (about 100 KB of gzip): a search at 100,000 reads about 20. */
export const CHUNK_ROWS = 5_000;

/** A chunk of the search digest: its blob and the hours whose rows it holds. */
export interface ChunkRef {
  key: string;
  buckets: string[];
}

/** What a chunk blob holds (gzip JSON): digest rows by hour, newest first. */
interface ChunkBody {
  buckets: Record<string, DigestRow[]>;
}

/** Chunk keys carry the time of the snapshot they were written for: `c/<time, base 36>-<n>`. */
function chunkKey(takenAt: number, seq: number): string {
  return `${CHUNK_PREFIX}${takenAt.toString(36).padStart(9, '0')}-${seq}`;
}

/** The snapshot time a chunk key carries (0 for anything else). */
export function chunkTime(key: string): number {
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
  await mapLimit(out, 4, async (c) => indexStore().set(c.ref.key, await gzip(JSON.stringify(c.body))));
  return out.map((c) => c.ref);
}

/** The rows of one chunk, or null when it is missing or damaged (its hours are then listed). */
export async function readChunk(key: string): Promise<ChunkBody | null> {
  try {
    const data = await indexStore().get(key, { type: 'arrayBuffer' });
    if (!data) return null;
    const body = JSON.parse(await gunzipText(data)) as ChunkBody;
    return body && typeof body.buckets === 'object' ? body : null;
  } catch {
    console.error(`[index] digest chunk ${key} is unreadable: its hours are listed instead`);
    return null;
  }
}
