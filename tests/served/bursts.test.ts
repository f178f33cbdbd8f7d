// Launch-day bursts and floods against the served site as `npm start` runs it: the default limits
// (send rate 120 a minute, the per-address, per-network and site-wide signup limits), the runtime's
// scheduler, mail through the real SendGrid client to a loopback fake. Each visitor comes from its
// own loopback address, and a network is a /24 of them (127.0.<n>.x), as Netlify's context.ip sees
// clients. One server for the whole file; the cases run in order on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSendGridFake, type SendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';
import { FAST_SCHEDULER, postJson, requestFrom, startServedSite, waitFor, type ServedSite } from './served-site';
import { PHONES } from '../../src/lib/catalogue';
import { recommend, toRecommendationSummary, type Preferences } from '../../src/lib/recommender';

const ADMIN_KEY = 'served-bursts-admin-key-0123';
let fake: SendGridFake;
let site: ServedSite;

beforeAll(async () => {
  fake = await startSendGridFake();
  site = await startServedSite('bursts', {
    LOCAL_MODE: 'true',
    SITE_LAUNCHED: 'true',
    EDGE_FUNCTIONS: 'off',
    ADMIN_KEY,
    SENDGRID_API_KEY: 'SG.served-test',
    SENDGRID_BASE_URL: fake.url,
    // The worker runs every 5 s instead of every minute (the scheduler's test clock).
    ...FAST_SCHEDULER,
  });
});
afterAll(async () => {
  await site?.remove();
  await fake?.close();
});

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const signup = (email: string, from: string) =>
  postJson(`${site.url}/api/waitlist`, { name: 'Served Visitor', email, interests: 'all' }, from);
