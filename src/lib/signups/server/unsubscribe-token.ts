/**
 * Signed unsubscribe tokens: `<subscriber id>.<HMAC-SHA256(secret, "unsubscribe:" + id), base64url>`.
 *
 * No expiry on purpose: CASL requires an unsubscribe link to keep working for at least 60 days
 * after the message was sent, and an old link should simply keep working. The secret is passed in
 * (SESSION_SECRET on the server), which keeps this module free of configuration.
 */
import { hmacKey } from '../../server/hmac';

const encoder = new TextEncoder();
const ID_PATTERN = /^[0-9a-f]{64}$/;

function toBase64Url(bytes: ArrayBuffer): string {
  return Buffer.from(bytes).toString('base64url');
}

/** The token for subscriber `id` (a 64-hex-digit subscriber id). */
export async function signUnsubscribeToken(id: string, secret: string): Promise<string> {
  const sig = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`unsubscribe:${id}`));
  return `${id}.${toBase64Url(sig)}`;
}

/** The subscriber id of a valid token, or null for anything malformed or tampered with (constant-time check). */
export async function verifyUnsubscribeToken(token: string | null | undefined, secret: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  const sig = token.slice(dot + 1);
  if (!ID_PATTERN.test(id) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  const bytes = Buffer.from(sig, 'base64url');
  // Refuse non-canonical encodings (the last character's spare bits), so one signature has one spelling.
  if (bytes.toString('base64url') !== sig) return null;
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret), bytes, encoder.encode(`unsubscribe:${id}`));
  return ok ? id : null;
}
