/**
 * Values the consent ledger records without keeping personal data in the clear. Server only.
 */
import { hmacKey } from '../server/hmac';

const encoder = new TextEncoder();

/**
 * Keyed hash of a client address: HMAC-SHA256(secret, 'ip:' + address), first 32 hex digits. Lets
 * staff show that two events came from the same address without storing it; not reversible without
 * the secret (a plain hash of an IPv4 address could be brute-forced in seconds).
 */
export async function hashIp(ip: string, secret: string): Promise<string> {
  if (!ip || ip === 'unknown') return '';
  const sig = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`ip:${ip}`));
  return Buffer.from(sig).toString('hex').slice(0, 32);
}

/** Version of a consent wording: 'sha256:' + the first 12 hex digits of its SHA-256 (changes with any edit). */
export async function wordingVersion(wording: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(wording));
  return `sha256:${Buffer.from(digest).toString('hex').slice(0, 12)}`;
}
