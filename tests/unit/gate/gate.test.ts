import { describe, expect, it } from 'vitest';
import {
  ASSET_PATTERN,
  decideGate,
  isStaticAsset,
  normalisePath,
  withoutParam,
  type GateInput,
} from '../../../src/lib/gate/decide';
import { gateConfig } from '../../../src/lib/gate/config';
import { parseEnv } from '../../../src/lib/server/env';
import { PUBLISHED_SECRETS } from '../../../src/lib/server/published-secrets';

const visitor = { launched: false, adminSession: false, devMode: false };
const staff = { launched: false, adminSession: true, devMode: false };
const devMode = { launched: false, adminSession: true, devMode: true };
const launched = { launched: true, adminSession: false, devMode: false };

// Every rule of docs/site.md#pre-launch-gate (and #roles), as [who, path, expected action, reason].
const table: [string, Omit<GateInput, 'path'>, string, 'pass' | 'join', string][] = [
  // SITE_LAUNCHED=true: off for everyone
  ['launched: visitor on a page', launched, '/about', 'pass', 'launched'],
  ['launched: visitor on home', launched, '/', 'pass', 'launched'],
  ['launched: visitor on admin', launched, '/admin', 'pass', 'launched'],
  ['launched: unknown path (the 404 page)', launched, '/no-such-page', 'pass', 'launched'],
  // static assets pass
  ['asset: bundle', visitor, '/_astro/client.abc123.js', 'pass', 'asset'],
  ['asset: favicon', visitor, '/favicon.svg', 'pass', 'asset'],
  ['asset: image', visitor, '/images/walls/apple-1.jpg', 'pass', 'asset'],
  ['asset: robots', visitor, '/robots.txt', 'pass', 'asset'],
  ['asset: netlify internals', visitor, '/.netlify/images', 'pass', 'asset'],
  // /api/* pass
  ['api: signup', visitor, '/api/waitlist', 'pass', 'api'],
  ['api: admin (the function checks auth itself)', visitor, '/api/admin/waitlist', 'pass', 'api'],
  ['api: nested', visitor, '/api/unsubscribe', 'pass', 'api'],
  // dev mode: everything
  ['dev mode: home', devMode, '/', 'pass', 'dev-mode'],
  ['dev mode: page', devMode, '/blog', 'pass', 'dev-mode'],
  ['dev mode: admin', devMode, '/admin/waitlist', 'pass', 'dev-mode'],
  // '/' shows Home only in dev mode, otherwise /join
  ['visitor on home', visitor, '/', 'join', 'home-needs-dev-mode'],
  ['visitor on /index.html', visitor, '/index.html', 'join', 'home-needs-dev-mode'],
  ['staff without dev mode on home', staff, '/', 'join', 'home-needs-dev-mode'],
  // /join and /waitlist are open
  ['visitor on /join', visitor, '/join', 'pass', 'open-page'],
  ['visitor on /waitlist', visitor, '/waitlist', 'pass', 'open-page'],
  ['visitor on /join.html', visitor, '/join.html', 'pass', 'open-page'],
  ['visitor on /waitlist/', visitor, '/waitlist/', 'pass', 'open-page'],
  // a valid admin session passes
  ['staff on a page', staff, '/about', 'pass', 'admin-session'],
  ['staff on admin', staff, '/admin', 'pass', 'open-page'],
  ['staff on an admin subpage', staff, '/admin/waitlist', 'pass', 'admin-session'],
  ['staff on unknown path', staff, '/nope', 'pass', 'admin-session'],
  // everything else -> /join
  ['visitor on a page', visitor, '/about', 'join', 'gated'],
  ['visitor on /about.html', visitor, '/about.html', 'join', 'gated'],
  // /admin is where staff sign in: open, it shows no data without a session
  ['visitor on admin (the sign-in)', visitor, '/admin', 'pass', 'open-page'],
  ['visitor on admin/', visitor, '/admin/', 'pass', 'open-page'],
  ['visitor on admin subpage', visitor, '/admin/email-templates', 'join', 'gated'],
  ['visitor on a post', visitor, '/blog/some-post', 'join', 'gated'],
  ['visitor on the recommender results', visitor, '/phone-recommender/results', 'join', 'gated'],
  ['visitor on an unknown path', visitor, '/no-such-page', 'join', 'gated'],
  ['visitor on a look-alike of an open page', visitor, '/joined', 'join', 'gated'],
  ['visitor on a look-alike of the API', visitor, '/apix', 'join', 'gated'],
  [
    'dev-mode flag without a session is not dev mode',
    { launched: false, adminSession: false, devMode: true },
    '/',
    'join',
    'home-needs-dev-mode',
  ],
];

