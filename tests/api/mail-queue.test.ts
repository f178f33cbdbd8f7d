// The mail queue against the real local Blobs server and the real SendGrid client (pointed at a
// loopback fake): every mail recorded before it is sent, delayed instead of dropped, retried after a
// provider error, and sent at most once, also with two workers and after a crash. The worker is the
// scheduled function's `drainQueue`, run here with a clock moved forward instead of waiting.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStore } from '@netlify/blobs';
import signups from '../../netlify/functions/signups';
import recommendations from '../../netlify/functions/recommendations';
import admin from '../../netlify/functions/admin';
import { CONSENT_FORMS } from '../../src/lib/signups/constants';
import { markUnsubscribed } from '../../src/lib/subscribers/store';
import { drainQueue, forgetFullMinutes, sendMail } from '../../src/lib/email/queue/queue';
import { MAIL_HANDLERS } from '../../src/lib/composition/mail-handlers';
import { LEASE_MS, parseKey } from '../../src/lib/email/queue/model';
import { recommend, type Preferences } from '../../src/lib/recommender';
import { PHONES } from '../../src/lib/catalogue';
import {
  call,
  confirmFromMail,
  clearStore,
  startSendGridFake,
  storeKeys,
  useOutbox,
  useSendGrid,
  type SendGridFake,
  subscriberByEmail,
} from './helpers';

let fake: SendGridFake;
let n = 0;
const ip = () => `203.0.${Math.floor(++n / 250) % 250}.${n % 250}`;
const KEY = 'queue-test-admin-key-01';

beforeAll(async () => {
  fake = await startSendGridFake();
});
afterAll(async () => {
  useOutbox();
  await fake.close();
  delete process.env.MAIL_SEND_RATE_PER_MINUTE;
});
beforeEach(async () => {
  // Send slots belong to a UTC minute, and these tests count them: each test starts 5 s into a minute
  // (the clock jumps there and runs on at its real pace), so no minute ends inside it. Without this, a
  // test that signed up 30 people while a minute ended saw two slots used, not one. (Not at the very
  // start: a mail takes the slot of its second in the minute first, and one test needs slot 0 free
  // after a mail sent at the default rate.)
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 5_000);
  process.env.ADMIN_KEY = KEY;
  delete process.env.MAIL_SEND_RATE_PER_MINUTE;
  useSendGrid(fake);
  fake.reset();
  await Promise.all(['subscribers', 'subscriber-index', 'outbox', 'ratelimit', 'mail-queue'].map(clearStore));
  // The store is emptied: what this process learnt about full minutes no longer holds.
  forgetFullMinutes();
});

afterEach(() => {
  vi.useRealTimers();
});

const signupBody = (email: string) => ({
  name: 'Ada Lovelace',
  email,
  interests: 'tech_news',
  page: '/join',
  consentText: CONSENT_FORMS.waitlist.wording,
});
const signUp = (email: string, from = ip()) =>
  call(signups, { method: 'POST', path: '/api/waitlist', body: signupBody(email), ip: from });
const confirmations = () =>
  fake.messages
    .filter((m) => m.body.categories.includes('confirm-subscription'))
    .map((m) => m.body.personalizations[0].to[0].email as string);
/** The worker as the scheduled function runs it, `aheadMs` from now. */
const worker = (aheadMs = 0) =>
  drainQueue(MAIL_HANDLERS, { now: () => Date.now() + aheadMs, deadline: Date.now() + aheadMs + 5_000 });
const keysOf = async (type: string) => (await storeKeys('mail-queue')).filter((k) => parseKey(k).type === type);
/** Each address got exactly one message. */
function expectEachOnce(got: string[], want: string[]) {
  expect([...got].sort()).toEqual([...want].sort());
}

