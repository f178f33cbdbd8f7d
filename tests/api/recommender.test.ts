import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import phoneSpecs, { config as phoneSpecsConfig } from '../../netlify/functions/phone-specs';
import recommendations, { config as recommendationsConfig } from '../../netlify/functions/recommendations';
import searchPhones, { config as searchConfig } from '../../netlify/functions/search-phones';
import { SITE } from '../../src/config/site';
import { PHONES } from '../../src/lib/catalogue';
import {
  phoneSpecsResponseSchema,
  recommend,
  searchResponseSchema,
  toRecommendationSummary,
  type Preferences,
} from '../../src/lib/recommender';
import { readOutboxPage } from '../../src/lib/email/outbox';

/** Every message in the local outbox, newest first. */
const readOutbox = async () => (await readOutboxPage(null, 100)).entries;
import { call, clearStore, startSendGridFake, useOutbox, useSendGrid, type SendGridFake } from './helpers';

let fake: SendGridFake;
beforeAll(async () => {
  fake = await startSendGridFake();
});
afterAll(async () => {
  useOutbox();
  await fake.close();
});

describe('GET /api/phone-specs/{text}', () => {
  it('is routed at /api/phone-specs/:query', () => {
    expect(phoneSpecsConfig.path).toContain('/api/phone-specs/:query');
  });

  it("answers a catalogue phone as 'internal', cacheable", async () => {
    const res = await call(phoneSpecs, {
      path: '/api/phone-specs/Google%20Pixel%208%20Pro',
      params: { query: 'Google%20Pixel%208%20Pro' },
    });
    expect(res.status).toBe(200);
    expect(phoneSpecsResponseSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({
      source: 'internal',
      phone: { id: 'google-pixel-8-pro', brand: 'Google', model: 'Pixel 8 Pro', price_range: 1349, release_year: 2023 },
    });
    // classes as the catalogue computed them (Tensor G3: a fast chip, not the top gaming tier)
    expect(res.json.phone.classes).toEqual({
      cameraQuality: 'professional',
      batteryLife: 'maximum',
      screenSize: 'large',
      storage: '1tb',
      processorSpeed: 'fast',
      priceRange: 'premium',
    });
    // its availability, dated price source and update support, for the comparison
    expect(res.json.phone).toMatchObject({
      price_source: 'Google Store Canada launch price, Oct 2023',
      availability: { status: 'discontinued', date: '2024-08' },
      updates: { osUntil: '2030-10', estimate: false },
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/public/);
  });

  it('accepts an already-decoded parameter and loose spelling', async () => {
    const res = await call(phoneSpecs, { path: '/api/phone-specs/galaxy%20s24+', params: { query: 'galaxy s24+' } });
    expect(res.json).toMatchObject({ source: 'internal', phone: { id: 'samsung-galaxy-s24-plus' } });
  });

  it("answers an unknown phone as 'estimated', flagged with a note", async () => {
    const res = await call(phoneSpecs, { path: '/api/phone-specs/iPhone%206', params: { query: 'iPhone%206' } });
    expect(res.status).toBe(200);
    expect(res.json.source).toBe('estimated');
    expect(res.json.note).toMatch(/estimated/i);
    expect(res.json.phone).toMatchObject({
      id: null,
      brand: 'Apple',
      model: 'iPhone 6',
      release_year: 2014,
      price_range: 699.99,
      specs: { battery: null, connectivity: '4G' },
    });
  });

  it('answers 404 in the error shape for empty text', async () => {
    for (const opts of [
      { path: '/api/phone-specs/%20%20', params: { query: '%20%20' } },
      { path: '/api/phone-specs' },
    ]) {
      const res = await call(phoneSpecs, opts);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: { code: 'not_found', message: expect.stringMatching(/phone model/) } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 400 for bad encoding or overlong text, 405 for other methods', async () => {
    expect((await call(phoneSpecs, { path: '/api/phone-specs/%E0%A4%A', params: { query: '%E0%A4%A' } })).status).toBe(
      400,
    );
    const long = await call(phoneSpecs, {
      path: `/api/phone-specs/${'x'.repeat(101)}`,
      params: { query: 'x'.repeat(101) },
    });
    expect(long.status).toBe(400);
    expect(long.json.error.code).toBe('invalid_query');
    const post = await call(phoneSpecs, {
      method: 'POST',
      path: '/api/phone-specs/pixel',
      params: { query: 'pixel' },
      body: {},
    });
    expect(post.status).toBe(405);
  });
});

describe('GET /api/search-phones?query=', () => {
  it('is routed at /api/search-phones', () => {
    expect(searchConfig.path).toBe('/api/search-phones');
  });

  it('answers at most 10 phones in the Search result shape, most relevant first, with cache headers', async () => {
    const res = await call(searchPhones, { path: '/api/search-phones?query=galaxy' });
    expect(res.status).toBe(200);
    expect(searchResponseSchema.safeParse(res.json).success).toBe(true);
    expect(res.json.phones).toHaveLength(10);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/max-age=\d+/);
    expect(res.headers.get('netlify-vary')).toBe('query=query');
    const exact = await call(searchPhones, { path: '/api/search-phones?query=' + encodeURIComponent('iPhone 16') });
    expect(exact.json.phones.map((p: { model: string }) => p.model)).toEqual([
      'iPhone 16',
      'iPhone 16e',
      'iPhone 16 Pro',
      'iPhone 16 Plus',
      'iPhone 16 Pro Max',
    ]);
    expect(exact.json.phones[0]).toMatchObject({
      brand: 'Apple',
      year: 2024,
      category: 'Midrange',
      price: 999,
      battery_capacity: '3561 mAh',
      screen_size: '6.1 inches',
      network: '5G',
    });
  });

  it('answers an empty list for an empty or missing query', async () => {
    for (const path of ['/api/search-phones?query=', '/api/search-phones?query=%20', '/api/search-phones']) {
      const res = await call(searchPhones, { path });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ phones: [] });
    }
  });

  it('answers 400 for an overlong query', async () => {
    const res = await call(searchPhones, { path: `/api/search-phones?query=${'a'.repeat(101)}` });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('invalid_query');
  });
});

