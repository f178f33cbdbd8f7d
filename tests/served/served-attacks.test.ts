// Attacks on the site as a new owner first runs it: `npm start` with ADMIN_KEY set (or nothing set at
// all), default limits, many clients from separate loopback addresses (the way Netlify sees separate
// IPs). Everything goes over HTTP to scripts/serve.mjs on a scratch copy of the build (the edge gate
// in Deno, netlify.toml headers, the functions as bundled for a deploy). Each test states what the
// attacker must NOT achieve. See docs/consent-and-mail.md, "Threat model".
import { readFileSync, statSync } from 'node:fs';
import { METHODS } from 'node:http';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_FORMS } from '../../src/lib/signups/constants';
import { subscriberId } from '../../src/lib/subscribers/store';
import { signUnsubscribeToken } from '../../src/lib/subscribers/unsubscribe-token';
import { hashIp } from '../../src/lib/subscribers/ledger';
import { createSessionToken, SESSION_COOKIE } from '../../src/lib/admin/session';
import { requestFrom, startServedSite, type PlainResponse, type ServedSite } from './served-site';

/** The values the repository once shipped as local defaults: public, so an attacker knows them. */
const PUBLISHED = { ADMIN_KEY: 'local-admin-key', SESSION_SECRET: 'local-session-secret-change-me-0123456789' };
const OWNER_KEY = 'owner-chosen-admin-key-7f3a';
const LOCAL_SECRETS = path.join('.netlify', 'local-secrets.json');

/** The owner's site: ADMIN_KEY set, no SESSION_SECRET, pre-launch (the edge gate on). */
let owner: ServedSite;
/** A site started with no configuration at all (`npm start` on a fresh clone). */
let bare: ServedSite;

beforeAll(async () => {
  [owner, bare] = await Promise.all([
    startServedSite('attack-owner', { LOCAL_MODE: 'true', ADMIN_KEY: OWNER_KEY, SITE_LAUNCHED: 'false' }),
    startServedSite('attack-bare', { LOCAL_MODE: 'true', SITE_LAUNCHED: 'false' }),
  ]);
}, 240_000);
afterAll(async () => {
  await Promise.all([owner?.remove(), bare?.remove()]);
}, 60_000);

let client = 10;
/** A loopback address no other test uses, so only the limit under test can bite. */
const nextClient = () => `127.0.0.${++client}`;

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const waitlistBody = (email: string) => ({
  name: 'Victoria',
  email,
  interests: 'tech_news',
  page: '/join',
  consentText: CONSENT_FORMS.waitlist.wording,
});
const newsletterBody = (email: string) => ({
  name: 'Grace',
  email,
  phoneModel: 'Galaxy S24',
  consent: true,
  form: 'newsletter',
  consentText: CONSENT_FORMS.newsletter.wording,
  page: '/',
});
const parse = (res: PlainResponse) => JSON.parse(res.text);
const header = (res: PlainResponse, name: string) => String(res.headers[name] ?? '');

/** The subscriber row staff see, through the admin API with the owner's key. */
async function staffRow(site: ServedSite, key: string, email: string) {
  const res = await requestFrom(nextClient(), `${site.url}/api/admin/waitlist?q=${encodeURIComponent(email)}`, {
    headers: { 'admin-key': key },
  });
  expect(res.status).toBe(200);
  return (parse(res) as { email: string; status: string }[]).find((r) => r.email === email);
}

/** The links of the newest outbox mail to `email`. */
async function mailedLinks(site: ServedSite, key: string, email: string) {
  const res = await requestFrom(nextClient(), `${site.url}/api/admin/outbox`, { headers: { 'admin-key': key } });
  expect(res.status).toBe(200);
  const mail = (parse(res).entries as { to: string; text: string }[]).find((m) => m.to === email);
  expect(mail, `a mail to ${email} in the outbox`).toBeDefined();
  const token = (kind: string) => new RegExp(`/api/${kind}\\?token=([^\\s"&<>]+)`).exec(mail!.text)?.[1];
  return { confirm: token('confirm'), unsubscribe: token('unsubscribe') };
}

/** Signs `email` up from a fresh client address, which it returns. */
async function signUp(site: ServedSite, email: string): Promise<string> {
  const from = nextClient();
  const res = await requestFrom(from, `${site.url}/api/waitlist`, json(waitlistBody(email)));
  expect(res.status).toBe(200);
  return from;
}

