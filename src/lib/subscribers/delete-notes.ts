/**
 * Delete notes of the subscriber index: a staff delete or an erasure notes the key positions of the
 * deleted subscriber, so readers that take rows from keys alone (the export, search) check the record
 * of a noted position, and the maintenance pass removes a key a late write put back. Server only.
 */
import { positionOf, TIME_PREFIX } from './index-keys';
import { indexStore, listKeys } from './subscriber-index';

/** Prefix of the delete notes (`deletedPositions`). */
export const DELETED_PREFIX = 'z/';

/**
 * Notes that the subscribers at these key positions were deleted (a staff delete, an erasure): one
 * small blob each, `z/<time>-<bucket>-<time>.<id>`. A write that was in flight when the delete
 * happened can put a deleted subscriber's key back after it; readers that take rows from keys alone
 * (the export, search) check the record of a noted position instead, and the maintenance pass removes
 * such a key and, once the note is older than an hour and checked, the note.
 */
export async function noteDeleted(keys: readonly string[], now = Date.now()): Promise<void> {
  const s = indexStore();
  await Promise.all(
    keys.map((k) => {
      const [, bucket, rest] = positionOf(k).split('/');
      return s.set(`${DELETED_PREFIX}${now.toString(36).padStart(9, '0')}-${bucket}-${rest}`, '');
    }),
  );
}

/** A delete note: the key position it is about and when it was written; null for anything else. */
export function parseDeleteNote(key: string): { position: string; at: number } | null {
  const m = /^z\/([0-9a-z]{9})-(\d{8})-([0-9a-z]{9}\.[A-Za-z0-9_-]{43})$/.exec(key);
  return m ? { position: `${TIME_PREFIX}${m[2]}/${m[3]}`, at: parseInt(m[1], 36) } : null;
}

/** Key positions of deleted subscribers (see `noteDeleted`): few, as the maintenance pass prunes them. */
export async function deletedPositions(): Promise<Set<string>> {
  const notes = (await listKeys(DELETED_PREFIX)).map(parseDeleteNote);
  return new Set(notes.filter((n) => n !== null).map((n) => n.position));
}
