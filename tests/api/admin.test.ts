import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '../../netlify/functions/admin';
import {
  confirmSubscriber,
  saveSignup,
  subscriberId,
  getSubscriber,
  markUnsubscribed,
} from '../../src/lib/subscribers/store';
import { CONSENT_FORMS } from '../../src/lib/signups/constants';
import type { Interest } from '../../src/lib/signups/constants';
import { templateStore } from '../../src/lib/email/template-store';
import { SESSION_COOKIE } from '../../src/lib/admin/session';
import { syncIndex } from '../../src/lib/subscribers/subscriber-index';
import { isListed, toAdminSubscriber } from '../../src/lib/admin/subscribers';
import {
  call,
  clearStore,
  startSendGridFake,
  storeKeys,
  useOutbox,
  useSendGrid,
  type CallOptions,
  type SendGridFake,
  bruteForceDaily,
  storedSubscribers,
} from './helpers';
import { subscriberStatus } from '../../src/lib/subscribers/status';

const KEY = 'api-test-admin-key-0001';
const saved: Record<string, string | undefined> = {};
let fake: SendGridFake;
let ipCounter = 0;
/** A fresh client address per caller, so the wrong-key limit only bites where a test wants it to. */
const ip = () => `192.0.2.${++ipCounter % 250}`;

beforeAll(async () => {
  for (const k of ['ADMIN_KEY', 'ADMIN_LOGIN_RATE_LIMIT']) saved[k] = process.env[k];
  process.env.ADMIN_KEY = KEY;
  process.env.ADMIN_LOGIN_RATE_LIMIT = '3';
  fake = await startSendGridFake();
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  useOutbox();
  await fake.close();
});
beforeEach(async () => {
  useOutbox();
  fake.reset();
  await Promise.all(
    ['subscribers', 'outbox', 'email-templates', 'ratelimit', 'sessions', 'subscriber-index', 'mail-queue'].map(
      clearStore,
    ),
  );
});

const api = (path: string, opts: CallOptions = {}) => call(admin, { ip: ip(), ...opts, path: `/api/admin${path}` });

