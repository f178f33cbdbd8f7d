/**
 * The one module that signs and checks tokens (docs/architecture.md, "Tokens and cookies"): staff
 * sessions, early-access passes and their cookie, job kicks, confirmation and unsubscribe links,
 * download links, and the keyed hashes (a client address, a wrong admin key's fingerprint).
 *
 * - A signature is HMAC-SHA256 over `<purpose><sep><field><sep><field>…`, as 43 base64url characters.
 *   The purpose string (`pass`, `confirm`, `jobs-kick`, …) keeps a signature of one kind from being
 *   accepted as another; each token keeps the separator it was issued with, so links already sent
 *   stay valid.
 * - Checking refuses anything but the one canonical spelling of a signature, and compares with Web
 *   Crypto's HMAC verify (constant time).
 * - Expiry: `expiryOf` reads an expiry field, `isExpired` decides it, the same way for every token.
 *
 * Web Crypto only, no Node imports: the edge gate (Deno) loads it by path, so it imports only with
 * `.ts` and only modules without imports. Server only.
 */
import { fromBase64Url, toBase64Url } from '../base64url.ts';

const encoder = new TextEncoder();
/** Imported keys by material; a handful at most (tests change secrets), so cleared when it grows. */
const keys = new Map<string, Promise<CryptoKey>>();
const MAX_KEYS = 16;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** The HMAC-SHA256 key (sign and verify) of `material`, imported once per material. */
function hmacKey(material: string): Promise<CryptoKey> {
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

/** What a signature covers. */
export interface Signed {
  /** What the token is for (`pass`, `confirm`, …); part of the signed text. */
  purpose: string;
  fields: readonly string[];
  /** Between the purpose and the fields; `\n` unless the token's format says otherwise. */
  separator?: string;
}

function message({ purpose, fields, separator = '\n' }: Signed): Uint8Array<ArrayBuffer> {
  return encoder.encode([purpose, ...fields].join(separator));
}

/** The signature (43 base64url characters) of `what` under key material `secret`. */
export async function signToken(secret: string, what: Signed): Promise<string> {
  return toBase64Url(await crypto.subtle.sign('HMAC', await hmacKey(secret), message(what)));
}

/** True when `signature` is the canonical spelling of the signature of `what` (constant-time check). */
export async function tokenSignatureValid(secret: string, what: Signed, signature: string): Promise<boolean> {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return false;
  const bytes = fromBase64Url(signature);
  // One spelling per signature: the last character's spare bits must be zero.
  if (!bytes || toBase64Url(bytes) !== signature) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret), bytes, message(what));
}

/** The expiry (epoch ms) an expiry field carries, or null when it is not one (1-16 digits). */
export function expiryOf(field: string): number | null {
  return /^\d{1,16}$/.test(field) ? Number(field) : null;
}

/** True once `expiresAt` (epoch ms) has come. */
export function isExpired(expiresAt: number, now = Date.now()): boolean {
  return expiresAt <= now;
}

/**
 * Compares a submitted key with the configured one in constant time: both are hashed to 32 bytes
 * first (so length does not leak), then compared without an early exit.
 */
export async function keysMatch(given: string | null | undefined, expected: string): Promise<boolean> {
  if (typeof given !== 'string' || given.length === 0 || given.length > 1024 || expected.length === 0) return false;
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(given)),
    crypto.subtle.digest('SHA-256', encoder.encode(expected)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/** A keyed hash (HMAC-SHA256 of `text` under `secret`) as lowercase hex, `hexDigits` long (at most 64). */
export async function keyedHash(secret: string, text: string, hexDigits = 64): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(text));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, hexDigits);
}

/** A new random id of `bytes` random bytes, base64url (sessions, staff accounts, nonces). */
export function randomToken(bytes: number): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}
