/**
 * base64url (the URL-safe base64 alphabet: `-` and `_` for `+` and `/`, no `=` padding) for signatures and opaque tokens. No imports, so the edge gate
 * (Deno) can load it by path as well as the functions and the browser.
 */

/** The bytes as base64url text. */
export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  let binary = '';
  for (const b of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url text, or null when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}
