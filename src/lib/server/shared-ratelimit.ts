/**
 * Per-IP fixed-window rate limit shared by every function instance, backed by Netlify Blobs.
 *
 * Why, next to the in-memory `enforceRateLimit`: the local runtime (`npm start`, scripts/serve.mjs)
 * runs every function invocation in a fresh worker, so in-memory counters start at zero on each
 * request and never limit anything there; in production each instance also counts on its own.
 *
 * One blob per hit (never a counter in one blob, see STACK.md): `<bucket>/<who>/<windowStart>/<uuid>`,
 * where `who` is a hash of the client key (no raw IP stored). Hits are counted with `list()`; hits of
 * past windows are deleted when the same client comes back. Concurrent requests may overshoot the
 * limit by a few — acceptable for abuse control.
 */
import { getStore } from '@netlify/blobs';
import { HttpError } from './http';
import { hashKey } from './storage';

const STORE = 'ratelimit';

/** Counts one hit for `key` in `bucket`; throws HttpError 429 (with Retry-After) when `limit` hits are already in this window. */
export async function enforceSharedRateLimit(bucket: string, key: string, limit: number, windowMs: number, now = Date.now()): Promise<void> {
  const store = getStore({ name: STORE, consistency: 'strong' });
  const who = (await hashKey(`${bucket}:${key}`)).slice(0, 32);
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const prefix = `${bucket}/${who}/`;
  const { blobs } = await store.list({ prefix });
  let count = 0;
  const stale: string[] = [];
  for (const { key: k } of blobs) {
    const w = Number(k.slice(prefix.length).split('/')[0]);
    if (w === windowStart) count += 1;
    else if (w < windowStart) stale.push(k);
  }
  if (stale.length) await Promise.all(stale.map((k) => store.delete(k).catch(() => {})));
  if (count >= limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    throw new HttpError(429, 'rate_limited', `Too many requests. Please wait ${retryAfter} seconds and try again.`, undefined, {
      'retry-after': String(retryAfter),
    });
  }
  await store.set(`${prefix}${windowStart}/${crypto.randomUUID()}`, '1');
}
