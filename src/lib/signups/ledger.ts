/**
 * Values the consent ledger records without keeping personal data in the clear. Server only.
 */

const encoder = new TextEncoder();

/**
 * Keyed hash of a client address: HMAC-SHA256(secret, 'ip:' + address), first 32 hex digits. Lets
 * staff show that two events came from the same address without storing it; not reversible without
 * the secret (a plain hash of an IPv4 address could be brute-forced in seconds).
 */
export async function hashIp(ip: string, secret: string): Promise<string> {
  if (!ip || ip === 'unknown') return '';
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const sig = await crypto.subtle.sign('HMAC', key, encoder.encode(`ip:${ip}`));
  return Buffer.from(sig).toString('hex').slice(0, 32);
}

/** Version of a consent wording: 'sha256:' + the first 12 hex digits of its SHA-256 (changes with any edit). */
export async function wordingVersion(wording: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(wording));
  return `sha256:${Buffer.from(digest).toString('hex').slice(0, 12)}`;
}