describe('limits that delay instead of drop', () => {
  it('past the send rate a confirmation waits for the next minute, recorded in the ledger, and then goes once', async () => {
    process.env.MAIL_SEND_RATE_PER_MINUTE = '3';
    const emails = Array.from({ length: 5 }, (_, i) => `rate${i}@example.com`);
    for (const e of emails) expect((await signUp(e)).status).toBe(200);
    expect(confirmations()).toHaveLength(3);
    const waiting = emails.filter((e) => !confirmations().includes(e));
    for (const e of waiting)
      expect((await subscriberByEmail(e))!.history.at(-1)).toMatchObject({
        type: 'confirmation-sent',
        outcome: 'queued',
      });
    // This minute's slots are used up: the waiting ones are due from their arrival (the worker hands
    // them the next free slots, in order).
    const dues = (await keysOf('due')).map((k) => parseKey(k)).flatMap((k) => (k.type === 'due' ? [k.dueMs] : []));
    expect(dues).toHaveLength(2);
    for (const due of dues) expect(due).toBeLessThanOrEqual(Date.now());
    await worker(60_000);
    expectEachOnce(confirmations(), emails);
    for (const e of waiting)
      expect((await subscriberByEmail(e))!.history.at(-1)).toMatchObject({
        type: 'confirmation-sent',
        outcome: 'sent',
      });
    await worker(120_000);
    expect(confirmations()).toHaveLength(5);
  });

  it('no per-client limit stops a confirmation: twelve people behind one address are all asked', async () => {
    process.env.SIGNUP_RATE_LIMIT = '20';
    try {
      const shared = '203.0.113.200';
      const emails = Array.from({ length: 12 }, (_, i) => `family${i}@example.com`);
      for (const e of emails) expect((await signUp(e, shared)).status).toBe(200);
      expectEachOnce(confirmations(), emails);
    } finally {
      delete process.env.SIGNUP_RATE_LIMIT;
    }
  });

  it('aliases of one inbox share its allowance; the address that is the inbox keeps its own', async () => {
    const aliases = ['x+1@gmail.com', 'x.+2@gmail.com', 'x+3@googlemail.com', 'X+4@gmail.com'];
    for (const a of aliases) expect((await signUp(a)).status).toBe(200);
    expect((await signUp('x@gmail.com')).status).toBe(200);
    // Three confirmation mails reach the one inbox in a day (MAIL_RECIPIENT_DAILY_LIMIT), not five.
    expect(confirmations()).toHaveLength(3);
    expect(confirmations()).toContain('x@gmail.com');
    const refused = aliases.filter((a) => !confirmations().includes(a.trim().toLowerCase()));
    expect(refused).toHaveLength(2);
    for (const a of refused) {
      const sub = (await subscriberByEmail(a))!;
      expect(sub.email).toBe(a.toLowerCase()); // the record keeps the address as typed
      expect(sub.history.at(-1)).toMatchObject({ type: 'confirmation-sent', outcome: 'limited' });
      expect(sub.confirmRequestedAt).toBeNull(); // a later signup may ask again
    }
  });

  it("mail others asked for a person never holds back that person's own confirmation and welcome", async () => {
    const prefs: Preferences = {
      currentPhone: 'iphone',
      currentBrand: 'Apple',
      os: 'ios',
      budget: 'premium',
      budgetValue: 90,
    };
    const picks = recommend(PHONES, prefs).slice(0, 2);
    const body = {
      name: 'Anyone',
      email: 'vic@example.com',
      phoneModel: 'iPhone 13',
      preferences: JSON.stringify(prefs),
      recommendations: JSON.stringify(
        picks.map((r) => ({ model: r.phone.model, brand: r.phone.brand, matchScore: r.matchScore, reasons: [] })),
      ),
    };
    const asked = [];
    for (let i = 0; i < 4; i++)
      asked.push(
        (await call(recommendations, { method: 'POST', path: '/api/recommendations', body, ip: ip() })).status,
      );
    expect(asked).toEqual([200, 200, 200, 429]);
    const victoria = ip();
    expect((await signUp('vic@example.com', victoria)).status).toBe(200);
    expect((await confirmFromMail(fake, 'vic@example.com', victoria)).status).toBe(200);
    const own = fake.messages.filter((m) => m.body.categories.some((c: string) => c !== 'recommendations'));
    expect(own.map((m) => m.body.categories[0])).toEqual(['confirm-subscription', 'waitlist-confirmation']);
  });
});

