import { describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  clientHeaders,
  functionContext,
  matchFunction,
  parseCookies,
  requestUrl,
  routeParams,
  serializeCookie,
  shouldCompress,
  socketAddress,
  unsupportedMethodResponse,
} from '../../../scripts/runtime/http.mjs';
import { clientIp } from '../../../src/lib/server/http';

// Routes as zip-it-and-ship-it writes them into its manifest for `config.path`.
const FUNCTIONS = [
  { name: 'admin', routes: [{ pattern: '/api/admin/*', expression: '^\\/api\\/admin(?:\\/(.*))\\/?$', methods: [] }] },
  { name: 'health', routes: [{ pattern: '/api/health', literal: '/api/health', methods: [] }] },
  {
    name: 'phone-specs',
    routes: [
      { pattern: '/api/phone-specs', literal: '/api/phone-specs', methods: [] },
      { pattern: '/api/phone-specs/:query', expression: '^\\/api\\/phone-specs(?:\\/([^\\/]+?))\\/?$', methods: [] },
    ],
  },
  { name: 'post-only', routes: [{ pattern: '/api/post', literal: '/api/post', methods: ['POST'] }] },
  {
    name: 'excluding',
    routes: [{ pattern: '/api/files/*', expression: '^\\/api\\/files(?:\\/(.*))\\/?$', methods: [] }],
    excludedRoutes: [{ pattern: '/api/files/private', literal: '/api/files/private' }],
  },
];

