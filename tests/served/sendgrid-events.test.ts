// SendGrid's signed Event Webhook against the served site as `npm start` runs it (issue "Mail that
// hears back"): people sign up and confirm through the public API with mail going through the real
// SendGrid client to a loopback fake; the test then posts event batches signed with a P-256 key pair
// made here, whose public half the site holds as SENDGRID_WEBHOOK_PUBLIC_KEY, and checks what staff
// and the next campaign see. One server for the whole file.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { startSendGridFake, type SendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';
import { postJson, requestFrom, startServedSite, waitFor, type ServedSite } from './served-site';

const ADMIN_KEY = 'served-events-staff-key-7c2d';
const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const PUBLIC_KEY = (keys.publicKey.export({ format: 'der', type: 'spki' }) as Buffer).toString('base64');
let fake: SendGridFake;
let site: ServedSite;

let client = 0;
const nextClient = () => `127.0.${60 + (Math.floor(client / 200) % 20)}.${1 + (client++ % 200)}`;

async function adminCall(method: 'GET' | 'POST', p: string, body?: unknown) {
  const res = await requestFrom(nextClient(), `${site.url}/api/admin${p}`, {
    method,
    headers: { 'admin-key': ADMIN_KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.text ? JSON.parse(res.text) : null, text: res.text, headers: res.headers };
}

/** Posts `body` to the webhook, signed over timestamp + body with `key` (none: unsigned). */
function postEvents(
  body: string,
  {
    key = keys.privateKey,
    at = Date.now(),
    signedBody = body,
  }: { key?: KeyObject | null; at?: number; signedBody?: string } = {},
) {
  const timestamp = String(Math.floor(at / 1000));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) {
    headers['X-Twilio-Email-Event-Webhook-Timestamp'] = timestamp;
    headers['X-Twilio-Email-Event-Webhook-Signature'] = sign(
      'sha256',
      Buffer.from(timestamp + signedBody),
      key,
    ).toString('base64');
  }
  return requestFrom('127.0.0.1', `${site.url}/api/sendgrid/events`, { method: 'POST', headers, body });
}

interface Person {
  email: string;
  id: string;
  /** custom_args of the confirmation mail the fake accepted. */
  args: Record<string, string>;
}
const tag = Date.now().toString(36);
const people: Record<string, Person> = {};
const NAMES = ['bounce', 'drop', 'complain', 'unsub', 'group', 'blocked', 'keep'] as const;

/** Single mails the fake accepted for `email`, newest last. */
const mailsTo = (email: string) =>
  fake.messages.filter((m) => m.body.personalizations.length === 1 && m.body.personalizations[0].to[0].email === email);
const textOf = (m: { body: { content: { value: string }[] } }) => m.body.content.map((c) => c.value).join('\n');
/** The custom arguments of a single mail (the client puts them on the message or its personalization). */
const argsOf = (m: {
  body: { custom_args?: Record<string, string>; personalizations: { custom_args?: Record<string, string> }[] };
}) => ({ ...m.body.custom_args, ...m.body.personalizations[0].custom_args }) as Record<string, string>;

async function signUpAndConfirm(name: string): Promise<Person> {
  const email = `events-${name}-${tag}@example.com`;
  const res = await postJson(
    `${site.url}/api/waitlist`,
    { name: `Reader ${name}`, email, interests: 'all' },
    nextClient(),
  );
  expect(res.status, res.text).toBe(200);
  await waitFor(
    () => mailsTo(email).length > 0,
    30_000,
    () => `no confirmation mail to ${email}`,
  );
  const mail = mailsTo(email)[0];
  const link = textOf(mail)
    .match(/https?:\/\/[^\s"<>]+\/api\/confirm\?token=[^\s"<>]+/)![0]
    .replace(/&amp;/g, '&');
  const confirm = await requestFrom(nextClient(), `${site.url}/api/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${encodeURIComponent(new URL(link).searchParams.get('token')!)}`,
  });
  expect(confirm.status, confirm.text).toBe(200);
  const args = argsOf(mail);
  return { email, id: args.subscriber_id, args };
}

