/**
 * Server-side admin authentication for every /api/admin/* route: the signed session cookie set at
 * login, or the `admin-key` header (for scripts; docs/site.md#roles). Server only.
 *
 * Every staff key submitted anywhere (the login, the `admin-key` header, the pre-launch gate's
 * `?admin=`, whose page posts to the login) goes through `checkKeyLimited`, the one limiter on
 * guessing, counted per client address across every instance in the shared Blobs limiter:
 * - a key is compared only in a free attempt slot: ADMIN_LOGIN_RATE_LIMIT per 15 minutes, then one
 *   a minute (so guessing stays slow, while the right key waits a minute at most, never 15);
 * - a wrong key is remembered by its fingerprint for the window: sending it again answers 401 at
 *   once and uses no slot (a script with an old key does not lock its office out);
 * - the right key frees the slots and forgets the wrong keys of its address.
 * An empty key is no key. Why this shape: docs/consent-and-mail.md, "Threat model".
 *
 * This limiter guards the owner key only. Named staff never type a key (docs/staff.md): their
 * e-mailed links and their session cookies never pass through it, so wrong keys sent from a shared
 * address cannot lock them out.
 */
import { getEnv, requireConfig } from '../server/env';
import { clientIp, HttpError, tooManyRequests, type FnContext } from '../server/http';
import { keyedHash } from '../server/tokens';
import { keysMatch, OWNER, sessionFromRequest, type Session, type SessionSecrets } from './session';
import { clearHits, currentHits, recordHit, secondsToWindowEnd, takeSlot } from '../server/shared-ratelimit';
import { isRevoked } from './revocation';
import { getStaff } from './staff';
import type { AuditActor } from './staff-schemas';

/** Attempt slots per address: ADMIN_LOGIN_RATE_LIMIT per LOGIN_WINDOW_MS. */
const LOGIN_BUCKET = 'admin-login';
/** Past those, one attempt per address per LOGIN_SLOW_MS. */
const LOGIN_SLOW_BUCKET = 'admin-login-slow';
/** Fingerprints of the wrong keys an address sent in the window. */
const WRONG_KEYS_BUCKET = 'admin-login-wrong';
const LOGIN_WINDOW_MS = 15 * 60_000;
const LOGIN_SLOW_MS = 60_000;
const ADMIN_KEY_HEADER = 'admin-key';

/** SESSION_SECRET and ADMIN_KEY of this process; 503 `not_configured` when either is missing (fail closed). */
export function secrets(): SessionSecrets {
  return { secret: requireConfig('SESSION_SECRET'), adminKey: requireConfig('ADMIN_KEY') };
}

/** What the owner key does: everything an admin does, recorded as "owner key" (docs/staff.md). */
export const OWNER_ACTOR: AuditActor = { id: OWNER, name: 'owner key', email: null, role: 'admin' };

/**
 * The person behind a session: the owner, or a staff account that still exists (a removed
 * account's sessions end at once), or null.
 */
export async function actorOf(session: Session): Promise<AuditActor | null> {
  if (session.who === OWNER) return OWNER_ACTOR;
  const staff = await getStaff(session.who).catch(() => null);
  return staff ? { id: staff.id, name: staff.name, email: staff.email, role: staff.role } : null;
}

/** The signed, unexpired and not logged-out session of a request whose person still has access, or null. */
export async function activeSession(req: Request): Promise<Session | null> {
  return (await activeSessionWithActor(req))?.session ?? null;
}

async function activeSessionWithActor(req: Request): Promise<{ session: Session; actor: AuditActor } | null> {
  const session = await sessionFromRequest(req, secrets());
  if (!session || (await isRevoked(session))) return null;
  const actor = await actorOf(session);
  return actor ? { session, actor } : null;
}

/** The answer for every unauthenticated admin request. */
export function unauthorized(message = 'Admin authentication required. Sign in with the admin key.'): HttpError {
  return new HttpError(401, 'unauthorized', message);
}

/**
 * A wrong key's fingerprint: an HMAC keyed with both secrets (so it means nothing to anyone else,
 * and changes when the key is rotated), 32 hex digits.
 */
async function fingerprint(key: string, { secret, adminKey }: SessionSecrets): Promise<string> {
  const material = `admin-key-fingerprint|${secret.length}:${secret}|${adminKey}`;
  return keyedHash(material, key, 32);
}

/**
 * Checks a submitted key under the one limiter on guessing (see the header): 429 when the address
 * has no free attempt, otherwise true/false.
 */
export async function checkKeyLimited(key: string, req: Request, context?: FnContext): Promise<boolean> {
  const keys = secrets();
  const ip = clientIp(req, context);
  const limit = getEnv().ADMIN_LOGIN_RATE_LIMIT;
  const print = await fingerprint(key, keys);
  const wrong = await currentHits(WRONG_KEYS_BUCKET, ip, LOGIN_WINDOW_MS);
  if (wrong.some((k) => k.endsWith(`/${print}`))) return false; // known wrong: nothing new to learn
  const slot =
    (await takeSlot(LOGIN_BUCKET, ip, limit, LOGIN_WINDOW_MS)) ??
    (await takeSlot(LOGIN_SLOW_BUCKET, ip, 1, LOGIN_SLOW_MS));
  if (!slot) throw tooManyRequests('rate_limited', secondsToWindowEnd(LOGIN_SLOW_MS), 'Too many wrong admin keys.');
  const ok = await keysMatch(key, keys.adminKey);
  if (!ok) {
    await recordHit(WRONG_KEYS_BUCKET, ip, LOGIN_WINDOW_MS, Date.now(), print);
    return false;
  }
  // Without wrong keys in the window, the only slot to give back is this one (no list needed).
  const attempts = wrong.length ? await currentHits(LOGIN_BUCKET, ip, LOGIN_WINDOW_MS) : [];
  await clearHits([...new Set([slot, ...attempts, ...wrong])]);
  return ok;
}

export type AdminAuth = { via: 'cookie'; session: Session; actor: AuditActor } | { via: 'header'; actor: AuditActor };

/**
 * Authenticates an admin request, or throws 401 (429 when the `admin-key` header's address has no
 * free attempt, see `checkKeyLimited`). A valid cookie wins; a header is checked only without one.
 */
export async function requireAdmin(req: Request, context?: FnContext): Promise<AdminAuth> {
  const found = await activeSessionWithActor(req);
  if (found) return { via: 'cookie', ...found };
  // An empty header is no key: it is not compared, and counts toward nothing.
  const header = req.headers.get(ADMIN_KEY_HEADER)?.trim();
  if (header) {
    if (await checkKeyLimited(header, req, context)) return { via: 'header', actor: OWNER_ACTOR };
    throw unauthorized('Invalid admin key.');
  }
  throw unauthorized();
}