describe('retries', () => {
  it('a provider failing half its requests, then answering 429 with Retry-After: every signup gets one confirmation', async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `flaky${i}@example.com`);
    fake.failEvery(2, 500);
    for (const e of emails) expect((await signUp(e)).status).toBe(200);
    const firstRound = confirmations();
    expect(firstRound).toHaveLength(10);
    fake.reset();
    fake.fail(429, -1, { 'retry-after': '90' });
    const during = await worker(60_000);
    expect(during.attempted.retry).toBe(10);
    // Retry-After is honoured: 90 s after the 429, not the backoff's 30 s.
    fake.reset();
    expect((await worker(120_000)).attempted.sent).toBe(0);
    await worker(60_000 + 95_000);
    expectEachOnce([...firstRound, ...confirmations()], emails);
    const retried = (await subscriberByEmail(emails.find((e) => !firstRound.includes(e))!))!;
    expect(retried.history.filter((e) => e.type === 'confirmation-sent').map((e) => e.outcome)).toEqual([
      'retry',
      'retry',
      'sent',
    ]);
  });

  it('an attempt whose entry was rewritten meanwhile (a new ETag, the same claim) still records its retry', async () => {
    const store = getStore({ name: 'mail-queue', consistency: 'strong' });
    fake.fail(500, 1);
    const result = await sendMail(
      { to: 'etag@example.com', kind: 'recommendations', render: {} },
      {
        // Writes the claimed entry again, unchanged, before the provider call: its ETag changes.
        async render(entry) {
          for (const key of await keysOf('slot')) {
            const blob = (await store.get(key, { type: 'json' })) as { id?: string };
            if (blob?.id === entry.id) await store.setJSON(key, blob);
          }
          return { subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };
        },
      },
    );
    expect(result.state).toBe('waiting');
    expect(await keysOf('due')).toHaveLength(1);
    fake.reset();
  });

  it('two workers at once never send one mail twice', async () => {
    process.env.MAIL_SEND_RATE_PER_MINUTE = '1';
    const emails = Array.from({ length: 30 }, (_, i) => `busy${i}@example.com`);
    for (const e of emails) await signUp(e);
    expect(confirmations()).toHaveLength(1);
    process.env.MAIL_SEND_RATE_PER_MINUTE = '1000';
    await Promise.all([worker(60_000), worker(60_000), worker(60_000)]);
    expectEachOnce(confirmations(), emails);
  });

  it('a permanent refusal is final as failed with its reason; staff see it and retry it', async () => {
    fake.fail(400, 1);
    await signUp('typo@example.com');
    expect(fake.messages).toHaveLength(0);
    const auth = { 'admin-key': KEY };
    const failed = await call(admin, { path: '/api/admin/mail-queue?state=failed', headers: auth, ip: ip() });
    expect(failed.status).toBe(200);
    expect(failed.json.entries).toHaveLength(1);
    expect(failed.json.entries[0]).toMatchObject({
      to: 'typo@example.com',
      kind: 'confirm-subscription',
      state: 'failed',
      retryable: true,
      attempts: [{ n: 1, outcome: 'failed', status: 400 }],
    });
    expect(failed.json.entries[0].reason).toMatch(/permanent error: SendGrid 400/);
    const retry = await call(admin, {
      method: 'POST',
      path: '/api/admin/mail-queue/retry',
      body: { key: failed.json.entries[0].key },
      headers: auth,
      ip: ip(),
    });
    expect(retry.status).toBe(202);
    expect(retry.json).toMatchObject({ state: 'waiting' });
    await worker();
    expect(confirmations()).toEqual(['typo@example.com']);
    const listed = await call(admin, { path: '/api/admin/mail-queue', headers: auth, ip: ip() });
    expect(listed.json.entries[0]).toMatchObject({ state: 'sent', retryable: false });
    expect(listed.json.summary).toMatchObject({ waiting: 0, oldestWaitingAt: null });
    // A sent mail cannot be retried; a key that is not the queue's is bad input.
    for (const [key, status] of [
      [failed.json.entries[0].key, 409],
      ['m/2026-01-01/0000/999', 404],
      ['../subscribers/x', 400],
    ] as const) {
      const res = await call(admin, {
        method: 'POST',
        path: '/api/admin/mail-queue/retry',
        body: { key },
        headers: auth,
        ip: ip(),
      });
      expect(res.status, key).toBe(status);
    }
    expect((await call(admin, { path: '/api/admin/mail-queue?state=lost', headers: auth, ip: ip() })).status).toBe(400);
    expect((await call(admin, { path: '/api/admin/mail-queue', ip: ip() })).status).toBe(401);
  });
});

