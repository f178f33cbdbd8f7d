// Pure request/response logic of the local runtime (scripts/serve.mjs): which headers a client may
// send, which function route a path hits, the context a v2 function receives, and response
// compression. No I/O here, so tests/unit/scripts/runtime-http.test.ts covers it directly.

/**
 * Headers the platform sets and a client must never be able to supply: every `x-nf-*` header
 * (`x-nf-passthrough` would skip the edge functions, `x-nf-client-connection-ip` would choose the
 * address the rate limits see) and the proxy headers that carry a client address.
 */
const PLATFORM_HEADER = /^(?:x-nf-|x-forwarded-for$|x-real-ip$|forwarded$|client-ip$)/i;

/**
 * The request headers of a client request with every platform header removed, as [name, value]
 * pairs (multi-valued headers joined with ", "). HTTP/2 pseudo-headers are dropped too.
 * @param {Record<string, string | string[] | undefined>} headers Node's `IncomingMessage.headers`
 * @returns {[string, string][]}
 */
export function clientHeaders(headers) {
  const out = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':') || PLATFORM_HEADER.test(name)) continue;
    out.push([name, Array.isArray(value) ? value.join(', ') : value]);
  }
  return out;
}

/**
 * The URL of a request from its request target and Host header. A path stays a path (`//x/y` does
 * not become host `x`); an absolute target must be http(s); a Host header that is not a host name or
 * address with an optional port is refused. Throws on anything else (the caller answers 400).
 * @param {string | undefined} target `IncomingMessage.url`
 * @param {string} hostHeader
 * @returns {URL}
 */
export function requestUrl(target, hostHeader) {
  if (!/^(?:[\w.-]+|\[[\da-f:.]+\])(?::\d{1,5})?$/i.test(hostHeader)) throw new Error('bad Host header');
  const raw = target || '/';
  const url = raw.startsWith('/') ? new URL(`http://${hostHeader}${raw}`) : new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('bad request target');
  return url;
}

/**
 * The socket's remote address in the form Netlify reports it: IPv4-mapped IPv6 (`::ffff:1.2.3.4`)
 * becomes plain IPv4.
 * @param {string | undefined} address `socket.remoteAddress`
 * @returns {string}
 */
export function socketAddress(address) {
  if (!address) return '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/** Whether a fetch `Request` can carry `method` (the Fetch standard forbids TRACE, TRACK and CONNECT). */
const carriable = new Map();
function canCarry(method) {
  let ok = carriable.get(method);
  if (ok === undefined) {
    try {
      new Request('http://localhost/', { method });
      ok = true;
    } catch {
      ok = false;
    }
    if (carriable.size < 100) carriable.set(method, ok);
  }
  return ok;
}

/** Methods the site answers; the `Allow` header of a refused method. */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * The answer to a method no function or page can receive because no `Request` can be built with it
 * (TRACE): 405 with `Allow`, in the API's error shape under /api, plain text elsewhere. Null for
 * every other method.
 * @param {string} method upper case
 * @param {string} pathname
 * @returns {Response | null}
 */
export function unsupportedMethodResponse(method, pathname) {
  if (canCarry(method)) return null;
  const headers = { allow: ALLOWED_METHODS, 'cache-control': 'no-store' };
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    const body = { error: { code: 'method_not_allowed', message: `Method ${method} is not allowed here.` } };
    return new Response(JSON.stringify(body), {
      status: 405,
      headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    });
  }
  return new Response('Method Not Allowed', {
    status: 405,
    headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
  });
}

/**
 * @typedef {{ pattern: string, literal?: string, expression?: string, methods?: string[], prefer_static?: boolean }} Route
 * @typedef {{ name: string, routes: Route[], excludedRoutes?: Route[] }} FunctionRoutes
 */

/**
 * The function a path belongs to, from the routes in zip-it-and-ship-it's manifest (each function's
 * `config.path`): a literal matches exactly (a trailing slash allowed, as Netlify does), an expression
 * is the compiled URLPattern; `excludedRoutes` and `methods` narrow it. Route parameters come from
 * the pattern's named groups (`/api/phone-specs/:query` -> `{ query }`).
 * @param {FunctionRoutes[]} functions
 * @param {string} pathname URL path, still percent-encoded
 * @param {string} method
 * @returns {{ name: string, route: Route, params: Record<string, string> } | null}
 */
export function matchFunction(functions, pathname, method) {
  for (const fn of functions) {
    if ((fn.excludedRoutes ?? []).some((r) => routeMatches(r, pathname))) continue;
    for (const route of fn.routes ?? []) {
      if (route.methods?.length && !route.methods.includes(method)) continue;
      if (routeMatches(route, pathname)) return { name: fn.name, route, params: routeParams(route, pathname) };
    }
  }
  return null;
}

/** @param {Route} route @param {string} pathname */
function routeMatches(route, pathname) {
  if (route.literal !== undefined) return pathname === route.literal || pathname === `${route.literal}/`;
  if (route.expression) return new RegExp(route.expression).test(pathname);
  return false;
}

