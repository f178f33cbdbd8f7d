/**
 * Change markers of the subscriber index: a write that changes index keys in an hour older than a
 * few minutes also writes a marker `d/<hour>/...` (after the index change), so a statistics snapshot
 * taken before it knows that hour must be counted again (snapshots.ts). Pure.
 */

/** Prefix of the change markers. */
export const MARKER_PREFIX = 'd/';
/**
 * Key of a change marker: written after an index change in `bucket`, so a statistics snapshot
 * taken before it knows that bucket must be counted again.
 */
export function markerKey(bucket: string, nowMs: number, unique: string): string {
  return `${MARKER_PREFIX}${bucket}/${nowMs.toString(36)}-${unique}`;
}

/** The bucket a marker key points at, or null. */
export function markerBucket(key: string): string | null {
  const m = /^d\/(\d{8})\//.exec(key);
  return m ? m[1] : null;
}
