/**
 * Signed, expiring confirmation links (double opt-in):
 * `<subscriber id>.<expires at, ms>.<nonce>.<HMAC-SHA256(secret, "confirm:" + id + ":" + exp + ":" + nonce), base64url>`.
 *
 * The nonce is also stored on the record when the mail is sent, so a link works only for the
 * confirmation request it was sent for (a newer mail, or a confirmation, spends older links).
 * Server only (the secret is passed in).
 */
import { hmacKey } from '../../server/hmac';

const encoder = new TextEncoder();
const ID_PATTERN = /^[0-9a-f]{64}$/;
const NONCE_PATTERN = /^[A-Za-z0-9_-]{16}$/;
/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A fresh random nonce (12 bytes, base64url). */
export function newConfirmNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString('base64url');
}

/** The token for subscriber `id` and `nonce`, valid until `now + CONFIRM_TTL_MS`. */
export async function signConfirmToken(id: string, nonce: string, secret: string, now = Date.now()): Promise<string> {
  const exp = now + CONFIRM_TTL_MS;
  const sig = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`confirm:${id}:${exp}:${nonce}`));
  return `${id}.${exp}.${nonce}.${Buffer.from(sig).toString('base64url')}`;
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
  if (
    !ID_PATTERN.test(id) ||
    !/^\d{1,16}$/.test(exp) ||
    !NONCE_PATTERN.test(nonce) ||
    !/^[A-Za-z0-9_-]{43}$/.test(sig)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  const bytes = Buffer.from(sig, 'base64url');
  if (bytes.toString('base64url') !== sig) return { ok: false, reason: 'invalid' };
  const ok = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    bytes,
    encoder.encode(`confirm:${id}:${exp}:${nonce}`),
  );
  if (!ok) return { ok: false, reason: 'invalid' };
  if (Number(exp) <= now) return { ok: false, reason: 'expired' };
  return { ok: true, id, nonce };
}
