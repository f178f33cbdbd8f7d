import { describe, expect, it } from 'vitest';
import {
  clearSessionCookie,
  cookieIsSecure,
  createSessionToken,
  keysMatch,
  readCookie,
  SESSION_COOKIE,
  sessionCookie,
  sessionFromRequest,
  verifySessionToken,
} from '../../../src/lib/admin/session';

const secrets = { secret: 's'.repeat(40), adminKey: 'the-admin-key-1' };
const now = 1_800_000_000_000;

describe('session tokens', () => {
  it('round-trips a signed token with its dev-mode flag and expiry', async () => {
    const { token, session } = await createSessionToken(secrets, { devMode: true, now, ttlMs: 60_000 });
    expect(session).toEqual({
      devMode: true,
      expiresAt: now + 60_000,
      sid: expect.stringMatching(/^[\w-]{22}$/),
      who: 'owner',
    });
    expect(await verifySessionToken(token, secrets, now + 1)).toEqual(session);
    const plain = await createSessionToken(secrets, { now });
    expect((await verifySessionToken(plain.token, secrets, now))?.devMode).toBe(false);
  });

  it('refuses expired, tampered, forged and malformed tokens', async () => {
    const { token } = await createSessionToken(secrets, { devMode: false, now, ttlMs: 60_000 });
    expect(await verifySessionToken(token, secrets, now + 60_000)).toBeNull();
    const [v, exp, , sid, who, sig] = token.split('.');
    expect(await verifySessionToken(`${v}.${exp}.1.${sid}.${who}.${sig}`, secrets, now)).toBeNull(); // dev mode switched on by hand
    expect(await verifySessionToken(`${v}.${Number(exp) + 1_000_000}.0.${sid}.${who}.${sig}`, secrets, now)).toBeNull(); // extended
    expect(await verifySessionToken(`${v}.${exp}.0.${'A'.repeat(22)}.${who}.${sig}`, secrets, now)).toBeNull(); // another session's id
    expect(await verifySessionToken(`${v}.${exp}.0.${sid}.${'B'.repeat(22)}.${sig}`, secrets, now)).toBeNull(); // another person
    expect(await verifySessionToken(token, { ...secrets, secret: 't'.repeat(40) }, now)).toBeNull();
    expect(await verifySessionToken(token, { ...secrets, adminKey: 'rotated-admin-key' }, now)).toBeNull(); // key rotation signs out
    const bads = [
      '',
      'v2',
      'v2.1.0',
      `v1.${exp}.0.${sig}`,
      `v2.${exp}.0.${sig}`,
      `v2.abc.0.${sid}.${sig}`,
      `v2.${exp}.2.${sid}.${sig}`,
    ];
    for (const bad of [
      ...bads,
      `v2.${exp}.0.${sid}.${sig}`,
      `v3.${exp}.0.${sid}.${who}.@@@`,
      `v3.${exp}.0.short.${who}.${sig}`,
      `v3.${exp}.0.${sid}.nobody.${sig}`,
      'x'.repeat(300),
      null,
      undefined,
    ]) {
      expect(await verifySessionToken(bad, secrets, now)).toBeNull();
    }
  });
});

describe('keysMatch', () => {
  it('is true only for the exact key', async () => {
    expect(await keysMatch('the-admin-key-1', 'the-admin-key-1')).toBe(true);
    expect(await keysMatch('the-admin-key-2', 'the-admin-key-1')).toBe(false);
    expect(await keysMatch('the-admin-key-1 ', 'the-admin-key-1')).toBe(false);
    expect(await keysMatch('THE-ADMIN-KEY-1', 'the-admin-key-1')).toBe(false);
    expect(await keysMatch('', 'the-admin-key-1')).toBe(false);
    expect(await keysMatch(null, 'the-admin-key-1')).toBe(false);
    expect(await keysMatch('x', '')).toBe(false);
  });
});

describe('cookies', () => {
  it('sets an HttpOnly, SameSite=Strict cookie with Max-Age; Secure except on http://localhost', async () => {
    const { token, session } = await createSessionToken(secrets, { now, ttlMs: 3_600_000 });
    const local = sessionCookie(token, session, 'http://localhost:8888/api/admin/session', now);
    expect(local).toBe(`${SESSION_COOKIE}=${token}; Path=/; Max-Age=3600; HttpOnly; SameSite=Strict`);
    const prod = sessionCookie(token, session, 'https://mapletech.ca/api/admin/session', now);
    expect(prod).toContain('; Secure');
    expect(cookieIsSecure('http://127.0.0.1:8841/x')).toBe(false);
    expect(cookieIsSecure('http://mapletech.ca/x')).toBe(true);
    expect(clearSessionCookie('https://mapletech.ca/')).toMatch(
      /^mt_admin=; Path=\/; Max-Age=0; .*HttpOnly; SameSite=Strict; Secure$/,
    );
  });

  it('reads the session from a request cookie header among others', async () => {
    const { token } = await createSessionToken(secrets, { devMode: true });
    expect(readCookie(`theme=dark; ${SESSION_COOKIE}=${token}; other=1`, SESSION_COOKIE)).toBe(token);
    expect(readCookie('theme=dark', SESSION_COOKIE)).toBeNull();
    expect(readCookie(`${SESSION_COOKIE}=%zz`, SESSION_COOKIE)).toBeNull(); // malformed encoding: no session, no exception
    const req = new Request('http://localhost/', { headers: { cookie: `a=b; ${SESSION_COOKIE}=${token}` } });
    expect((await sessionFromRequest(req, secrets))?.devMode).toBe(true);
    expect(await sessionFromRequest(new Request('http://localhost/'), secrets)).toBeNull();
  });
});
