/**
 * HMAC-SHA256 keys for the server's signatures and keyed hashes (confirmation and unsubscribe
 * links, the staff session, the ledger's client-address hash). A key is imported once per key
 * material and reused: the material is a secret from the environment, so a process sees one or two.
 * Web Crypto only, no Node imports. Server only.
 */

const encoder = new TextEncoder();
/** Imported keys by material; a handful at most (tests change secrets), so cleared when it grows. */
const keys = new Map<string, Promise<CryptoKey>>();
const MAX_KEYS = 16;

/** The HMAC-SHA256 key (sign and verify) of `material`. */
export function hmacKey(material: string): Promise<CryptoKey> {
  let key = keys.get(material);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = crypto.subtle.importKey('raw', encoder.encode(material), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(material, key);
    // A failed import is not kept: the next call tries again.
    key.catch(() => keys.get(material) === key && keys.delete(material));
  }
  return key;
}