/**
 * Named parameters of a path pattern such as `/api/items/:id` for a path that matches it, read
 * from the route's compiled expression (groups in pattern order; a `*` group is numbered like
 * URLPattern's, from 0). Values stay percent-encoded, as URLPattern on Netlify leaves them.
 * @param {Route} route
 * @param {string} pathname
 * @returns {Record<string, string>}
 */
export function routeParams(route, pathname) {
  if (!route.expression) return {};
  const match = new RegExp(route.expression).exec(pathname);
  if (!match) return {};
  const names = [];
  let wildcard = 0;
  for (const token of route.pattern.matchAll(/:(\w+)|\*/g)) names.push(token[1] ?? String(wildcard++));
  const params = {};
  names.forEach((name, i) => {
    const value = match[i + 1];
    if (value !== undefined) params[name] = value;
  });
  return params;
}

/**
 * Cookies of a `Cookie` header; a malformed pair is skipped, never an error.
 * @param {string | null} header
 * @returns {Map<string, string>}
 */
export function parseCookies(header) {
  const cookies = new Map();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      /* keep the raw value */
    }
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/**
 * A `Set-Cookie` value from the options of Netlify's `context.cookies.set` (CookieStore.set's shape).
 * @param {{ name: string, value: string, domain?: string, path?: string, expires?: number | Date | string,
 *   maxAge?: number, httpOnly?: boolean, secure?: boolean, sameSite?: string }} c
 * @returns {string}
 */
export function serializeCookie(c) {
  const parts = [`${c.name}=${encodeURIComponent(c.value)}`];
  if (c.domain) parts.push(`Domain=${c.domain}`);
  parts.push(`Path=${c.path ?? '/'}`);
  if (c.expires !== undefined) parts.push(`Expires=${new Date(c.expires).toUTCString()}`);
  if (c.maxAge !== undefined) parts.push(`Max-Age=${Math.trunc(c.maxAge)}`);
  if (c.httpOnly) parts.push('HttpOnly');
  if (c.secure) parts.push('Secure');
  if (c.sameSite) parts.push(`SameSite=${c.sameSite[0].toUpperCase()}${c.sameSite.slice(1).toLowerCase()}`);
  return parts.join('; ');
}

/**
 * Netlify's v2 function context for one request (see docs/runtime.md for the fields and where
 * the local values come from). `cookies.set/delete` are collected in `setCookies`, which the
 * runtime appends to the response.
 * @param {{ ip: string, requestId: string, params: Record<string, string>, cookieHeader: string | null,
 *   url: URL, site: { id: string, name?: string, url: string }, deploy: { context: string, id: string, published: boolean },
 *   geo: object, region: string, accountId?: string, waitUntil: (p: Promise<unknown>) => void }} input
 */
export function functionContext(input) {
  const jar = parseCookies(input.cookieHeader);
  const setCookies = [];
  return {
    setCookies,
    context: {
      account: { id: input.accountId ?? '' },
      cookies: {
        get: (name) => jar.get(name),
        set: (nameOrOptions, value) => {
          const c = typeof nameOrOptions === 'string' ? { name: nameOrOptions, value: String(value) } : nameOrOptions;
          setCookies.push(serializeCookie(c));
        },
        delete: (nameOrOptions) => {
          const c = typeof nameOrOptions === 'string' ? { name: nameOrOptions } : nameOrOptions;
          setCookies.push(serializeCookie({ ...c, value: '', expires: 0 }));
        },
      },
      deploy: input.deploy,
      geo: input.geo,
      ip: input.ip,
      params: input.params,
      requestId: input.requestId,
      server: { region: input.region },
      site: input.site,
      url: input.url,
      waitUntil: input.waitUntil,
    },
  };
}

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml|javascript|manifest\+json)\b|image\/svg\+xml\b)/i;

/**
 * Whether a response is worth compressing, as Netlify's CDN does: text types (HTML, CSS, JS, JSON,
 * SVG, XML), not already encoded, with a body, and not tiny.
 * @param {{ status: number, method: string, contentType: string | null, contentEncoding: string | null, contentLength: string | null }} r
 */
export function shouldCompress(r) {
  if (r.method === 'HEAD' || r.status === 204 || r.status === 304 || (r.status >= 100 && r.status < 200)) return false;
  if (r.contentEncoding && r.contentEncoding !== 'identity') return false;
  if (!r.contentType || !COMPRESSIBLE.test(r.contentType)) return false;
  if (r.contentLength !== null && Number(r.contentLength) < 256) return false;
  return true;
}

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli when accepted, else gzip,
 * else none. `q=0` refuses an encoding; `*` accepts both.
 * @param {string | null | undefined} header
 * @returns {'br' | 'gzip' | null}
 */
export function chooseEncoding(header) {
  if (!header) return null;
  const q = new Map();
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    if (!token) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(token.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (enc) => q.get(enc) ?? q.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}
