// Campaigns through the staff API and the real job runner, against the real local Blobs server and
// the real SendGrid client (pointed at a loopback fake): the audience is exactly the confirmed
// subscribers asked for, every recipient gets one copy with their own unsubscribe link, an
// unsubscribe during the send is honoured, a batch cut off mid-send is unknown and never resent,
// pause/resume/cancel work, and an early-access wave's passes open the gate until revoked.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import admin from '../../netlify/functions/admin';
import pass from '../../netlify/functions/pass';
import { runJob } from '../../src/lib/composition/jobs';
import { readJob, updateJob } from '../../src/lib/jobs/store';
import { markUnsubscribed, subscriberStore } from '../../src/lib/subscribers/store';
import { subscriberStatus } from '../../src/lib/subscribers/status';
import { verifyUnsubscribeToken } from '../../src/lib/subscribers/unsubscribe-token';
import { readBatch, writeBatch } from '../../src/lib/campaigns/store';
import { readPassCookie, passCookieFrom } from '../../src/lib/campaigns/pass';
import { inAudience, type Audience } from '../../src/lib/campaigns/model';
import { campaignJob, type CampaignJobState, type CampaignJobInput } from '../../src/lib/campaigns/send';
import { getEnv } from '../../src/lib/server/env';
import {
  call,
  clearStore,
  startSendGridFake,
  storeSignup,
  storedSubscribers,
  useOutbox,
  useSendGrid,
  type SendGridFake,
} from './helpers';
import type { Interest } from '../../src/lib/signups/constants';

let fake: SendGridFake;
const KEY = 'campaign-test-admin-key-01';
const auth = { 'admin-key': KEY };
let n = 0;
const api = (path: string, opts: Parameters<typeof call>[1] = {}) =>
  call(admin, { ip: `198.18.0.${++n % 250}`, headers: auth, ...opts, path: `/api/admin${path}` });

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
    ['subscribers', 'subscriber-index', 'campaigns', 'jobs', 'stops', 'mail-queue', 'ratelimit'].map(clearStore),
  );
});

const INTERESTS: Interest[] = ['tech_news', 'phone_recommendations', 'smartphone_tutorials', 'all'];
/** 18 subscribers: lists, interests and states mixed; signup times one minute apart, oldest first. */
async function seed() {
  const start = Date.parse('2026-10-01T12:00:00.000Z');
  for (let i = 0; i < 18; i++) {
    const at = new Date(start + i * 60_000).toISOString();
    const list = i % 5 === 4 ? 'newsletter' : 'waitlist';
    const sub = await storeSignup(
      { list, name: `Person ${i}`, email: `p${i}@example.com`, interest: INTERESTS[i % 4] },
      at,
      i % 6 !== 5, // every sixth stays pending
    );
    if (i % 7 === 3) await markUnsubscribed(sub.id, new Date(start + 3_600_000).toISOString());
  }
}

/** Who the audience is, from the records themselves (the brute force the index must equal). */
async function bruteForce(audience: Audience): Promise<string[]> {
  const all = await storedSubscribers();
  return all
    .filter((s) => !s.deletedAt && inAudience({ ...s, status: subscriberStatus(s) }, audience))
    .map((s) => s.email)
    .sort();
}

/** Runs the campaign's job as the background runner would, until it stops. */
async function runSend(id: string, steps = 1000) {
  let outcome = '';
  for (let i = 0; i < steps; i++) {
    outcome = await runJob(id, { deadline: Date.now() + 30_000, retryDelayMs: 0 });
    if (outcome !== 'yielded') break;
  }
  return outcome;
}
/** One step of the job (runJob always makes at least one; a deadline in the past stops after it). */
const oneStep = (id: string) => runJob(id, { deadline: Date.now() - 1, retryDelayMs: 0 });

/** Every copy the fake accepted: recipient, personal unsubscribe link, request. */
function copies() {
  return fake.messages.flatMap((m, request) =>
    (
      m.body.personalizations as {
        to: { email: string }[];
        substitutions: Record<string, string>;
        headers: Record<string, string>;
      }[]
    ).map((p) => ({
      to: p.to[0].email,
      unsubscribe: p.substitutions['{{unsubscribe_url}}'],
      pass: p.substitutions['{{pass_url}}'],
      name: p.substitutions['{{name}}'],
      listUnsubscribe: p.headers['List-Unsubscribe'],
      request,
      body: m.body,
    })),
  );
}

const create = (body: object) => api('/campaigns', { method: 'POST', body });

