import { generateKeyPairSync, sign } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_AGE_MS, parsePublicKey, verifyEventRequest } from '../../../../src/lib/email/events/verify';
import { handler } from '../../../../src/lib/server/http';
import { sendgridEvents as answer } from '../../../../src/lib/composition/mail-events-endpoint';

const sendgridEvents = (req: Request) => handler((r) => answer(r))(req, {});

const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const der = (pair.publicKey.export({ format: 'der', type: 'spki' }) as Buffer).toString('base64');
const key = parsePublicKey(der)!;
const now = Date.UTC(2026, 10, 28, 12);
const ts = String(Math.floor(now / 1000));
const body = '[{"email":"a@example.com","event":"delivered","timestamp":1}]\r\n';
const sig = (t = ts, b = body, k = pair.privateKey) => sign('sha256', Buffer.from(t + b), k).toString('base64');

describe('the signed event webhook check', () => {
  it('reads the key as SendGrid shows it (base64 DER) or as PEM, and refuses anything else', () => {
    expect(key).not.toBeNull();
    const pem = pair.publicKey.export({ format: 'pem', type: 'spki' }) as string;
    expect(parsePublicKey(pem)).not.toBeNull();
    expect(parsePublicKey('')).toBeNull();
    expect(parsePublicKey('not base64!')).toBeNull();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'der', type: 'spki' });
    expect(parsePublicKey((rsa as Buffer).toString('base64'))).toBeNull();
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey.export({
      format: 'der',
      type: 'spki',
    });
    expect(parsePublicKey((p384 as Buffer).toString('base64'))).toBeNull();
  });

  it('accepts the signature over timestamp + raw body, byte for byte', () => {
    expect(verifyEventRequest(key, body, sig(), ts, now)).toBe('ok');
    expect(verifyEventRequest(key, body.trimEnd(), sig(), ts, now)).toBe('forged');
    expect(verifyEventRequest(key, body, sig(String(Number(ts) + 1)), ts, now)).toBe('forged');
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    expect(verifyEventRequest(key, body, sig(ts, body, other), ts, now)).toBe('forged');
  });

  it('refuses a missing or malformed header', () => {
    expect(verifyEventRequest(key, body, null, ts, now)).toBe('missing');
    expect(verifyEventRequest(key, body, sig(), null, now)).toBe('missing');
    expect(verifyEventRequest(key, body, sig(), '12.5', now)).toBe('malformed');
    expect(verifyEventRequest(key, body, '%%%', ts, now)).toBe('malformed');
    expect(verifyEventRequest(key, body, 'AAAA', ts, now)).toBe('forged');
  });

  it('keeps every retry of SendGrid’s 24 hours, refuses what is older or from the future', () => {
    const at = (ms: number) => String(Math.floor(ms / 1000));
    const t24 = at(now - 24 * 60 * 60 * 1000);
    expect(verifyEventRequest(key, body, sig(t24), t24, now)).toBe('ok');
    const old = at(now - MAX_AGE_MS - 60_000);
    expect(verifyEventRequest(key, body, sig(old), old, now)).toBe('stale');
    const future = at(now + 10 * 60 * 1000);
    expect(verifyEventRequest(key, body, sig(future), future, now)).toBe('stale');
  });
});

describe('POST /api/sendgrid/events without a key', () => {
  const saved = process.env.SENDGRID_WEBHOOK_PUBLIC_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.SENDGRID_WEBHOOK_PUBLIC_KEY;
    else process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = saved;
  });
  it('fails closed: 503 not_configured, before reading anything', async () => {
    delete process.env.SENDGRID_WEBHOOK_PUBLIC_KEY;
    const res = await sendgridEvents(new Request('http://x/api/sendgrid/events', { method: 'POST', body }));
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('not_configured');
  });
  it('refuses a body over the cap with 413 before checking it', async () => {
    process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = der;
    const big = 'x'.repeat(2 * 1024 * 1024 + 1);
    const res = await sendgridEvents(new Request('http://x/api/sendgrid/events', { method: 'POST', body: big }));
    expect(res.status).toBe(413);
  });
});