describe('crashes', () => {
  it('an attempt cut off after the provider accepted it is unknown, never sent again by itself, and shown to staff', async () => {
    await signUp('accepted@example.com');
    expect(confirmations()).toEqual(['accepted@example.com']);
    // The process died between the provider's 202 and the outcome's marker.
    const [marker] = await keysOf('final');
    await getStore({ name: 'mail-queue', consistency: 'strong' }).delete(marker);
    const report = await worker(LEASE_MS + 120_000);
    expect(report.swept.unknown).toBe(1);
    await worker(LEASE_MS + 600_000);
    expect(confirmations()).toEqual(['accepted@example.com']);
    expect((await subscriberByEmail('accepted@example.com'))!.history.at(-1)).toMatchObject({
      type: 'confirmation-sent',
      outcome: 'unknown',
    });
    const listed = await call(admin, {
      path: '/api/admin/mail-queue?state=unknown',
      headers: { 'admin-key': KEY },
      ip: ip(),
    });
    expect(listed.json.entries).toHaveLength(1);
    expect(listed.json.entries[0]).toMatchObject({ to: 'accepted@example.com', retryable: true });
  });

  it('a mail recorded and never attempted (a crash before its due marker) goes out after the restart', async () => {
    process.env.MAIL_SEND_RATE_PER_MINUTE = '1';
    await signUp('first@example.com');
    await signUp('second@example.com');
    expect(confirmations()).toEqual(['first@example.com']);
    const store = getStore({ name: 'mail-queue', consistency: 'strong' });
    for (const k of await keysOf('due')) await store.delete(k);
    await worker(LEASE_MS + 120_000);
    expectEachOnce(confirmations(), ['first@example.com', 'second@example.com']);
  });
});

describe('rendered when it goes', () => {
  it('a welcome that waited is not sent after its subscriber unsubscribed', async () => {
    const ada = ip();
    await signUp('ada@example.com', ada);
    process.env.MAIL_SEND_RATE_PER_MINUTE = '1';
    // This minute's one slot goes to someone else; the welcome waits.
    await signUp('filler@example.com');
    expect((await confirmFromMail(fake, 'ada@example.com', ada)).status).toBe(200);
    expect(fake.messages.filter((m) => m.body.categories.includes('waitlist-confirmation'))).toHaveLength(0);
    const sub = (await subscriberByEmail('ada@example.com'))!;
    expect(sub.mail).toMatchObject({ status: 'waiting' });
    await markUnsubscribed(sub.id);
    await worker(60_000);
    expect(fake.messages.filter((m) => m.body.categories.includes('waitlist-confirmation'))).toHaveLength(0);
    expect((await subscriberByEmail('ada@example.com'))!.history.at(-1)).toMatchObject({
      type: 'welcome-sent',
      outcome: 'skipped',
    });
  });
});