describe('a campaign reaches exactly its confirmed audience, once each', () => {
  it('lists and interests filter exactly; nobody pending or unsubscribed; each copy its own unsubscribe link', async () => {
    await seed();
    const audience: Audience = { lists: ['waitlist'], interests: ['tech_news'] };
    const made = await create({ subject: 'Hello {{name}}', body: 'Hi **{{name}}**, news.', audience });
    expect(made.status).toBe(201);
    const expected = await bruteForce(audience);
    expect(expected.length).toBeGreaterThan(2);
    expect(made.json).toMatchObject({ audienceCount: expected.length, status: 'draft' });
    const id = made.json.id as string;

    expect((await api(`/campaigns/${id}/send`, { method: 'POST' })).status).toBe(202);
    expect(await runSend(id)).toBe('done');
    const got = copies();
    expect(got.map((c) => c.to).sort()).toEqual(expected);
    expect(new Set(got.map((c) => c.to)).size).toBe(got.length);
    // Batches of CAMPAIGN_BATCH_SIZE (4) recipients, one provider request each.
    expect(fake.messages.length).toBe(Math.ceil(expected.length / 4));
    for (const c of got) {
      const token = new URL(c.unsubscribe).searchParams.get('token');
      const id = await verifyUnsubscribeToken(token, getEnv().SESSION_SECRET!);
      const sub = await subscriberStore.get(id!);
      expect(sub?.email).toBe(c.to);
      expect(c.listUnsubscribe).toBe(`<${c.unsubscribe}>`);
      expect(c.name).toMatch(/^Person \d+$/);
    }
    expect(got[0].body.content[1].value).toContain('Hi <strong>{{name_html}}</strong>');
    expect(got[0].body.subject).toBe('Hello {{name}}');

    const view = await api(`/campaigns/${id}`);
    expect(view.json).toMatchObject({
      status: 'sent',
      total: expected.length,
      sent: expected.length,
      unknown: 0,
      failed: 0,
    });
    // Sending again sends nobody anything.
    expect((await api(`/campaigns/${id}/send`, { method: 'POST' })).status).toBe(409);
    expect(await runSend(id)).not.toBe('yielded');
    expect(copies()).toHaveLength(got.length);
    // Each recipient's ledger records the campaign.
    const someone = (await storedSubscribers()).find((s) => s.email === expected[0])!;
    const history = await api(`/waitlist/${someone.id}/history`);
    expect(history.json.history.at(-1)).toMatchObject({ type: 'campaign-sent', outcome: 'sent' });
  });

  it('an empty audience means every confirmed subscriber; the archive lists it', async () => {
    await seed();
    const made = await create({ subject: 'All', body: 'To everyone' });
    expect(made.json.audienceCount).toBe((await bruteForce({})).length);
    const list = await api('/campaigns');
    expect(list.json.map((c: { id: string }) => c.id)).toEqual([made.json.id]);
  });

  it('someone who unsubscribes during the send gets nothing after that', async () => {
    await seed();
    const made = await create({ subject: 'S', body: 'B' });
    const id = made.json.id as string;
    await api(`/campaigns/${id}/send`, { method: 'POST' });
    await oneStep(id); // the plan
    await oneStep(id); // the first batch
    const firstBatch = new Set(copies().map((c) => c.to));
    const later = (await bruteForce({})).filter((e) => !firstBatch.has(e));
    const leaving = (await storedSubscribers()).find((s) => s.email === later.at(-1))!;
    await markUnsubscribed(leaving.id);
    expect(await runSend(id)).toBe('done');
    expect(copies().map((c) => c.to)).not.toContain(leaving.email);
    const view = (await api(`/campaigns/${id}`)).json;
    expect(view).toMatchObject({ skipped: 1 });
    expect(view.sent + view.skipped).toBe(view.total);
  });
});

