/**
 * Admin session tokens and cookies, built only on Web Crypto so the same code runs in the
 * Netlify Functions (Node) and in the pre-launch gate (Edge Functions, Deno).
 *
 * The edge function imports it by path with its `.ts` extension, and Deno cannot resolve
 * extension-less imports: this file imports only that way too, and only modules without imports.
 *
 * Token: `v3.<expiresAtMs>.<devMode 0|1>.<session id>.<who>.<base64url HMAC-SHA256>`, where `who` is
 * `owner` (signed in with ADMIN_KEY) or a staff account's id (docs/staff.md). The HMAC key is
 * derived from SESSION_SECRET *and* ADMIN_KEY, so rotating either one signs every staff member out.
 * The session id lets logout revoke one session server-side (src/lib/admin/revocation.ts); a staff
 * session also ends when its account is removed (checked by the server on every request).
 */
import { fromBase64Url, toBase64Url } from '../base64url.ts';
import { hmacKey } from '../server/hmac.ts';

/** Cookie that carries the signed admin session (HttpOnly; the browser's scripts never see it). */
export const SESSION_COOKIE = 'mt_admin';
/** How long a session lasts after login. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** Query parameter that turns dev mode on (`?admin=KEY`), checked at the edge. */
export const ADMIN_PARAM = 'admin';

const VERSION = 'v3';
const SID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** Who a session belongs to: the owner key, or a staff id (22 base64url characters). */
const WHO_PATTERN = /^(owner|[A-Za-z0-9_-]{22})$/;
/** `who` of a session opened with ADMIN_KEY. */
export const OWNER = 'owner';
const encoder = new TextEncoder();

export interface SessionSecrets {
  /** SESSION_SECRET */
  secret: string;
  /** ADMIN_KEY */
  adminKey: string;
}

export interface Session {
  /** Dev mode: the pre-launch gate also opens the home page. */
  devMode: boolean;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Random id of this login (22 base64url characters); logout revokes it. */
  sid: string;
  /** `owner` (the ADMIN_KEY) or the id of a staff account. */
  who: string;
}

function sessionKey({ secret, adminKey }: SessionSecrets): Promise<CryptoKey> {
  // A length prefix keeps (secret, key) pairs unambiguous.
  return hmacKey(`${secret.length}:${secret}|${adminKey}`);
}

function payload(expiresAt: number, devMode: boolean, sid: string, who: string): string {
  return `${VERSION}.${expiresAt}.${devMode ? 1 : 0}.${sid}.${who}`;
}

/** A new random id (16 bytes, 22 base64url characters): sessions, staff accounts. */
export function newSessionId(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)).buffer);
}

/**
 * Signs a new session token.
 * @param options.now epoch ms (tests); options.ttlMs defaults to SESSION_TTL_MS; options.who
 *   defaults to the owner; options.sid keeps an existing session's id (switching dev mode)
 */
export async function createSessionToken(
  secrets: SessionSecrets,
  options: { devMode?: boolean; now?: number; ttlMs?: number; who?: string; sid?: string; expiresAt?: number } = {},
): Promise<{ token: string; session: Session }> {
  const expiresAt = options.expiresAt ?? (options.now ?? Date.now()) + (options.ttlMs ?? SESSION_TTL_MS);
  const devMode = options.devMode ?? false;
  const sid = options.sid ?? newSessionId();
  const who = options.who ?? OWNER;
  if (!WHO_PATTERN.test(who) || !SID_PATTERN.test(sid)) throw new Error('Invalid session owner or id');
  const body = payload(expiresAt, devMode, sid, who);
  const sig = await crypto.subtle.sign('HMAC', await sessionKey(secrets), encoder.encode(body));
  return { token: `${body}.${toBase64Url(sig)}`, session: { devMode, expiresAt, sid, who } };
}

/**
 * Checks a token's signature (constant time, via WebCrypto's HMAC verify) and expiry.
 * @returns the session, or null when the token is missing, malformed, forged or expired
 */
export async function verifySessionToken(
  token: string | null | undefined,
  secrets: SessionSecrets,
  now = Date.now(),
): Promise<Session | null> {
  if (!token || token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 6 || parts[0] !== VERSION) return null;
  const [, exp, dev, sid, who, sig] = parts;
  if (!/^\d{1,16}$/.test(exp) || (dev !== '0' && dev !== '1') || !SID_PATTERN.test(sid) || !WHO_PATTERN.test(who))
    return null;
  const signature = fromBase64Url(sig);
  if (!signature) return null;
  const ok = await crypto.subtle.verify(
    'HMAC',
    await sessionKey(secrets),
    signature,
    encoder.encode(`${VERSION}.${exp}.${dev}.${sid}.${who}`),
  );
  if (!ok) return null;
  const expiresAt = Number(exp);
  if (expiresAt <= now) return null;
  return { devMode: dev === '1', expiresAt, sid, who };
}

/**
 * Compares a submitted key with the configured one in constant time: both are hashed to 32 bytes
 * first (so length does not leak), then compared without an early exit.
 */
export async function keysMatch(given: string | null | undefined, expected: string): Promise<boolean> {
  if (typeof given !== 'string' || given.length === 0 || given.length > 1024 || expected.length === 0) return false;
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(given)),
    crypto.subtle.digest('SHA-256', encoder.encode(expected)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/** Value of cookie `name` in a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null; // malformed percent-encoding (e.g. `%zz`): no session, never an exception
    }
  }
  return null;
}

/** Cookies are Secure everywhere except plain-http localhost (local runs and tests). */
export function cookieIsSecure(requestUrl: string): boolean {
  const url = new URL(requestUrl);
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return !(local && url.protocol === 'http:');
}

/** `Set-Cookie` value for a session token. */
export function sessionCookie(token: string, session: Session, requestUrl: string, now = Date.now()): string {
  const maxAge = Math.max(0, Math.floor((session.expiresAt - now) / 1000));
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(cookieIsSecure(requestUrl) ? ['Secure'] : []),
  ].join('; ');
}

/** `Set-Cookie` value that removes the session cookie. */
export function clearSessionCookie(requestUrl: string): string {
  return [
    `${SESSION_COOKIE}=`,
    'Path=/',
    'Max-Age=0',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    'HttpOnly',
    'SameSite=Strict',
    ...(cookieIsSecure(requestUrl) ? ['Secure'] : []),
  ].join('; ');
}

/** The session carried by a request's cookie, or null. */
export async function sessionFromRequest(
  req: Request,
  secrets: SessionSecrets,
  now = Date.now(),
): Promise<Session | null> {
  return verifySessionToken(readCookie(req.headers.get('cookie'), SESSION_COOKIE), secrets, now);
}
