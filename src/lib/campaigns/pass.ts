/**
 * Early-access passes (docs/campaigns.md, "Early access"): the personal link an invitation carries,
 * and the cookie that remembers it. Both are signed with SESSION_SECRET (HMAC-SHA256), expire, and
 * are bound to one subscriber and one wave:
 * - link `p1.<subscriber id>.<wave id>.<expires ms>.<signature>`, opened at /api/pass?token=…, which
 *   also checks that neither the wave nor the person was revoked;
 * - cookie `c1.<subscriber id>.<wave id>.<expires ms>.<checked ms>.<signature>`: the edge gate lets it
 *   through while its revocation check is less than PASS_RECHECK_MS old, and sends the visitor through
 *   /api/pass/check for a fresh one otherwise, so a revoked pass stops working within that time.
 * Signed and checked by src/lib/server/tokens.ts (purposes `pass` and `pass-cookie`); the cookie is read
 * by src/lib/server/cookies.ts. Imported by the edge gate by path (with `.ts`), so only such imports here.
 */
import { expiryOf, isExpired, signToken, tokenSignatureValid } from '../server/tokens.ts';
import { readCookie } from '../server/cookies.ts';

/** The cookie that remembers a pass (HttpOnly). */
export const PASS_COOKIE = 'mt_pass';
/** How long an invitation's link works. */
export const PASS_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How old a cookie's revocation check may be before the gate asks for a new one. */
export const PASS_RECHECK_MS = 60_000;

const SUBSCRIBER = /^[0-9a-f]{64}$/;
const WAVE = /^[a-z0-9][a-z0-9-]{0,79}$/;

export interface Pass {
  subscriberId: string;
  waveId: string;
  /** Epoch ms the pass stops working. */
  expiresAt: number;
}

function sign(purpose: string, fields: string[], secret: string): Promise<string> {
  return signToken(secret, { purpose, fields });
}

function verify(purpose: string, fields: string[], sig: string, secret: string): Promise<boolean> {
  return tokenSignatureValid(secret, { purpose, fields }, sig);
}

/** The signed link token of `pass`. */
export async function signPass(pass: Pass, secret: string): Promise<string> {
  const fields = [pass.subscriberId, pass.waveId, String(pass.expiresAt)];
  return `p1.${fields.join('.')}.${await sign('pass', fields, secret)}`;
}

/** The pass a link token carries, when genuine and not expired; else why not. */
export async function verifyPass(
  token: string | null,
  secret: string,
  now = Date.now(),
): Promise<{ ok: true; pass: Pass } | { ok: false; reason: 'invalid' | 'expired' }> {
  const parts = (token ?? '').split('.');
  if (parts.length !== 5 || parts[0] !== 'p1') return { ok: false, reason: 'invalid' };
  const [, subscriberId, waveId, expires, sig] = parts;
  if (!SUBSCRIBER.test(subscriberId) || !WAVE.test(waveId) || !/^\d{1,15}$/.test(expires))
    return { ok: false, reason: 'invalid' };
  if (!(await verify('pass', [subscriberId, waveId, expires], sig, secret))) return { ok: false, reason: 'invalid' };
  if (isExpired(Number(expiryOf(expires)), now)) return { ok: false, reason: 'expired' };
  return { ok: true, pass: { subscriberId, waveId, expiresAt: Number(expires) } };
}

/** The cookie value remembering `pass`, its revocation checked at `checkedAt`. */
export async function signPassCookie(pass: Pass, checkedAt: number, secret: string): Promise<string> {
  const fields = [pass.subscriberId, pass.waveId, String(pass.expiresAt), String(checkedAt)];
  return `c1.${fields.join('.')}.${await sign('pass-cookie', fields, secret)}`;
}

/**
 * What the gate makes of a pass cookie: `valid` (let through), `stale` (genuine, but its revocation
 * check is older than PASS_RECHECK_MS: check again) or null (absent, forged or expired).
 */
export async function readPassCookie(
  value: string | null | undefined,
  secret: string,
  now = Date.now(),
): Promise<{ state: 'valid' | 'stale'; pass: Pass } | null> {
  const parts = (value ?? '').split('.');
  if (parts.length !== 6 || parts[0] !== 'c1') return null;
  const [, subscriberId, waveId, expires, checked, sig] = parts;
  if (
    !SUBSCRIBER.test(subscriberId) ||
    !WAVE.test(waveId) ||
    !/^\d{1,15}$/.test(expires) ||
    !/^\d{1,15}$/.test(checked)
  )
    return null;
  if (!(await verify('pass-cookie', [subscriberId, waveId, expires, checked], sig, secret))) return null;
  if (isExpired(Number(expiryOf(expires)), now)) return null;
  const pass = { subscriberId, waveId, expiresAt: Number(expires) };
  const fresh = now - Number(checked) < PASS_RECHECK_MS && Number(checked) <= now + 5_000;
  return { state: fresh ? 'valid' : 'stale', pass };
}

/** The `mt_pass` value from a Cookie header (a malformed pair is no cookie). */
export function passCookieFrom(header: string | null): string | null {
  return readCookie(header, PASS_COOKIE);
}

/** Where /api/pass/check may send a visitor back to: a path of this site outside /admin, percent-encoded. */
export function passNextPath(next: string, origin: string): string {
  if (!/^\/(?!\/)[^\s\\]*$/.test(next)) return '/';
  let target: URL;
  try {
    target = new URL(next, origin);
  } catch {
    return '/';
  }
  // Dot segments resolve before the checks: `/..//evil.com` becomes `//evil.com`, which a browser
  // reads as another host; and `/%61dmin` is /admin once decoded.
  let decoded: string;
  try {
    decoded = decodeURIComponent(target.pathname);
  } catch {
    return '/';
  }
  if (
    target.origin !== origin ||
    /^[/\\]{2}/.test(target.pathname) ||
    /^[/\\]{2}/.test(decoded) ||
    /^\/admin(?:[/\\]|$)/i.test(decoded)
  )
    return '/';
  // The URL parser percent-encodes what a Location header cannot carry (non-ASCII: /中 -> /%E4%B8%AD).
  return `${target.pathname}${target.search}`;
}

/**
 * A pass opened from this many networks or more is flagged for staff (a phone and a home connection
 * are two; three or more suggests the link was passed on). It is not refused: docs/campaigns.md.
 */
export const PASS_FLAG_NETWORKS = 3;

/** The network an address belongs to, as staff see it: IPv4 by its /24, IPv6 by its /64. */
export function networkOf(ip: string): string {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return ip || 'unknown';
  const [head, tail = ''] = ip.toLowerCase().replace(/%.*$/, '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  if (ip.includes('.')) right.pop();
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}