const history = async (p: Person) => {
  const res = await adminCall('GET', `/waitlist/${p.id}/history`);
  expect(res.status, res.text).toBe(200);
  return res.json as {
    subscriber: { status: string; bounced?: { reason: string } | null };
    history: Record<string, string>[];
  };
};

let seq = 0;
/** An event as SendGrid posts it, for `p` (with the custom arguments of its confirmation mail). */
const event = (p: Person | { email: string; args?: Record<string, string> }, name: string, extra: object = {}) => ({
  email: p.email,
  event: name,
  timestamp: Math.floor(Date.now() / 1000),
  sg_event_id: `ev-${tag}-${++seq}`,
  sg_message_id: `msg-${seq}`,
  ...('args' in p ? p.args : {}),
  ...extra,
});

beforeAll(async () => {
  fake = await startSendGridFake();
  site = await startServedSite('sendgrid-events', {
    LOCAL_MODE: 'true',
    SITE_LAUNCHED: 'true',
    EDGE_FUNCTIONS: 'off',
    ADMIN_KEY,
    SENDGRID_API_KEY: 'SG.served-events',
    SENDGRID_BASE_URL: fake.url,
    SENDGRID_WEBHOOK_PUBLIC_KEY: PUBLIC_KEY,
  });
  for (const name of NAMES) people[name] = await signUpAndConfirm(name);
}, 240_000);
afterAll(async () => {
  await site?.remove();
  await fake?.close();
});

