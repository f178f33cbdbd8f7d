/**
 * Signed unsubscribe tokens: `<subscriber id>.<HMAC-SHA256(secret, "unsubscribe:" + id), base64url>`,
 * signed and checked by src/lib/server/tokens.ts (purpose `unsubscribe`, separator `:`).
 *
 * No expiry on purpose: CASL requires an unsubscribe link to keep working for at least 60 days
 * after the message was sent, and an old link should simply keep working. The secret is passed in
 * (SESSION_SECRET on the server), which keeps this module free of configuration. Server only.
 */
import { signToken, tokenSignatureValid, type Signed } from '../server/tokens';

const ID_PATTERN = /^[0-9a-f]{64}$/;

function signed(id: string): Signed {
  return { purpose: 'unsubscribe', fields: [id], separator: ':' };
}

/** The token for subscriber `id` (a 64-hex-digit subscriber id). */
export async function signUnsubscribeToken(id: string, secret: string): Promise<string> {
  return `${id}.${await signToken(secret, signed(id))}`;
}

/** The subscriber id of a valid token, or null for anything malformed or tampered with (constant-time check). */
export async function verifyUnsubscribeToken(token: string | null | undefined, secret: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  const sig = token.slice(dot + 1);
  if (!ID_PATTERN.test(id)) return null;
  return (await tokenSignatureValid(secret, signed(id), sig)) ? id : null;
}
