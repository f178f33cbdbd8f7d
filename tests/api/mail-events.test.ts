// SendGrid's events applied in-process (src/lib/composition/mail-events.ts) against a campaign sending
// through the real job runner, the real local Blobs server and the real SendGrid client pointed at a
// loopback fake: a bounce during the send leaves the person out of the next batches, and complaints
// past 0.1 % of the deliveries pause the campaign with the staff's own pause, once, saying why.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import admin from '../../netlify/functions/admin';
import recommendations from '../../netlify/functions/recommendations';
import { PHONES } from '../../src/lib/catalogue';
import { recommend, toRecommendationSummary, type Preferences } from '../../src/lib/recommender';
import { runJob } from '../../src/lib/composition/jobs';
import { readBatch } from '../../src/lib/campaigns/store';
import { applyEventBatch } from '../../src/lib/composition/mail-events';
import { MAINTENANCE_STEPS } from '../../src/lib/composition/maintenance';
import { getSubscriber } from '../../src/lib/subscribers/store';
import { dailyRates, MARKER_LIFETIME_DAYS } from '../../src/lib/email/events/store';
import {
  call,
  clearStore,
  startSendGridFake,
  storeKeys,
  storeSignup,
  useOutbox,
  useSendGrid,
  type SendGridFake,
} from './helpers';

let fake: SendGridFake;
const KEY = 'mail-events-test-admin-key-01';
const auth = { 'admin-key': KEY };
let n = 0;
const api = (path: string, opts: Parameters<typeof call>[1] = {}) =>
  call(admin, { ip: `198.18.1.${++n % 250}`, headers: auth, ...opts, path: `/api/admin${path}` });

beforeAll(async () => {
  fake = await startSendGridFake();
});
afterAll(async () => {
  useOutbox();
  await fake.close();
  delete process.env.CAMPAIGN_BATCH_SIZE;
});
beforeEach(async () => {
  process.env.ADMIN_KEY = KEY;
  process.env.CAMPAIGN_BATCH_SIZE = '4';
  useSendGrid(fake);
  fake.reset();
  await Promise.all(
    ['subscribers', 'subscriber-index', 'campaigns', 'jobs', 'stops', 'mail-queue', 'mail-events'].map(clearStore),
  );
});

const oneStep = (id: string) => runJob(id, { deadline: Date.now() - 1, retryDelayMs: 0 });
async function runSend(id: string) {
  let outcome = '';
  for (
    let i = 0;
    i < 100 && (outcome = await runJob(id, { deadline: Date.now() + 30_000, retryDelayMs: 0 })) === 'yielded';
    i++
  );
  return outcome;
}
const copiesTo = () =>
  fake.messages.flatMap((m) => (m.body.personalizations as { to: { email: string }[] }[]).map((p) => p.to[0].email));
let seq = 0;
const event = (email: string, name: string, args: Record<string, string>, extra: object = {}) => ({
  email,
  event: name,
  timestamp: Math.floor(Date.now() / 1000),
  sg_event_id: `api-ev-${++seq}`,
  ...args,
  ...extra,
});

describe('provider events during a campaign', () => {
  it('a bounce mid-send leaves the person out of later batches; complaints past 0.1 % pause it once, saying why', async () => {
    const start = Date.parse('2026-10-01T12:00:00.000Z');
    const subs = [];
    for (let i = 0; i < 12; i++)
      subs.push(
        await storeSignup(
          { name: `P${i}`, email: `ev${i}@example.com`, interest: 'all' },
          new Date(start + i * 60_000).toISOString(),
        ),
      );
    const id = (await api('/campaigns', { method: 'POST', body: { subject: 'S', body: 'B' } })).json.id as string;
    await api(`/campaigns/${id}/send`, { method: 'POST' });
    await oneStep(id); // plan
    await oneStep(id); // batch 0: the first four
    const first = (await readBatch(id, 0))!.batch.recipients;
    expect(copiesTo().sort()).toEqual(first.map((r) => r.email).sort());

    // Someone of the last batch bounces on another mail before their batch goes.
    const last = (await readBatch(id, 2))!.batch.recipients[0];
    const bounce = await applyEventBatch([
      event(last.email, 'bounce', {}, { type: 'bounce', reason: '550 no such user' }),
    ]);
    expect(bounce.applied).toBe(1);

    // The first batch is delivered; one of its four complains: 25 %, far past 0.1 %.
    const args = (r: { id: string }) => ({ campaign_id: id, subscriber_id: r.id });
    await applyEventBatch(first.map((r) => event(r.email, 'delivered', args(r))));
    await applyEventBatch([event(first[0].email, 'spamreport', args(first[0]))]);
    await runSend(id);
    const paused = (await api(`/campaigns/${id}`)).json;
    expect(paused.status).toBe('paused');
    expect(paused.error).toMatch(/^Paused by itself: 1 spam complaint for 4 delivered copies \(25\.00 %\)/);
    expect(paused.autoPause.reason).toBe(paused.error);
    expect(paused.provider).toEqual({ delivered: 4, bounced: 0, complained: 1 });

    // Staff resume it: another complaint does not pause it again; the bounced person gets nothing.
    expect((await api(`/campaigns/${id}/resume`, { method: 'POST' })).status).toBe(200);
    await applyEventBatch([event(first[1].email, 'spamreport', args(first[1]))]);
    expect(await runSend(id)).toBe('done');
    const done = (await api(`/campaigns/${id}`)).json;
    expect(done.status).toBe('sent');
    expect(done.skipped).toBe(1);
    expect(copiesTo()).not.toContain(last.email);
    expect(copiesTo()).toHaveLength(11);
  });
});