describe('attack: a published secret signs real links (item 1)', () => {
  it('an unsubscribe link, staff cookie or IP hash made with the published secret works on no site', async () => {
    const email = 'victim@example.com';
    const from = await signUp(owner, email);
    const id = await subscriberId(email);

    // One-click unsubscribe with a token the attacker signed.
    const forged = await signUnsubscribeToken(id, PUBLISHED.SESSION_SECRET);
    const oneClick = await requestFrom(
      nextClient(),
      `${owner.url}/api/unsubscribe?token=${encodeURIComponent(forged)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(oneClick.status).toBe(400);
    expect((await staffRow(owner, OWNER_KEY, email))?.status).toBe('pending');

    // A staff session cookie the attacker signed: no admin API, no pre-launch page, no dev mode.
    for (const adminKey of [OWNER_KEY, PUBLISHED.ADMIN_KEY]) {
      const { token } = await createSessionToken({ secret: PUBLISHED.SESSION_SECRET, adminKey }, { devMode: true });
      const cookie = `${SESSION_COOKIE}=${token}`;
      for (const site of [owner, bare]) {
        const session = await requestFrom(nextClient(), `${site.url}/api/admin/session`, { headers: { cookie } });
        expect(session.status).toBe(401);
        const home = await requestFrom(nextClient(), `${site.url}/`, { headers: { cookie } });
        expect(home.text).toContain('<title>Join the Waitlist');
      }
    }

    // The ledger's IP hashes are keyed with a secret nobody else knows: the hash the published
    // secret gives for the signup's address is not the one stored.
    const proof = await requestFrom(nextClient(), `${owner.url}/api/admin/waitlist/${id}/history`, {
      headers: { 'admin-key': OWNER_KEY },
    });
    expect(proof.status).toBe(200);
    const signup = (parse(proof).history as { type: string; ipHash?: string }[]).find((e) => e.type === 'signup');
    expect(signup?.ipHash).toMatch(/^[0-9a-f]{32}$/);
    expect(signup?.ipHash).not.toBe(await hashIp(from, PUBLISHED.SESSION_SECRET));
  });

  it('the published staff key opens nothing; the key generated for this copy does, and says where it is', async () => {
    for (const site of [owner, bare]) {
      const login = await requestFrom(
        nextClient(),
        `${site.url}/api/admin/session`,
        json({ key: PUBLISHED.ADMIN_KEY }),
      );
      expect(login.status).toBe(401);
    }
    // A fresh `npm start` generated its own values beside the local data, readable by the owner only,
    // and printed where the staff key is.
    const file = path.join(bare.root, LOCAL_SECRETS);
    expect(statSync(file).mode & 0o077).toBe(0);
    const generated = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(generated.ADMIN_KEY).toMatch(/^[\w-]{24,}$/);
    expect(generated.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(bare.output()).toContain(LOCAL_SECRETS);
    expect(bare.output()).not.toContain(generated.ADMIN_KEY);
    const login = await requestFrom(nextClient(), `${bare.url}/api/admin/session`, json({ key: generated.ADMIN_KEY }));
    expect(login.status).toBe(200);

    // The owner's own ADMIN_KEY is kept; only the missing secret was generated.
    const ownerFile = JSON.parse(readFileSync(path.join(owner.root, LOCAL_SECRETS), 'utf8'));
    expect(ownerFile.ADMIN_KEY).toBeUndefined();
    expect(ownerFile.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('the functions and the edge gate sign with the same generated secret, and it survives a restart', async () => {
    const email = 'keeps@example.com';
    await signUp(owner, email);
    const before = await mailedLinks(owner, OWNER_KEY, email);
    expect(before.confirm).toBeDefined();

    // A session the function signed opens a pre-launch page at the edge.
    const login = await requestFrom(
      nextClient(),
      `${owner.url}/api/admin/session`,
      json({ key: OWNER_KEY, devMode: true }),
    );
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect((await requestFrom(nextClient(), `${owner.url}/about`, { headers: { cookie } })).text).toContain(
      '<title>About Us',
    );

    await owner.restart();
    // The link mailed before the restart still confirms; the session still opens the page.
    const confirm = await requestFrom(nextClient(), `${owner.url}/api/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${before.confirm}`,
    });
    expect(confirm.status).toBe(200);
    expect((await staffRow(owner, OWNER_KEY, email))?.status).toBe('confirmed');
    expect((await requestFrom(nextClient(), `${owner.url}/about`, { headers: { cookie } })).text).toContain(
      '<title>About Us',
    );
  }, 120_000);
});

/** Waits until the clock is early in a minute, so a short sequence stays inside one limiter window. */
async function earlyInMinute(maxSecond: number): Promise<void> {
  const second = new Date().getSeconds();
  if (second > maxSecond) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
}

describe('attack: guessing the staff key through ?admin= (item 2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  });
  afterAll(async () => browser?.close());

  it('40 wrong keys in a browser, then the right one: not signed in, and the login counts them too', async () => {
    await earlyInMinute(30);
    // The browser connects from 127.0.0.1; no other test of this file uses that address.
    const page = await browser.newPage();
    page.on('dialog', (d) => void d.dismiss().catch(() => {}));
    const open = async (key: string) => {
      await page.goto(`${owner.url}/about?admin=${encodeURIComponent(key)}`);
      await page.waitForURL((u) => !u.searchParams.has('admin'));
      await page.waitForLoadState('load');
    };
    for (let i = 0; i < 40; i++) await open(`wrong-guess-${i}-${Math.random().toString(36).slice(2)}`);
    await open(OWNER_KEY);

    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    await page.goto(`${owner.url}/`);
    expect(await page.title()).toMatch(/Join the Waitlist/);
    await page.close();

    // The same limiter as the login: the login from that address is slowed down too, for a minute
    // (not locked out for 15).
    const login = await requestFrom(
      '127.0.0.1',
      `${owner.url}/api/admin/session`,
      json({ key: 'one-more-guess-1234' }),
    );
    expect(login.status).toBe(429);
    expect(Number(login.headers['retry-after'])).toBeLessThanOrEqual(60);
  }, 120_000);
});

describe('attack: the low items on the served site (item 6)', () => {
  it('TRACE answers 405, and no method the server parses answers 500', async () => {
    const paths = ['/', '/about', '/join', '/nope', '/api', '/api/health', '/api/waitlist', '/api/admin/session'];
    for (const path of paths) {
      const res = await requestFrom(nextClient(), `${owner.url}${path}`, { method: 'TRACE' });
      expect(res.status, `TRACE ${path}`).toBe(405);
      expect(header(res, 'allow'), `TRACE ${path}`).toMatch(/GET/);
    }
    const api = await requestFrom(nextClient(), `${owner.url}/api/health`, { method: 'TRACE' });
    expect(parse(api).error.code).toBe('method_not_allowed');
    // Every other method Node's parser accepts (CONNECT opens a tunnel, which this server refuses).
    for (const method of METHODS.filter((m) => m !== 'CONNECT' && m !== 'TRACE')) {
      for (const path of ['/about', '/api/health', '/api/nope']) {
        const res = await requestFrom(nextClient(), `${owner.url}${path}`, { method });
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
    expect(owner.output()).not.toMatch(/\[serve\]|uncaught error/);
  });

  it('no page can be framed by another site: confirm, unsubscribe, form answers, the gate and static pages', async () => {
    const email = 'framed@example.com';
    await signUp(owner, email);
    const links = await mailedLinks(owner, OWNER_KEY, email);
    const pages: [string, () => Promise<PlainResponse>][] = [
      ['confirm page', () => requestFrom(nextClient(), `${owner.url}/api/confirm?token=${links.confirm}`)],
      ['confirm page, bad link', () => requestFrom(nextClient(), `${owner.url}/api/confirm?token=x`)],
      ['unsubscribe page', () => requestFrom(nextClient(), `${owner.url}/api/unsubscribe?token=${links.unsubscribe}`)],
      ['unsubscribe page, bad link', () => requestFrom(nextClient(), `${owner.url}/api/unsubscribe?token=x`)],
      [
        'waitlist form answer (no JavaScript)',
        () =>
          requestFrom(nextClient(), `${owner.url}/api/waitlist`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: owner.url },
            body: 'name=&email=bad&page=%2Fjoin',
          }),
      ],
      ['?admin= page', () => requestFrom(nextClient(), `${owner.url}/about?admin=x`)],
      ['gated page', () => requestFrom(nextClient(), `${owner.url}/about`)],
      ['open page', () => requestFrom(nextClient(), `${owner.url}/join`)],
      ['home', () => requestFrom(nextClient(), `${owner.url}/`)],
      ['404', () => requestFrom(nextClient(), `${owner.url}/admin/nope/x.html`)],
      ['JSON API', () => requestFrom(nextClient(), `${owner.url}/api/health`)],
    ];
    for (const [label, load] of pages) {
      const res = await load();
      expect(header(res, 'x-frame-options'), label).toBe('DENY');
      expect(header(res, 'content-security-policy'), label).toContain("frame-ancestors 'none'");
    }
  });

  it('one client gets SIGNUP_RATE_LIMIT signups a minute across both signup endpoints, not that many on each', async () => {
    const from = nextClient();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await requestFrom(from, `${owner.url}/api/waitlist`, json(waitlistBody(`limit-w${i}@example.com`)));
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    const newsletter = await requestFrom(
      from,
      `${owner.url}/api/newsletter/subscribe`,
      json(newsletterBody('limit-n0@example.com')),
    );
    expect(newsletter.status).toBe(429);
    // Another client is not affected.
    const other = await requestFrom(
      nextClient(),
      `${owner.url}/api/newsletter/subscribe`,
      json(newsletterBody('limit-n1@example.com')),
    );
    expect(other.status).toBe(200);
  });

  it('a foreign Origin is refused even with a matching X-Forwarded-Host', async () => {
    const res = await requestFrom(nextClient(), `${owner.url}/api/waitlist`, {
      ...json(waitlistBody('xfh@example.com')),
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
      },
    });
    expect(res.status).toBe(403);
    expect(parse(res).error.code).toBe('forbidden_origin');
  });
});

describe('attack: API clients getting the HTML 404 page (item 7)', () => {
  it('bare /api, /api?x=1 and /api/ answer the JSON 404', async () => {
    for (const path of ['/api', '/api?x=1', '/api/', '/api/?x=1', '/api/nope']) {
      const res = await requestFrom(nextClient(), `${owner.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(header(res, 'content-type'), path).toMatch(/^application\/json/);
      expect(parse(res).error.code, path).toBe('not_found');
    }
  });
});
