import { describe, expect, it } from 'vitest';
import { enforceRateLimit } from '../../../src/lib/server/ratelimit';
import { mailLimitError } from '../../../src/lib/email/limits';
import { handler, HttpError, json } from '../../../src/lib/server/http';

/** What `enforceRateLimit` threw, or undefined when it let the hit through. */
function refusal(hit: () => void): HttpError | undefined {
  try {
    hit();
    return undefined;
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
}

describe('per-IP rate limit', () => {
  it('allows `limit` hits per window, then answers 429 until the window closes; other clients unaffected', () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(refusal(() => enforceRateLimit('t1', 'ip', 3, 60_000, t0 + i))).toBeUndefined();
    expect(refusal(() => enforceRateLimit('t1', 'ip', 3, 60_000, t0 + 10_000))?.status).toBe(429);
    expect(refusal(() => enforceRateLimit('t1', 'other-ip', 3, 60_000, t0 + 10_000))).toBeUndefined();
    expect(refusal(() => enforceRateLimit('t1', 'ip', 3, 60_000, t0 + 60_000))).toBeUndefined();
  });

  it('the 429 says how long to wait until the window closes, in its message and Retry-After', async () => {
    let now = 5_000;
    const fn = handler(async () => {
      enforceRateLimit('t2', 'ip', 1, 60_000, now);
      return json({ ok: true });
    });
    expect((await fn(new Request('http://localhost/api/x'), {})).status).toBe(200);
    now = 6_000;
    const res = await fn(new Request('http://localhost/api/x'), {});
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('59');
    expect(await res.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait 59 seconds and try again.' },
    });
  });

  it('a mail allowance answers 429 `mail_limited`: "try again later", the seconds in Retry-After', async () => {
    const fn = handler(async () => {
      throw mailLimitError({ scope: 'client', retryAfter: 1800 });
    });
    const res = await fn(new Request('http://localhost/api/x'), {});
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1800');
    expect(await res.json()).toEqual({
      error: {
        code: 'mail_limited',
        message: 'Too many e-mails were requested from your connection. Please try again later.',
      },
    });
  });
});
