import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  backoffMs,
  claim,
  cutOff,
  dueKey,
  entryState,
  finalKey,
  folderMinute,
  isCutOff,
  isDue,
  isEntryKey,
  isRetryable,
  LEASE_MS,
  mailKindLabel,
  MAIL_KINDS,
  MAX_ATTEMPTS,
  SENT_MAIL_KINDS,
  minuteFolder,
  newEntry,
  parseKey,
  slotKey,
  staffRetry,
  waitingKey,
  type Entry,
} from '../../../src/lib/email/queue/model';
import { canonicalInbox } from '../../../src/lib/email/canonical';
import { CAMPAIGN_KINDS } from '../../../src/lib/campaigns/model';
import { retryAfterSeconds } from '../../../src/lib/email/transport';
import { rateLimitKey } from '../../../src/lib/server/http';

const T0 = Date.parse('2026-11-26T10:15:30Z');
const request = {
  to: ' Ada@Example.com ',
  kind: 'confirm-subscription' as const,
  render: { nonce: 'n1' },
  subscriberId: 'abc',
};
const fresh = () => newEntry(request, T0, 'id-1');

describe('keys: minute folders are send slots, markers sit beside their entry', () => {
  it('places an entry in its UTC minute and reads every key back', () => {
    expect(minuteFolder(T0)).toBe('m/2026-11-26/1015/');
    expect(folderMinute('m/2026-11-26/1015/')).toBe(Date.parse('2026-11-26T10:15:00Z'));
    const slot = slotKey(T0, 17);
    const waiting = waitingKey(T0, 'id-1');
    expect(parseKey(slot)).toEqual({ type: 'slot', folder: 'm/2026-11-26/1015/', slot: 17 });
    expect(parseKey(waiting)).toEqual({ type: 'waiting', folder: 'm/2026-11-26/1015/', id: 'id-1' });
    expect(parseKey(finalKey(slot, 'sent'))).toEqual({ type: 'final', entryKey: slot, state: 'sent' });
    expect(parseKey(dueKey(T0 + 5000, slot))).toEqual({ type: 'due', dueMs: T0 + 5000, entryKey: slot });
    expect(isEntryKey(slot) && isEntryKey(waiting)).toBe(true);
    for (const bad of [
      'sweep',
      'm/2026-11-26/1015/',
      'm/x/1015/3',
      `${slot}~maybe`,
      'd/123/m/2026-11-26/1015/3',
      '../m/2026-11-26/1015/3',
    ])
      expect(isEntryKey(bad) && parseKey(bad).type !== 'other', bad).toBe(false);
  });

  it('due markers sort by due time as text', () => {
    const keys = [dueKey(T0 + 100_000, 'm/2026-11-26/1015/1'), dueKey(T0 + 9_000, 'm/2026-11-26/1015/2')];
    expect([...keys].sort()[0]).toBe(keys[1]);
  });
});

describe('claim', () => {
  it('a new entry waits, due now; a claim makes it sending until the lease ends', () => {
    const e = fresh();
    expect(e).toMatchObject({ to: 'ada@example.com', state: 'queued', attempts: [], nextAttemptAt: T0 });
    expect(isDue(e, T0)).toBe(true);
    const c = claim(e, T0, 'worker-a');
    expect(c.state).toBe('sending');
    expect(c.claim).toEqual({ by: 'worker-a', attempt: 1, at: new Date(T0).toISOString(), until: T0 + LEASE_MS });
    expect(isDue(c, T0 + 1)).toBe(false);
    expect(isCutOff(c, T0 + LEASE_MS - 1)).toBe(false);
    expect(isCutOff(c, T0 + LEASE_MS)).toBe(true);
    expect(entryState(c, null, T0 + 1000)).toBe('sending');
    expect(entryState(c, null, T0 + LEASE_MS)).toBe('unknown');
  });
});

