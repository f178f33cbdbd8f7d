/**
 * Pruning: the maintenance run removes queue days older than 30 days. Server only.
 */
import { mapLimit } from '../../server/storage';
import { queueDays, queueStore } from './store';

/** Removes queue days older than `days` days, with every marker in them (a due marker left pointing there is dropped by the worker). */
export async function pruneQueue(now = Date.now(), days = 30): Promise<number> {
  const s = queueStore();
  const cutoff = `m/${new Date(now - days * 86_400_000).toISOString().slice(0, 10)}`;
  let removed = 0;
  for (const day of await queueDays()) {
    if (day >= cutoff) continue;
    for await (const page of s.list({ prefix: `${day}/`, paginate: true })) {
      await mapLimit(page.blobs, 16, (b) => s.delete(b.key));
      removed += page.blobs.length;
    }
  }
  return removed;
}
