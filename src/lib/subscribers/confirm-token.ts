/**
 * Signed, expiring confirmation links (double opt-in):
 * `<subscriber id>.<expires at, ms>.<nonce>.<HMAC-SHA256(secret, "confirm:" + id + ":" + exp + ":" + nonce), base64url>`,
 * signed and checked by src/lib/server/tokens.ts (purpose `confirm`, separator `:`).
 *
 * The nonce is also stored on the record when the mail is sent, so a link works only for the
 * confirmation request it was sent for (a newer mail, or a confirmation, spends older links).
 * Server only (the secret is passed in).
 */
import { expiryOf, isExpired, randomToken, signToken, tokenSignatureValid, type Signed } from '../server/tokens';

const ID_PATTERN = /^[0-9a-f]{64}$/;
const NONCE_PATTERN = /^[A-Za-z0-9_-]{16}$/;
/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function signed(id: string, exp: string, nonce: string): Signed {
  return { purpose: 'confirm', fields: [id, exp, nonce], separator: ':' };
}

/** A fresh random nonce (12 bytes, base64url). */
export function newConfirmNonce(): string {
  return randomToken(12);
}

/** The token for subscriber `id` and `nonce`, valid until `now + CONFIRM_TTL_MS`. */
export async function signConfirmToken(id: string, nonce: string, secret: string, now = Date.now()): Promise<string> {
  const exp = String(now + CONFIRM_TTL_MS);
  return `${id}.${exp}.${nonce}.${await signToken(secret, signed(id, exp, nonce))}`;
}

export type ConfirmTokenCheck = { ok: true; id: string; nonce: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a token's signature (constant time) and expiry. */
export async function verifyConfirmToken(
  token: string | null | undefined,
  secret: string,
  now = Date.now(),
): Promise<ConfirmTokenCheck> {
  if (!token || token.length > 200) return { ok: false, reason: 'invalid' };
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'invalid' };
  const [id, exp, nonce, sig] = parts;
  const expiresAt = expiryOf(exp);
  if (!ID_PATTERN.test(id) || expiresAt === null || !NONCE_PATTERN.test(nonce)) return { ok: false, reason: 'invalid' };
  if (!(await tokenSignatureValid(secret, signed(id, exp, nonce), sig))) return { ok: false, reason: 'invalid' };
  if (isExpired(expiresAt, now)) return { ok: false, reason: 'expired' };
  return { ok: true, id, nonce };
}
