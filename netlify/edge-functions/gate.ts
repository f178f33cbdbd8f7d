import type { Config, Context } from '@netlify/edge-functions';
import { ASSET_PATTERN, decideGate, isStaticAsset, JOIN_PATH, withoutParam } from '../../src/lib/gate/decide.ts';
import { gateConfig } from '../../src/lib/gate/config.ts';
import { createAttemptLimiter, type AttemptLimiter } from '../../src/lib/gate/attempts.ts';
import {
  ADMIN_PARAM,
  createSessionToken,
  keysMatch,
  sessionCookie,
  sessionFromRequest,
} from '../../src/lib/admin/session.ts';

/**
 * The pre-launch gate (docs/site.md#pre-launch-gate), a thin wrapper around `decideGate` in src/lib/gate/decide.ts:
 * - `?admin=KEY`: the key is checked here (constant time); a right key sets the admin session
 *   cookie with dev mode on; either way the answer sends the browser to the same address without
 *   the parameter, so the key does not stay in the address bar or the history.
 * - a gated request is served the /join page at its own address (a rewrite); that page's small
 *   script (src/scripts/gate-prompt.ts) offers staff the key prompt, or moves the address to /join.
 * - SITE_LAUNCHED=true turns the gate off. Every response that passes is marked `x-gate: <reason>`.
 */
let limiter: AttemptLimiter | undefined;

export default async (req: Request, context: Context) => {
  const cfg = gateConfig((name) => Netlify.env.get(name));
  const url = new URL(req.url);
  if (isStaticAsset(url.pathname)) return; // files pass untouched

  if (url.searchParams.has(ADMIN_PARAM) && !url.pathname.startsWith('/api/')) {
    return adminParam(req, url, cfg, context.ip);
  }
  if (cfg.launched) return mark(await context.next(), 'launched');

  if (cfg.problem) console.error(`[gate] no staff access: ${cfg.problem}`);
  const secrets = cfg.adminKey && cfg.sessionSecret ? { secret: cfg.sessionSecret, adminKey: cfg.adminKey } : null;
  const session = secrets ? await sessionFromRequest(req, secrets) : null;
  const decision = decideGate({
    path: url.pathname,
    launched: cfg.launched,
    adminSession: session !== null,
    devMode: session?.devMode ?? false,
  });
  if (decision.action === 'pass') return mark(await context.next(), decision.reason);
  return new URL(JOIN_PATH, req.url);
};

function mark(res: Response, reason: string): Response {
  try {
    res.headers.set('x-gate', reason);
  } catch {
    /* immutable headers (e.g. a cached response): the mark is only informational */
  }
  return res;
}

async function adminParam(req: Request, url: URL, cfg: ReturnType<typeof gateConfig>, ip: string): Promise<Response> {
  limiter ??= createAttemptLimiter(cfg.loginLimit, 15 * 60_000);
  const key = url.searchParams.get(ADMIN_PARAM);
  // Never '//host': a protocol-relative address would leave the site.
  const target = withoutParam(url, ADMIN_PARAM).replace(/^\/{2,}/, '/');
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
    'content-security-policy':
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'x-gate': 'admin-param',
  });
  let signedIn = false;
  if (!cfg.adminKey || !cfg.sessionSecret) {
    console.error(`[gate] ?${ADMIN_PARAM}= ignored: ${cfg.problem}`);
  } else if (limiter.blocked(ip)) {
    console.warn(`[gate] ?${ADMIN_PARAM}= from ${ip} ignored: too many wrong keys`);
  } else if (await keysMatch(key, cfg.adminKey)) {
    limiter.reset(ip);
    const { token, session } = await createSessionToken(
      { secret: cfg.sessionSecret, adminKey: cfg.adminKey },
      { devMode: true },
    );
    headers.append('set-cookie', sessionCookie(token, session, req.url));
    signedIn = true;
  } else {
    limiter.fail(ip);
    console.warn(`[gate] wrong ?${ADMIN_PARAM}= key from ${ip}`);
  }
  // A page rather than a 302: Set-Cookie on a redirect is lost in the local emulator, which follows
  // edge redirects itself; location.replace also keeps the keyed URL out of history.
  return new Response(interstitial(target, signedIn), { status: 200, headers });
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function interstitial(target: string, signedIn: boolean): string {
  const href = escapeAttr(target);
  const text = signedIn ? 'Dev mode is on. Opening the page…' : 'Opening the page…';
  return `<!doctype html>
<html lang="en-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${text}</title>
<noscript><meta http-equiv="refresh" content="0; url=${href}"></noscript>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#111827;background:#fff}@media (prefers-color-scheme:dark){body{color:#f3f4f6;background:#0f1115}a{color:#93c5fd}}</style>
</head><body><p><a id="next" href="${href}">${text}</a></p>
<script>location.replace(document.getElementById('next').getAttribute('href'));</script>
</body></html>`;
}

export const config: Config = {
  pattern: '^/.*$',
  // Files and the API never need the gate (decideGate passes them too): skipping them saves an edge
  // invocation per image, script, font and API call. Netlify applies excludedPattern to `pattern`
  // declarations only, hence no `path` here.
  excludedPattern: ['^/_astro/.*$', '^/\\.netlify/.*$', '^/api/.*$', ASSET_PATTERN],
};
