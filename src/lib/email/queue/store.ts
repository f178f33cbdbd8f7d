/**
 * The mail queue's store (`mail-queue`, layout in ./model.ts): reading an entry with its ETag, its
 * final markers and the due markers, the days of the queue folder, and the due time of a waiting
 * entry. Server only.
 */
import { getStore } from '@netlify/blobs';
import { entrySchema, finalKey, finalSchema, parseKey, QUEUE_STORE, type Entry, type FinalState } from './model';

/** The queue's Blobs store, with strong consistency. */
export const queueStore = () => getStore({ name: QUEUE_STORE, consistency: 'strong' });

/**
 * The due marker's time of a waiting entry: its second. Markers of one second share a folder
 * (`d/<ms>/`), so the worker finds the oldest by listing folder names, then reads one second at a
 * time, in order of arrival.
 */
export const waitingDue = (now: number) => Math.floor(now / 1000) * 1000;

/** One entry read with its ETag; null when missing or unreadable (logged). */
export async function readEntry(key: string): Promise<{ entry: Entry; etag: string } | null> {
  const found = await queueStore()
    .getWithMetadata(key, { type: 'json' })
    .catch((err) => {
      console.error(`[mail-queue] could not read ${key}`, err);
      return null;
    });
  if (!found) return null;
  const parsed = entrySchema.safeParse(found.data);
  if (!parsed.success) return null;
  return { entry: parsed.data, etag: found.etag ?? '' };
}

/** The final markers an entry has (normally none or one). */
export async function finalsOf(key: string): Promise<FinalState[]> {
  const { blobs } = await queueStore().list({ prefix: `${key}~` });
  return blobs.flatMap((b) => {
    const k = parseKey(b.key);
    return k.type === 'final' && k.entryKey === key ? [k.state] : [];
  });
}

/** An entry's final marker of `state`, or null when missing or unreadable. */
export async function readFinal(key: string, state: FinalState) {
  const data = await queueStore()
    .get(finalKey(key, state), { type: 'json' })
    .catch(() => null);
  const parsed = finalSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export type DueMarker = { key: string; entryKey: string; dueMs: number };

/** The due markers of one list (any prefix under `d/`), oldest due first. */
export async function markersUnder(prefix: string): Promise<DueMarker[]> {
  const out: DueMarker[] = [];
  for await (const page of queueStore().list({ prefix, paginate: true })) {
    for (const b of page.blobs) {
      const k = parseKey(b.key);
      if (k.type === 'due') out.push({ key: b.key, entryKey: k.entryKey, dueMs: k.dueMs });
    }
  }
  return out.sort((a, b) => a.dueMs - b.dueMs || a.key.localeCompare(b.key));
}

/** Lists every due marker, oldest due first (the staff screen's depth; the worker reads slices). */
export async function dueMarkers(): Promise<DueMarker[]> {
  return markersUnder('d/');
}

/** Days of the queue folder, newest first. */
export async function queueDays(): Promise<string[]> {
  const { directories } = await queueStore().list({ prefix: 'm/', directories: true });
  return directories
    .map((d) => d.replace(/\/$/, ''))
    .filter((d) => /^m\/\d{4}-\d{2}-\d{2}$/.test(d))
    .sort()
    .reverse();
}