describe('POST /api/recommendations', () => {
  const prefs: Preferences = {
    currentPhone: 'iphone',
    currentBrand: 'Apple',
    os: 'ios',
    budget: 'premium',
    budgetValue: 90,
    cameraQuality: 'professional',
    batteryLife: 'maximum',
  };
  const recs = recommend(PHONES, prefs).map(toRecommendationSummary);
  let n = 0;
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Ada <b>Lovelace</b>',
    email: `ada+${Date.now()}-${n++}@example.com`,
    phoneModel: 'iPhone 12 & "mini"',
    preferences: JSON.stringify(prefs),
    recommendations: JSON.stringify(recs),
    ...over,
  });
  const post = (payload: unknown, ip = `198.51.100.${n % 200}`) =>
    call(recommendations, { method: 'POST', path: '/api/recommendations', body: payload, ip });

  beforeEach(async () => {
    fake.reset();
    useOutbox();
    // Each test starts with the visitor allowances (per inbox and client) unused.
    await Promise.all(['ratelimit', 'mail-queue'].map(clearStore));
  });

  it('is routed at /api/recommendations with a Netlify rate limit', () => {
    expect(recommendationsConfig.path).toBe('/api/recommendations');
    expect(recommendationsConfig.rateLimit).toMatchObject({ windowLimit: 10, windowSize: 60 });
  });

  it('sends the results through SendGrid and answers { ok: true }', async () => {
    useSendGrid(fake);
    const payload = body();
    const res = await post(payload);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(fake.messages).toHaveLength(1);
    const sent = fake.messages[0].body;
    expect(sent.personalizations[0].to[0].email).toBe(payload.email);
    expect(sent.subject).toBe(`Your phone recommendations from ${SITE.name}`);
    expect(sent.categories).toEqual(['recommendations']);
    const [text, html] = sent.content.map((c: { value: string }) => c.value);
    expect(text).toContain(`Top pick: Apple ${recs[0].model} (${recs[0].matchScore}% match)`);
    expect(text).toContain(`Alternative: Apple ${recs[1].model}`);
    for (const reason of recs[0].reasons) expect(text).toContain(reason);
    // sender identification, no marketing
    for (const s of [SITE.name, SITE.mailingAddress, SITE.email]) {
      expect(text).toContain(s);
      expect(html).toContain(s);
    }
    expect(text).not.toMatch(/newsletter|discount|offer|shop/i);
  });

  it('greets the visitor by the name they gave, and mails no other text they typed', async () => {
    expect((await post(body({ name: '  Zoë  O’Brien-Smith ' }))).status).toBe(200);
    const [greeted] = await readOutbox();
    expect(greeted.text).toMatch(/^Hi Zoë O’Brien-Smith,/);
    expect(greeted.html).toContain('<p>Hi Zoë O’Brien-Smith,</p>');
    expect((await post(body({ name: 'Cheap pills at 50% off today only' }))).status).toBe(200);
    const [refused] = await readOutbox();
    expect(refused.text).toMatch(/^Hi there,/);
    expect(refused.text).not.toContain('pills');
  });

  it('mails no markup or free text typed by the visitor: a current phone only as the catalogue names it', async () => {
    const res = await post(body());
    expect(res.status).toBe(200);
    const [mail] = await readOutbox();
    expect(mail.kind).toBe('recommendations');
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toContain('Lovelace');
      expect(part).not.toContain('mini');
    }
    expect(mail.text).toContain('Hi there,');
    expect(mail.text).not.toContain('Your current phone:');
    await post(body({ phoneModel: 'google pixel 8 pro' }));
    const [second] = await readOutbox();
    expect(second.text).toContain('Your current phone: Google Pixel 8 Pro');
  });

  it('answers 400 with per-field messages for bad input', async () => {
    const res = await post(body({ name: '', email: 'nope', phoneModel: ' ' }));
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'invalid_input',
      fields: {
        name: 'Name is required',
        email: 'Please enter a valid email address',
        phoneModel: 'Current phone model is required',
      },
    });
    expect(fake.messages).toHaveLength(0);
  });

  it('answers 400 when a JSON string field is not JSON or not the right shape', async () => {
    const notJson = await post(body({ preferences: '{oops' }));
    expect(notJson.status).toBe(400);
    expect(notJson.json.error.fields).toEqual({ preferences: 'preferences is not valid JSON' });
    const badShape = await post(body({ recommendations: JSON.stringify([{ model: 'Pixel 9' }]) }));
    expect(badShape.status).toBe(400);
    expect(Object.keys(badShape.json.error.fields)).toEqual(
      expect.arrayContaining(['recommendations.0.brand', 'recommendations.0.matchScore']),
    );
  });

  it('answers 400 for a phone that is not in the catalogue', async () => {
    const res = await post(
      body({ recommendations: JSON.stringify([{ model: 'Phone 3000', brand: 'Acme', matchScore: 99, reasons: [] }]) }),
    );
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({
      'recommendations.0.model': 'Acme Phone 3000 is not a phone in our catalogue',
    });
  });

  it('answers 400 for a body that is not JSON, 413 for an oversized one, 405 for GET', async () => {
    expect((await post('not json')).status).toBe(400);
    expect((await post(body({ name: 'x'.repeat(20_000) }))).status).toBe(413);
    expect((await call(recommendations, { method: 'GET', path: '/api/recommendations' })).status).toBe(405);
  });

  it('a provider error queues the mail for a retry (200); a permanent refusal answers 502 with a message', async () => {
    useSendGrid(fake);
    fake.fail(500, 1);
    expect((await post(body())).status).toBe(200);
    expect(fake.messages).toHaveLength(0);
    fake.fail(400, 1);
    const res = await post(body({ email: 'other@example.com' }));
    expect(res.status).toBe(502);
    expect(res.json).toEqual({
      error: {
        code: 'mail_failed',
        message: 'We could not send the e-mail right now. Please try again in a few minutes.',
      },
    });
    fake.reset();
  });

  it('rate-limits per IP: SIGNUP_RATE_LIMIT sends a minute, then 429 with Retry-After', async () => {
    const previous = process.env.SIGNUP_RATE_LIMIT;
    process.env.SIGNUP_RATE_LIMIT = '2';
    try {
      await clearStore('outbox');
      const ip = '192.0.2.77';
      expect((await post(body(), ip)).status).toBe(200);
      expect((await post(body(), ip)).status).toBe(200);
      const third = await post(body(), ip);
      expect(third.status).toBe(429);
      expect(third.json.error.code).toBe('rate_limited');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await post(body(), '192.0.2.78')).status).toBe(200);
      expect(await readOutbox()).toHaveLength(3);
    } finally {
      if (previous === undefined) delete process.env.SIGNUP_RATE_LIMIT;
      else process.env.SIGNUP_RATE_LIMIT = previous;
    }
  });
});
