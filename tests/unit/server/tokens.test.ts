/**
 * The one token module (src/lib/server/tokens.ts) and the one cookie module (src/lib/server/cookies.ts).
 * The wire-format cases sign with node:crypto the way each token was signed before the module existed,
 * so a link already mailed or a session already open must still verify.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expiryOf, isExpired, keyedHash, signToken, tokenSignatureValid } from '../../../src/lib/server/tokens';
import { cookieIsSecure, readCookie, setCookie } from '../../../src/lib/server/cookies';
import { verifyUnsubscribeToken } from '../../../src/lib/subscribers/unsubscribe-token';
import { verifyConfirmToken } from '../../../src/lib/subscribers/confirm-token';
import { verifyPass } from '../../../src/lib/campaigns/pass';
import { verifySessionToken } from '../../../src/lib/admin/session';

const SECRET = 'a-test-secret-of-enough-length-000000';
const ID = 'a'.repeat(64);
const mac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('base64url');

describe('signToken and tokenSignatureValid', () => {
  it('a signature verifies for its purpose and fields only', async () => {
    const what = { purpose: 'pass', fields: ['x', 'y'] };
    const sig = await signToken(SECRET, what);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await tokenSignatureValid(SECRET, what, sig)).toBe(true);
    expect(await tokenSignatureValid(SECRET, { purpose: 'pass-cookie', fields: ['x', 'y'] }, sig)).toBe(false);
    expect(await tokenSignatureValid(SECRET, { purpose: 'pass', fields: ['x', 'z'] }, sig)).toBe(false);
    expect(await tokenSignatureValid(`${SECRET}x`, what, sig)).toBe(false);
  });

  it('refuses a signature in any spelling but the canonical one, and anything not a signature', async () => {
    const what = { purpose: 'unsubscribe', fields: [ID], separator: ':' };
    const sig = await signToken(SECRET, what);
    const last = sig.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The 43rd character carries 2 spare bits: its neighbours in the alphabet decode to the same bytes.
    const twin = sig.slice(0, -1) + alphabet[alphabet.indexOf(last) ^ 1];
    expect(await tokenSignatureValid(SECRET, what, twin)).toBe(false);
    for (const bad of ['', sig.slice(1), `${sig}A`, sig.replace(/./, '+'), 42 as unknown as string])
      expect(await tokenSignatureValid(SECRET, what, bad)).toBe(false);
  });

  it('reads expiry fields and decides expiry the same way for every token', () => {
    expect(expiryOf('1700000000000')).toBe(1700000000000);
    expect(expiryOf('17e11')).toBeNull();
    expect(expiryOf('')).toBeNull();
    expect(isExpired(1000, 999)).toBe(false);
    expect(isExpired(1000, 1000)).toBe(true);
  });

  it('keyedHash is HMAC-SHA256 as hex, cut to the asked length', async () => {
    const hex = createHmac('sha256', SECRET).update('ip:203.0.113.9').digest('hex');
    expect(await keyedHash(SECRET, 'ip:203.0.113.9', 32)).toBe(hex.slice(0, 32));
    expect(await keyedHash(SECRET, 'ip:203.0.113.9')).toBe(hex);
  });
});

describe('tokens signed before the module existed still verify (wire formats kept)', () => {
  it('unsubscribe and confirmation links', async () => {
    expect(await verifyUnsubscribeToken(`${ID}.${mac(SECRET, `unsubscribe:${ID}`)}`, SECRET)).toBe(ID);
    const exp = Date.now() + 60_000;
    const nonce = 'n'.repeat(16);
    const confirm = `${ID}.${exp}.${nonce}.${mac(SECRET, `confirm:${ID}:${exp}:${nonce}`)}`;
    expect(await verifyConfirmToken(confirm, SECRET)).toEqual({ ok: true, id: ID, nonce });
  });

  it('pass links and staff sessions', async () => {
    const exp = Date.now() + 60_000;
    const pass = `p1.${ID}.wave-1.${exp}.${mac(SECRET, `pass\n${ID}\nwave-1\n${exp}`)}`;
    expect(await verifyPass(pass, SECRET)).toEqual({
      ok: true,
      pass: { subscriberId: ID, waveId: 'wave-1', expiresAt: exp },
    });
    const adminKey = 'the-admin-key-1';
    const sid = 'S'.repeat(22);
    const body = `v3.${exp}.0.${sid}.owner`;
    const token = `${body}.${mac(`${SECRET.length}:${SECRET}|${adminKey}`, body)}`;
    expect(await verifySessionToken(token, { secret: SECRET, adminKey })).toEqual({
      devMode: false,
      expiresAt: exp,
      sid,
      who: 'owner',
    });
  });
});

describe('cookies', () => {
  it('reads one cookie of a header; absent, empty or malformed is null', () => {
    expect(readCookie('a=1; mt_pass=c1.x; b=2', 'mt_pass')).toBe('c1.x');
    expect(readCookie('mt_pass=', 'mt_pass')).toBeNull();
    expect(readCookie('mt_pass=%zz', 'mt_pass')).toBeNull();
    expect(readCookie(null, 'mt_pass')).toBeNull();
  });

  it('writes HttpOnly cookies, Secure except on plain-http localhost', () => {
    expect(setCookie('mt_pass', 'v', { maxAgeS: 60, sameSite: 'Lax', requestUrl: 'https://mapletech.ca/x' })).toBe(
      'mt_pass=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
    expect(setCookie('mt_pass', '', { maxAgeS: 0, sameSite: 'Lax', requestUrl: 'http://127.0.0.1:9/x' })).toBe(
      'mt_pass=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    );
    expect(cookieIsSecure('http://localhost:4321/')).toBe(false);
    expect(cookieIsSecure('http://[::1]:4321/')).toBe(false);
    expect(cookieIsSecure('http://mapletech.ca/')).toBe(true);
  });
});
