// Each attack below was tried against the signup, mail, unsubscribe and admin endpoints as an
// attacker would; every test states what the attacker must NOT achieve. Handlers are the real v2
// functions, storage the real Blobs client against a local BlobsServer, mail the real SendGrid
// client against a loopback fake.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import signups from '../../netlify/functions/signups';
import unsubscribe from '../../netlify/functions/unsubscribe';
import recommendations from '../../netlify/functions/recommendations';
import admin from '../../netlify/functions/admin';
import { CONSENT_FORMS } from '../../src/lib/signups/constants';
import { subscriberId } from '../../src/lib/subscribers/store';
import { signUnsubscribeToken } from '../../src/lib/subscribers/unsubscribe-token';
import { createSessionToken, SESSION_COOKIE } from '../../src/lib/admin/session';
import { PUBLISHED_SECRETS } from '../../src/lib/server/published-secrets';
import { gateConfig } from '../../src/lib/gate/config';
import { PHONES } from '../../src/lib/catalogue';
import { recommend, toRecommendationSummary, type Preferences } from '../../src/lib/recommender';
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
/** A fresh client address per request, so only the limit under test can bite. */
const ip = () => `198.51.${Math.floor(++n / 250) % 250}.${n % 250}`;
const KEY = 'attack-test-admin-key-01';
const SAVED = ['ADMIN_KEY', 'SESSION_SECRET', 'CONTEXT', 'LOCAL_MODE', 'REQUIRE_CONFIG'] as const;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const k of SAVED) saved[k] = process.env[k];
  fake = await startSendGridFake();
});
afterAll(async () => {
  useOutbox();
  await fake.close();
});
beforeEach(async () => {
  process.env.ADMIN_KEY = KEY;
  useSendGrid(fake);
  fake.reset();
  await Promise.all(['subscribers', 'outbox', 'ratelimit', 'email-templates', 'sessions'].map(clearStore));
});
afterEach(() => {
  for (const k of SAVED) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

const waitlistBody = {
  name: 'Victoria',
  email: 'vic@example.com',
  interests: 'tech_news',
  page: '/join',
  consentText: CONSENT_FORMS.waitlist.wording,
};
const postWaitlist = (body: unknown, headers: Record<string, string> = {}, from = ip()) =>
  call(signups, { method: 'POST', path: '/api/waitlist', body, headers, ip: from });
const adminApi = (path: string, opts: Parameters<typeof call>[1] = {}) =>
  call(admin, { ip: ip(), ...opts, path: `/api/admin${path}` });
const sentTo = (email: string) => fake.messages.filter((m) => m.body.personalizations[0].to[0].email === email);
/** The unsubscribe URL of the latest mail to `email` (every list mail carries one). */
function unsubscribeLink(email: string): URL {
  const mails = sentTo(email);
  return new URL(mails[mails.length - 1].body.headers['List-Unsubscribe'].slice(1, -1));
}

describe('attack: undoing an unsubscribe with a new signup', () => {
  it('a signup of an unsubscribed address changes neither its name nor its unsubscribe, and sends no welcome', async () => {
    const victoria = ip();
    await postWaitlist(waitlistBody, {}, victoria);
    expect((await confirmFromMail(fake, 'vic@example.com', victoria)).status).toBe(200);
    const link = unsubscribeLink('vic@example.com');
    const oneClick = await call(unsubscribe, {
      method: 'POST',
      path: link.pathname + link.search,
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    const before = (await subscriberByEmail('vic@example.com'))!;
    expect(before.unsubscribedAt).not.toBeNull();
    fake.reset();

    const attack = await postWaitlist({ ...waitlistBody, name: 'Mallory was here' });
    expect(attack.status).toBe(200);
    const after = (await subscriberByEmail('vic@example.com'))!;
    expect(after.name).toBe('Victoria');
    expect(after.unsubscribedAt).toBe(before.unsubscribedAt);
    // At most a request to confirm again; never a welcome or list mail.
    for (const m of fake.messages) expect(m.body.categories).not.toContain('waitlist-confirmation');
    for (const m of fake.messages) expect(m.body.categories).not.toContain('newsletter-welcome');
    for (const m of fake.messages) expect(m.body.categories).not.toContain('waitlist-welcome-launched');
  });
});

describe('attack: mail bombing a stranger through the signup forms', () => {
  it('four signups of one address in case/space variants send one mail', async () => {
    for (const email of [' Vic@Example.com', 'VIC@example.com ', 'vic@EXAMPLE.com', 'vic@example.com']) {
      expect((await postWaitlist({ ...waitlistBody, email })).status).toBe(200);
    }
    expect(sentTo('vic@example.com')).toHaveLength(1);
  });

  it('signups through both forms and many client addresses still send one mail per 24 h', async () => {
    for (let i = 0; i < 3; i++) await postWaitlist(waitlistBody);
    for (let i = 0; i < 3; i++) {
      await call(signups, {
        method: 'POST',
        path: '/api/newsletter/subscribe',
        ip: ip(),
        body: { name: 'V', email: 'vic@example.com', phoneModel: 'Pixel 8', consent: true, form: 'header' },
      });
    }
    expect(sentTo('vic@example.com')).toHaveLength(1);
  });
});

describe('attack: /api/recommendations as an open relay', () => {
  const prefs: Preferences = {
    currentPhone: 'iphone',
    currentBrand: 'Apple',
    os: 'ios',
    budget: 'premium',
    cameraQuality: 'professional',
  };
  const recs = recommend(PHONES, prefs).map(toRecommendationSummary);
  const spam = 'Claim your prize: call 555 0100 or visit evil dot example';
  const body = (over: Record<string, unknown> = {}) => ({
    name: spam,
    email: 'victim@example.com',
    phoneModel: 'Free gift cards at evil dot example',
    preferences: JSON.stringify(prefs),
    recommendations: JSON.stringify(recs.map((r) => ({ ...r, reasons: [spam, 'Reply now to win'] }))),
    ...over,
  });

  it('the mail carries only catalogue results, never text from the request', async () => {
    const res = await call(recommendations, { method: 'POST', path: '/api/recommendations', body: body(), ip: ip() });
    expect(res.status).toBe(200);
    expect(fake.messages).toHaveLength(1);
    const [text, html] = fake.messages[0].body.content.map((c: { value: string }) => c.value);
    for (const part of [text, html, fake.messages[0].body.subject]) {
      expect(part).not.toContain('555 0100');
      expect(part).not.toContain('Reply now to win');
      expect(part).not.toContain('gift cards');
      expect(part).not.toContain('Claim your prize');
    }
    // The real recommendations, rendered on the server from the answers.
    expect(text).toContain(`${recs[0].brand} ${recs[0].model}`);
    expect(text).toContain(`${recs[0].matchScore}% match`);
  });

  it('one client cannot send 12 mails in an hour, even when every request reaches a fresh instance', async () => {
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // A fresh instance: the function's modules (its in-memory per-IP limit included) loaded anew.
      vi.resetModules();
      const { default: fresh } = await import('../../netlify/functions/recommendations');
      const res = await call(fresh, {
        method: 'POST',
        path: '/api/recommendations',
        body: body({ email: `victim${i}@example.com` }),
        ip: attacker,
      });
      statuses.push(res.status);
    }
    expect(fake.messages.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('one recipient gets at most 3 mails in 24 h, whoever asks', async () => {
    for (let i = 0; i < 5; i++)
      await call(recommendations, { method: 'POST', path: '/api/recommendations', body: body(), ip: ip() });
    expect(sentTo('victim@example.com').length).toBeLessThanOrEqual(3);
  });
});

describe('attack: cross-site writes', () => {
  it('a text/plain body (no CORS preflight) is refused with 415 and nothing is stored or sent', async () => {
    const res = await postWaitlist(JSON.stringify(waitlistBody), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(415);
    expect(res.json.error.code).toBe('unsupported_media_type');
    expect(await storeKeys('subscribers')).toEqual([]);
    const rec = await call(recommendations, {
      method: 'POST',
      path: '/api/recommendations',
      body: '{}',
      headers: { 'content-type': 'text/plain' },
      ip: ip(),
    });
    expect(rec.status).toBe(415);
    const login = await adminApi('/session', {
      method: 'POST',
      body: JSON.stringify({ key: KEY }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(login.status).toBe(415);
    expect(fake.messages).toHaveLength(0);
  });

  it('a foreign Origin is refused with 403 on public and admin writes; a same-site or missing Origin works', async () => {
    const evil = { origin: 'https://evil.example' };
    const res = await postWaitlist(waitlistBody, evil);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('forbidden_origin');
    expect(await storeKeys('subscribers')).toEqual([]);
    expect((await postWaitlist(waitlistBody, { origin: 'null' })).status).toBe(403);

    expect((await postWaitlist(waitlistBody, { origin: 'http://localhost:8888' })).status).toBe(200);
    const id = await subscriberId('vic@example.com');
    const del = await adminApi(`/waitlist/${id}`, { method: 'DELETE', headers: { 'admin-key': KEY, ...evil } });
    expect(del.status).toBe(403);
    expect(await subscriberByEmail('vic@example.com')).not.toBeNull();
    const logout = await adminApi('/session', { method: 'DELETE', headers: evil });
    expect(logout.status).toBe(403);
    // curl-like clients send no Origin: still allowed (they cannot ride a visitor's cookies).
    expect((await adminApi(`/waitlist/${id}`, { method: 'DELETE', headers: { 'admin-key': KEY } })).status).toBe(200);
  });
});

describe('attack: secrets that fail open outside production', () => {
  const [PUBLISHED_KEY, PUBLISHED_SECRET] = PUBLISHED_SECRETS;
  function deployPreviewWithoutSecrets() {
    process.env.CONTEXT = 'deploy-preview';
    process.env.LOCAL_MODE = 'true'; // the deployed context must win over local mode
    delete process.env.ADMIN_KEY;
    delete process.env.SESSION_SECRET;
  }

  it('the once-published admin key does not sign in on a deploy preview (503, naming the variable)', async () => {
    deployPreviewWithoutSecrets();
    const res = await adminApi('/session', { method: 'POST', body: { key: PUBLISHED_KEY } });
    expect(res.status).toBe(503);
    expect(res.json.error.code).toBe('not_configured');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('a cookie forged with the once-published secret opens nothing', async () => {
    deployPreviewWithoutSecrets();
    const { token } = await createSessionToken({ secret: PUBLISHED_SECRET, adminKey: PUBLISHED_KEY });
    const res = await adminApi('/waitlist', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.status).toBe(503);
    const header = await adminApi('/waitlist', { headers: { 'admin-key': PUBLISHED_KEY } });
    expect(header.status).toBe(503);
  });

  it('an unsubscribe token forged with the once-published secret changes nothing', async () => {
    await postWaitlist(waitlistBody);
    deployPreviewWithoutSecrets();
    const id = await subscriberId('vic@example.com');
    const token = await signUnsubscribeToken(id, PUBLISHED_SECRET);
    const res = await call(unsubscribe, {
      method: 'POST',
      path: `/api/unsubscribe?token=${token}`,
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(503);
    expect((await subscriberByEmail('vic@example.com'))!.unsubscribedAt).toBeNull();
  });

  it('the edge gate recognises no staff on a deploy preview or branch deploy without secrets, even in local mode', () => {
    for (const CONTEXT of ['deploy-preview', 'branch-deploy', 'production']) {
      const cfg = gateConfig((name) => ({ CONTEXT, LOCAL_MODE: 'true' })[name]);
      expect(cfg.adminKey).toBeNull();
      expect(cfg.problem).toMatch(/ADMIN_KEY/);
    }
    expect(gateConfig(() => undefined).adminKey).toBeNull();
    expect(gateConfig((name) => ({ LOCAL_MODE: 'true' })[name]).adminKey).toBeNull(); // nothing built in
  });
});

describe('attack: link scanners unsubscribing people', () => {
  it('a GET of the unsubscribe link changes nothing; it shows one button that POSTs', async () => {
    await postWaitlist(waitlistBody);
    await confirmFromMail(fake, 'vic@example.com', ip());
    const link = unsubscribeLink('vic@example.com');
    const res = await call(unsubscribe, { path: link.pathname + link.search });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<form[^>]+method="post"/i);
    expect((await subscriberByEmail('vic@example.com'))!.unsubscribedAt).toBeNull();
  });
});

describe('attack: malformed input that crashed the server', () => {
  it('a malformed session cookie answers JSON 401, never 500', async () => {
    for (const cookie of [`${SESSION_COOKIE}=%zz`, `${SESSION_COOKIE}=%E0%A4%A`, `a=%; ${SESSION_COOKIE}=%`]) {
      const res = await adminApi('/waitlist', { headers: { cookie } });
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('unauthorized');
    }
  });

  it('the edge gate treats a malformed cookie as no session (no 500)', async () => {
    process.env.LOCAL_MODE = 'true';
    (globalThis as any).Netlify = { env: { get: (k: string) => ({ LOCAL_MODE: 'true', SITE_LAUNCHED: 'false' })[k] } };
    try {
      const { default: gate } = await import('../../netlify/edge-functions/gate');
      const res = await gate(
        new Request('http://localhost:8888/about', { headers: { cookie: `${SESSION_COOKIE}=%zz` } }),
        {
          ip: '203.0.113.1',
          next: async () => new Response('page'),
        } as any,
      );
      expect(res).toBeInstanceOf(URL); // gated: sent to /join like any visitor
    } finally {
      delete (globalThis as any).Netlify; // the Blobs client reads its context from this global too
    }
  });

  it('bad percent-encoding in an admin path answers JSON 4xx, never 500', async () => {
    for (const path of ['/waitlist/%zz', '/waitlist/%E0%A4%A/send-email', '/email-templates/%']) {
      for (const method of ['DELETE', 'POST', 'PUT', 'GET']) {
        const res = await adminApi(path, { method });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.json.error.code).toEqual(expect.any(String));
      }
    }
  });

  it('an unknown /api/* path answers JSON 404 (not the HTML page)', async () => {
    const { default: notFound, config } = await import('../../netlify/functions/api-not-found');
    const res = await call(notFound, { path: '/api/nope' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json.error.code).toBe('not_found');
    expect(config.path).toEqual(['/api', '/api/*']);
  });

  it('the JSON 404 never shadows a real endpoint: every other function path is excluded from it', async () => {
    const { readdirSync } = await import('node:fs');
    const { config } = await import('../../netlify/functions/api-not-found');
    const excluded = new Set(config.excludedPath as string[]);
    for (const file of readdirSync('netlify/functions').filter((f) => f.endsWith('.ts') && f !== 'api-not-found.ts')) {
      const mod = await import(`../../netlify/functions/${file}`);
      // A scheduled function (config.schedule) has no path and no public URL; a background function
      // without a path (the job runner) is reached at /.netlify/functions/<name> only.
      if (mod.config.schedule || mod.config.path === undefined) continue;
      for (const path of [mod.config.path].flat()) {
        expect(excluded.has(String(path).replace(/:\w+$/, '*')), `${file}: ${path}`).toBe(true);
      }
    }
  });

  it.each([
    ['NUL', 'Vic\u0000toria'],
    ['a control character', 'Vic\u0007toria'],
    ['a bidi override', 'Vic\u202Eairotciv'],
    ['a bidi isolate', 'Vic\u2066toria'],
    ['invalid UTF-8 (U+FFFD)', 'Vic\uFFFDtoria'],
  ])('a name with %s is refused with a field message and nothing is stored', async (_label, name) => {
    const res = await postWaitlist({ ...waitlistBody, name });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.name).toMatch(/character/);
    expect(await storeKeys('subscribers')).toEqual([]);
  });

  it('raw invalid UTF-8 bytes in the body are refused, not stored as U+FFFD', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"name":"Vic'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`toria","email":"vic@example.com","interests":"all"}`),
    ]);
    const res = await signups(
      new Request('http://localhost:8888/api/waitlist', {
        method: 'POST',
        body: bytes,
        headers: { 'content-type': 'application/json' },
      }),
      { ip: ip() },
    );
    expect(res.status).toBe(400);
    expect(await storeKeys('subscribers')).toEqual([]);
  });
});

describe('attack: a session that outlives its logout', () => {
  it('after logout the old cookie opens nothing', async () => {
    const login = await adminApi('/session', { method: 'POST', body: { key: KEY } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    expect((await adminApi('/waitlist', { headers: { cookie } })).status).toBe(200);
    expect((await adminApi('/session', { method: 'DELETE', headers: { cookie } })).status).toBe(200);
    const replay = await adminApi('/waitlist', { headers: { cookie } });
    expect(replay.status).toBe(401);
  });
});

describe('attack: a template that hides its unsubscribe link', () => {
  it.each([
    ['an HTML comment', '<p>Hi {{name}}</p><!-- <a href="{{unsubscribeUrl}}">Unsubscribe</a> -->'],
    ['an unclosed comment', '<p>Hi {{name}}</p><!-- {{unsubscribeUrl}}'],
  ])('an unsubscribe link inside %s is refused', async (_label, html) => {
    const res = await adminApi('/email-templates/waitlist-confirmation', {
      method: 'PUT',
      headers: { 'admin-key': KEY },
      body: { subject: 'Hi', text_content: 'Hi {{name}} {{unsubscribeUrl}}', html_content: html },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.html_content).toMatch(/unsubscribe/i);
    expect(await storeKeys('email-templates')).toEqual([]);
  });
});
