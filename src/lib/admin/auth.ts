/**
 * Server-side admin authentication for every /api/admin/* route: the signed session cookie set at
 * login, or the `admin-key` header (for scripts; docs/site.md#roles). Server only.
 *
 * Guessing is limited per client address, twice:
 * - in memory (`enforceRateLimit`, per instance): every key check counts, a right key clears the count;
 * - across instances (the shared Blobs limiter, bucket `admin-login`): wrong keys are recorded, a
 *   right key clears them.
 * Once over ADMIN_LOGIN_RATE_LIMIT per 15 minutes the address gets 429 before any comparison.
 */
import { getEnv, requireConfig } from '../server/env';
import { clientIp, HttpError, type FnContext } from '../server/http';
import { enforceRateLimit, resetRateLimit } from '../server/ratelimit';
import { keysMatch, sessionFromRequest, type Session, type SessionSecrets } from './session';
import { clearHits, currentHits, rateLimited, recordHit } from '../server/shared-ratelimit';
import { isRevoked } from './revocation';

export const LOGIN_BUCKET = 'admin-login';
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const ADMIN_KEY_HEADER = 'admin-key';

/** SESSION_SECRET and ADMIN_KEY of this process; 503 `not_configured` when either is missing (fail closed). */
export function secrets(): SessionSecrets {
  return { secret: requireConfig('SESSION_SECRET'), adminKey: requireConfig('ADMIN_KEY') };
}

/** The signed, unexpired and not logged-out session of a request, or null. */
export async function activeSession(req: Request): Promise<Session | null> {
  const session = await sessionFromRequest(req, secrets());
  if (!session || (await isRevoked(session))) return null;
  return session;
}

/** The answer for every unauthenticated admin request. */
export function unauthorized(message = 'Admin authentication required. Sign in with the admin key.'): HttpError {
  return new HttpError(401, 'unauthorized', message);
}

/**
 * Checks a submitted key with the per-address limit: 429 when the address is over the limit,
 * otherwise true/false (a correct key forgets the address's earlier attempts).
 */
export async function checkKeyLimited(key: string, req: Request, context?: FnContext): Promise<boolean> {
  const adminKey = secrets().adminKey;
  const ip = clientIp(req, context);
  const limit = getEnv().ADMIN_LOGIN_RATE_LIMIT;
  enforceRateLimit(LOGIN_BUCKET, ip, limit, LOGIN_WINDOW_MS);
  // Only wrong keys are recorded, so staff who mistype once are not locked out and scripts using
  // the header are never slowed down.
  const failures = await currentHits(LOGIN_BUCKET, ip, LOGIN_WINDOW_MS);
  if (failures.length >= limit) throw rateLimited(LOGIN_WINDOW_MS, Date.now(), 'Too many wrong admin keys.');
  const ok = await keysMatch(key, adminKey);
  if (ok) {
    resetRateLimit(LOGIN_BUCKET, ip);
    if (failures.length) await clearHits(failures);
  } else {
    await recordHit(LOGIN_BUCKET, ip, LOGIN_WINDOW_MS);
  }
  return ok;
}

export type AdminAuth = { via: 'cookie'; session: Session } | { via: 'header' };

/**
 * Authenticates an admin request, or throws 401 (429 when a wrong `admin-key` header is repeated).
 * A valid cookie wins; a present header is checked (and counted) only without one.
 */
export async function requireAdmin(req: Request, context?: FnContext): Promise<AdminAuth> {
  const session = await activeSession(req);
  if (session) return { via: 'cookie', session };
  const header = req.headers.get(ADMIN_KEY_HEADER);
  if (header !== null) {
    if (await checkKeyLimited(header, req, context)) return { via: 'header' };
    throw unauthorized('Invalid admin key.');
  }
  throw unauthorized();
}
