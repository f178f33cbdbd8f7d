/**
 * The one module that reads and writes cookies (docs/architecture.md, "Tokens and cookies"): the
 * staff session (`mt_admin`) and the early-access pass (`mt_pass`) both go through it, so a Cookie
 * header is parsed one way and the Secure rule is decided in one place.
 *
 * No imports: the edge gate (Deno) loads it by path. Server only.
 */

/** Value of cookie `name` in a Cookie header, or null (absent, or malformed percent-encoding). */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim()) || null;
    } catch {
      return null; // malformed percent-encoding (e.g. `%zz`): no cookie, never an exception
    }
  }
  return null;
}

/** Cookies are Secure everywhere except plain-http localhost (local runs and tests). */
export function cookieIsSecure(requestUrl: string): boolean {
  const url = new URL(requestUrl);
  const local = url.hostname === 'localhost' || /^127\./.test(url.hostname) || url.hostname === '[::1]';
  return !(local && url.protocol === 'http:');
}

export interface CookieOptions {
  /** Seconds; 0 removes the cookie. */
  maxAgeS: number;
  sameSite: 'Strict' | 'Lax';
  /** The request's URL: decides Secure (cookieIsSecure). */
  requestUrl: string;
}

/** A `Set-Cookie` value: Path=/, HttpOnly, the given SameSite, Secure by cookieIsSecure; removal also sets Expires. */
export function setCookie(name: string, value: string, { maxAgeS, sameSite, requestUrl }: CookieOptions): string {
  const maxAge = Math.max(0, Math.floor(maxAgeS));
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    ...(maxAge === 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
    'HttpOnly',
    `SameSite=${sameSite}`,
    ...(cookieIsSecure(requestUrl) ? ['Secure'] : []),
  ].join('; ');
}
