import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateTemplate } from '../../src/lib/email/template-store';
import { setLaunched } from '../../src/lib/gate/launch';
import signups, { config as signupsConfig } from '../../netlify/functions/signups';
import unsubscribe from '../../netlify/functions/unsubscribe';
import confirm from '../../netlify/functions/confirm';
import { CONSENT_FORMS } from '../../src/lib/signups/constants';
import { subscriberStore } from '../../src/lib/subscribers/store';
import { sendSubscriberMail } from '../../src/lib/email/subscriber-mail';
import { readOutboxPage } from '../../src/lib/email/outbox';
import { drainQueue } from '../../src/lib/email/queue/queue';
import { MAIL_HANDLERS } from '../../src/lib/composition/mail-handlers';
import { SITE } from '../../src/config/site';
import { getEnv } from '../../src/lib/server/env';
import { pruneRateLimits, takeSlot } from '../../src/lib/server/shared-ratelimit';
import { takeVisitorMailAllowance } from '../../src/lib/email/limits';
import { SITE_BLOCK } from '../../src/lib/signups/server/flood-limits';
import {
  call,
  clearStore,
  startSendGridFake,
  storeKeys,
  useOutbox,
  useSendGrid,
  type SendGridFake,
  subscriberByEmail,
  storedSubscribers,
} from './helpers';
import { subscriberStatus } from '../../src/lib/subscribers/status';

let fake: SendGridFake;
let ipCounter = 0;
/** A fresh client IP, so the per-IP signup limit only bites in the rate-limit test. */
const ip = () => `198.51.100.${++ipCounter % 250}`;
/** This test's visitor: signs up and confirms from one client address unless a test says otherwise. */
let visitor = ip();

/** Every message in the local outbox, newest first. */
const outboxMessages = async () => (await readOutboxPage(null, 100)).entries;

/** Runs the mail queue's worker as the scheduled function would, `aheadMs` from now (backoffs pass). */
const runWorker = (aheadMs = 0) =>
  drainQueue(MAIL_HANDLERS, { now: () => Date.now() + aheadMs, deadline: Date.now() + aheadMs + 5_000 });

beforeAll(async () => {
  fake = await startSendGridFake();
});
afterAll(async () => {
  useOutbox();
  await fake.close();
});
beforeEach(async () => {
  useSendGrid(fake);
  fake.reset();
  visitor = ip();
  await clearStore('subscribers');
  await clearStore('outbox');
  await clearStore('mail-queue');
  await clearStore('ratelimit'); // the per-recipient mail limit counts across tests otherwise
});

const waitlistBody = {
  name: 'Ada <b>Lovelace</b>',
  email: '  Ada@Example.com ',
  interests: 'tech_news',
  source: 'youtube',
  referrer: 'https://www.youtube.com/watch?v=1',
  page: '/join',
  consentText: CONSENT_FORMS.waitlist.wording,
};
const newsletterBody = {
  name: 'Grace',
  email: 'grace@example.com',
  phoneModel: 'Galaxy S24',
  consent: true,
  form: 'newsletter',
  consentText: CONSENT_FORMS.newsletter.wording,
  page: '/',
};

