// POST /api/waitlist from the waitlist form without JavaScript (form-encoded): stored exactly as the
// JSON path stores it, answered with a redirect to the success view or a page with the errors.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import signups from '../../netlify/functions/signups';
import { CONSENT_FORMS } from '../../src/lib/signups/constants';
import {
  call,
  clearStore,
  startSendGridFake,
  storeKeys,
  useOutbox,
  useSendGrid,
  type SendGridFake,
  subscriberByEmail,
} from './helpers';
import { THEME_BOOT_SCRIPT } from '../../src/lib/site/theme';
import { subscriberStatus } from '../../src/lib/subscribers/status';

const SITE = 'http://localhost:8888';
let fake: SendGridFake;
let ipCounter = 0;
const ip = () => `198.51.100.${100 + (++ipCounter % 150)}`;

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
  await clearStore('subscribers');
  await clearStore('outbox');
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const good = { page: '/join', name: 'Ada Lovelace', email: ' Ada@Example.com ', interests: 'tech_news', website: '' };

function postForm(body: string, headers: Record<string, string> = {}, from = ip()) {
  return call(signups, {
    method: 'POST',
    path: '/api/waitlist',
    body,
    ip: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, referer: `${SITE}/join`, ...headers },
  });
}

describe('POST /api/waitlist, form-encoded (the form without JavaScript)', () => {
  it('stores the signup like the JSON path and redirects (303) to the success view of the page', async () => {
    const res = await postForm(form(good), { referer: `${SITE}/join?utm_source=flyer&x=1` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/join#joined');
    const sub = await subscriberByEmail('ada@example.com');
    expect(sub).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      interests: ['tech_news'],
      list: 'waitlist',
      source: 'flyer',
      referrer: '',
      consent: { wording: CONSENT_FORMS.waitlist.wording, form: 'waitlist', page: '/join', source: 'flyer' },
      mail: { status: 'sent', kind: 'confirm-subscription' },
    });
    expect(subscriberStatus(sub!)).toBe('pending');
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0].body.personalizations[0].to[0].email).toBe('ada@example.com');
  });

  it('returns to /waitlist from /waitlist; any other page value goes to /join (no open redirect)', async () => {
    expect((await postForm(form({ ...good, page: '/waitlist' }))).headers.get('location')).toBe('/waitlist#joined');
    for (const page of ['//evil.example/x', 'https://evil.example', '/admin']) {
      const res = await postForm(form({ ...good, email: `p${ipCounter}@example.com`, page }));
      expect(res.headers.get('location')).toBe('/join#joined');
    }
  });

  it('invalid input: 400 page with the field errors wired to the fields, the values kept, nothing stored', async () => {
    const res = await postForm(form({ ...good, name: 'A', email: 'ada@<script>', interests: 'smartphone_tutorials' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('<title>Error: Join the Waitlist');
    expect(res.text).toMatch(
      /<input id="wl-name" name="name" value="A" [^>]*aria-invalid="true" aria-describedby="wl-name-error" autofocus>/,
    );
    expect(res.text).toContain('<p class="error" id="wl-name-error">Name must be at least 2 characters</p>');
    expect(res.text).toContain('<p class="error" id="wl-email-error">Please enter a valid email address</p>');
    expect(res.text).toContain('value="ada@&lt;script&gt;"');
    // The only script is the site's theme script; the visitor's text never becomes one.
    expect(res.text.replace(`<script>${THEME_BOOT_SCRIPT}</script>`, '')).not.toContain('<script');
    expect(res.text).toMatch(/value="smartphone_tutorials" checked/);
    expect(res.text).toContain('<input type="hidden" name="page" value="/join">');
    expect(await storeKeys('subscribers')).toEqual([]);
    expect(fake.messages).toHaveLength(0);
  });

  it('a filled honeypot gets the same redirect and nothing is stored or sent', async () => {
    const res = await postForm(form({ ...good, website: 'http://spam.example' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/join#joined');
    expect(await storeKeys('subscribers')).toEqual([]);
    expect(fake.messages).toHaveLength(0);
  });

  it("another site's form (Origin or, without it, Referer) is refused with 403 and nothing is stored", async () => {
    const foreign = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: '', referer: '' },
      { origin: '', referer: 'https://evil.example/join' },
    ];
    for (const headers of foreign) {
      const clean = Object.fromEntries(
        Object.entries(Object.assign({ origin: SITE, referer: `${SITE}/join` }, headers)).filter(([, v]) => v !== ''),
      );
      const res = await call(signups, {
        method: 'POST',
        path: '/api/waitlist',
        body: form(good),
        ip: ip(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...clean },
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.text).toContain('The form could not be sent');
    }
    // A browser that sends only a same-site Referer (no Origin) is accepted.
    const refererOnly = await call(signups, {
      method: 'POST',
      path: '/api/waitlist',
      body: form(good),
      ip: ip(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${SITE}/waitlist` },
    });
    expect(refererOnly.status).toBe(303);
    expect((await storeKeys('subscribers')).length).toBe(1);
  });

  it('over 16 KB: 413 page, nothing stored', async () => {
    const res = await postForm(form({ ...good, name: 'x'.repeat(17 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await storeKeys('subscribers')).toEqual([]);
  });

  it('shares the per-minute signup limit with the JSON path: 429 page with a clear message', async () => {
    const previous = process.env.SIGNUP_RATE_LIMIT;
    process.env.SIGNUP_RATE_LIMIT = '2';
    try {
      const addr = '192.0.2.150';
      const json = await call(signups, {
        method: 'POST',
        path: '/api/waitlist',
        ip: addr,
        body: { name: 'Json Person', email: 'j@example.com' },
      });
      expect(json.status).toBe(200);
      expect((await postForm(form({ ...good, email: 'f1@example.com' }), {}, addr)).status).toBe(303);
      const limited = await postForm(form({ ...good, email: 'f2@example.com' }), {}, addr);
      expect(limited.status).toBe(429);
      expect(limited.text).toContain('Too many attempts. Please wait a minute and try again.');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await subscriberByEmail('f2@example.com')).toBeNull();
    } finally {
      if (previous === undefined) delete process.env.SIGNUP_RATE_LIMIT;
      else process.env.SIGNUP_RATE_LIMIT = previous;
    }
  });
});
