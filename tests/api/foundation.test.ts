import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import health from '../../netlify/functions/health';
import { readOutboxPage } from '../../src/lib/email/outbox';
import { setLaunched } from '../../src/lib/gate/launch';
import { sendMessage } from '../../src/lib/email/transport';
import { call, clearStore, startSendGridFake, useOutbox, useSendGrid, type SendGridFake } from './helpers';

let fake: SendGridFake;
beforeAll(async () => {
  fake = await startSendGridFake();
});
afterAll(async () => {
  useOutbox();
  await fake.close();
});

const message = {
  to: 'ada@example.com',
  subject: 'Hello',
  text: 'Hi Ada',
  html: '<p>Hi Ada</p>',
  kind: 'test',
  mailId: 'mail-1',
  headers: { 'List-Unsubscribe': '<https://x/u>' },
};

describe('GET /api/health', () => {
  it('round-trips a blob and answers JSON', async () => {
    const res = await call(health, { path: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toMatchObject({ status: 'ok', storage: { ok: true }, mail: 'outbox' });
  });

  it('reports the launch state staff set with the switch, not only SITE_LAUNCHED', async () => {
    const env = process.env.SITE_LAUNCHED;
    process.env.SITE_LAUNCHED = 'false';
    try {
      await setLaunched(false, null);
      expect((await call(health, { path: '/api/health' })).json.launched).toBe(false);
      await setLaunched(true, 'test');
      expect((await call(health, { path: '/api/health' })).json.launched).toBe(true);
    } finally {
      await setLaunched(false, null);
      if (env === undefined) delete process.env.SITE_LAUNCHED;
      else process.env.SITE_LAUNCHED = env;
    }
  });

  it('refuses other methods with the error shape', async () => {
    const res = await call(health, { method: 'POST', path: '/api/health', body: {} });
    expect(res.status).toBe(405);
    expect(res.json.error.code).toBe('method_not_allowed');
  });
});

describe('the mail transport', () => {
  it('without a mail key, keeps every message in an outbox that can be read back', async () => {
    useOutbox();
    await clearStore('outbox');
    const result = await sendMessage(message);
    expect(result.ok).toBe(true);
    const {
      entries: [entry],
    } = await readOutboxPage(null, 20);
    expect(result).toEqual({ ok: true, providerId: entry.id });
    expect(entry).toMatchObject({
      to: 'ada@example.com',
      subject: 'Hello',
      text: 'Hi Ada',
      html: '<p>Hi Ada</p>',
      kind: 'test',
    });
    expect(entry.headers['List-Unsubscribe']).toBe('<https://x/u>');
    expect(Date.parse(entry.createdAt)).not.toBeNaN();
  });

  it('with a key, sends through the real SendGrid client', async () => {
    useSendGrid(fake);
    fake.reset();
    const result = await sendMessage(message);
    expect(result).toEqual({ ok: true, providerId: 'fake-1', status: 202 });
    expect(fake.messages).toHaveLength(1);
    const sent = fake.messages[0];
    expect(sent.path).toBe('/v3/mail/send');
    expect(sent.authorization).toBe('Bearer SG.test-key');
    expect(sent.body.personalizations[0].to[0].email).toBe('ada@example.com');
    expect(sent.body.subject).toBe('Hello');
    expect(sent.body.headers['List-Unsubscribe']).toBe('<https://x/u>');
    expect(sent.body.content.map((c: { type: string }) => c.type)).toEqual(['text/plain', 'text/html']);
    // The queue's id goes along, so the provider's events name the message.
    expect(sent.body.custom_args).toEqual({ mail_id: 'mail-1' });
  });

  it('reports a provider failure with its status, and what a 429 asks to wait, instead of swallowing it', async () => {
    useSendGrid(fake);
    fake.reset();
    fake.fail(500, 1);
    const failed = await sendMessage(message);
    expect(failed).toMatchObject({ ok: false, status: 500 });
    if (!failed.ok) expect(failed.error).toMatch(/SendGrid 500/);
    fake.fail(429, 1, { 'retry-after': '42' });
    expect(await sendMessage(message)).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 42 });
    fake.reset();
  });

  it('reports a provider it cannot reach without a status (the queue retries it)', async () => {
    useSendGrid({ url: 'http://127.0.0.1:9' });
    const result = await sendMessage(message);
    expect(result.ok).toBe(false);
    expect(result).not.toHaveProperty('status');
    useOutbox();
  });
});
