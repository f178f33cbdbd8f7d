import type { Config, Context } from '@netlify/edge-functions';
import { ASSET_PATTERN, decideGate, isStaticAsset, JOIN_PATH, withoutParam } from '../../src/lib/gate/decide.ts';
import { gateConfig } from '../../src/lib/gate/config.ts';
import { ADMIN_PARAM, sessionFromRequest } from '../../src/lib/admin/session.ts';
import { passCookieFrom, readPassCookie } from '../../src/lib/campaigns/pass.ts';

/**
 * The pre-launch gate (docs/site.md#pre-launch-gate), a thin wrapper around `decideGate` in src/lib/gate/decide.ts:
 * - `?admin=KEY`: answered with a small page whose script posts the key to the staff login
 *   (POST /api/admin/session, dev mode on) and then opens the same address without the parameter,
 *   so the key does not stay in the address bar or the history. The key is never checked here: the
 *   login's one limiter on wrong keys (src/lib/admin/auth.ts) counts these guesses too.
 * - a gated request is served the /join page at its own address (a rewrite); that page's small
 *   script (src/scripts/gate-prompt.ts) offers staff the key prompt, or moves the address to /join.
 * - a staff cookie is checked for its signature here, then (only when it would open the page) with the
 *   server, which knows logouts and removed staff accounts (docs/staff.md, "The pre-launch gate").
 * - SITE_LAUNCHED=true turns the gate off; so does the staff "Launch the site" switch (stored in Blobs,
 *   read through GET /api/site-state only when a page would otherwise stay closed). Every response that passes is marked `x-gate: <reason>`
 *   and refuses to be framed by another site.
 */
export default async (req: Request, context: Context) => {
  const cfg = gateConfig((name) => Netlify.env.get(name));
  const url = new URL(req.url);
  if (isStaticAsset(url.pathname)) return; // files pass untouched

  if (url.searchParams.has(ADMIN_PARAM) && !url.pathname.startsWith('/api/')) return adminParam(url);
  if (cfg.launched) return mark(await context.next(), 'launched');

  if (cfg.problem) console.error(`[gate] no staff access: ${cfg.problem}`);
  const secrets = cfg.adminKey && cfg.sessionSecret ? { secret: cfg.sessionSecret, adminKey: cfg.adminKey } : null;
  const signed = secrets ? await sessionFromRequest(req, secrets) : null;
  const pass = cfg.sessionSecret
    ? await readPassCookie(passCookieFrom(req.headers.get('cookie')), cfg.sessionSecret)
    : null;
  const decide = (session: { devMode: boolean } | null) =>
    decideGate({
      path: url.pathname,
      launched: cfg.launched,
      adminSession: session !== null,
      devMode: session?.devMode ?? false,
      pass: pass?.state ?? null,
    });
  // A signed cookie is only the first check: whether the session is still live (not logged out, its
  // staff account not removed) only the server knows, so it is asked whenever the cookie would matter.
  const without = decide(null);
  const withCookie = signed ? decide(signed) : without;
  const matters = withCookie.action !== without.action || withCookie.reason !== without.reason;
  const decision = matters ? decide(await liveSession(req)) : without;
  if (decision.action === 'pass') return mark(await context.next(), decision.reason);
  // Launched by staff (the stored switch): asked only when the page would otherwise stay closed.
  if (await launchedByStaff(req)) return mark(await context.next(), 'launched');
  if (decision.action === 'recheck-pass') return recheckPass(url);
  return new URL(JOIN_PATH, req.url);
};

/**
 * Whether staff launched the site with the dashboard's switch (stored in Blobs): GET /api/site-state,
 * the public answer the /join page reads too. Any failure is "not launched" (the gate stays closed).
 */
async function launchedByStaff(req: Request): Promise<boolean> {
  try {
    const res = await fetch(new URL('/api/site-state', req.url), {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(8000),
    });
    if (res.status !== 200) return false;
    const body = (await res.json()) as { launched?: unknown };
    return body.launched === true;
  } catch (err) {
    console.error('[gate] could not read the launch state', err);
    return false;
  }
}