describe('after an attempt', () => {
  it('an accepted mail is final as sent', () => {
    const out = afterAttempt(claim(fresh(), T0, 'w'), { ok: true, providerId: 'msg-1', status: 202 }, T0 + 50);
    expect(out.final).toMatchObject({ state: 'sent', providerId: 'msg-1' });
    expect(out.due).toBeNull();
    expect(out.attempt).toMatchObject({ n: 1, outcome: 'sent', status: 202 });
    expect(entryState(out.entry, 'sent', T0 + LEASE_MS * 10)).toBe('sent');
  });

  it('a timeout after the request was sent is final as unknown: never sent again by itself', () => {
    const out = afterAttempt(
      claim(fresh(), T0, 'w'),
      { ok: false, error: 'timeout of 15000ms exceeded', unknown: true },
      T0 + 15_000,
    );
    expect(out.final).toMatchObject({ state: 'unknown' });
    expect(out.due).toBeNull();
    expect(out.attempt).toMatchObject({ n: 1, outcome: 'unknown' });
    expect(entryState(out.entry, 'unknown', T0 + LEASE_MS * 10)).toBe('unknown');
    expect(isDue(out.entry, T0 + LEASE_MS * 10)).toBe(false);
  });

  it('a 5xx, a 429, no answer before the request went out, or 401/403 retry; another 4xx is final as failed', () => {
    const failed = (status?: number) => ({ ok: false as const, error: 'x', ...(status ? { status } : {}) });
    for (const status of [500, 502, 503, 429, 408, 401, 403, undefined])
      expect(isRetryable(failed(status)), String(status)).toBe(true);
    for (const status of [400, 404, 413, 422]) expect(isRetryable(failed(status)), String(status)).toBe(false);
    const permanent = afterAttempt(claim(fresh(), T0, 'w'), failed(400), T0);
    expect(permanent.final).toMatchObject({ state: 'failed' });
    expect(permanent.final?.detail).toMatch(/permanent error/);
  });

  it('a retry waits with doubling backoff, at least what the provider asked for', () => {
    const first = afterAttempt(claim(fresh(), T0, 'w'), { ok: false, status: 500, error: 'boom' }, T0);
    expect(first.final).toBeNull();
    expect(first.entry).toMatchObject({ state: 'retry', claim: null, nextAttemptAt: T0 + BACKOFF_BASE_MS });
    expect(first.due).toBe(T0 + BACKOFF_BASE_MS);
    expect(entryState(first.entry, null, T0)).toBe('waiting');
    expect(isDue(first.entry, T0 + BACKOFF_BASE_MS - 1)).toBe(false);
    expect(isDue(first.entry, T0 + BACKOFF_BASE_MS)).toBe(true);
    const second = afterAttempt(
      claim(first.entry, T0 + BACKOFF_BASE_MS, 'w'),
      { ok: false, status: 429, error: 'slow down', retryAfterSeconds: 120 },
      T0 + BACKOFF_BASE_MS,
    );
    expect(second.attempt.n).toBe(2);
    expect(second.due).toBe(T0 + BACKOFF_BASE_MS + 120_000);
    expect(backoffMs(1)).toBe(BACKOFF_BASE_MS);
    expect(backoffMs(2)).toBe(2 * BACKOFF_BASE_MS);
    expect(backoffMs(30)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(3, 0.999)).toBeLessThanOrEqual(4 * BACKOFF_BASE_MS * 1.2);
  });

  it('gives up as failed after MAX_ATTEMPTS, keeping every attempt', () => {
    let entry: Entry = fresh();
    let t = T0;
    let last;
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      last = afterAttempt(claim(entry, t, 'w'), { ok: false, error: 'connect ECONNREFUSED' }, t);
      entry = last.entry;
      t = last.due ?? t;
    }
    expect(last!.final).toMatchObject({ state: 'failed' });
    expect(last!.final!.detail).toMatch(new RegExp(`gave up after ${MAX_ATTEMPTS} attempts`));
    expect(entry.attempts.map((a) => a.outcome)).toEqual([...Array(MAX_ATTEMPTS - 1).fill('retry'), 'failed']);
  });

  it('a mail its renderer no longer wants is final as skipped, without an attempt at the provider', () => {
    const out = afterAttempt(claim(fresh(), T0, 'w'), { skipped: 'the subscriber unsubscribed' }, T0);
    expect(out.final).toMatchObject({ state: 'skipped', detail: 'the subscriber unsubscribed' });
  });
});