const postWaitlist = (body: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  call(signups, { method: 'POST', path: '/api/waitlist', body, ip: opts.ip ?? visitor, headers: opts.headers });
const postNewsletter = (body: unknown, opts: { ip?: string } = {}) =>
  call(signups, { method: 'POST', path: '/api/newsletter/subscribe', body, ip: opts.ip ?? visitor });

/** Moves a record's signups and confirmation request `ms` into the past (as if a day went by). */
async function ageConfirmationRequest(email: string, ms: number) {
  const sub = (await subscriberByEmail(email))!;
  const back = (t: string) => new Date(Date.parse(t) - ms).toISOString();
  await subscriberStore.set(sub.id, {
    ...sub,
    confirmRequestedAt: sub.confirmRequestedAt && back(sub.confirmRequestedAt),
    history: sub.history.map((e) => ({ ...e, at: back(e.at) })),
    pendingDetails: sub.pendingDetails.map((d) => ({ ...d, at: back(d.at) })),
  });
}

/** The confirmation link in the latest double opt-in mail to `email` (SendGrid fake). */
function confirmLink(email: string): URL {
  const mail = [...fake.messages]
    .reverse()
    .find(
      (m) => m.body.personalizations[0].to[0].email === email && m.body.categories.includes('confirm-subscription'),
    )!;
  return new URL(mail.body.content[0].value.match(/http:\/\/\S+\/api\/confirm\?token=\S+/)[0]);
}
/** Presses the confirm page's button (a plain form POST), by default from this test's visitor. */
const pressConfirm = (link: URL, from = visitor) =>
  call(confirm, {
    method: 'POST',
    path: '/api/confirm',
    body: `token=${encodeURIComponent(link.searchParams.get('token')!)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8888' },
    ip: from,
  });

describe('POST /api/waitlist', () => {
  it('stores a pending record with its ledger and sends one confirmation link carrying nothing the visitor typed', async () => {
    const before = Date.now();
    const res = await postWaitlist(waitlistBody);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true });

    const sub = await subscriberByEmail('ada@example.com');
    expect(sub).toMatchObject({
      name: 'Ada <b>Lovelace</b>',
      email: 'ada@example.com',
      interests: ['tech_news'],
      source: 'youtube',
      referrer: 'https://www.youtube.com/watch?v=1',
      list: 'waitlist',
      unsubscribedAt: null,
      consent: { wording: CONSENT_FORMS.waitlist.wording, form: 'waitlist', page: '/join', source: 'youtube' },
      mail: { status: 'sent', kind: 'confirm-subscription', attempts: 1, lastError: null },
    });
    expect(subscriberStatus(sub!)).toBe('pending');
    expect(Date.parse(sub!.consent.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(sub!.createdAt).toBe(sub!.consent.at);
    expect(sub!.history.map((e) => e.type)).toEqual(['signup', 'confirmation-sent']);
    expect(sub!.history[0]).toMatchObject({
      list: 'waitlist',
      interest: 'tech_news',
      form: 'waitlist',
      page: '/join',
      wording: CONSENT_FORMS.waitlist.wording,
    });
    expect(sub!.history[0].wordingVersion).toMatch(/^sha256:[0-9a-f]{12}$/);
    expect(sub!.history[0].ipHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(sub)).not.toMatch(/198\.51\.100\./); // the client address is never stored

    expect(fake.messages).toHaveLength(1);
    const mail = fake.messages[0].body;
    expect(mail.personalizations[0].to[0].email).toBe('ada@example.com');
    expect(mail.subject).toBe(`Please confirm your subscription to the ${SITE.name} waitlist`);
    const [text, html] = mail.content.map((c: { value: string }) => c.value);
    for (const part of [text, html]) {
      expect(part).not.toContain('Lovelace'); // nothing typed by the visitor reaches an unconfirmed inbox
      expect(part).toContain(SITE.email);
      expect(part).toContain('Kitchener, ON');
    }
    const link = confirmLink('ada@example.com');
    expect(link.pathname).toBe('/api/confirm');
    expect(html).toContain(`href="${link.href}"`);
  });

  it('the confirmation link: GET shows one button and changes nothing; the POST confirms and sends the welcome with unsubscribe headers', async () => {
    await postWaitlist(waitlistBody);
    const link = confirmLink('ada@example.com');
    const page = await call(confirm, { path: link.pathname + link.search });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('Confirm my subscription');
    expect(page.text).toMatch(/<form method="post" action="\/api\/confirm">/);
    expect(subscriberStatus((await subscriberByEmail('ada@example.com'))!)).toBe('pending');

    fake.reset();
    const res = await pressConfirm(link);
    expect(res.status).toBe(200);
    expect(res.text).toContain("You're subscribed!");
    const sub = (await subscriberByEmail('ada@example.com'))!;
    expect(subscriberStatus(sub)).toBe('confirmed');
    expect(sub.confirmNonce).toBeNull();
    expect(sub.history.map((e) => e.type)).toEqual(['signup', 'confirmation-sent', 'confirmed', 'welcome-sent']);

    expect(fake.messages).toHaveLength(1);
    const mail = fake.messages[0].body;
    expect(mail.subject).toBe(`You're on the ${SITE.name} waitlist`);
    const [text, html] = mail.content.map((c: { value: string }) => c.value);
    expect(html).toContain('Hi Ada &lt;b&gt;Lovelace&lt;/b&gt;,');
    expect(html).not.toContain('<b>Lovelace</b>');
    expect(text).toContain('Hi Ada <b>Lovelace</b>,');
    expect(text).toContain("We'll keep you posted on the latest tech news.");
    for (const part of [text, html]) {
      expect(part).toContain(SITE.name);
      expect(part).toContain(SITE.email);
      expect(part).toContain('Kitchener, ON');
    }
    const listUnsub = mail.headers['List-Unsubscribe'];
    expect(listUnsub).toMatch(/^<http:\/\/localhost:8888\/api\/unsubscribe\?token=[0-9a-f]{64}\.[\w-]{43}>$/);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = listUnsub.slice(1, -1);
    expect(text).toContain(url);
    expect(html).toContain(`href="${url}"`);

    // A second press shows the same page and sends nothing more.
    fake.reset();
    expect((await pressConfirm(link)).text).toContain("You're subscribed!");
    expect(fake.messages).toHaveLength(0);
  });

  it('a tampered, foreign or superseded confirmation link confirms nothing', async () => {
    await postWaitlist(waitlistBody);
    const link = confirmLink('ada@example.com');
    const token = link.searchParams.get('token')!;
    for (const bad of [
      token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'),
      `${'0'.repeat(64)}${token.slice(64)}`,
      'garbage',
      '',
    ]) {
      const res = await pressConfirm(new URL(`http://localhost:8888/api/confirm?token=${encodeURIComponent(bad)}`));
      expect(res.status).toBe(400);
      expect(res.text).toContain('This confirmation link is not valid');
    }
    expect(subscriberStatus((await subscriberByEmail('ada@example.com'))!)).toBe('pending');
    // A day later a new signup sends a newer confirmation mail, which spends the older link.
    await ageConfirmationRequest('ada@example.com', 25 * 3600_000);
    await postWaitlist(waitlistBody);
    expect(fake.messages).toHaveLength(2);
    expect((await pressConfirm(link)).status).toBe(400);
    expect((await pressConfirm(confirmLink('ada@example.com'))).status).toBe(200);
  });

  it('a second signup of the same address updates the one pending record (first name kept, interests merged) and answers the same, without a second mail', async () => {
    const first = await postWaitlist(waitlistBody);
    const created = (await subscriberByEmail('ada@example.com'))!.createdAt;
    await new Promise((r) => setTimeout(r, 5));
    const second = await postWaitlist({
      ...waitlistBody,
      email: 'ADA@example.COM',
      interests: 'smartphone_tutorials',
      name: 'Ada L',
    });
    expect(second.status).toBe(first.status);
    expect(second.text).toBe(first.text);
    expect(await storeKeys('subscribers')).toHaveLength(1);
    const sub = await subscriberByEmail('ada@example.com');
    expect(sub).toMatchObject({
      name: 'Ada <b>Lovelace</b>',
      interests: ['tech_news', 'smartphone_tutorials'],
      createdAt: created,
    });
    expect(subscriberStatus(sub!)).toBe('pending');
    expect(sub!.updatedAt > created).toBe(true);
    expect(sub!.history.filter((e) => e.type === 'signup')).toHaveLength(2);
    expect(fake.messages).toHaveLength(1); // the confirmation is re-sent at most once per 24 h
  });

  it('a provider failure keeps the signup, records the attempt, answers success, and the queue delivers it later', async () => {
    fake.fail(500);
    const res = await postWaitlist(waitlistBody);
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(true);
    const sub = await subscriberByEmail('ada@example.com');
    expect(sub).not.toBeNull();
    expect(sub!.mail).toMatchObject({ status: 'waiting', kind: 'confirm-subscription', attempts: 1, sentAt: null });
    expect(sub!.mail!.lastError).toMatch(/SendGrid 500/);
    expect(sub!.history.at(-1)).toMatchObject({ type: 'confirmation-sent', outcome: 'retry' });

    // The provider is back: the worker sends it once its backoff has passed, exactly once.
    fake.reset();
    await runWorker();
    expect(fake.messages).toHaveLength(0); // not due yet
    await runWorker(60_000);
    await runWorker(120_000);
    expect(fake.messages).toHaveLength(1);
    const after = (await subscriberByEmail('ada@example.com'))!;
    expect(after.mail).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(after.history.filter((e) => e.type === 'confirmation-sent').map((e) => e.outcome)).toEqual([
      'retry',
      'sent',
    ]);
    expect((await pressConfirm(confirmLink('ada@example.com'))).status).toBe(200);
  });

  it('after launch the form shows a note without the launch notification, and that note is the consent recorded', async () => {
    const res = await postWaitlist({
      ...waitlistBody,
      email: 'after-launch@example.com',
      consentText: CONSENT_FORMS.waitlist.launchedWording,
    });
    expect(res.status, res.text).toBe(200);
    const sub = await subscriberByEmail('after-launch@example.com');
    expect(sub!.consent).toMatchObject({ wording: CONSENT_FORMS.waitlist.launchedWording, form: 'waitlist' });
    expect(CONSENT_FORMS.waitlist.launchedWording).not.toMatch(/launch notification/i);
  });

  it('a filled honeypot gets a success-looking answer and nothing is stored or sent', async () => {
    const real = await postWaitlist({ ...waitlistBody, email: 'real@example.com' });
    await clearStore('subscribers');
    fake.reset();
    const res = await postWaitlist({ ...waitlistBody, website: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect(res.text).toBe(real.text);
    expect(await storeKeys('subscribers')).toEqual([]);
    expect(fake.messages).toHaveLength(0);
  });

  describe('bad input -> 4xx with the error shape and nothing stored', () => {
    const cases: Array<[string, () => ReturnType<typeof postWaitlist>, number, string, Record<string, string>?]> = [
      ['invalid JSON', () => postWaitlist('{"name": "Ada",'), 400, 'invalid_json'],
      [
        'wrong types',
        () => postWaitlist({ name: 42, email: ['a@b.co'], interests: 7 }),
        400,
        'invalid_input',
        {
          name: 'Name must be at least 2 characters',
          email: 'Please enter a valid email address',
          interests: 'Please select your interests',
        },
      ],
      [
        'missing fields',
        () => postWaitlist({}),
        400,
        'invalid_input',
        { name: 'Name must be at least 2 characters', email: 'Please enter a valid email address' },
      ],
      [
        'short name and bad e-mail',
        () => postWaitlist({ name: 'A', email: 'ada@' }),
        400,
        'invalid_input',
        { name: 'Name must be at least 2 characters', email: 'Please enter a valid email address' },
      ],
      [
        'unknown interest',
        () => postWaitlist({ ...waitlistBody, interests: 'gossip' }),
        400,
        'invalid_input',
        { interests: 'Please select your interests' },
      ],
      [
        'over-long name',
        () => postWaitlist({ ...waitlistBody, name: 'x'.repeat(101) }),
        400,
        'invalid_input',
        { name: 'Name must be at most 100 characters' },
      ],
      [
        'a consent wording the form never shows',
        () => postWaitlist({ ...waitlistBody, consentText: 'I agree to everything' }),
        400,
        'invalid_input',
        { consentText: 'The consent wording does not match the one shown on this form' },
      ],
      [
        'oversized body (> 16 KB)',
        () => postWaitlist({ ...waitlistBody, referrer: 'x'.repeat(17 * 1024) }),
        413,
        'payload_too_large',
      ],
      // (A form-encoded body is the no-JS form's post, answered with a page: signups-form-post.test.ts.)
      [
        'not JSON',
        () => postWaitlist('name,email\nAda,ada@example.com', { headers: { 'content-type': 'text/csv' } }),
        415,
        'unsupported_media_type',
      ],
      [
        'wrong method',
        () => call(signups, { method: 'GET', path: '/api/waitlist', ip: ip() }),
        405,
        'method_not_allowed',
      ],
    ];
    it.each(cases)('%s', async (_label, send, status, code, fields) => {
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.json.error).toMatchObject({ code, message: expect.any(String) });
      if (fields) expect(res.json.error.fields).toEqual(fields);
      expect(await storeKeys('subscribers')).toEqual([]);
      expect(fake.messages).toHaveLength(0);
    });
  });

  it('answers 429 with a clear message once an address exceeds the per-minute limit, other addresses unaffected', async () => {
    const previous = process.env.SIGNUP_RATE_LIMIT;
    process.env.SIGNUP_RATE_LIMIT = '3';
    try {
      const addr = '192.0.2.99';
      for (let i = 0; i < 3; i++)
        expect((await postWaitlist({ ...waitlistBody, email: `r${i}@example.com` }, { ip: addr })).status).toBe(200);
      const limited = await postNewsletter({ ...newsletterBody, email: 'r9@example.com' }, { ip: addr });
      expect(limited.status).toBe(429);
      expect(limited.json.error.code).toBe('rate_limited');
      expect(limited.json.error.message).toMatch(/Too many requests\. Please wait \d+ seconds/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await subscriberByEmail('r9@example.com')).toBeNull();
      expect((await postWaitlist({ ...waitlistBody, email: 'other@example.com' }, { ip: '192.0.2.100' })).status).toBe(
        200,
      );
    } finally {
      if (previous === undefined) delete process.env.SIGNUP_RATE_LIMIT;
      else process.env.SIGNUP_RATE_LIMIT = previous;
    }
  });
});