/**
 * Asks the staff API whether the request's session is live (GET /api/admin/session with its cookie
 * only): the server checks the logout list and the staff account. Any failure is no session.
 */
async function liveSession(req: Request): Promise<{ devMode: boolean } | null> {
  try {
    const res = await fetch(new URL('/api/admin/session', req.url), {
      headers: { cookie: req.headers.get('cookie') ?? '', accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(8000),
    });
    if (res.status !== 200) return null;
    const body = (await res.json()) as { authenticated?: unknown; devMode?: unknown; via?: unknown };
    return body.authenticated === true && body.via === 'cookie' ? { devMode: body.devMode === true } : null;
  } catch (err) {
    console.error('[gate] could not check the staff session', err);
    return null;
  }
}

/**
 * Sends an early-access visitor through /api/pass/check (revocation checked again, a fresh cookie)
 * and back to the page. A page that moves on by itself rather than a redirect: the local emulator
 * follows an edge function's redirect itself and would drop the check's new cookie.
 */
function recheckPass(url: URL): Response {
  const next = `${url.pathname}${url.search}`.replace(/^\/{2,}/, '/');
  const target = escapeAttr(`/api/pass/check?next=${encodeURIComponent(next)}`);
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    refresh: `0; url=/api/pass/check?next=${encodeURIComponent(next)}`,
    'x-robots-tag': 'noindex',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'x-gate': 'recheck-pass',
  });
  return new Response(
    `<!doctype html><html lang="en-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="0; url=${target}"><title>Opening the page…</title></head><body><p><a href="${target}">Opening the page…</a></p></body></html>`,
    { status: 200, headers },
  );
}

function mark(res: Response, reason: string): Response {
  try {
    res.headers.set('x-gate', reason);
    // netlify.toml's headers give static pages both; a page that lacks them (on Netlify, custom
    // headers skip responses an edge function produced) gets the framing part here.
    if (!res.headers.has('x-frame-options')) res.headers.set('x-frame-options', 'DENY');
    if (!res.headers.has('content-security-policy'))
      res.headers.set('content-security-policy', "frame-ancestors 'none'");
  } catch {
    /* immutable headers (e.g. a cached response, which carries its file's headers) */
  }
  return res;
}

/**
 * The `?admin=` page. Its script reads the key from its own address (the key is never echoed into
 * the page), posts it to the staff login with dev mode on, and opens the address without it. A page
 * rather than a redirect: location.replace keeps the keyed address out of the history.
 */
function adminParam(url: URL): Response {
  // Never '//host': a protocol-relative address would leave the site.
  const target = withoutParam(url, ADMIN_PARAM).replace(/^\/{2,}/, '/');
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The login request must not carry the keyed address as its Referer.
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
    'content-security-policy':
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'x-gate': 'admin-param',
  });
  return new Response(interstitial(target), { status: 200, headers });
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function interstitial(target: string): string {
  const href = escapeAttr(target);
  const text = 'Opening the page…';
  // Whatever the login answers (signed in, wrong key, too many wrong keys), the page opens next;
  // without JavaScript it opens without signing in.
  return `<!doctype html>
<html lang="en-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${text}</title>
<noscript><meta http-equiv="refresh" content="0; url=${href}"></noscript>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#111827;background:#fff}@media (prefers-color-scheme:dark){body{color:#f3f4f6;background:#0f1115}a{color:#93c5fd}}</style>
</head><body><p><a id="next" href="${href}">${text}</a></p>
<script>
const next = () => location.replace(document.getElementById('next').getAttribute('href'));
const key = new URLSearchParams(location.search).get('${ADMIN_PARAM}');
fetch('/api/admin/session', {
  method: 'POST',
  credentials: 'same-origin',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ key, devMode: true }),
}).then(next, next);
</script>
</body></html>`;
}

export const config: Config = {
  pattern: '^/.*$',
  // Files and the API never need the gate (decideGate passes them too): skipping them saves an edge
  // invocation per image, script, font and API call. Netlify applies excludedPattern to `pattern`
  // declarations only, hence no `path` here.
  excludedPattern: ['^/_astro/.*$', '^/\\.netlify/.*$', '^/api(?:/.*)?$', ASSET_PATTERN],
};
