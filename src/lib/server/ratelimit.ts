/**
 * Per-IP fixed-window rate limiting that also works locally.
 *
 * State lives in the function instance's memory: on Netlify each instance limits on its own,
 * which is why production also sets Netlify's own `rateLimit` in each function's config.
 * (A counter in one blob would lose updates under concurrency: docs/storage.md#the-rule-underneath.)
 *
 * A client's window opens with its first hit and lasts `windowMs` (only this memory needs to know
 * it); the shared Blobs limiter (shared-ratelimit.ts) aligns its windows to the clock instead,
 * because every instance must name the same window in storage. Both count up to `limit` per window,
 * measure Retry-After to the window's end (`secondsUntil`) and answer the one 429
 * (`tooManyRequests`, both in http.ts).
 */
import { secondsUntil, tooManyRequests } from './http';

interface Window {
  start: number;
  count: number;
}

const buckets = new Map<string, Map<string, Window>>();

/**
 * Counts one hit for `key` in `bucket`; throws the 429 (with Retry-After) when it is over `limit`
 * in its window of `windowMs`.
 */
export function enforceRateLimit(bucket: string, key: string, limit: number, windowMs: number, now = Date.now()): void {
  let windows = buckets.get(bucket);
  if (!windows) buckets.set(bucket, (windows = new Map()));
  let w = windows.get(key);
  if (!w || now - w.start >= windowMs) {
    w = { start: now, count: 0 };
    windows.set(key, w);
    if (windows.size > 10_000) prune(windows, windowMs, now);
  }
  w.count += 1;
  if (w.count > limit)
    throw tooManyRequests('rate_limited', secondsUntil(w.start + windowMs, now), 'Too many requests.');
}

function prune(windows: Map<string, Window>, windowMs: number, now: number) {
  for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
}
