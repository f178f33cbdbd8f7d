/**
 * Per-IP fixed-window rate limiting that also works locally.
 *
 * State lives in the function instance's memory: on Netlify each instance limits on its own,
 * which is why production also sets Netlify's own `rateLimit` in each function's config.
 * (A counter in one blob would lose updates under concurrency: docs/storage.md#the-rule-underneath.)
 */
import { HttpError } from './http';

interface Window {
  start: number;
  count: number;
}

const buckets = new Map<string, Map<string, Window>>();

/**
 * Counts one hit for `key` in `bucket`; throws HttpError 429 (with Retry-After) when over `limit` per `windowMs`.
 */
export function enforceRateLimit(bucket: string, key: string, limit: number, windowMs: number, now = Date.now()): void {
  const result = hit(bucket, key, limit, windowMs, now);
  if (!result.ok) {
    throw new HttpError(
      429,
      'rate_limited',
      `Too many requests. Please wait ${result.retryAfter} seconds and try again.`,
      undefined,
      { 'retry-after': String(result.retryAfter) },
    );
  }
}

/** Counts one hit and says whether it is allowed. Pure apart from the in-memory map. */
export function hit(
  bucket: string,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): { ok: boolean; retryAfter: number } {
  let windows = buckets.get(bucket);
  if (!windows) buckets.set(bucket, (windows = new Map()));
  let w = windows.get(key);
  if (!w || now - w.start >= windowMs) {
    w = { start: now, count: 0 };
    windows.set(key, w);
    if (windows.size > 10_000) prune(windows, windowMs, now);
  }
  w.count += 1;
  const retryAfter = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
  return { ok: w.count <= limit, retryAfter };
}

/** Forgets a key (e.g. after a successful admin login). */
export function resetRateLimit(bucket: string, key: string): void {
  buckets.get(bucket)?.delete(key);
}

function prune(windows: Map<string, Window>, windowMs: number, now: number) {
  for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
}