describe('a suppressed address', () => {
  it('gets no mail of any kind: not the recommendations mail, not a campaign test copy', async () => {
    const t = Date.now();
    const email = 'gone@example.com';
    await storeSignup({ name: 'Gone', email, interest: 'all' }, new Date(t).toISOString());
    const bounced = await applyEventBatch([
      {
        email: 'GONE@example.com',
        event: 'bounce',
        type: 'bounce',
        reason: '550 5.1.1 no such user',
        timestamp: Math.floor(t / 1000),
        sg_event_id: 'gone-1',
      },
    ]);
    expect(bounced.applied).toBe(1);
    await Promise.all(['ratelimit', 'mail-queue'].map(clearStore));
    fake.reset();
    const prefs: Preferences = {
      currentPhone: 'android',
      currentBrand: 'Google',
      os: 'android',
      budget: 'midrange',
      budgetValue: 50,
      cameraQuality: 'good',
      batteryLife: 'extended',
    };
    const recs = await call(recommendations, {
      method: 'POST',
      path: '/api/recommendations',
      ip: '198.18.2.7',
      body: {
        name: 'Gone',
        email,
        phoneModel: 'Pixel 8',
        preferences: JSON.stringify(prefs),
        recommendations: JSON.stringify(recommend(PHONES, prefs).map(toRecommendationSummary)),
      },
    });
    expect(recs.status, JSON.stringify(recs.json)).toBe(200);
    const id = (await api('/campaigns', { method: 'POST', body: { subject: 'S', body: 'B' } })).json.id as string;
    const refused = await api(`/campaigns/${id}/test`, { method: 'POST', body: { to: email } });
    expect(refused.status, JSON.stringify(refused.json)).toBe(409);
    expect(refused.json.error).toEqual({
      code: 'not_sent',
      message: 'The test copy was not sent: the address is suppressed (it bounced): no mail of any kind.',
    });
    // A control: the same test copy to an address that is not suppressed goes out.
    expect((await api(`/campaigns/${id}/test`, { method: 'POST', body: { to: 'staff@mapletech.ca' } })).status).toBe(
      202,
    );
    expect(copiesTo()).toEqual(['staff@mapletech.ca']);
  });
});

describe('one event once', () => {
  it('copies of one event in the same batch are repeats: one effect, one ledger event', async () => {
    const t = Date.now();
    const sub = await storeSignup({ name: 'Du', email: 'dup@example.com', interest: 'all' }, new Date(t).toISOString());
    const u = { email: 'dup@example.com', event: 'unsubscribe', timestamp: Math.floor(t / 1000), sg_event_id: 'dup-1' };
    expect(await applyEventBatch([u, u, u, u])).toEqual({ applied: 1, repeated: 3, ignored: 0, invalid: 0 });
    expect((await getSubscriber(sub.id))!.history.filter((h) => h.type === 'unsubscribed')).toHaveLength(1);
    expect(await applyEventBatch([u])).toEqual({ applied: 0, repeated: 1, ignored: 0, invalid: 0 });
  });
});

