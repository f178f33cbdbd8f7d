import { describe, expect, it } from 'vitest';
import { enforceRateLimit, hit, resetRateLimit } from '../../src/lib/server/ratelimit';
import { HttpError } from '../../src/lib/server/http';

describe('per-IP rate limit', () => {
  it('allows `limit` hits per window, then refuses with a retry time, then allows again', () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(hit('t1', 'ip', 3, 60_000, t0 + i).ok).toBe(true);
    const refused = hit('t1', 'ip', 3, 60_000, t0 + 10_000);
    expect(refused).toEqual({ ok: false, retryAfter: 50 });
    expect(hit('t1', 'other-ip', 3, 60_000, t0 + 10_000).ok).toBe(true);
    expect(hit('t1', 'ip', 3, 60_000, t0 + 60_000).ok).toBe(true);
  });

  it('throws a 429 HttpError with Retry-After when over the limit', () => {
    enforceRateLimit('t2', 'ip', 1, 60_000, 5_000);
    try {
      enforceRateLimit('t2', 'ip', 1, 60_000, 6_000);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(HttpError);
      expect((e as HttpError).status).toBe(429);
      expect((e as HttpError).headers).toEqual({ 'retry-after': '59' });
    }
    resetRateLimit('t2', 'ip');
    expect(() => enforceRateLimit('t2', 'ip', 1, 60_000, 7_000)).not.toThrow();
  });
});