describe('a send cut off, paused, resumed, cancelled', () => {
  it('a batch left submitting by a dead runner counts as unknown, is shown to staff and is never resent', async () => {
    await seed();
    const made = await create({ subject: 'S', body: 'B' });
    const id = made.json.id as string;
    await api(`/campaigns/${id}/send`, { method: 'POST' });
    await oneStep(id);
    // The runner died during batch 0's provider call: the batch says submitting, the job's state still points at it.
    const found = (await readBatch(id, 0))!;
    await writeBatch(
      id,
      { ...found.batch, status: 'submitting', send: found.batch.recipients.map((r) => r.id) },
      found.etag,
    );
    expect(await runSend(id)).toBe('done');
    const view = (await api(`/campaigns/${id}`)).json;
    expect(view.unknown).toBe(found.batch.recipients.length);
    expect(view.sent + view.unknown).toBe(view.total);
    expect(view.unknownRecipients.sort()).toEqual(found.batch.recipients.map((r) => r.email).sort());
    const sentTo = copies().map((c) => c.to);
    for (const r of found.batch.recipients) expect(sentTo).not.toContain(r.email);
    expect(new Set(sentTo).size).toBe(sentTo.length);
  });

  it('a provider answering 503 holds the batch back for a later try, not a lost or double send', async () => {
    await seed();
    const id = (await create({ subject: 'S', body: 'B' })).json.id as string;
    await api(`/campaigns/${id}/send`, { method: 'POST' });
    await oneStep(id);
    fake.fail(503, 2);
    expect(await runSend(id)).toBe('done');
    const view = (await api(`/campaigns/${id}`)).json;
    expect(view).toMatchObject({ unknown: 0, failed: 0 });
    expect(view.sent).toBe(view.total);
    expect(new Set(copies().map((c) => c.to)).size).toBe(view.total);
  });

  it('pause stops between batches, resume finishes, cancel stops for good', async () => {
    await seed();
    const id = (await create({ subject: 'S', body: 'B' })).json.id as string;
    await api(`/campaigns/${id}/send`, { method: 'POST' });
    await oneStep(id);
    await oneStep(id);
    expect((await api(`/campaigns/${id}/pause`, { method: 'POST' })).status).toBe(200);
    await runSend(id);
    expect((await api(`/campaigns/${id}`)).json.status).toBe('paused');
    const whilePaused = copies().length;
    expect(whilePaused).toBe(4);
    expect((await api(`/campaigns/${id}/resume`, { method: 'POST' })).status).toBe(200);
    expect(await runSend(id)).toBe('done');
    expect((await api(`/campaigns/${id}`)).json.status).toBe('sent');

    const other = (await create({ subject: 'T', body: 'C' })).json.id as string;
    await api(`/campaigns/${other}/send`, { method: 'POST' });
    await oneStep(other);
    await oneStep(other);
    const before = copies().length;
    expect((await api(`/campaigns/${other}/cancel`, { method: 'POST' })).status).toBe(200);
    // A queued job is cancelled on the spot; a runner that comes later finds nothing to run.
    expect(['cancelled', 'busy']).toContain(await runSend(other));
    expect(copies().length).toBe(before);
    expect((await api(`/campaigns/${other}`)).json.status).toBe('cancelled');
    expect((await api(`/campaigns/${other}/resume`, { method: 'POST' })).status).toBe(409);
  });

  it('a cancel that arrives while a runner holds the job starts no further batch', async () => {
    await seed();
    const id = (await create({ subject: 'S', body: 'B' })).json.id as string;
    await api(`/campaigns/${id}/send`, { method: 'POST' });
    await oneStep(id); // the plan
    // A runner holds the job (it checkpointed a moment ago) when staff cancel: the request waits in `control`.
    const held = await updateJob<CampaignJobState, CampaignJobInput, unknown>(id, (j) => ({
      ...j,
      status: 'running',
      runner: { id: 'live-runner', claimedAt: Date.now() },
      heartbeatAt: Date.now(),
    }));
    expect((await api(`/campaigns/${id}/cancel`, { method: 'POST' })).status).toBe(200);
    expect((await readJob(id))!.job.control).toBe('cancel');
    // That runner's next step, from the state it holds, sends nothing.
    const before = copies().length;
    const step = await campaignJob.step(held!, {
      deadline: Date.now() + 30_000,
      now: Date.now,
      runnerId: 'live-runner',
    });
    expect(copies().length).toBe(before);
    expect(step.state.next).toBe(held!.state.next);
    expect((await readBatch(id, held!.state.next))!.batch.status).toBe('prepared');
    expect((await api(`/campaigns/${id}`)).json.status).toBe('cancelled');
  });

  it('a scheduled campaign waits for its time; Send now sends it at once', async () => {
    await seed();
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const made = await create({ subject: 'Later', body: 'B', sendAt });
    expect(made.json.status).toBe('scheduled');
    const id = made.json.id as string;
    expect(await runSend(id)).toBe('rested');
    expect(copies()).toHaveLength(0);
    expect((await api(`/campaigns/${id}`)).json.status).toBe('scheduled');
    await api(`/campaigns/${id}/send`, { method: 'POST' });
    expect(await runSend(id)).toBe('done');
    expect(copies().length).toBe((await bruteForce({})).length);
  });
});

