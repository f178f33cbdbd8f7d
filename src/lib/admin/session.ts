/**
 * Admin session tokens and cookies, built only on Web Crypto so the same code runs in the
 * Netlify Functions (Node) and in the pre-launch gate (Edge Functions, Deno).
 *
 * The edge function imports it by path with its `.ts` extension, and Deno cannot resolve
 * extension-less imports: this file imports only that way too, and only modules without imports.
 *
 * Token: `v3.<expiresAtMs>.<devMode 0|1>.<session id>.<who>.<base64url HMAC-SHA256>`, where `who` is
 * `owner` (signed in with ADMIN_KEY) or a staff account's id (docs/staff.md). Signed and checked by
 * src/lib/server/tokens.ts (purpose `v3`, separator `.`); the key is derived from SESSION_SECRET
 * *and* ADMIN_KEY, so rotating either one signs every staff member out. Cookies: src/lib/server/cookies.ts.
 * The session id lets logout revoke one session server-side (src/lib/admin/revocation.ts); a staff
 * session also ends when its account is removed (checked by the server on every request).
 */
import { expiryOf, isExpired, randomToken, signToken, tokenSignatureValid, type Signed } from '../server/tokens.ts';
import { readCookie, setCookie } from '../server/cookies.ts';

export { cookieIsSecure, readCookie } from '../server/cookies.ts';
export { keysMatch } from '../server/tokens.ts';

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

function sessionKey({ secret, adminKey }: SessionSecrets): string {
  // A length prefix keeps (secret, key) pairs unambiguous.
  return `${secret.length}:${secret}|${adminKey}`;
}

function signed(exp: string, dev: string, sid: string, who: string): Signed {
  return { purpose: VERSION, fields: [exp, dev, sid, who], separator: '.' };
}

/** A new random id (16 bytes, 22 base64url characters): sessions, staff accounts. */
export function newSessionId(): string {
  return randomToken(16);
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
  const what = signed(String(expiresAt), devMode ? '1' : '0', sid, who);
  const sig = await signToken(sessionKey(secrets), what);
  return { token: `${[VERSION, ...what.fields].join('.')}.${sig}`, session: { devMode, expiresAt, sid, who } };
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
  const expiresAt = expiryOf(exp);
  if (expiresAt === null || (dev !== '0' && dev !== '1') || !SID_PATTERN.test(sid) || !WHO_PATTERN.test(who))
    return null;
  if (!(await tokenSignatureValid(sessionKey(secrets), signed(exp, dev, sid, who), sig))) return null;
  if (isExpired(expiresAt, now)) return null;
  return { devMode: dev === '1', expiresAt, sid, who };
}

/** `Set-Cookie` value for a session token. */
export function sessionCookie(token: string, session: Session, requestUrl: string, now = Date.now()): string {
  return setCookie(SESSION_COOKIE, token, {
    maxAgeS: (session.expiresAt - now) / 1000,
    sameSite: 'Strict',
    requestUrl,
  });
}

/** `Set-Cookie` value that removes the session cookie. */
export function clearSessionCookie(requestUrl: string): string {
  return setCookie(SESSION_COOKIE, '', { maxAgeS: 0, sameSite: 'Strict', requestUrl });
}

/** The session carried by a request's cookie, or null. */
export async function sessionFromRequest(
  req: Request,
  secrets: SessionSecrets,
  now = Date.now(),
): Promise<Session | null> {
  return verifySessionToken(readCookie(req.headers.get('cookie'), SESSION_COOKIE), secrets, now);
}