describe('the per-IP signup limit', () => {
  it('costs no Blobs write of its own: the instance counts in memory, and Netlify counts across instances', async () => {
    const previous = process.env.SIGNUP_RATE_LIMIT;
    process.env.SIGNUP_RATE_LIMIT = '2';
    try {
      const addr = '192.0.2.150';
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await postWaitlist({ ...waitlistBody, email: `s${i}@example.com` }, { ip: addr })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(await subscriberByEmail('s2@example.com')).toBeNull();
      // The per-IP count takes no slot; each accepted signup takes one slot of its network's flood
      // limit, the refused one none; the site-wide count takes a slot per SITE_BLOCK signups of this
      // instance (src/lib/signups/server/flood-limits.ts).
      const keys = await storeKeys('ratelimit');
      expect(keys.filter((k) => /\/signup-net\//.test(k))).toHaveLength(2);
      expect(keys.filter((k) => !/\/signup-(net|site)\//.test(k))).toEqual([]);
      expect(keys.filter((k) => /\/signup-site\//.test(k)).length).toBeLessThanOrEqual(1);
      expect(fake.messages).toHaveLength(2);
    } finally {
      if (previous === undefined) delete process.env.SIGNUP_RATE_LIMIT;
      else process.env.SIGNUP_RATE_LIMIT = previous;
    }
    // Across instances the platform's rule in the signup function's config counts, at the same
    // default limit, before the function runs: one function serves both routes, so one count.
    expect(signupsConfig.path).toEqual(['/api/waitlist', '/api/newsletter/subscribe']);
    expect(signupsConfig.rateLimit).toEqual({ windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] });
    delete process.env.SIGNUP_RATE_LIMIT; // the default, whatever the shell running the tests sets
    try {
      expect(getEnv().SIGNUP_RATE_LIMIT).toBe(10);
    } finally {
      if (previous !== undefined) process.env.SIGNUP_RATE_LIMIT = previous;
    }
  });
});

describe('a flood from one IPv6 /64', () => {
  it('is counted as one client and one network, whatever its addresses; another /64 of the same /48 is not held back', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postWaitlist(
          { ...waitlistBody, email: `v6-flood-${i}@example.com` },
          { ip: `2001:db8:38:1:${(i * 7919).toString(16)}::${i + 1}` },
        ).then((r) => r.status),
      ),
    );
    // SIGNUP_RATE_LIMIT (10 a minute) counts the /64 as one client; its network count (30) is not reached.
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const other = await postWaitlist(
      { ...waitlistBody, email: 'v6-neighbour@example.com' },
      { ip: '2001:db8:38:2::1' },
    );
    expect(other.status).toBe(200);
    const mapped = await postWaitlist(
      { ...waitlistBody, email: 'v6-mapped@example.com' },
      { ip: '2001:0DB8:0038:0001::ffff' },
    );
    expect(mapped.status).toBe(429);
  });
});

describe('the site-wide flood count under a burst', () => {
  it('60 signups at once from 60 networks take one site-wide slot per SITE_BLOCK signups, not one each', async () => {
    const before = (await storeKeys('ratelimit')).filter((k) => /\/signup-site\//.test(k)).length;
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postWaitlist({ ...waitlistBody, email: `burst-site-${i}@example.com` }, { ip: `198.51.${i}.7` }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const taken = (await storeKeys('ratelimit')).filter((k) => /\/signup-site\//.test(k)).length - before;
    // The day's count stays a count of signups: 60 of them cost at most 60 / SITE_BLOCK slots.
    expect(taken).toBeLessThanOrEqual(Math.ceil(60 / SITE_BLOCK));
  });
});

describe('shared rate-limit slots (the mail limits count with them)', () => {
  it('opens again in the next window; the maintenance run removes closed windows as a whole', async () => {
    const t0 = 1_800_000_000_000; // a window start (multiple of 60 s)
    expect(await takeSlot('test', 'client-a', 1, 60_000, t0)).not.toBeNull();
    expect(await takeSlot('test', 'client-a', 1, 60_000, t0 + 1000)).toBeNull();
    expect(await takeSlot('test', 'client-b', 1, 60_000, t0 + 1000)).not.toBeNull();
    expect(await takeSlot('test', 'client-a', 1, 60_000, t0 + 60_000)).not.toBeNull();
    // Keys are grouped by the window's end: <end>/<bucket>/<w>/<h>/<hash>/<slot>, no raw client key.
    const inWindow = async (end: number) => (await storeKeys('ratelimit')).filter((k) => k.startsWith(`${end}/test/`));
    expect(await inWindow(t0 + 60_000)).toHaveLength(2);
    expect(await inWindow(t0 + 120_000)).toHaveLength(1);
    expect((await storeKeys('ratelimit')).join(' ')).not.toContain('client-');
    expect(await pruneRateLimits(t0 + 61_000)).toBeGreaterThanOrEqual(2);
    expect(await inWindow(t0 + 60_000)).toHaveLength(0);
    expect(await inWindow(t0 + 120_000)).toHaveLength(1);
  });
});

describe('limits counted in Blobs hold under bursts', () => {
  it('40 hits of one client at the same moment: exactly the limit gets a slot, the rest are refused', async () => {
    const t0 = 1_800_000_000_000;
    const slots = await Promise.all(Array.from({ length: 40 }, () => takeSlot('burst', 'client-c', 5, 60_000, t0)));
    expect(slots.filter((k) => k !== null)).toHaveLength(5);
    expect(new Set(slots.filter((k) => k !== null)).size).toBe(5);
    expect((await storeKeys('ratelimit')).filter((k) => k.startsWith(`${t0 + 60_000}/burst/`))).toHaveLength(5);
  });

  it('ten people joining from one shared address within a minute all get their confirmation', async () => {
    const office = '198.51.100.200';
    for (let i = 0; i < 10; i++)
      expect((await postWaitlist({ ...waitlistBody, email: `colleague${i}@example.com` }, { ip: office })).status).toBe(
        200,
      );
    const to = fake.messages.map((m) => m.body.personalizations[0].to[0].email).sort();
    expect(to).toEqual(Array.from({ length: 10 }, (_, i) => `colleague${i}@example.com`).sort());
    for (let i = 0; i < 10; i++)
      expect((await subscriberByEmail(`colleague${i}@example.com`))!.history.at(-1)).toMatchObject({
        type: 'confirmation-sent',
        outcome: 'sent',
      });
  });

  it('a visitor-requested mail refused by one allowance uses up nothing in the other', async () => {
    for (let i = 0; i < 3; i++)
      expect(await takeVisitorMailAllowance('victim@example.com', `198.51.100.${i}`)).toBeNull();
    const before = (await storeKeys('ratelimit')).sort();
    expect(before).toHaveLength(6); // three mails, each counted per inbox and per client
    // The same inbox spelled another way is refused.
    expect(await takeVisitorMailAllowance('Victim+x@Example.com ', '198.51.100.9')).toMatchObject({
      scope: 'recipient',
    });
    expect((await storeKeys('ratelimit')).sort()).toEqual(before);
    // The refused client still has its whole hourly allowance.
    for (let i = 0; i < 5; i++)
      expect(await takeVisitorMailAllowance(`friend${i}@example.com`, '198.51.100.9')).toBeNull();
    expect(await takeVisitorMailAllowance('friend9@example.com', '198.51.100.9')).toMatchObject({ scope: 'client' });
  });
});

describe('POST /api/newsletter/subscribe', () => {
  it('stores the subscription with the consent of the form used; the welcome follows the confirmation', async () => {
    const res = await postNewsletter(newsletterBody);
    expect(res.status).toBe(200);
    const sub = await subscriberByEmail('grace@example.com');
    expect(sub).toMatchObject({
      name: 'Grace',
      list: 'newsletter',
      interests: [],
      phoneModel: 'Galaxy S24',
      consent: { form: 'newsletter', wording: CONSENT_FORMS.newsletter.wording, page: '/' },
      mail: { status: 'sent', kind: 'confirm-subscription' },
    });
    expect(subscriberStatus(sub!)).toBe('pending');
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0].body.subject).toBe(`Please confirm your subscription to the ${SITE.name} newsletter`);
    await pressConfirm(confirmLink('grace@example.com'));
    expect(fake.messages).toHaveLength(2);
    expect(fake.messages[1].body.subject).toBe(`Welcome to the ${SITE.name} newsletter`);
    expect(fake.messages[1].body.content[0].value).toContain("We'll send tips and updates for your Galaxy S24.");
  });

  it('the header and about forms record their own wording; an unknown phone is fine there but not in the block', async () => {
    expect(
      (
        await postNewsletter({
          name: 'Lin',
          email: 'lin@example.com',
          phoneModel: 'Nokia 3310',
          consent: true,
          form: 'header',
          consentText: CONSENT_FORMS.header.wording,
          page: '/shop',
        })
      ).status,
    ).toBe(200);
    expect((await subscriberByEmail('lin@example.com'))!.consent).toMatchObject({
      form: 'header',
      wording: CONSENT_FORMS.header.wording,
      page: '/shop',
    });
    const block = await postNewsletter({ ...newsletterBody, email: 'kim@example.com', phoneModel: 'Nokia 3310' });
    expect(block.status).toBe(400);
    expect(block.json.error.fields).toEqual({
      phoneModel: 'Please enter a valid phone model (e.g., iPhone 15, Galaxy S24)',
    });
    expect(await subscriberByEmail('kim@example.com')).toBeNull();
  });

  it.each([
    ['consent false', { consent: false }, { consent: 'You must consent to receive newsletters' }],
    ['consent missing', { consent: undefined }, { consent: 'You must consent to receive newsletters' }],
    ['consent as a string', { consent: 'yes' }, { consent: 'You must consent to receive newsletters' }],
    [
      'empty fields',
      { name: ' ', email: '', phoneModel: '' },
      { name: 'Name is required', email: 'Please enter a valid email address', phoneModel: 'Phone model is required' },
    ],
    ['unknown form', { form: 'popup' }, { form: 'Unknown form' }],
  ])('%s -> 400 with per-field messages, nothing stored', async (_l, patch, fields) => {
    const res = await postNewsletter({ ...newsletterBody, ...patch });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual(fields);
    expect(await storeKeys('subscribers')).toEqual([]);
  });

  it('a newsletter signup then a waitlist signup of the same address make one record on both lists', async () => {
    await postNewsletter(newsletterBody);
    const created = (await subscriberByEmail('grace@example.com'))!.createdAt;
    await postWaitlist({ ...waitlistBody, email: 'Grace@Example.com', interests: 'all' });
    const all = await storedSubscribers();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ list: 'both', createdAt: created, phoneModel: 'Galaxy S24', interests: ['all'] });
  });

  it('joining the other list while the first confirmation is out: the click confirms the first and asks about the second', async () => {
    const email = 'grace@example.com';
    await postWaitlist({ ...waitlistBody, email });
    await postNewsletter(newsletterBody);
    const confirmations = () =>
      fake.messages.filter(
        (m) => m.body.personalizations[0].to[0].email === email && m.body.categories.includes('confirm-subscription'),
      );
    expect(confirmations()).toHaveLength(1); // one mail per 24 h while it is unanswered
    expect((await pressConfirm(confirmLink(email))).status).toBe(200);
    expect((await subscriberByEmail(email))!.list).toBe('waitlist');
    // The newsletter request gets a confirmation of its own, about the newsletter.
    expect(confirmations()).toHaveLength(2);
    expect(confirmations()[1].body.content[0].value).toMatch(/newsletter/i);
    expect((await pressConfirm(confirmLink(email))).status).toBe(200);
    expect((await subscriberByEmail(email))!.list).toBe('both');
    expect(confirmations()).toHaveLength(2);
  });

  it('a confirmed subscriber who joins the other list the same day gets its confirmation', async () => {
    const email = 'grace@example.com';
    await postNewsletter(newsletterBody);
    expect((await pressConfirm(confirmLink(email))).status).toBe(200);
    const before = fake.messages.length;
    const res = await postWaitlist({ ...waitlistBody, email });
    expect(res.status).toBe(200);
    const mail = fake.messages.slice(before);
    expect(mail.map((m) => m.body.categories[0])).toEqual(['confirm-subscription']);
    expect((await pressConfirm(confirmLink(email))).status).toBe(200);
    expect((await subscriberByEmail(email))!.list).toBe('both');
  });

  it('without a provider key the confirmation and the welcome go to the outbox, the welcome with the same headers', async () => {
    useOutbox();
    await postNewsletter(newsletterBody);
    const [request] = await outboxMessages();
    expect(request).toMatchObject({ to: 'grace@example.com', kind: 'confirm-subscription' });
    const link = new URL(request.text.match(/http:\/\/\S+\/api\/confirm\?token=\S+/)![0]);
    expect((await pressConfirm(link)).status).toBe(200);
    const [welcome] = await outboxMessages();
    expect(welcome).toMatchObject({ to: 'grace@example.com', kind: 'newsletter-welcome' });
    expect(welcome.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it("the confirmation request is staff's edited template; after launch the waitlist welcome promises no launch notification", async () => {
    useOutbox();
    await updateTemplate('confirmation-request', {
      subject: 'Confirm {{listName}}, please',
      text_content: 'Edited by staff. Open {{confirmUrl}} within {{validDays}} days.',
      html_content: '<p>Edited by staff.</p><p><a href="{{confirmUrl}}">Confirm my subscription</a></p>',
    });
    try {
      await setLaunched(true, 'test');
      await postWaitlist(waitlistBody);
      const [request] = await outboxMessages();
      expect(request.subject).toBe('Confirm the Maple Tech waitlist, please');
      expect(request.text).toMatch(/^Edited by staff\. Open http:\/\/\S+\/api\/confirm\?token=\S+ within 7 days\./);
      expect(request.html).toContain('Edited by staff.');
      const link = new URL(request.text.match(/http:\/\/\S+\/api\/confirm\?token=\S+/)![0]);
      expect((await pressConfirm(link)).status).toBe(200);
      const [welcome] = await outboxMessages();
      expect(welcome.kind).toBe('waitlist-welcome-launched');
      expect(welcome.text).toContain('The site is open');
      expect(welcome.text).not.toMatch(/launch notification|as soon as we launch/);
    } finally {
      await setLaunched(false, null);
      await clearStore('email-templates');
    }
  });
});

describe('unsubscribe', () => {
  /** Signs up, confirms, and returns the unsubscribe link of the welcome mail. */
  async function signUpAndGetLink(): Promise<string> {
    await postWaitlist(waitlistBody);
    await pressConfirm(confirmLink('ada@example.com'));
    const welcome = fake.messages.find((m) => m.body.headers?.['List-Unsubscribe'])!;
    return welcome.body.headers['List-Unsubscribe'].slice(1, -1);
  }
  const pressUnsubscribe = (token: string) =>
    call(unsubscribe, {
      method: 'POST',
      path: '/api/unsubscribe',
      body: `token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('a tampered or missing token answers 400 and changes nothing', async () => {
    const link = new URL(await signUpAndGetLink());
    const token = link.searchParams.get('token')!;
    const tampered = [
      `${'0'.repeat(64)}${token.slice(64)}`,
      token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'),
      'garbage',
      '',
    ];
    for (const t of tampered) {
      const res = await pressUnsubscribe(t);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.text).toContain('This unsubscribe link is not valid');
    }
    expect((await call(unsubscribe, { path: '/api/unsubscribe' })).status).toBe(400);
    expect((await call(unsubscribe, { method: 'POST', path: '/api/unsubscribe' })).status).toBe(400);
    expect((await subscriberByEmail('ada@example.com'))!.unsubscribedAt).toBeNull();
  });

  it('the link round trip: GET shows the button, its POST unsubscribes at once, the record keeps the time, no further mail is sent', async () => {
    const link = new URL(await signUpAndGetLink());
    const page = await call(unsubscribe, { path: link.pathname + link.search });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('Unsubscribe from our e-mails?');
    expect((await subscriberByEmail('ada@example.com'))!.unsubscribedAt).toBeNull();

    const res = await pressUnsubscribe(link.searchParams.get('token')!);
    expect(res.status).toBe(200);
    expect(res.text).toContain("You're unsubscribed");
    const sub = (await subscriberByEmail('ada@example.com'))!;
    expect(Date.parse(sub.unsubscribedAt!)).not.toBeNaN();
    expect(subscriberStatus(sub)).toBe('unsubscribed');
    expect(sub.history.at(-1)).toMatchObject({ type: 'unsubscribed', detail: 'unsubscribe page button' });

    // A second press keeps the first time.
    await pressUnsubscribe(link.searchParams.get('token')!);
    expect((await subscriberByEmail('ada@example.com'))!.unsubscribedAt).toBe(sub.unsubscribedAt);

    fake.reset();
    const outcome = await sendSubscriberMail({ subscriber: sub, etag: null }, 'waitlist-confirmation', 'staff-resend');
    expect(outcome).toMatchObject({ state: 'skipped', detail: 'the subscriber is not confirmed or has unsubscribed' });
    expect(fake.messages).toHaveLength(0);
    expect((await subscriberByEmail('ada@example.com'))!.mail!.status).toBe('skipped');
  });

  it('a used link says the address is already unsubscribed (GET and POST), without a button, and changes nothing', async () => {
    const link = new URL(await signUpAndGetLink());
    const token = link.searchParams.get('token')!;
    await pressUnsubscribe(token);
    const first = (await subscriberByEmail('ada@example.com'))!;

    const again = await call(unsubscribe, { path: link.pathname + link.search });
    expect(again.status).toBe(200);
    expect(again.text).toContain("You're already unsubscribed");
    expect(again.text).not.toContain('Unsubscribe from our e-mails?');
    expect(again.text).not.toContain('<button');
    const pressed = await pressUnsubscribe(token);
    expect(pressed.text).toContain("You're already unsubscribed");
    expect(await subscriberByEmail('ada@example.com')).toEqual(first);
  });

  it('RFC 8058 one-click POST unsubscribes', async () => {
    const link = new URL(await signUpAndGetLink());
    const res = await call(unsubscribe, {
      method: 'POST',
      path: link.pathname + link.search,
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect((await subscriberByEmail('ada@example.com'))!.unsubscribedAt).not.toBeNull();
    expect((await subscriberByEmail('ada@example.com'))!.history.at(-1)).toMatchObject({
      type: 'unsubscribed',
      detail: 'one-click (RFC 8058)',
    });
  });

  it('other methods get 405', async () => {
    expect((await call(unsubscribe, { method: 'DELETE', path: '/api/unsubscribe?token=x' })).status).toBe(405);
  });
});
