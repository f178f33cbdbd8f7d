/**
 * Wrong admin keys per client, counted across every function instance through Netlify Blobs.
 *
 * Why next to the in-memory `enforceRateLimit`: the local runtime starts a fresh worker per request
 * and production runs several instances, so an in-memory count alone never limits locally and only
 * per instance in production (see src/lib/server/shared-ratelimit.ts for the same reasoning).
 * Unlike the signup limit, only *wrong* keys count here, and a right key clears them, so staff who
 * mistype once are not locked out and scripts using the `admin-key` header are never slowed down.
 *
 * One blob per wrong attempt (never a counter in one blob, see STACK.md):
 * `<who>/<windowStart>/<uuid>`, where `who` is a hash of the client address (no raw IP stored).
 * Server only.
 */
import { getStore } from '@netlify/blobs';
import { HttpError } from '../server/http';
import { hashKey } from '../server/storage';

const STORE = 'admin-login-attempts';
const store = () => getStore({ name: STORE, consistency: 'strong' });

async function prefixFor(client: string): Promise<string> {
  return `${(await hashKey(`admin-login:${client}`)).slice(0, 32)}/`;
}

/** Throws 429 (with Retry-After) when `client` already has `limit` wrong keys in the current window. */
export async function assertLoginAllowed(client: string, limit: number, windowMs: number, now = Date.now()): Promise<void> {
  const prefix = await prefixFor(client);
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const { blobs } = await store().list({ prefix });
  let count = 0;
  const stale: string[] = [];
  for (const { key } of blobs) {
    const w = Number(key.slice(prefix.length).split('/')[0]);
    if (w === windowStart) count += 1;
    else stale.push(key);
  }
  if (stale.length) await Promise.all(stale.map((k) => store().delete(k).catch(() => {})));
  if (count >= limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    throw new HttpError(429, 'rate_limited', `Too many wrong admin keys. Please wait ${retryAfter} seconds and try again.`, undefined, {
      'retry-after': String(retryAfter),
    });
  }
}

/** Records one wrong key for `client`. */
export async function recordLoginFailure(client: string, windowMs: number, now = Date.now()): Promise<void> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  await store().set(`${await prefixFor(client)}${windowStart}/${crypto.randomUUID()}`, '1');
}

/** Forgets `client`'s wrong keys (after a right one). */
export async function clearLoginFailures(client: string): Promise<void> {
  const prefix = await prefixFor(client);
  const { blobs } = await store().list({ prefix });
  await Promise.all(blobs.map((b) => store().delete(b.key).catch(() => {})));
}
