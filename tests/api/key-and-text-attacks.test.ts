// Attacks on the staff key's limiter and on visitor text, against the real handlers (real Blobs
// client against a local BlobsServer). Each test states what the attacker must NOT achieve, or what
// a legitimate user must still be able to do. The attacks on the served site (the local secret, the
// gate, headers, methods) are in served-attacks.test.ts. See docs/consent-and-mail.md, "Threat model".
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '../../netlify/functions/admin';
import signups from '../../netlify/functions/signups';
import { CONSENT_FORMS, MESSAGES } from '../../src/lib/signups/constants';
import { call, clearStore, storeKeys, type CallOptions, subscriberByEmail } from './helpers';

const KEY = 'limiter-test-admin-key-01';
const saved: Record<string, string | undefined> = {};
let n = 0;
/** A fresh client address per test, so only the limit under test can bite. */
const freshIp = () => `198.19.${Math.floor(++n / 250) % 250}.${n % 250}`;

beforeAll(() => {
  for (const k of ['ADMIN_KEY', 'ADMIN_LOGIN_RATE_LIMIT']) saved[k] = process.env[k];
  process.env.ADMIN_KEY = KEY;
  delete process.env.ADMIN_LOGIN_RATE_LIMIT; // the default: 5 wrong keys per 15 minutes
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
});
beforeEach(async () => {
  await Promise.all(['subscribers', 'outbox', 'ratelimit', 'sessions', 'subscriber-index'].map(clearStore));
});
afterEach(() => {
  vi.useRealTimers();
});

const api = (path: string, opts: CallOptions = {}) => call(admin, { ...opts, path: `/api/admin${path}` });
const login = (key: string, ip: string) => api('/session', { method: 'POST', body: { key }, ip });
const withHeader = (key: string, ip: string) => api('/waitlist', { headers: { 'admin-key': key }, ip });
/** Sets the clock to `second` seconds into a fixed minute (plus `minutes` later). */
const at = (second: number, minutes = 0) => vi.setSystemTime(new Date(Date.UTC(2030, 0, 7, 10, 1 + minutes, second)));

describe('attack: an office locked out by one typo (item 7)', () => {
  it('the right key signs in at once after 5 wrong ones from the same address (login and admin-key header)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(5);
    const office = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(`typo-${i}-of-the-key`, office)).status).toBe(401);
    expect((await login(KEY, office)).status).toBe(200);

    const script = freshIp();
    for (let i = 0; i < 5; i++) expect((await withHeader(`stale-key-${i}`, script)).status).toBe(401);
    expect((await withHeader(KEY, script)).status).toBe(200);
  });

  it('a script repeating one stale key does not lock the office out: a repeated wrong key counts once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(5);
    const office = freshIp();
    for (let i = 0; i < 30; i++) expect((await withHeader('the-key-before-rotation', office)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(`typo-${i}-of-the-key`, office)).status).toBe(401);
    expect((await login(KEY, office)).status).toBe(200);
  });

  it('guessing stays expensive: past the limit, one key a minute is compared; the rest answer 429', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(1);
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await login(`guess-${i}-abcdefgh`, attacker)).status);
    // 5 compared within the limit, 1 in this minute's slowed slot, 19 refused before any comparison.
    expect(statuses).toEqual([...Array(6).fill(401), ...Array(19).fill(429)]);
    // The right key waits for the next minute (not 15): the minute's one attempt is used up.
    at(40);
    const waiting = await login(KEY, attacker);
    expect(waiting.status).toBe(429);
    expect(waiting.json.error.code).toBe('rate_limited');
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(20);
    at(2, 1);
    expect((await login(KEY, attacker)).status).toBe(200);
    // Other addresses were never affected.
    expect((await login(KEY, freshIp())).status).toBe(200);
  });

  it('concurrent guesses cannot overshoot the limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(5);
    const attacker = freshIp();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(`parallel-guess-${i}-xyz`, attacker).then((r) => r.status)),
    );
    expect(results.filter((s) => s === 401).length).toBeLessThanOrEqual(6);
    expect(results.filter((s) => s === 429).length).toBeGreaterThanOrEqual(24);
  });
});

