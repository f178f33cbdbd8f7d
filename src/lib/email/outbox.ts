/**
 * The local outbox: where mail goes instead of SendGrid when no SENDGRID_API_KEY is set (local mode),
 * one blob per message, so it can be read back in the staff area and by the tests. Server only.
 *
 * It keeps OUTBOX_RETENTION_DAYS days: keys are `<YYYY-MM-DD>/<id>`, so the maintenance run removes
 * whole old days, and staff read it a page at a time (newest first).
 */
import { getStore } from '@netlify/blobs';
import { z } from 'zod';
import { mapLimit, recordStore } from '../server/storage';

export const outboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
  kind: z.string(),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** The outbox store (typed records). */
export const outbox = recordStore('outbox', outboxEntrySchema);

/** Days a message stays in the outbox. */
export const OUTBOX_RETENTION_DAYS = 30;
const OUTBOX_KEY = /^\d{4}-\d{2}-\d{2}\/[\w:.-]{1,120}$/;

/** Blob key of an outbox message: its day, then its id (ISO time + uuid, so newest sorts last). */
export function outboxKey(id: string): string {
  return `${id.slice(0, 10)}/${id}`;
}

/** Stores one message; returns its id. */
export async function writeOutbox(message: Omit<OutboxEntry, 'id' | 'createdAt'>, now = new Date()): Promise<string> {
  const createdAt = now.toISOString();
  const id = `${createdAt}-${crypto.randomUUID()}`;
  await outbox.set(outboxKey(id), { ...message, id, createdAt });
  return id;
}

const outboxBlobs = () => getStore({ name: 'outbox', consistency: 'strong' });

async function outboxDays(): Promise<string[]> {
  const { directories } = await outboxBlobs().list({ directories: true });
  return directories
    .map((d) => d.replace(/\/$/, ''))
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort()
    .reverse();
}

/** True for a key `readOutboxPage` may continue after. */
export function isOutboxCursor(key: string): boolean {
  return OUTBOX_KEY.test(key);
}

/**
 * One page of the outbox, newest first, after the message key `after`: lists day by day from the
 * newest and reads only the messages shown. Unreadable messages are skipped and counted.
 */
export async function readOutboxPage(
  after: string | null,
  limit: number,
): Promise<{ entries: OutboxEntry[]; next: string | null; unreadable: number }> {
  const days = (await outboxDays()).filter((d) => !after || d <= after.slice(0, 10));
  const keys: string[] = [];
  for (const day of days) {
    const { blobs } = await outboxBlobs().list({ prefix: `${day}/` });
    keys.push(
      ...blobs
        .map((b) => b.key)
        .filter((k) => !after || k < after)
        .sort()
        .reverse(),
    );
    if (keys.length > limit) break;
  }
  const shown = keys.slice(0, limit);
  const { values, unreadable } = await outbox.getMany(shown, 16);
  return { entries: values, next: keys.length > limit ? shown[shown.length - 1] : null, unreadable: unreadable.length };
}

/** Removes outbox days older than `days` days (whole days, by key). Returns messages removed. */
export async function pruneOutbox(now = Date.now(), days = OUTBOX_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(now - days * 86_400_000).toISOString().slice(0, 10);
  const old = (await outboxDays()).filter((d) => d < cutoff);
  let removed = 0;
  for (const day of old) {
    const { blobs } = await outboxBlobs().list({ prefix: `${day}/` });
    await mapLimit(blobs, 16, (b) => outboxBlobs().delete(b.key));
    removed += blobs.length;
  }
  return removed;
}