describe('test copies and bad input', () => {
  it('a test copy goes to the address staff type, marked as a test, with sample links', async () => {
    const id = (await create({ subject: 'Preview {{name}}', body: 'Hello' })).json.id as string;
    const res = await api(`/campaigns/${id}/test`, { method: 'POST', body: { to: 'staff@mapletech.ca' } });
    expect(res.status).toBe(202);
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0].body.personalizations[0].to[0].email).toBe('staff@mapletech.ca');
    expect(fake.messages[0].body.subject).toBe('[Test] Preview there');
  });

  it('refuses bad payloads with field messages, unknown ids with 404, and anyone without the key', async () => {
    const bad = await create({ subject: '', body: 'x', audience: { lists: ['everyone'] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['audience.lists.0', 'subject']);
    expect((await api('/campaigns/cnope-1')).status).toBe(404);
    expect((await api('/campaigns/../x')).status).toBe(404);
    expect((await call(admin, { path: '/api/admin/campaigns', ip: '198.18.1.1' })).status).toBe(401);
    const past = await create({ subject: 'S', body: 'B', sendAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.json.error.fields).toEqual({ sendAt: 'The send time is in the past' });
  });
});

describe('early access', () => {
  it('a wave invites the first N not yet invited; each pass opens the gate until revoked', async () => {
    await seed();
    const eligible = (await storedSubscribers())
      .filter((s) => subscriberStatus(s) === 'confirmed' && s.list !== 'newsletter')
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const first = (
      await create({
        subject: 'Early',
        body: 'Come in',
        kind: 'early-access',
        audience: { lists: ['waitlist'] },
        limit: 3,
      })
    ).json;
    expect(first.audienceCount).toBe(3);
    await api(`/campaigns/${first.id}/send`, { method: 'POST' });
    expect(await runSend(first.id)).toBe('done');
    expect(copies().map((c) => c.to)).toEqual(eligible.slice(0, 3).map((s) => s.email));

    const second = (
      await create({
        subject: 'Early 2',
        body: 'Come in',
        kind: 'early-access',
        audience: { lists: ['waitlist'] },
        limit: 2,
      })
    ).json;
    await api(`/campaigns/${second.id}/send`, { method: 'POST' });
    expect(await runSend(second.id)).toBe('done');
    expect(
      copies()
        .slice(3)
        .map((c) => c.to),
    ).toEqual(eligible.slice(3, 5).map((s) => s.email));

    // The pass: its link sets the cookie and opens the site; staff see it used.
    const link = new URL(copies()[0].pass);
    const opened = await call(pass, { path: link.pathname + link.search });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/');
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^mt_pass=c1\..+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const held = await readPassCookie(passCookieFrom(cookie.split(';')[0]), getEnv().SESSION_SECRET!);
    expect(held?.state).toBe('valid');
    const members = (await api(`/campaigns/${first.id}/wave`)).json;
    expect(members.map((m: { email: string }) => m.email)).toEqual(eligible.slice(0, 3).map((s) => s.email));
    expect(members[0].usedAt).not.toBeNull();
    expect(members[1].usedAt).toBeNull();

    // Revoked: the link shows why, and the cookie's next check drops it.
    expect((await api(`/campaigns/${first.id}/revoke`, { method: 'POST' })).status).toBe(200);
    expect((await call(pass, { path: link.pathname + link.search })).status).toBe(403);
    const check = await call(pass, { path: '/api/pass/check?next=/about', headers: { cookie: cookie.split(';')[0] } });
    expect(check.status).toBe(303);
    expect(check.headers.get('location')).toBe('/join');
    expect(check.headers.get('set-cookie')).toMatch(/^mt_pass=; .*Max-Age=0/);
    // The second wave's passes still work.
    const other = new URL(copies()[3].pass);
    expect((await call(pass, { path: other.pathname + other.search })).status).toBe(303);
    // A tampered pass is refused (a character inside the token changes: every one there carries 6 bits).
    const token = link.searchParams.get('token')!;
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    expect((await call(pass, { path: `/api/pass?token=${encodeURIComponent(tampered)}` })).status).toBe(400);
  });

  it('revoking one person stops only their pass', async () => {
    await seed();
    const wave = (await create({ subject: 'E', body: 'B', kind: 'early-access', limit: 2 })).json;
    await api(`/campaigns/${wave.id}/send`, { method: 'POST' });
    await runSend(wave.id);
    const [a, b] = copies();
    const job = await readJob<CampaignJobState>(wave.id);
    expect(job?.job.status).toBe('done');
    const aId = new URL(a.pass).searchParams.get('token')!.split('.')[1];
    await api(`/campaigns/${wave.id}/revoke`, { method: 'POST', body: { subscriberId: aId } });
    const open = (u: string) => call(pass, { path: new URL(u).pathname + new URL(u).search });
    expect((await open(a.pass)).status).toBe(403);
    expect((await open(b.pass)).status).toBe(303);
  });
});