describe('attack: an empty admin-key header filling the lockout (item 6)', () => {
  it('an empty header is no key: 401 asking to sign in, nothing counted', async () => {
    const office = freshIp();
    for (let i = 0; i < 12; i++) {
      const res = await withHeader('', office);
      expect(res.status).toBe(401);
      expect(res.json.error.message).toBe('Admin authentication required. Sign in with the admin key.');
    }
    expect(await storeKeys('ratelimit')).toEqual([]);
    expect((await login(KEY, office)).status).toBe(200);
  });
});

describe('attack: invisible and look-alike text in names (item 6)', () => {
  const waitlist = (name: string, extra: Record<string, string> = {}) =>
    call(signups, {
      method: 'POST',
      path: '/api/waitlist',
      ip: freshIp(),
      body: {
        name,
        email: `text-${++n}@example.com`,
        interests: 'all',
        page: '/join',
        consentText: CONSENT_FORMS.waitlist.wording,
        ...extra,
      },
    });
  const newsletter = (phoneModel: string) =>
    call(signups, {
      method: 'POST',
      path: '/api/newsletter/subscribe',
      ip: freshIp(),
      body: {
        name: 'Grace',
        email: `text-${++n}@example.com`,
        phoneModel,
        consent: true,
        form: 'header',
        consentText: CONSENT_FORMS.header.wording,
      },
    });

  const unsafe: [string, string][] = [
    ['a lone high surrogate', 'Vic\ud800toria'],
    ['a lone low surrogate', 'Victoria\udc00'],
    ['U+061C Arabic letter mark', 'Vic\u061Ctoria'],
    ['tag characters', 'Victoria\u{E0041}\u{E0042}'],
    ['U+3164 Hangul filler', '\u3164\u3164\u3164'],
    ['U+115F Hangul choseong filler', 'Vic\u115Ftoria'],
    ['U+00AD soft hyphen', 'Vic\u00ADtoria'],
    ['U+2028 line separator', 'Victoria\u2028URGENT'],
    ['U+2029 paragraph separator', 'Victoria\u2029URGENT'],
    ['U+034F combining grapheme joiner', 'Vic\u034Ftoria'],
    ['a flood of combining marks', `Vi${'\u0301\u0300\u0302\u0303\u0304\u0306'.repeat(3)}ctoria`],
    ['private-use characters', 'Vic\uE000toria'],
    ['U+2800 braille blank', 'Vic\u2800\u2800toria'],
    ['a zero-width non-joiner at the end', 'Victoria\u200C'],
    ['a zero-width joiner beside a space', 'Vic \u200Dtoria'],
    ['two joiners in a row', 'Vic\u200C\u200Ctoria'],
    ['a joiner between digits', 'Victoria 1\u200D2'],
  ];
  it.each(unsafe)('%s in a name: 400 with the field message, nothing stored', async (_label, name) => {
    const res = await waitlist(name);
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ name: MESSAGES.nameUnsafe });
    expect(await storeKeys('subscribers')).toEqual([]);
  });

  it('the same characters in the phone model and the source are refused too', async () => {
    const phone = await newsletter('Pixel\u2028Claim your prize');
    expect(phone.status).toBe(400);
    expect(phone.json.error.fields).toEqual({ phoneModel: MESSAGES.phoneUnsafe });
    const source = await waitlist('Victoria', { source: 'news\u{E0020}letter' });
    expect(source.status).toBe(400);
    expect(source.json.error.fields).toEqual({ source: MESSAGES.textUnsafe });
    expect(await storeKeys('subscribers')).toEqual([]);
  });

  it('real names in any script still sign up', async () => {
    const names = [
      'José Álvarez',
      'Nguyễn Thị Minh Khai',
      'Nguye\u0302\u0303n (decomposed)',
      'محمد بن سلمان',
      'שָׁלוֹם כהן',
      'अनुष्का शर्मा',
      '李小龍',
      'Zoë O’Brien-Renée',
      'Ŝ̌ample two marks',
      'نیک\u200Cنام (Persian, with its zero-width non-joiner)',
      'ශ්\u200Dරී (Sinhala, with its zero-width joiner)',
      'Ada 👩🏽\u200D💻',
      'Sam ❤️',
    ];
    for (const name of names) {
      const res = await waitlist(name);
      expect(res.status, name).toBe(200);
    }
    expect((await subscriberByEmail(`text-${n}@example.com`))?.name).toBe('Sam ❤️');
  });
});
