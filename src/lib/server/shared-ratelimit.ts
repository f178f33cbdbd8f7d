/**
 * The one fixed-window limiter shared by every function instance, backed by Netlify Blobs: the mail
 * limits (`takeSlot`, src/lib/email/limits.ts) and the staff key's attempts (`takeSlot` and
 * `recordHit`, src/lib/admin/auth.ts), whether typed in the login, sent as the `admin-key` header or
 * given to the pre-launch gate as `?admin=`.
 *
 * Why, next to the in-memory `enforceRateLimit`: in production every function instance counts alone,
 * and instances come and go, so only a count in shared storage holds for the whole site. (The per-IP
 * signup limit needs no blob: Netlify's rule in the signup function's config counts across instances.)
 * Callers refuse with the one 429, `tooManyRequests` (http.ts), waiting `secondsToWindowEnd`.
 *
 * One blob per hit (never a counter in one blob: concurrent increments lose updates), grouped by
 * the window they belong to: `<windowEnd>/<bucket>/<w>/<h>/<who>/<slot>`, where `who` is a hash of
 * the client key (no raw address stored), `w` and `h` its first two characters (the local Blobs
 * server reads every entry of each directory a list passes through, so no directory holds more than
 * 16 clients' folders) and `windowEnd` the epoch ms the window closes (13 digits).
 *
 * A limit of N is N slots per client and window, `0` to `N-1`; a hit takes a free one with a
 * conditional write (`onlyIfNew`), so two requests never take the same slot and a window never holds
 * more than N hits, however many arrive at once. The first try is a random slot: one write and no
 * list while the window is far from full (the common case). Only when that slot is taken is the
 * window listed to find a free one (or learn it is full), so a list costs in proportion to the hits
 * of this one client and window, never to everything stored.
 * `pruneRateLimits` (the scheduled maintenance function) deletes every closed window as a whole,
 * so nothing older than the current window stays.
 */
import { getStore } from '@netlify/blobs';
import { secondsUntil } from './http';
import { hashKey, mapLimit } from './storage';

export const RATE_LIMIT_STORE = 'ratelimit';
const store = () => getStore({ name: RATE_LIMIT_STORE, consistency: 'strong' });

function windowEnd(now: number, windowMs: number): number {
  return (Math.floor(now / windowMs) + 1) * windowMs;
}

async function prefixFor(
  bucket: string,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ prefix: string; end: number }> {
  if (!/^[\w-]{1,40}$/.test(bucket)) throw new Error(`Invalid rate-limit bucket "${bucket}"`);
  const who = (await hashKey(`${bucket}:${key}`)).slice(0, 32);
  const end = windowEnd(now, windowMs);
  return { prefix: `${String(end).padStart(13, '0')}/${bucket}/${who[0]}/${who[1]}/${who}/`, end };
}

/** Hits of `key` in `bucket` in the current window, as blob keys (for `clearHits`). */
export async function currentHits(bucket: string, key: string, windowMs: number, now = Date.now()): Promise<string[]> {
  const { prefix } = await prefixFor(bucket, key, windowMs, now);
  const { blobs } = await store().list({ prefix });
  return blobs.map((b) => b.key);
}

/** The most rounds of list-then-claim one hit tries before it counts the window as full. */
const MAX_CLAIM_ROUNDS = 6;

/** A slot number (0 … limit-1) not in `taken`, at random; `taken` holds fewer than `limit` names. */
function freeSlot(taken: ReadonlySet<string>, limit: number): number {
  if (limit <= 4096) {
    const free = Array.from({ length: limit }, (_, i) => i).filter((i) => !taken.has(String(i)));
    return free[Math.floor(Math.random() * free.length)];
  }
  for (;;) {
    const slot = Math.floor(Math.random() * limit);
    if (!taken.has(String(slot))) return slot;
  }
}

/**
 * Takes a free slot of `key` in `bucket` for the current window (see the header): usually one
 * conditional write (up to `tries` at random), else a list of this client's window and a claim of a
 * slot it shows free.
 * @returns the taken slot's key (`clearHits([key])` gives it back), or null when all `limit`
 *   slots are taken (or other requests kept winning the free ones: counted as full)
 */
export async function takeSlot(
  bucket: string,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
  tries = 1,
): Promise<string | null> {
  if (!(limit >= 1)) return null;
  const { prefix } = await prefixFor(bucket, key, windowMs, now);
  const s = store();
  const claim = async (slot: number) =>
    (await s.set(`${prefix}${slot}`, '1', { onlyIfNew: true })).modified ? `${prefix}${slot}` : null;
  // `tries` random slots before a list: a large window shared by many clients (the site-wide count)
  // is then listed only when it is nearly full.
  for (let i = 0; i < Math.max(1, tries); i++) {
    const won = await claim(Math.floor(Math.random() * limit));
    if (won) return won;
  }
  for (let round = 0; round < MAX_CLAIM_ROUNDS; round++) {
    const { blobs } = await s.list({ prefix });
    // Every blob of the window counts against the limit, whatever its name.
    if (blobs.length >= limit) return null;
    const taken = new Set(blobs.map((b) => b.key.slice(prefix.length)));
    const won = await claim(freeSlot(taken, limit));
    if (won) return won;
  }
  return null;
}

/**
 * Records one hit of `key` in `bucket` (no limit: read back with `currentHits`). A hit with a `name`
 * (letters, digits, `-` and `_`) is recorded once per window, however often it repeats: the staff
 * login counts each distinct wrong key once (src/lib/admin/auth.ts).
 */
export async function recordHit(
  bucket: string,
  key: string,
  windowMs: number,
  now = Date.now(),
  name: string = crypto.randomUUID(),
): Promise<void> {
  if (!/^[\w-]{1,64}$/.test(name)) throw new Error(`Invalid rate-limit hit name "${name}"`);
  const { prefix } = await prefixFor(bucket, key, windowMs, now);
  await store().set(`${prefix}${name}`, '1');
}

/** Forgets hits (e.g. earlier wrong keys after a right one). */
export async function clearHits(keys: readonly string[]): Promise<void> {
  await mapLimit(keys, 16, (k) =>
    store()
      .delete(k)
      .catch(() => undefined),
  );
}

/** Whole seconds until the current window of `windowMs` closes (at least 1): a refusal's Retry-After. */
export function secondsToWindowEnd(windowMs: number, now = Date.now()): number {
  return secondsUntil(windowEnd(now, windowMs), now);
}

/**
 * Deletes every hit of every closed window (a window whose end is past). Run on a schedule.
 * @returns the number of blobs removed
 */
export async function pruneRateLimits(now = Date.now()): Promise<number> {
  const s = store();
  const { directories } = await s.list({ directories: true });
  const closed = directories.map((d) => d.replace(/\/$/, '')).filter((d) => /^\d{13}$/.test(d) && Number(d) <= now);
  let removed = 0;
  for (const window of closed) {
    for await (const page of s.list({ prefix: `${window}/`, paginate: true })) {
      await mapLimit(page.blobs, 16, (b) => s.delete(b.key).catch(() => undefined));
      removed += page.blobs.length;
    }
  }
  return removed;
}
