/**
 * A small fixed-window counter of wrong `?admin=` keys per client address, kept in the edge
 * isolate's memory (the functions' limiter in src/lib/server/ratelimit.ts cannot load in Deno).
 * Like the functions' limiter it is per instance: it slows guessing down, it is not a global quota.
 *
 * No imports here: Deno loads this file directly from the edge function.
 */
export interface AttemptLimiter {
  /** True when `key` has used up its wrong attempts in the current window. */
  blocked(key: string, now?: number): boolean;
  /** Records one wrong attempt. */
  fail(key: string, now?: number): void;
  /** Forgets `key` (after a correct attempt). */
  reset(key: string): void;
}

/** @param limit wrong attempts allowed per window; @param windowMs window length */
export function createAttemptLimiter(limit: number, windowMs: number): AttemptLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    if (!w || now - w.start >= windowMs) return undefined;
    return w;
  };
  return {
    blocked(key, now = Date.now()) {
      return (current(key, now)?.count ?? 0) >= limit;
    },
    fail(key, now = Date.now()) {
      const w = current(key, now);
      if (w) w.count += 1;
      else {
        if (windows.size > 10_000) for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
        windows.set(key, { start: now, count: 1 });
      }
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
