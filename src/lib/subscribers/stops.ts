/**
 * When subscribers stopped wanting mail (an unsubscribe, a staff delete), one small blob each
 * (`stops` store, `s/<time>-<id>`), so a campaign that is sending can leave out anyone who stopped
 * after its audience was counted, with one list per batch instead of a read per recipient
 * (docs/campaigns.md, "Sending"). Kept STOPS_RETENTION_MS; the maintenance run removes older ones.
 * Server only.
 */
import { getStore } from '@netlify/blobs';
import { mapLimit } from '../server/storage';

const store = () => getStore({ name: 'stops', consistency: 'strong' });

/** How long a stop is kept: longer than any campaign takes to send. */
export const STOPS_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Records that subscriber `id` stopped wanting mail at `at`. */
export async function noteStop(id: string, at = Date.now()): Promise<void> {
  await store().setJSON(`s/${String(at).padStart(13, '0')}-${id}`, {});
}

/** The subscribers who stopped at or after `since` (epoch ms). */
export async function stoppedSince(since: number): Promise<Set<string>> {
  const out = new Set<string>();
  for await (const page of store().list({ prefix: 's/', paginate: true })) {
    for (const b of page.blobs) {
      const m = /^s\/(\d{13})-([0-9a-f]{64})$/.exec(b.key);
      if (m && Number(m[1]) >= since) out.add(m[2]);
    }
  }
  return out;
}

/** Removes stops older than the retention. */
export async function pruneStops(now = Date.now()): Promise<number> {
  const s = store();
  const old: string[] = [];
  for await (const page of s.list({ prefix: 's/', paginate: true }))
    for (const b of page.blobs) if (Number(b.key.slice(2, 15)) < now - STOPS_RETENTION_MS) old.push(b.key);
  await mapLimit(old, 16, (k) => s.delete(k));
  return old.length;
}