/** Confirmation mails the fake accepted, by recipient. */
function confirmationsTo(emails: readonly string[]): Map<string, number> {
  const wanted = new Set(emails);
  const counts = new Map<string, number>();
  for (const m of fake.messages) {
    const to = m.body.personalizations[0].to[0].email as string;
    if (wanted.has(to) && m.body.categories.includes('confirm-subscription')) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}
/** The staff view of the mail queue's entries to `email` in `state` (every page of the list). */
async function queueEntriesTo(
  email: string,
  state = 'unknown',
): Promise<{ key: string; state: string; attempts: { outcome: string }[] }[]> {
  const found: { key: string; state: string; to: string; attempts: { outcome: string }[] }[] = [];
  let cursor: string | null = '';
  for (let page = 0; page < 50 && cursor !== null; page++) {
    const query: string = `state=${state}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await requestFrom('127.0.0.1', `${site.url}/api/admin/mail-queue?${query}`, {
      headers: { 'admin-key': ADMIN_KEY },
    });
    expect(res.status, res.text).toBe(200);
    const body = JSON.parse(res.text);
    found.push(...body.entries);
    cursor = body.next ?? null;
  }
  return found.filter((e) => e.to === email);
}
/** A valid /api/recommendations body asking for a mail to `email`. */
function recommendationsPayload(email: string) {
  const prefs: Preferences = {
    currentPhone: 'iphone',
    currentBrand: 'Apple',
    os: 'ios',
    budget: 'premium',
    budgetValue: 90,
  };
  return {
    name: 'Mail Flood',
    email,
    phoneModel: 'iPhone 13',
    preferences: JSON.stringify(prefs),
    recommendations: JSON.stringify(recommend(PHONES, prefs).slice(0, 2).map(toRecommendationSummary)),
  };
}
/**
 * A visitor from the network `from` signs up during a flood from another one: answered 200, and the
 * confirmation goes out at once, at a send slot of the current minute (a waiting entry's key is
 * `…/w-<id>`), not left for the worker behind the flood.
 */
async function expectVisitorMailedAtOnce(from: string): Promise<void> {
  const visitor = `visitor-${tag()}@example.com`;
  const res = await signup(visitor, from);
  expect(res.status, res.text).toBe(200);
  await waitFor(
    () => confirmationsTo([visitor]).size === 1,
    30_000,
    () => `no confirmation to the visitor\n${site.output().slice(-2000)}`,
  );
  const [sent] = await queueEntriesTo(visitor, 'sent');
  expect(sent.key).toMatch(/^m\/\d{4}-\d{2}-\d{2}\/\d{4}\/\d+$/);
}
/** Worker runs the server has logged so far (the scheduled mail-queue function, every minute: 5 s here). */
const workerRuns = () => (site.output().match(/\[mail-queue\] \{/g) ?? []).length;
const THE_ANSWER = "You're on the waitlist! Check your email for a confirmation message.";

describe('a slow provider', () => {
  it('the answer does not wait for a provider that takes 15 s to answer', async () => {
    fake.hold(15_000);
    try {
      const email = `patient-${tag()}@example.com`;
      const res = await signup(email, '127.0.10.2');
      const answeredAt = Date.now();
      expect(res.status, res.text).toBe(200);
      expect(JSON.parse(res.text).message).toBe(THE_ANSWER);
      // The mail goes after the answer: the provider holds it, and would answer 15 s after it got it.
      await waitFor(
        () => confirmationsTo([email]).size === 1,
        30_000,
        () => `no confirmation to ${email}\n${site.output().slice(-2000)}`,
      );
      const received = fake.messages.find((m) => m.body.personalizations[0].to[0].email === email)!;
      expect(answeredAt).toBeLessThan(received.at + 15_000);
    } finally {
      fake.healthy();
    }
  });

  it('a recommendations mail: the answer does not wait for a provider that takes 15 s, and one copy goes', async () => {
    fake.hold(15_000);
    try {
      const email = `asked-slow-${tag()}@example.com`;
      const res = await postJson(`${site.url}/api/recommendations`, recommendationsPayload(email), '127.0.12.2');
      const answeredAt = Date.now();
      expect(res.status, res.text).toBe(200);
      expect(JSON.parse(res.text)).toEqual({ ok: true });
      await waitFor(
        () => fake.messages.some((m) => m.body.personalizations[0].to[0].email === email),
        30_000,
        () => `no recommendations mail to ${email}\n${site.output().slice(-2000)}`,
      );
      const received = fake.messages.filter((m) => m.body.personalizations[0].to[0].email === email);
      expect(received).toHaveLength(1);
      // Answered before the provider answered (it holds each request 15 s after receiving it).
      expect(answeredAt).toBeLessThan(received[0].at + 15_000);
    } finally {
      fake.healthy();
    }
  });

  it('a provider answering after 16 s gets one copy at most: the attempt is unknown and never resent by itself', async () => {
    fake.hold(16_000);
    const email = `slow-${tag()}@example.com`;
    try {
      const res = await signup(email, '127.0.11.2');
      expect(res.status, res.text).toBe(200);
      // The client gives up after its timeout: the request was sent, so the outcome is unknown.
      await waitFor(
        async () => (await queueEntriesTo(email)).length === 1,
        60_000,
        () => `no unknown entry for ${email}\n${site.output().slice(-2000)}`,
      );
    } finally {
      fake.healthy();
    }
    const [entry] = await queueEntriesTo(email);
    expect(entry.state).toBe('unknown');
    expect(entry.attempts.map((a) => a.outcome)).toEqual(['unknown']);
    // A worker run later, nothing was sent again.
    const runs = workerRuns();
    await waitFor(
      () => workerRuns() > runs,
      90_000,
      () => `no worker run\n${site.output().slice(-2000)}`,
    );
    expect(confirmationsTo([email]).get(email)).toBe(1);
    expect((await queueEntriesTo(email))[0].state).toBe('unknown');
  });
});

describe('a flood from one network', () => {
  it('is refused past the network limit with 429, and a visitor from another network gets their confirmation at once', async () => {
    // 40 addresses of one /24, 10 signups each, 40 at a time.
    const flood: string[] = [];
    const statuses: number[] = [];
    let refusal: { text: string; retryAfter: unknown } | null = null;
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          const email = `flood-${tag()}-${round}-${i}@example.com`;
          flood.push(email);
          return signup(email, `127.0.77.${10 + i}`);
        }),
      );
      for (const a of answers) {
        statuses.push(a.status);
        if (a.status === 429 && !refusal) refusal = { text: a.text, retryAfter: a.headers['retry-after'] };
      }
    }
    const accepted = statuses.filter((s) => s === 200).length;
    // SIGNUP_NETWORK_LIMIT: 3 times the per-address limit (10), per 10 minutes.
    expect(accepted).toBe(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(flood.length - 30);
    expect(JSON.parse(refusal!.text).error).toEqual({
      code: 'mail_limited',
      message: 'Too many signups came from your network. Please try again later.',
    });
    expect(Number(refusal!.retryAfter)).toBeGreaterThan(0);

    // A visitor from another network, right after: answered, and the confirmation is not queued
    // behind the flood (at most 30 of this minute's 120 send slots are the flood's).
    await expectVisitorMailedAtOnce('127.0.88.2');
    // Nothing the network was refused is ever mailed.
    expect(confirmationsTo(flood).size).toBeLessThanOrEqual(30);
  });
});

describe('a flood of mail requests from one network', () => {
  it('shares the network allowance with signups: refused past it with 429, and another network is not held back', async () => {
    // 25 addresses of one /24 (another than the signup flood's), each asking for 2 mails to new inboxes:
    // the per-address (5 an hour) and per-inbox allowances never refuse them, the network's does.
    const statuses: number[] = [];
    let refusal: string | null = null;
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          postJson(
            `${site.url}/api/recommendations`,
            recommendationsPayload(`asked-${tag()}-${round}-${i}@example.com`),
            `127.0.79.${10 + i}`,
          ),
        ),
      );
      for (const a of answers) {
        statuses.push(a.status);
        if (a.status === 429 && !refusal) refusal = a.text;
      }
    }
    // SIGNUP_NETWORK_LIMIT (30 per 10 minutes) counts the mails asked for as it counts signups.
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(JSON.parse(refusal!).error).toEqual({
      code: 'mail_limited',
      message: 'Too many e-mails were requested from your network. Please try again later.',
    });
    // Signups from that network share the same allowance: refused too.
    const more = await signup(`after-mails-${tag()}@example.com`, '127.0.79.200');
    expect(more.status).toBe(429);
    // A visitor from another network gets their confirmation at once, at a send slot of the minute.
    await expectVisitorMailedAtOnce('127.0.89.2');
  });
});

describe('a burst on the default settings', () => {
  it('every signup answered 2xx gets its confirmation exactly once, those past the send rate from the worker', async () => {
    // 200 visitors at once, from 50 networks: more than a minute's 120 send slots.
    const emails = Array.from({ length: 200 }, (_, i) => `burst-${tag()}-${i}@example.com`);
    const answers = await Promise.all(emails.map((e, i) => signup(e, `127.0.${100 + (i % 50)}.${2 + (i % 4)}`)));
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200));
    await waitFor(
      () => confirmationsTo(emails).size === emails.length,
      200_000,
      () => `confirmations ${confirmationsTo(emails).size} of ${emails.length}\n${site.output().slice(-3000)}`,
    );
    // Another worker run changes nothing: nobody gets a second one.
    const runs = workerRuns();
    await waitFor(
      () => workerRuns() > runs,
      90_000,
      () => 'no worker run',
    );
    expect([...confirmationsTo(emails).values()].filter((c) => c !== 1)).toEqual([]);
  });
});
