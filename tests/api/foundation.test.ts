import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import health from '../../netlify/functions/health';
import { readOutbox, sendMail } from '../../src/lib/server/mailer';
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
  headers: { 'List-Unsubscribe': '<https://x/u>' },
};

describe('GET /api/health', () => {
  it('round-trips a blob and answers JSON', async () => {
    const res = await call(health, { path: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toMatchObject({ status: 'ok', storage: { ok: true }, mail: 'outbox' });
  });

  it('refuses other methods with the error shape', async () => {
    const res = await call(health, { method: 'POST', path: '/api/health', body: {} });
    expect(res.status).toBe(405);
    expect(res.json.error.code).toBe('method_not_allowed');
  });
});

describe('mailer', () => {
  it('without a mail key, keeps every message in an outbox that can be read back', async () => {
    useOutbox();
    await clearStore('outbox');
    const result = await sendMail(message);
    expect(result).toMatchObject({ ok: true, provider: 'outbox' });
    const [entry] = await readOutbox();
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
    const result = await sendMail(message);
    expect(result).toMatchObject({ ok: true, provider: 'sendgrid' });
    expect(fake.messages).toHaveLength(1);
    const sent = fake.messages[0];
    expect(sent.path).toBe('/v3/mail/send');
    expect(sent.authorization).toBe('Bearer SG.test-key');
    expect(sent.body.personalizations[0].to[0].email).toBe('ada@example.com');
    expect(sent.body.subject).toBe('Hello');
    expect(sent.body.headers['List-Unsubscribe']).toBe('<https://x/u>');
    expect(sent.body.content.map((c: { type: string }) => c.type)).toEqual(['text/plain', 'text/html']);
  });

  it('reports a provider failure instead of swallowing it', async () => {
    useSendGrid(fake);
    fake.reset();
    fake.fail(500, 1);
    const result = await sendMail(message);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/SendGrid 500/);
    fake.reset();
  });
});