describe('the SendGrid event webhook on the served site', () => {
  it('our mails carry the ids an event needs: the queue entry and the subscriber', () => {
    const { args } = people.keep;
    expect(args.mail_key).toMatch(/^m\//);
    expect(args.subscriber_id).toMatch(/^[0-9a-f]{64}$/);
    expect(args.mail_id).toBeTruthy();
  });

  it('refuses unsigned, forged, tampered, stale and non-event requests, and nothing changes', async () => {
    const before = await history(people.bounce);
    const body = JSON.stringify([event(people.bounce, 'bounce', { type: 'bounce', reason: '550 no such user' })]);
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const unsigned = await postEvents(body, { key: null });
    expect(unsigned.status).toBe(401);
    expect(JSON.parse(unsigned.text).error.code).toBe('signature_required');
    expect((await postEvents(body, { key: other })).status).toBe(403);
    expect((await postEvents(body, { signedBody: body.replace('bounce', 'delivered') })).status).toBe(403);
    const stale = await postEvents(body, { at: Date.now() - 26 * 60 * 60 * 1000 });
    expect(stale.status).toBe(403);
    expect(JSON.parse(stale.text).error.code).toBe('signature_expired');
    for (const notEvents of ['{"event":"bounce"}', '[1,2]', '[]', '[{"email":"x@example.com"}]', 'not json'])
      expect((await postEvents(notEvents)).status, notEvents).toBe(400);
    expect(await history(people.bounce)).toEqual(before);
    expect(before.subscriber.status).toBe('confirmed');
  });

  it('a bounce, a drop, repeated blocks, a complaint, a provider and a group unsubscribe reach the records and the statistics; a repeat changes nothing', async () => {
    const { bounce, drop, complain, unsub, group, blocked, keep } = people;
    const stranger = { email: `nobody-${tag}@example.com` };
    const batch = [
      event(bounce, 'bounce', { type: 'bounce', reason: '550 5.1.1 The email account does not exist' }),
      event(drop, 'dropped', { reason: 'Bounced Address' }),
      event(complain, 'spamreport'),
      event(unsub, 'unsubscribe'),
      event(group, 'group_unsubscribe', { asm_group_id: 1 }),
      event(keep, 'deferred', { response: '400 try again later' }),
      event(keep, 'open'),
      ...[1, 2, 3].map(() => event(blocked, 'bounce', { type: 'blocked', reason: '554 blocked by policy' })),
      event(stranger, 'bounce', { type: 'bounce', reason: '550 unknown' }),
      event(stranger, 'spamreport'),
    ];
    const body = JSON.stringify(batch);
    const first = await postEvents(body);
    expect(first.status, first.text).toBe(200);

    const b = await history(bounce);
    expect(b.subscriber.status).toBe('unsubscribed');
    expect(b.subscriber.bounced?.reason).toContain('550 5.1.1');
    const bounced = b.history.filter((e) => e.type === 'bounced');
    expect(bounced).toHaveLength(1);
    expect(bounced[0]).toMatchObject({ providerEvent: 'bounce', providerEventId: batch[0].sg_event_id });
    expect((await history(drop)).history.some((e) => e.type === 'bounced' && e.providerEvent === 'dropped')).toBe(true);
    expect((await history(blocked)).history.filter((e) => e.type === 'bounced')).toHaveLength(1);
    for (const [p, name] of [
      [complain, 'spamreport'],
      [unsub, 'unsubscribe'],
      [group, 'group_unsubscribe'],
    ] as const) {
      const h = await history(p);
      expect(h.subscriber.status).toBe('unsubscribed');
      expect(h.subscriber.bounced ?? null).toBeNull();
      expect(h.history.filter((e) => e.type === 'unsubscribed')).toMatchObject([{ providerEvent: name }]);
    }
    const kept = await history(keep);
    expect(kept.subscriber.status).toBe('confirmed');

    // Statistics: the day's bounces (the bounce, the drop, the three blocks) and the one complaint we
    // hold; the stranger's events and the deferral count nowhere.
    const rates = await adminCall('GET', '/mail-events/rates');
    expect(rates.status, rates.text).toBe(200);
    const day = new Date(batch[0].timestamp * 1000).toISOString().slice(0, 10);
    expect((rates.json.days as { day: string }[]).find((d) => d.day === day)).toEqual({
      day,
      delivered: 0,
      bounced: 5,
      complained: 1,
    });

    // Staff filter: exactly the suppressed addresses.
    const filtered = await adminCall('GET', '/waitlist?status=bounced');
    expect(filtered.status, filtered.text).toBe(200);
    expect((filtered.json as { email: string }[]).map((r) => r.email).sort()).toEqual(
      [bounce.email, drop.email, blocked.email].sort(),
    );
    expect((await adminCall('GET', '/waitlist?status=nonsense')).status).toBe(400);
    // An address we do not hold: nothing was created.
    const search = await adminCall('GET', `/waitlist?q=${encodeURIComponent(stranger.email)}`);
    expect(search.json).toEqual([]);

    // The same request again (SendGrid's retry) and the same events in a new signed request: nothing changes.
    const snapshot = await Promise.all(NAMES.map((n) => history(people[n])));
    const again = await postEvents(body);
    expect(again.status).toBe(200);
    expect((await postEvents(body, { at: Date.now() + 1000 })).status).toBe(200);
    expect(await Promise.all(NAMES.map((n) => history(people[n])))).toEqual(snapshot);
  });

  it('the next campaign, staff sends and a new signup leave suppressed and unsubscribed people out', async () => {
    const { bounce, drop, complain, unsub, group, blocked, keep } = people;
    const made = await adminCall('POST', '/campaigns', { subject: 'After the events', body: 'News.', audience: {} });
    expect(made.status, made.text).toBe(201);
    expect((await adminCall('POST', `/campaigns/${made.json.id}/send`)).status).toBe(202);
    let view: Record<string, unknown> = {};
    await waitFor(
      async () => (view = (await adminCall('GET', `/campaigns/${made.json.id}`)).json).status === 'sent',
      90_000,
      () => `campaign is ${JSON.stringify(view)}`,
    );
    const to = fake.messages
      .flatMap((m) => m.body.personalizations as { to: { email: string }[]; custom_args?: Record<string, string> }[])
      .filter((p) => p.custom_args?.campaign_id === made.json.id)
      .map((p) => p.to[0].email);
    expect(to).toContain(keep.email);
    for (const p of [bounce, drop, complain, unsub, group, blocked]) expect(to).not.toContain(p.email);

    // Staff "Send Email" to a suppressed address: refused, nothing sent.
    const mailsBefore = mailsTo(bounce.email).length;
    expect((await adminCall('POST', `/waitlist/${bounce.id}/send-email`)).status).toBe(409);
    // A new signup from the suppressed address: the same answer as anyone's, its request in the
    // ledger, and no mail of any kind (the confirmation is skipped).
    const again = await postJson(
      `${site.url}/api/waitlist`,
      { name: 'Again', email: bounce.email, interests: 'all' },
      nextClient(),
    );
    expect(again.status).toBe(200);
    expect(JSON.parse(again.text).message).toBe("You're on the waitlist! Check your email for a confirmation message.");
    // The answer does not wait for the mail step (it runs after the answer), so the skip is awaited.
    let h = await history(bounce);
    await waitFor(
      async () => (h = await history(bounce)).history.at(-1)?.type === 'confirmation-sent',
      20_000,
      () => `history ends ${JSON.stringify(h.history.at(-1))}`,
    );
    expect(h.history.at(-1)).toMatchObject({ type: 'confirmation-sent', outcome: 'skipped' });
    expect(h.subscriber.status).toBe('unsubscribed');
    expect(mailsTo(bounce.email)).toHaveLength(mailsBefore);

    // The campaign's report counts what the provider reports for it.
    const campaignArgs = { campaign_id: made.json.id, subscriber_id: keep.id };
    const report = await postEvents(
      JSON.stringify([
        event({ email: keep.email, args: campaignArgs }, 'delivered'),
        event({ email: keep.email, args: campaignArgs }, 'spamreport'),
      ]),
    );
    expect(report.status, report.text).toBe(200);
    const counted = (await adminCall('GET', `/campaigns/${made.json.id}`)).json;
    expect(counted.provider).toEqual({ delivered: 1, bounced: 0, complained: 1 });
    expect((await history(keep)).subscriber.status).toBe('unsubscribed');
  });

  it('a delivered event resolves a mail whose outcome was unknown', async () => {
    // The provider takes the mail and the process dies before the answer: the attempt is cut off.
    fake.hold(60_000);
    const email = `events-cut-${tag}@example.com`;
    void postJson(`${site.url}/api/waitlist`, { name: 'Cut Off', email, interests: 'all' }, nextClient()).catch(
      () => null,
    );
    await waitFor(
      () => mailsTo(email).length > 0,
      30_000,
      () => `no mail to ${email}`,
    );
    await site.kill('SIGKILL');
    fake.healthy();
    const args = argsOf(mailsTo(email)[0]);
    // What the queue's sweep writes once the claim's lease is over (2 minutes), written here at once
    // through the site's own storage, so the test does not wait for the lease.
    await markUnknown(args.mail_key);
    await site.restart();
    const queue = async (state: string) =>
      ((await adminCall('GET', `/mail-queue?state=${state}`)).json.entries as { key: string }[]).map((r) => r.key);
    expect(await queue('unknown')).toContain(args.mail_key);

    const res = await postEvents(JSON.stringify([event({ email, args }, 'delivered')]));
    expect(res.status, res.text).toBe(200);
    expect(await queue('unknown')).not.toContain(args.mail_key);
    expect(await queue('sent')).toContain(args.mail_key);
    const h = await history({ email, id: args.subscriber_id, args });
    expect(h.history.at(-1)).toMatchObject({ type: 'confirmation-sent', outcome: 'sent', providerEvent: 'delivered' });
    expect(mailsTo(email)).toHaveLength(1);
  });
});

/** Writes the `unknown` outcome marker of queue entry `key` into the stopped site's Blobs. */
async function markUnknown(key: string) {
  const directory = path.join(site.root, '.netlify', 'blobs-serve');
  let siteID = '0';
  try {
    siteID = JSON.parse(readFileSync(path.join(site.root, '.netlify', 'state.json'), 'utf8')).siteId ?? '0';
  } catch {
    // no state file: the runtime uses '0'
  }
  const token = 'served-events-token';
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  try {
    const store = getStore({
      name: 'mail-queue',
      siteID,
      token,
      edgeURL: url,
      uncachedEdgeURL: url,
      consistency: 'strong',
    });
    const at = new Date().toISOString();
    await store.setJSON(`${key}~unknown`, { state: 'unknown', at, detail: 'the attempt was cut off' });
  } finally {
    await server.stop();
  }
}