async function login(devMode?: boolean): Promise<string> {
  const res = await api('/session', {
    method: 'POST',
    body: devMode === undefined ? { key: KEY } : { key: KEY, devMode },
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')!;
  return cookie.split(';')[0];
}

let seq = 0;
type SeedOptions = {
  name?: string;
  email?: string;
  interest?: Interest;
  source?: string;
  referrer?: string;
  list?: 'waitlist' | 'newsletter';
  at?: string;
};
/** The confirmation link nonce stored with every seeded signup. */
const SEED_NONCE = 'seed-nonce-00000';

/** A stored signup, confirmed (double opt-in done) unless `pending`. */
async function seed(over: SeedOptions & { pending?: boolean } = {}) {
  const { subscriber } = await signup(over);
  if (over.pending) return subscriber;
  // The owner confirms from the client that signed up (the same IP hash), so the typed name is kept.
  const done = await confirmSubscriber(subscriber.id, SEED_NONCE, 'feedc0de', subscriber.createdAt);
  if (done.status !== 'confirmed') throw new Error('seed: not confirmed');
  return done.subscriber;
}

async function signup(over: SeedOptions) {
  const at = over.at ?? new Date(Date.UTC(2026, 0, 1, 0, 0, ++seq)).toISOString();
  const email = over.email ?? `person${++seq}@example.com`;
  return saveSignup(
    {
      list: over.list ?? 'waitlist',
      name: over.name ?? 'Pat',
      email,
      interest: over.list === 'newsletter' ? undefined : (over.interest ?? 'all'),
      phoneModel: over.list === 'newsletter' ? 'Galaxy S24' : undefined,
      source: over.source ?? '',
      referrer: over.referrer ?? '',
      consent: {
        at,
        wording: CONSENT_FORMS.waitlist.wording,
        form: 'waitlist',
        page: '/join',
        source: over.source ?? '',
      },
      ipHash: 'feedc0de',
      wordingVersion: 'sha256:000000000000',
    },
    at,
    SEED_NONCE,
  );
}

const validTemplate = {
  subject: 'Welcome, {{name}}',
  text_content: 'Hi {{name}}, {{interestMessage}} Unsubscribe: {{unsubscribeUrl}}',
  html_content: '<p>Hi {{name}}</p><p>{{interestMessage}}</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>',
};

/** Every admin endpoint, with what a successful call needs. */
const endpoints: { name: string; method: string; path: () => Promise<string>; body?: unknown }[] = [
  { name: 'GET session', method: 'GET', path: async () => '/session' },
  { name: 'GET waitlist', method: 'GET', path: async () => '/waitlist' },
  { name: 'GET waitlist.csv', method: 'GET', path: async () => '/waitlist.csv' },
  { name: 'GET waitlist/stats', method: 'GET', path: async () => '/waitlist/stats' },
  { name: 'DELETE waitlist/{id}', method: 'DELETE', path: async () => `/waitlist/${(await seed()).id}` },
  {
    name: 'POST waitlist/{id}/send-email',
    method: 'POST',
    path: async () => `/waitlist/${(await seed()).id}/send-email`,
  },
  { name: 'GET email-templates', method: 'GET', path: async () => '/email-templates' },
  {
    name: 'PUT email-templates/{id}',
    method: 'PUT',
    path: async () => '/email-templates/waitlist-confirmation',
    body: validTemplate,
  },
  { name: 'POST email-templates/initialize', method: 'POST', path: async () => '/email-templates/initialize' },
  { name: 'GET outbox', method: 'GET', path: async () => '/outbox' },
];

describe('every admin endpoint requires authentication', () => {
  it.each(endpoints)(
    '$name: 401 without auth, 401 with a wrong key, 200 with the cookie and with the header',
    async ({ method, path, body }) => {
      const none = await api(await path(), { method, body });
      expect(none.status).toBe(401);
      expect(none.json).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });

      const wrong = await api(await path(), { method, body, headers: { 'admin-key': `${KEY}x` } });
      expect(wrong.status).toBe(401);
      expect(wrong.json.error.code).toBe('unauthorized');

      const forged = await api(await path(), {
        method,
        body,
        headers: { cookie: `${SESSION_COOKIE}=v1.99999999999999.1.AAAA` },
      });
      expect(forged.status).toBe(401);

      const cookie = await login();
      const withCookie = await api(await path(), { method, body, headers: { cookie } });
      expect(withCookie.status).toBe(200);

      const withHeader = await api(await path(), { method, body, headers: { 'admin-key': KEY } });
      expect(withHeader.status).toBe(200);
    },
  );

  it('unknown admin paths answer 401 before 404', async () => {
    expect((await api('/secrets')).status).toBe(401);
    expect((await api('/secrets', { headers: { 'admin-key': KEY } })).status).toBe(404);
  });

  it('wrong methods answer 405 with Allow', async () => {
    const res = await api('/waitlist', { method: 'POST', headers: { 'admin-key': KEY } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describe('session', () => {
  // The key limiter's windows are aligned to the clock: pin it early in a minute so no test
  // straddles a window's end.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.UTC(2030, 0, 7, 10, 1, 5)));
  });
  afterEach(() => vi.useRealTimers());
  it('login sets a signed HttpOnly SameSite=Strict cookie with an expiry; GET reports it; logout clears it', async () => {
    const res = await api('/session', { method: 'POST', body: { key: KEY } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ authenticated: true, devMode: false, via: 'cookie' });
    expect(Date.parse(res.json.expiresAt)).toBeGreaterThan(Date.now() + 60 * 60_000);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(
      new RegExp(
        `^${SESSION_COOKIE}=v3\\.\\d+\\.0\\.[\\w-]{22}\\.owner\\.[\\w-]{43}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Strict$`,
      ),
    );
    expect(setCookie).not.toContain(KEY);

    const cookie = setCookie.split(';')[0];
    const me = await api('/session', { headers: { cookie } });
    expect(me.json).toMatchObject({ authenticated: true, devMode: false, via: 'cookie' });

    const out = await api('/session', { method: 'DELETE', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(
      new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0;.*HttpOnly; SameSite=Strict`),
    );
  });

  it('dev mode is recorded in the session and kept when signing in again', async () => {
    const dev = await login(true);
    expect((await api('/session', { headers: { cookie: dev } })).json.devMode).toBe(true);
    const res = await api('/session', { method: 'POST', body: { key: KEY }, headers: { cookie: dev } });
    expect(res.json.devMode).toBe(true);
  });

  it('a wrong key gets 401 in the error shape; a body without a key gets 400 per field', async () => {
    const wrong = await api('/session', { method: 'POST', body: { key: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: { code: 'unauthorized', message: 'Invalid admin key.' } });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const empty = await api('/session', { method: 'POST', body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields.key).toBe('Enter the admin key');
  });

  it('limits wrong keys per address: past ADMIN_LOGIN_RATE_LIMIT, one key a minute is compared (429 for the rest); other addresses unaffected', async () => {
    const attacker = '198.18.0.1';
    for (let i = 0; i < 3; i++)
      expect((await api('/session', { method: 'POST', body: { key: `guess-${i}` }, ip: attacker })).status).toBe(401);
    // This minute's one slowed attempt, then 429 before any comparison.
    expect((await api('/session', { method: 'POST', body: { key: 'guess-3' }, ip: attacker })).status).toBe(401);
    const limited = await api('/session', { method: 'POST', body: { key: KEY }, ip: attacker });
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    expect(limited.json.error.message).toMatch(/^Too many wrong admin keys\. Please wait \d+ seconds/);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // The admin-key header shares the limit.
    expect((await api('/waitlist', { headers: { 'admin-key': KEY }, ip: attacker })).status).toBe(429);
    expect((await api('/session', { method: 'POST', body: { key: KEY }, ip: '198.18.0.2' })).status).toBe(200);
  });

  it('a correct key clears earlier wrong attempts, so staff who mistype are not locked out', async () => {
    const staff = '198.18.0.3';
    for (let i = 0; i < 3; i++) await api('/session', { method: 'POST', body: { key: `typo-${i}` }, ip: staff });
    expect((await api('/session', { method: 'POST', body: { key: KEY }, ip: staff })).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await api('/session', { method: 'POST', body: { key: `typo-${i}` }, ip: staff })).status).toBe(401);
    expect((await api('/session', { method: 'POST', body: { key: KEY }, ip: staff })).status).toBe(200);
    expect(await storeKeys('ratelimit')).toEqual([]);
  });

  it('the limit is kept in Blobs, so it holds across function instances', async () => {
    const attacker = '198.18.0.5';
    for (let i = 0; i < 4; i++)
      expect((await api('/session', { method: 'POST', body: { key: `guess-${i}` }, ip: attacker })).status).toBe(401);
    expect((await api('/session', { method: 'POST', body: { key: KEY }, ip: attacker })).status).toBe(429);
    // One blob per attempt slot and per distinct wrong key, keyed by a hash (no raw address, no key).
    const keys = await storeKeys('ratelimit');
    const buckets = keys.map((k) => k.split('/')[1]).sort();
    expect(buckets).toEqual([
      ...Array(3).fill('admin-login'),
      'admin-login-slow',
      ...Array(4).fill('admin-login-wrong'),
    ]);
    expect(keys.join(' ')).not.toContain(attacker);
    expect(keys.join(' ')).not.toContain('guess-');
  });

  it('a repeated wrong admin-key header counts once; different wrong headers are limited like logins', async () => {
    const script = '198.18.0.4';
    for (let i = 0; i < 6; i++)
      expect((await api('/waitlist', { headers: { 'admin-key': 'bad-old-key' }, ip: script })).status).toBe(401);
    for (let i = 0; i < 3; i++)
      expect((await api('/waitlist', { headers: { 'admin-key': `bad-${i}` }, ip: script })).status).toBe(401);
    expect((await api('/waitlist', { headers: { 'admin-key': 'bad-9' }, ip: script })).status).toBe(429);
  });
});

describe('waitlist', () => {
  const auth = { 'admin-key': KEY };

  it('lists subscribers newest first with the admin fields, and searches name, email, source and interests', async () => {
    await seed({
      name: 'Ada',
      email: 'ada@example.com',
      interest: 'tech_news',
      source: 'youtube',
      at: '2026-01-01T00:00:00.000Z',
    });
    await seed({
      name: '',
      email: 'grace@example.com',
      interest: 'smartphone_tutorials',
      source: '',
      at: '2026-02-01T00:00:00.000Z',
    });
    await seed({
      name: 'Linus',
      email: 'linus@example.org',
      list: 'newsletter',
      source: 'Reddit',
      at: '2026-03-01T00:00:00.000Z',
    });

    const all = await api('/waitlist', { headers: auth });
    expect(all.json.map((s: { email: string }) => s.email)).toEqual([
      'linus@example.org',
      'grace@example.com',
      'ada@example.com',
    ]);
    expect(all.json[2]).toEqual({
      id: await subscriberId('ada@example.com'),
      name: 'Ada',
      email: 'ada@example.com',
      interests: ['tech_news'],
      source: 'youtube',
      referrer: '',
      createdAt: '2026-01-01T00:00:00.000Z',
      list: 'waitlist',
      phoneModel: '',
      consentAt: '2026-01-01T00:00:00.000Z',
      unsubscribedAt: null,
      status: 'confirmed',
      confirmedAt: '2026-01-01T00:00:00.000Z',
      mail: null,
    });
    expect(all.json[0].interests).toEqual([]);

    const search = async (q: string) =>
      (await api(`/waitlist?q=${encodeURIComponent(q)}`, { headers: auth })).json.map(
        (s: { email: string }) => s.email,
      );
    expect(await search('ADA')).toEqual(['ada@example.com']);
    expect(await search('reddit')).toEqual(['linus@example.org']);
    expect(await search('tutorials')).toEqual(['grace@example.com']);
    expect(await search('example.')).toEqual(['linus@example.org', 'grace@example.com', 'ada@example.com']);
    expect(await search('nobody')).toEqual([]);
  });

  it('DELETE leaves a tombstone (ledger and hashed address, no personal data); a second DELETE is 404; bulk delete removes exactly the chosen ones', async () => {
    const subs = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => seed({ email: `bulk${n}@example.com`, name: `Bulk ${n}` })),
    );
    const one = await api(`/waitlist/${subs[0].id}`, { method: 'DELETE', headers: auth });
    expect(one.status).toBe(200);
    expect(one.json).toEqual({ ok: true, id: subs[0].id });
    const tomb = (await getSubscriber(subs[0].id))!;
    expect(tomb).toMatchObject({
      id: subs[0].id,
      name: '',
      email: '',
      phoneModel: '',
      referrer: '',
      interests: [],
    });
    expect(subscriberStatus(tomb)).toBe('unsubscribed');
    expect(tomb.deletedAt).not.toBeNull();
    expect(tomb.history.map((e) => e.type)).toEqual(['signup', 'confirmed', 'staff-deleted']);
    expect(JSON.stringify(tomb)).not.toContain('bulk1@example.com');
    expect(JSON.stringify(tomb)).not.toContain('Bulk 1');
    expect((await api('/waitlist', { headers: auth })).json.map((s: { id: string }) => s.id)).not.toContain(subs[0].id);
    expect((await api(`/waitlist/${subs[0].id}`, { method: 'DELETE', headers: auth })).status).toBe(404);
    expect((await api('/waitlist/not-an-id', { method: 'DELETE', headers: auth })).status).toBe(404);
    // The proof of consent outlives the delete.
    const proof = await api(`/waitlist/${subs[0].id}/consent.csv`, { headers: auth });
    expect(proof.status).toBe(200);
    expect(proof.text).toContain('"staff-deleted"');

    const chosen = [subs[1], subs[3], subs[4]];
    const results = await Promise.all(chosen.map((s) => api(`/waitlist/${s.id}`, { method: 'DELETE', headers: auth })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const live = (await api('/waitlist', { headers: auth })).json.map((s: { id: string }) => s.id);
    expect(live).toEqual([subs[2].id]);
  });

  it('a deleted subscriber stays out of the listing, the search and the CSV export even when a late index write puts its key back', async () => {
    const sub = await seed({ email: 'late-index@example.com', name: 'Late Index' });
    const before = (await getSubscriber(sub.id))!;
    expect((await api(`/waitlist/${sub.id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
    // A concurrent write of the live record whose index update lands after the delete's.
    await syncIndex(null, before);
    const ids = async (q = '') =>
      (await api(`/waitlist${q ? `?q=${q}` : ''}`, { headers: auth })).json.map((s: { id: string }) => s.id);
    expect(await ids()).not.toContain(sub.id);
    expect(await ids('late-index')).toEqual([]);
    const csv = await api('/waitlist.csv?q=late-index', { headers: auth });
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n')).toHaveLength(1); // the header line only
  });

  it('a new signup of a deleted address starts over as a request that needs confirmation', async () => {
    const sub = await seed({ email: 'back@example.com', name: 'Back' });
    await api(`/waitlist/${sub.id}`, { method: 'DELETE', headers: auth });
    await signup({ email: 'back@example.com', name: 'Back Again' });
    const again = (await getSubscriber(sub.id))!;
    expect(again).toMatchObject({
      email: 'back@example.com',
      name: 'Back Again',
      deletedAt: null,
    });
    expect(subscriberStatus(again)).toBe('unsubscribed');
    expect(again.history.map((e) => e.type)).toEqual(['signup', 'confirmed', 'staff-deleted', 'signup']);
  });

  it('history: the per-subscriber ledger as JSON, and the proof of consent as CSV', async () => {
    const sub = await seed({ name: 'Ada', email: 'ada@example.com', source: 'youtube' });
    const res = await api(`/waitlist/${sub.id}/history`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.json.subscriber).toMatchObject({ id: sub.id, email: 'ada@example.com', status: 'confirmed' });
    expect(res.json.history.map((e: { type: string }) => e.type)).toEqual(['signup', 'confirmed']);
    expect(res.json.history[0]).toMatchObject({
      form: 'waitlist',
      page: '/join',
      source: 'youtube',
      wording: CONSENT_FORMS.waitlist.wording,
      ipHash: 'feedc0de',
    });

    const csv = await api(`/waitlist/${sub.id}/consent.csv`, { headers: auth });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="consent-${sub.id.slice(0, 8)}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Subscriber ID","Email","Event","At","List","Interest","Form","Consent Wording","Wording Version","Page","Source","IP Hash","Outcome","Detail"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"${sub.id}","ada@example.com","signup"`);
    expect(lines[2]).toContain('"confirmed"');
    expect((await api(`/waitlist/${'0'.repeat(64)}/history`, { headers: auth })).status).toBe(404);
  });

  it('stats count confirmed subscribers (interests per subscriber, "" for direct); pending and unsubscribed apart', async () => {
    await seed({ interest: 'smartphone_tutorials', source: 'spam', pending: true });
    await markUnsubscribed((await seed({ interest: 'tech_news', source: 'gone' })).id);
    await seed({ interest: 'tech_news', source: 'youtube' });
    await seed({ interest: 'tech_news', source: '' });
    await seed({ interest: 'all', source: 'youtube' });
    await seed({ list: 'newsletter', source: 'instagram' });
    // The same address twice a week apart, each confirmed: one subscriber, interests merged, the first source kept.
    await seed({ email: 'two@example.com', interest: 'tech_news', source: 'reddit' });
    await seed({
      email: 'two@example.com',
      interest: 'smartphone_tutorials',
      source: '',
      at: '2026-01-08T00:00:00.000Z',
    });

    const res = await api('/waitlist/stats', { headers: auth });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      totalCount: 5,
      pendingCount: 1,
      unsubscribedCount: 1,
      interestBreakdown: { tech_news: 3, smartphone_tutorials: 1, all: 2 },
      sourceBreakdown: { youtube: 2, '': 1, instagram: 1, reddit: 1 },
      statusBreakdown: { confirmed: 5, pending: 1, unsubscribed: 1 },
      // These signups are from January 2026: the last 90 days hold none of them.
      daily: bruteForceDaily((await storedSubscribers()).filter(isListed).map(toAdminSubscriber)),
    });
    expect(res.json.daily.every((d: { signups: number }) => d.signups === 0)).toBe(true);
    // Cross-check against the blobs themselves.
    const stored = (await storedSubscribers()).filter((s) => subscriberStatus(s) === 'confirmed');
    expect(res.json.totalCount + 2).toBe((await storeKeys('subscribers')).length);
    expect(res.json.interestBreakdown.tech_news).toBe(stored.filter((s) => s.interests.includes('tech_news')).length);
    expect(res.json.sourceBreakdown['']).toBe(stored.filter((s) => s.source === '').length);
  });

  it('CSV: exports the current search with the agreed columns, formula-safe', async () => {
    await seed({
      name: '=cmd|calc',
      email: 'evil@example.com',
      interest: 'tech_news',
      source: '+src',
      referrer: 'https://ref.example/x',
    });
    await seed({ name: 'Other', email: 'other@example.org' });
    const res = await api('/waitlist.csv?q=example.com', { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}-search\.csv"$/,
    );
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Name","Email","Interests","Source","Referrer","Created At (America/Toronto time)","Consent Given At (America/Toronto time)","Unsubscribed At (America/Toronto time)","List","Status","Confirmed At (America/Toronto time)"',
    );
    expect(lines).toHaveLength(2);
    // What the table shows: interest labels, the source as displayed, words, Toronto wall-clock times.
    const time = '"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"';
    expect(lines[1]).toMatch(
      new RegExp(
        `^"'=cmd\\|calc","evil@example\\.com","Tech News","'\\+src","https://ref\\.example/x",${time},${time},"","Waitlist","Confirmed",${time}$`,
      ),
    );

    const all = await api('/waitlist.csv', { headers: auth });
    expect(all.text.trimEnd().split('\r\n')).toHaveLength(3);
    expect(all.headers.get('content-disposition')).not.toContain('-search');
  });
});

describe('send welcome e-mail', () => {
  const auth = { 'admin-key': KEY };

  it("sends the list's welcome template through the mailer (outbox without a SendGrid key) and records it", async () => {
    const sub = await seed({ name: 'Ada', email: 'ada@example.com', interest: 'tech_news' });
    const res = await api(`/waitlist/${sub.id}/send-email`, { method: 'POST', headers: auth });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ok: true,
      email: 'ada@example.com',
      message: 'Welcome email has been sent to ada@example.com',
    });
    const outbox = await api('/outbox', { headers: auth });
    expect(outbox.json.mode).toBe('outbox');
    expect(outbox.json.entries).toHaveLength(1);
    expect(outbox.json.entries[0]).toMatchObject({ to: 'ada@example.com', kind: 'waitlist-confirmation' });
    expect(outbox.json.entries[0].text).toContain('Hi Ada,');
    expect((await getSubscriber(sub.id))?.mail).toMatchObject({ status: 'sent', kind: 'waitlist-confirmation' });
    expect((await getSubscriber(sub.id))?.history.at(-1)).toMatchObject({
      type: 'staff-resend',
      outcome: 'sent',
      mailId: expect.any(String),
    });
  });

  it('refuses pending subscribers (409 not_confirmed): only confirmed addresses get list mail', async () => {
    const sub = await seed({ email: 'pending@example.com', pending: true });
    const res = await api(`/waitlist/${sub.id}/send-email`, { method: 'POST', headers: auth });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'not_confirmed',
      message: 'Not sent: pending@example.com has not confirmed the subscription yet (double opt-in).',
    });
    expect(await storeKeys('outbox')).toEqual([]);
  });

  it('staff sends have an allowance of their own per inbox (429 after 3 in 24 h, saying so)', async () => {
    const sub = await seed({ email: 'busy@example.com' });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await api(`/waitlist/${sub.id}/send-email`, { method: 'POST', headers: auth });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.json.error).toMatchObject({
      code: 'mail_limited',
      message: 'This address has already received the most staff e-mails we send in a day. Please try again later.',
    });
    expect((await storeKeys('outbox')).length).toBe(3);
  });

  it('through SendGrid: a provider error queues the mail for a retry (202), a permanent refusal answers 502 with the reason', async () => {
    useSendGrid(fake);
    const sub = await seed({ list: 'newsletter', email: 'nl@example.com' });
    const ok = await api(`/waitlist/${sub.id}/send-email`, { method: 'POST', headers: auth });
    expect(ok.status).toBe(200);
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0].body.personalizations[0].to[0].email).toBe('nl@example.com');
    expect(fake.messages[0].body.categories).toEqual(['newsletter-welcome']);

    fake.fail(500, 1);
    const later = await api(`/waitlist/${sub.id}/send-email`, { method: 'POST', headers: auth });
    expect(later.status).toBe(202);
    expect(later.json).toMatchObject({ ok: true, queued: true });
    expect(later.json.message).toMatch(/^Welcome email to nl@example.com is in the mail queue/);
    expect((await getSubscriber(sub.id))?.mail).toMatchObject({ status: 'waiting' });

    fake.fail(400, 1);
    const bad = await api(`/waitlist/${sub.id}/send-email`, { method: 'POST', headers: auth });
    expect(bad.status).toBe(502);
    expect(bad.json.error.code).toBe('mail_failed');
    expect(bad.json.error.message).toMatch(/^Failed to send welcome email: SendGrid 400/);
    expect((await getSubscriber(sub.id))?.mail).toMatchObject({ status: 'failed' });
    fake.reset();
  });

  it('refuses unsubscribed addresses (409) and unknown ids (404)', async () => {
    const sub = await seed({ email: 'gone@example.com' });
    await markUnsubscribed(sub.id, '2026-05-01T00:00:00.000Z');
    const res = await api(`/waitlist/${sub.id}/send-email`, { method: 'POST', headers: auth });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe('Not sent: gone@example.com unsubscribed on 2026-05-01.');
    expect(await storeKeys('outbox')).toEqual([]);
    expect((await api(`/waitlist/${'0'.repeat(64)}/send-email`, { method: 'POST', headers: auth })).status).toBe(404);
  });
});

describe('e-mail templates', () => {
  const auth = { 'admin-key': KEY };

  it('initialize creates the defaults once; a second call creates nothing and changes nothing', async () => {
    const first = await api('/email-templates/initialize', { method: 'POST', headers: auth });
    expect(first.status).toBe(200);
    expect(first.json.created).toEqual([
      'confirmation-request',
      'waitlist-confirmation',
      'waitlist-welcome-launched',
      'newsletter-welcome',
    ]);
    const keys = (await storeKeys('email-templates')).sort();
    expect(keys).toEqual([
      'confirmation-request',
      'newsletter-welcome',
      'waitlist-confirmation',
      'waitlist-welcome-launched',
    ]);
    const before = (await templateStore.getMany(keys)).values;

    const second = await api('/email-templates/initialize', { method: 'POST', headers: auth });
    expect(second.json.created).toEqual([]);
    expect((await storeKeys('email-templates')).sort()).toEqual(keys);
    expect((await templateStore.getMany(keys)).values).toEqual(before);
  });

  it('initialize keeps an edited template', async () => {
    await api('/email-templates/initialize', { method: 'POST', headers: auth });
    const saved = await api('/email-templates/newsletter-welcome', {
      method: 'PUT',
      headers: auth,
      body: validTemplate,
    });
    await api('/email-templates/initialize', { method: 'POST', headers: auth });
    const list = (await api('/email-templates', { headers: auth })).json;
    expect(list.find((t: { id: string }) => t.id === 'newsletter-welcome')).toEqual(saved.json);
  });

  it('lists templates and saves a valid update (both placeholders), returning the stored template', async () => {
    const list = await api('/email-templates', { headers: auth });
    expect(list.json.map((t: { id: string }) => t.id)).toEqual([
      'confirmation-request',
      'waitlist-confirmation',
      'waitlist-welcome-launched',
      'newsletter-welcome',
    ]);
    expect(list.json[1]).toEqual({
      id: 'waitlist-confirmation',
      name: expect.any(String),
      subject: expect.any(String),
      textContent: expect.any(String),
      htmlContent: expect.any(String),
      lastUpdated: expect.any(String),
    });

    const before = Date.now();
    const res = await api('/email-templates/waitlist-confirmation', {
      method: 'PUT',
      headers: auth,
      body: validTemplate,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: 'waitlist-confirmation',
      subject: validTemplate.subject,
      textContent: validTemplate.text_content,
      htmlContent: validTemplate.html_content,
    });
    expect(Date.parse(res.json.lastUpdated)).toBeGreaterThanOrEqual(before - 1000);
    expect(await templateStore.get('waitlist-confirmation')).toEqual(res.json);
  });

  it('rejects unknown placeholders, a missing unsubscribe placeholder, empty fields and unknown ids', async () => {
    const unknown = await api('/email-templates/waitlist-confirmation', {
      method: 'PUT',
      headers: auth,
      body: { ...validTemplate, subject: 'Hi {{firstName}}' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fields.subject).toBe(
      'Unknown placeholder {{firstName}}. Use only {{name}}, {{interestMessage}}, {{unsubscribeUrl}}, {{siteUrl}}.',
    );

    const noUnsub = await api('/email-templates/waitlist-confirmation', {
      method: 'PUT',
      headers: auth,
      body: { ...validTemplate, text_content: 'Hi {{name}}' },
    });
    expect(noUnsub.status).toBe(400);
    expect(noUnsub.json.error.fields.text_content).toContain('{{unsubscribeUrl}}');

    const empty = await api('/email-templates/waitlist-confirmation', {
      method: 'PUT',
      headers: auth,
      body: { subject: '', text_content: '', html_content: '' },
    });
    expect(Object.keys(empty.json.error.fields).sort()).toEqual(['html_content', 'subject', 'text_content']);

    expect((await api('/email-templates/nope', { method: 'PUT', headers: auth, body: validTemplate })).status).toBe(
      404,
    );
    expect(await storeKeys('email-templates')).toEqual([]);
  });

  it('the confirmation request is editable: {{confirmUrl}} required in both parts, no form text, a refusal says why', async () => {
    const confirm = {
      subject: 'Confirm {{listName}}',
      text_content: 'Open {{confirmUrl}} within {{validDays}} days.',
      html_content: '<p><a href="{{confirmUrl}}">Confirm my subscription</a></p>',
    };
    const put = (body: unknown) => api('/email-templates/confirmation-request', { method: 'PUT', headers: auth, body });
    const noLink = await put({ ...confirm, text_content: 'Welcome!', html_content: '<!-- {{confirmUrl}} -->' });
    expect(noLink.status).toBe(400);
    expect(noLink.json.error.fields.text_content).toBe(
      'Keep the {{confirmUrl}} placeholder: the confirmation request needs a working confirmation link',
    );
    expect(noLink.json.error.fields.html_content).toBe(
      'Keep the {{confirmUrl}} placeholder outside HTML comments: the confirmation request needs a visible confirmation link',
    );
    // The name (any form text) cannot be put into the mail of an address nobody has confirmed.
    const named = await put({ ...confirm, subject: 'Hi {{name}}' });
    expect(named.status).toBe(400);
    expect(named.json.error.fields.subject).toContain(
      'Unknown placeholder {{name}}. Use only {{confirmUrl}}, {{listName}}, {{validDays}}, {{siteUrl}}.',
    );
    expect(named.json.error.fields.subject).toContain('not even the name');
    // The list mail's required link is not asked of it; its own is.
    expect(await storeKeys('email-templates')).toEqual([]);
    const ok = await put(confirm);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      id: 'confirmation-request',
      name: 'Confirmation request',
      subject: confirm.subject,
    });
    // And the list templates still ask for the unsubscribe link, not the confirmation link.
    const list = await api('/email-templates/waitlist-confirmation', { method: 'PUT', headers: auth, body: confirm });
    expect(list.status).toBe(400);
    expect(list.json.error.fields.text_content).toContain('{{unsubscribeUrl}}');
  });
});