describe('client headers', () => {
  it('drops every x-nf-* header and the proxy address headers a client sends', () => {
    const kept = clientHeaders({
      host: '127.0.0.1:8801',
      'x-nf-passthrough': 'passthrough',
      'x-nf-client-connection-ip': '10.9.9.9',
      'X-NF-Request-ID': 'forged',
      'x-forwarded-for': '10.1.1.1',
      'x-real-ip': '10.2.2.2',
      forwarded: 'for=10.3.3.3',
      cookie: 'a=1',
      accept: ['text/html', 'application/json'],
      ':path': '/h2',
    });
    expect(kept).toEqual([
      ['host', '127.0.0.1:8801'],
      ['cookie', 'a=1'],
      ['accept', 'text/html, application/json'],
    ]);
  });

  it('builds the request URL from the target and a sane Host header only', () => {
    expect(requestUrl('/api/x?q=1', '127.0.0.1:8801').href).toBe('http://127.0.0.1:8801/api/x?q=1');
    expect(requestUrl('//evil.example/x', 'localhost').host).toBe('localhost');
    expect(requestUrl('//evil.example/x', 'localhost').pathname).toBe('//evil.example/x');
    expect(requestUrl('/', '[::1]:80').hostname).toBe('[::1]');
    for (const bad of ['a@b', 'x y', 'evil.example/x', '']) expect(() => requestUrl('/', bad), bad).toThrow();
    expect(() => requestUrl('file:///etc/passwd', 'localhost')).toThrow();
  });

  it('reports IPv4-mapped socket addresses as IPv4', () => {
    expect(socketAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(socketAddress('::1')).toBe('::1');
    expect(socketAddress(undefined)).toBe('');
  });

  it('the rate limits see context.ip, never a header the client chose', () => {
    const spoofed = new Request('http://localhost/api/waitlist', {
      headers: { 'x-forwarded-for': '10.0.0.1', 'x-nf-client-connection-ip': '10.0.0.2' },
    });
    expect(clientIp(spoofed, { ip: '192.0.2.5' })).toBe('192.0.2.5');
    expect(clientIp(spoofed, {})).toBe('unknown');
  });
});

describe('function routes from the manifest', () => {
  it('matches literal paths, with or without a trailing slash', () => {
    expect(matchFunction(FUNCTIONS, '/api/health', 'GET')?.name).toBe('health');
    expect(matchFunction(FUNCTIONS, '/api/health/', 'GET')?.name).toBe('health');
    expect(matchFunction(FUNCTIONS, '/api/healthz', 'GET')).toBeNull();
    expect(matchFunction(FUNCTIONS, '/about', 'GET')).toBeNull();
  });

  it('fills params from the pattern, still percent-encoded as URLPattern leaves them', () => {
    const m = matchFunction(FUNCTIONS, '/api/phone-specs/Google%20Pixel%208', 'GET');
    expect(m?.name).toBe('phone-specs');
    expect(m?.params).toEqual({ query: 'Google%20Pixel%208' });
    expect(matchFunction(FUNCTIONS, '/api/phone-specs', 'GET')?.params).toEqual({});
    expect(matchFunction(FUNCTIONS, '/api/admin/waitlist/abc/send-email', 'POST')?.params).toEqual({
      0: 'waitlist/abc/send-email',
    });
  });

  it('honours methods and excluded routes', () => {
    expect(matchFunction(FUNCTIONS, '/api/post', 'GET')).toBeNull();
    expect(matchFunction(FUNCTIONS, '/api/post', 'POST')?.name).toBe('post-only');
    expect(matchFunction(FUNCTIONS, '/api/files/a.txt', 'GET')?.name).toBe('excluding');
    expect(matchFunction(FUNCTIONS, '/api/files/private', 'GET')).toBeNull();
  });

  it('reads named and wildcard groups in pattern order', () => {
    const route = { pattern: '/shop/:cat/*', expression: '^\\/shop(?:\\/([^\\/]+?))(?:\\/(.*))\\/?$' };
    expect(routeParams(route, '/shop/phones/a/b')).toEqual({ cat: 'phones', 0: 'a/b' });
  });
});

describe('function context', () => {
  it('gives the documented v2 fields and collects cookie writes', () => {
    const { context, setCookies } = functionContext({
      ip: '192.0.2.9',
      requestId: 'req-1',
      params: { query: 'x' },
      cookieHeader: 'session=abc; theme="dark"; bad; =empty',
      url: new URL('http://localhost/api/x'),
      site: { id: '0', url: 'http://localhost:8888' },
      deploy: { context: 'dev', id: '0', published: false },
      geo: { city: 'San Francisco' },
      region: 'dev',
      waitUntil: () => {},
    });
    expect(context.ip).toBe('192.0.2.9');
    expect(context.requestId).toBe('req-1');
    expect(context.params).toEqual({ query: 'x' });
    expect(context.server).toEqual({ region: 'dev' });
    expect(context.cookies.get('session')).toBe('abc');
    expect(context.cookies.get('theme')).toBe('dark');
    expect(context.cookies.get('bad')).toBeUndefined();
    context.cookies.set({ name: 'a', value: 'b c', httpOnly: true, sameSite: 'strict', maxAge: 60 });
    context.cookies.delete('session');
    expect(setCookies).toEqual([
      'a=b%20c; Path=/; Max-Age=60; HttpOnly; SameSite=Strict',
      `session=; Path=/; Expires=${new Date(0).toUTCString()}`,
    ]);
  });

  it('parses malformed cookie values without throwing', () => {
    expect(parseCookies('a=%E0%A4%A; b=2').get('a')).toBe('%E0%A4%A');
    expect(parseCookies(null).size).toBe(0);
    expect(serializeCookie({ name: 'x', value: '1', secure: true, path: '/admin' })).toBe('x=1; Path=/admin; Secure');
  });
});

describe('compression', () => {
  it('prefers brotli, falls back to gzip, respects q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('compresses text types with a body, not images, encoded or tiny bodies', () => {
    const base = { status: 200, method: 'GET', contentEncoding: null, contentLength: null };
    for (const t of [
      'text/html; charset=utf-8',
      'text/css',
      'text/javascript',
      'application/json',
      'image/svg+xml',
      'application/xml',
      'application/rss+xml',
    ]) {
      expect(shouldCompress({ ...base, contentType: t }), t).toBe(true);
    }
    expect(shouldCompress({ ...base, contentType: 'image/png' })).toBe(false);
    expect(shouldCompress({ ...base, contentType: 'text/html', contentEncoding: 'gzip' })).toBe(false);
    expect(shouldCompress({ ...base, contentType: 'text/html', contentLength: '40' })).toBe(false);
    expect(shouldCompress({ ...base, contentType: 'text/html', method: 'HEAD' })).toBe(false);
    expect(shouldCompress({ ...base, contentType: 'text/html', status: 304 })).toBe(false);
  });
});

describe('methods no Request can carry', () => {
  it('TRACE gets 405 with Allow: JSON under /api, text elsewhere; other methods pass on', async () => {
    const api = unsupportedMethodResponse('TRACE', '/api/health')!;
    expect(api.status).toBe(405);
    expect(api.headers.get('allow')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(await api.json()).toEqual({
      error: { code: 'method_not_allowed', message: 'Method TRACE is not allowed here.' },
    });
    const page = unsupportedMethodResponse('TRACE', '/about')!;
    expect(page.status).toBe(405);
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const method of ['GET', 'POST', 'DELETE', 'PROPFIND', 'M-SEARCH'])
      expect(unsupportedMethodResponse(method, '/api/health')).toBeNull();
  });
});