describe('the unknown outcome, and staff retries', () => {
  it('an attempt cut off after its claim is unknown, never due again by itself', () => {
    const claimed = claim(fresh(), T0, 'w');
    const out = cutOff(claimed, T0 + LEASE_MS + 1);
    expect(out.final).toMatchObject({ state: 'unknown' });
    expect(out.attempt.outcome).toBe('unknown');
    expect(isDue(out.entry, T0 + 10 * LEASE_MS)).toBe(false);
  });

  it('staff retry makes a failed or unknown mail wait again, due now, counted', () => {
    const failed = afterAttempt(claim(fresh(), T0, 'w'), { ok: false, status: 400, error: 'bad address' }, T0).entry;
    const again = staffRetry(failed, T0 + 60_000);
    expect(again).toMatchObject({ state: 'queued', nextAttemptAt: T0 + 60_000, staffRetries: 1, claim: null });
    expect(entryState(again, 'failed', T0 + 60_000)).toBe('waiting');
    expect(claim(again, T0 + 60_000, 'w').claim?.attempt).toBe(2);
  });
});

describe('what a 429 asks for', () => {
  it('reads Retry-After in seconds or as a date, or SendGrid X-RateLimit-Reset', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(retryAfterSeconds({ 'Retry-After': '30' }, now)).toBe(30);
    expect(retryAfterSeconds({ 'retry-after': 'Thu, 26 Nov 2026 10:01:00 GMT' }, now)).toBe(60);
    expect(retryAfterSeconds({ 'x-ratelimit-reset': String(now / 1000 + 45) }, now)).toBe(45);
    expect(retryAfterSeconds({}, now)).toBeUndefined();
  });
});

describe('one inbox, many spellings', () => {
  it('folds +tags, Gmail dots and googlemail.com; keeps other domains dotted', () => {
    for (const a of ['x+a@gmail.com', 'X+b@Gmail.com', 'x.@gmail.com', 'x@googlemail.com', ' x+z@googlemail.com '])
      expect(canonicalInbox(a), a).toBe('x@gmail.com');
    expect(canonicalInbox('first.last@gmail.com')).toBe('firstlast@gmail.com');
    expect(canonicalInbox('first.last+news@example.ca')).toBe('first.last@example.ca');
    expect(canonicalInbox('+only@example.com')).toBe('+only@example.com');
  });
});

describe('per-client keys', () => {
  it('IPv4 as is; IPv6 by its /64, however it is written', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    const a = rateLimitKey('2001:db8:1:2:aaaa::1');
    expect(a).toBe('2001:db8:1:2::/64');
    for (const same of ['2001:db8:1:2::ffff', '2001:0db8:0001:0002:1:2:3:4', '2001:DB8:1:2::1%eth0'])
      expect(rateLimitKey(same), same).toBe(a);
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(a);
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('mail kind labels (the staff screens)', () => {
  it('name every queue kind and a campaign batch kind in words, never a doubled raw kind', () => {
    expect(mailKindLabel('confirm-subscription')).toBe('Confirmation request');
    expect(mailKindLabel('campaign-test')).toBe('Campaign test');
    expect(mailKindLabel('campaign-campaign')).toBe('Campaign');
    expect(mailKindLabel('campaign-launch')).toBe('Campaign: launch');
    expect(mailKindLabel('campaign-early-access')).toBe('Campaign: early access');
    expect(mailKindLabel('something-else')).toBe('something-else');
  });

  it('give every kind a sent mail may carry a label in words (the outbox showed "waitlist-confirmation")', () => {
    const kinds = [...SENT_MAIL_KINDS, ...CAMPAIGN_KINDS.map((k) => `campaign-${k}`)];
    expect(kinds).toEqual(expect.arrayContaining([...MAIL_KINDS, 'waitlist-confirmation', 'newsletter-welcome']));
    for (const kind of kinds) {
      const label = mailKindLabel(kind);
      expect(label, kind).not.toBe(kind);
      expect(label, kind).toMatch(/^[A-Z][a-z]/);
    }
    expect(mailKindLabel('waitlist-confirmation')).toBe('Waitlist welcome');
  });
});