describe('decideGate (pre-launch gate rules)', () => {
  it.each(table)('%s', (_name, who, path, action, reason) => {
    expect(decideGate({ ...who, path })).toEqual({ action, reason });
  });
});

describe('path helpers', () => {
  it('normalises page paths', () => {
    expect(normalisePath('/about.html')).toBe('/about');
    expect(normalisePath('/about/')).toBe('/about');
    expect(normalisePath('/index.html')).toBe('/');
    expect(normalisePath('//join')).toBe('/join');
    expect(normalisePath('')).toBe('/');
  });
  it('tells files from pages', () => {
    expect(isStaticAsset('/og-default.png')).toBe(true);
    expect(isStaticAsset('/rss.xml')).toBe(true);
    expect(isStaticAsset('/about.html')).toBe(false);
    expect(isStaticAsset('/about')).toBe(false);
    expect(isStaticAsset('/.well-known')).toBe(false);
    expect(isStaticAsset('/blog/v1.')).toBe(false);
  });
  it('the edge config skips common files, and only files (never a page)', () => {
    const skip = new RegExp(ASSET_PATTERN);
    for (const p of [
      '/favicon.svg',
      '/og-default.png',
      '/images/walls/a.webp',
      '/rss.xml',
      '/sitemap.xml',
      '/robots.txt',
      '/_astro/x.js',
      '/fonts/a.woff2',
    ]) {
      expect(skip.test(p), p).toBe(true);
      expect(isStaticAsset(p), p).toBe(true);
    }
    for (const p of ['/', '/about', '/about.html', '/admin', '/blog/some-post', '/api/admin/waitlist.csv', '/join'])
      expect(skip.test(p), p).toBe(false);
  });
  it('removes the admin parameter and keeps the rest of the address', () => {
    expect(withoutParam(new URL('https://x.test/about?admin=k&tab=2#top'), 'admin')).toBe('/about?tab=2#top');
    expect(withoutParam(new URL('https://x.test/?admin=k'), 'admin')).toBe('/');
  });
});

describe('gateConfig agrees with the server env (src/lib/server/env.ts)', () => {
  const sources: Record<string, string | undefined>[] = [
    { LOCAL_MODE: 'true' },
    { ADMIN_KEY: 'a-long-admin-key-1', SESSION_SECRET: 'x'.repeat(40), SITE_LAUNCHED: 'true' },
    { LOCAL_MODE: 'true', SITE_LAUNCHED: 'yes', ADMIN_KEY: 'a-long-admin-key-1', SESSION_SECRET: 'x'.repeat(40) },
    { LOCAL_MODE: 'true', SITE_LAUNCHED: '0' },
    { LOCAL_MODE: 'true', SITE_LAUNCHED: '' },
    { CONTEXT: 'deploy-preview', ADMIN_KEY: 'a-long-admin-key-1', SESSION_SECRET: 'x'.repeat(40) },
  ];
  it.each(sources)('same values for %o', (source) => {
    const env = parseEnv(source);
    const cfg = gateConfig((k) => source[k]);
    expect(cfg).toEqual({
      adminKey: env.ADMIN_KEY,
      sessionSecret: env.SESSION_SECRET,
      launched: env.SITE_LAUNCHED,
      ...(env.ADMIN_KEY && env.SESSION_SECRET ? {} : { problem: expect.any(String) }),
    });
  });
  it('fails closed where the server refuses the configuration', () => {
    const bad: Record<string, string>[] = [
      {},
      { CONTEXT: 'production' },
      { CONTEXT: 'deploy-preview', LOCAL_MODE: 'true' },
      { CONTEXT: 'branch-deploy', LOCAL_MODE: 'true' },
      { LOCAL_MODE: 'true' },
      { CONTEXT: 'production', ADMIN_KEY: PUBLISHED_SECRETS[0], SESSION_SECRET: 'y'.repeat(40) },
      { LOCAL_MODE: 'true', ADMIN_KEY: PUBLISHED_SECRETS[0], SESSION_SECRET: 'y'.repeat(40) },
      { LOCAL_MODE: 'true', ADMIN_KEY: 'a-long-admin-key-1', SESSION_SECRET: PUBLISHED_SECRETS[1] },
      { REQUIRE_CONFIG: 'true', LOCAL_MODE: 'true', ADMIN_KEY: 'a-long-admin-key-1' },
      { LOCAL_MODE: 'true', ADMIN_KEY: 'short' },
    ];
    for (const source of bad) {
      const env = parseEnv({ SITE_URL: 'https://example.com', ...source });
      expect(env.ADMIN_KEY === null || env.SESSION_SECRET === null).toBe(true);
      const cfg = gateConfig((k) => source[k]);
      expect(cfg.adminKey).toBeNull();
      expect(cfg.problem).toBeTruthy();
    }
  });
});
