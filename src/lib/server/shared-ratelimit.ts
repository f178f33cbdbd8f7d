/**
 * The one fixed-window limiter shared by every function instance, backed by Netlify Blobs: signups,
 * wrong admin keys, and any other bucket (`enforceSharedRateLimit(bucket, key, limit, windowMs)`).
 *
 * Why, next to the in-memory `enforceRateLimit`: the local runtime runs every invocation in a fresh
 * worker, so in-memory counts start at zero each time; in production each instance counts alone.
 *
 * One blob per hit (never a counter in one blob: concurrent increments lose updates), grouped by
 * the window they belong to: `<windowEnd>/<bucket>/<w>/<h>/<who>/<uuid>`, where `who` is a hash of
 * the client key (no raw address stored), `w` and `h` its first two characters (the local Blobs
 * server reads every entry of each directory a list passes through, so no directory holds more than
 * 16 clients' folders) and `windowEnd` the epoch ms the window closes (13 digits).
 * A hit costs one list (this client, this window) and one write, whatever else is stored.
 * `pruneRateLimits` (the scheduled maintenance function) deletes every closed window as a whole,
 * so nothing older than the current window stays. Concurrent requests may overshoot the limit by
 * a few — acceptable for abuse control.
 */
import { getStore } from '@netlify/blobs';
import { HttpError } from './http';
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

/** Records one hit of `key` in `bucket`. */
export async function recordHit(bucket: string, key: string, windowMs: number, now = Date.now()): Promise<void> {
  const { prefix } = await prefixFor(bucket, key, windowMs, now);
  await store().set(`${prefix}${crypto.randomUUID()}`, '1');
}

/** Forgets hits (e.g. earlier wrong keys after a right one). */
export async function clearHits(keys: readonly string[]): Promise<void> {
  await mapLimit(keys, 16, (k) =>
    store()
      .delete(k)
      .catch(() => undefined),
  );
}

/** The 429 for a client over its limit, with Retry-After. */
export function rateLimited(windowMs: number, now = Date.now(), message = 'Too many requests.'): HttpError {
  const retryAfter = Math.max(1, Math.ceil((windowEnd(now, windowMs) - now) / 1000));
  return new HttpError(429, 'rate_limited', `${message} Please wait ${retryAfter} seconds and try again.`, undefined, {
    'retry-after': String(retryAfter),
  });
}

/**
 * Counts one hit for `key` in `bucket`; throws HttpError 429 (with Retry-After) when `limit` hits are
 * already in this window. Two Blobs operations (one list, one write).
 */
export async function enforceSharedRateLimit(
  bucket: string,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<void> {
  const hits = await currentHits(bucket, key, windowMs, now);
  if (hits.length >= limit) throw rateLimited(windowMs, now);
  await recordHit(bucket, key, windowMs, now);
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