describe('blocked messages', () => {
  it('the threshold counts blocked messages: one block posted again under other event ids counts once', async () => {
    const t = Date.now();
    const sub = await storeSignup(
      { name: 'Bl', email: 'blocked@example.com', interest: 'all' },
      new Date(t).toISOString(),
    );
    const block = (id: string, message: string) => ({
      email: 'Blocked@Example.com',
      event: 'bounce',
      type: 'blocked',
      reason: '554 5.7.1 blocked by policy',
      timestamp: Math.floor(t / 1000),
      sg_event_id: id,
      sg_message_id: message,
    });
    await applyEventBatch([block('b-1', 'msg-A'), block('b-2', 'msg-A'), block('b-3', 'msg-A')]);
    expect((await getSubscriber(sub.id))!.history.some((h) => h.type === 'bounced')).toBe(false);
    await applyEventBatch([block('b-4', 'msg-B')]);
    expect((await getSubscriber(sub.id))!.history.some((h) => h.type === 'bounced')).toBe(false);
    await applyEventBatch([block('b-5', 'msg-C')]);
    const bounced = (await getSubscriber(sub.id))!.history.filter((h) => h.type === 'bounced');
    expect(bounced).toHaveLength(1);
    expect(bounced[0].detail).toMatch(/^blocked 3 times, last: 554 5\.7\.1 blocked by policy/);
  });
});

describe('processed-event markers', () => {
  const DAY = 86_400_000;
  const markers = async () => (await storeKeys('mail-events')).filter((k) => k.startsWith('p/'));
  /** One maintenance run, through the step the scheduled function runs. */
  const maintain = async (now: number) => {
    const step = MAINTENANCE_STEPS.find((s) => s.name === 'mail events');
    expect(step, 'a maintenance step prunes the markers').toBeTruthy();
    return step!.run({ now, deadline: Date.now() + 20_000 });
  };
  const at = (ms: number, email: string, name: string, id: string) => ({
    email,
    event: name,
    timestamp: Math.floor(ms / 1000),
    sg_event_id: id,
  });

  it('are kept past the retries and the statistics, then pruned whole days at a time; an event that old is not applied again', async () => {
    const t0 = Date.parse('2026-09-01T10:00:00.000Z');
    const a = await storeSignup(
      { name: 'A', email: 'old-a@example.com', interest: 'all' },
      new Date(t0 - DAY).toISOString(),
    );
    const b = await storeSignup(
      { name: 'B', email: 'old-b@example.com', interest: 'all' },
      new Date(t0 - DAY).toISOString(),
    );
    const old = [at(t0, a.email, 'unsubscribe', 'old-1'), at(t0, b.email, 'bounce', 'old-2')];
    expect((await applyEventBatch(old, t0)).applied).toBe(2);
    const fresh = at(t0 + 20 * DAY, b.email, 'spamreport', 'fresh-1');
    expect((await applyEventBatch([fresh], t0 + 20 * DAY)).applied).toBe(1);
    expect(await markers()).toHaveLength(3);

    // A day later (SendGrid's retries) and on the lifetime's last day: kept, a repeat changes nothing.
    expect(await maintain(t0 + DAY)).toBe(0);
    expect(await maintain(t0 + MARKER_LIFETIME_DAYS * DAY - 11 * 3_600_000)).toBe(0);
    expect((await applyEventBatch(old, t0 + DAY)).repeated).toBe(2);
    expect(MARKER_LIFETIME_DAYS).toBeGreaterThan(30); // the statistics' window counts the markers

    // Past the lifetime: that day's markers are deleted, the newer one stays.
    const later = t0 + (MARKER_LIFETIME_DAYS + 1) * DAY;
    expect(await maintain(later)).toBe(2);
    expect(await markers()).toEqual([expect.stringMatching(/^p\/2026-09-21\/spamreport\//)]);
    expect((await dailyRates(30, later)).reduce((n, d) => n + d.complained, 0)).toBe(1);

    // The old events posted again (their markers gone): nothing is applied, no ledger grows.
    const before = [(await getSubscriber(a.id))!.history.length, (await getSubscriber(b.id))!.history.length];
    const replay = await applyEventBatch(old, later);
    expect(replay).toMatchObject({ applied: 0, ignored: 2 });
    expect([(await getSubscriber(a.id))!.history.length, (await getSubscriber(b.id))!.history.length]).toEqual(before);
    expect(await markers()).toHaveLength(1);
  });
});
