/**
 * Cross-site write protection: which Origin a state-changing request may come from.
 *
 * Browsers send `Origin` on every cross-site POST, PUT and DELETE (fetch and plain forms alike), so a
 * foreign or opaque (`null`) Origin means another site's page is making the visitor's browser write
 * here: refused. Same-site pages send our own origin. A request without Origin (curl, scripts with
 * the `admin-key` header, mail clients posting RFC 8058 one-click unsubscribes) is allowed: it cannot
 * ride a visitor's cookies; `Sec-Fetch-Site: cross-site` without Origin is still refused.
 * Server only.
 */

function hostOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * True when `req` comes from another site: its Origin names a host other than this request's own
 * host (URL, Host / X-Forwarded-Host header) or SITE_URL's, or is opaque (`null`).
 */
export function isForeignOrigin(req: Request): boolean {
  const origin = req.headers.get('origin');
  if (origin === null) return req.headers.get('sec-fetch-site') === 'cross-site';
  return !isOwnHost(req, hostOf(origin));
}

/**
 * The stricter rule for a plain HTML form post (which only a browser sends): its Origin, or when a
 * browser sends none, its Referer, must name this site. No Origin and no Referer is refused too.
 */
export function isForeignFormPost(req: Request): boolean {
  if (req.headers.get('origin') !== null) return isForeignOrigin(req);
  return !isOwnHost(req, hostOf(req.headers.get('referer')));
}

/** True when `host` is this request's own host (URL, Host / X-Forwarded-Host header) or SITE_URL's. */
function isOwnHost(req: Request, host: string | null): boolean {
  if (!host) return false;
  const own = new Set<string>();
  const add = (h: string | null | undefined) => h && own.add(h.toLowerCase());
  add(hostOf(req.url));
  add(req.headers.get('host'));
  add(req.headers.get('x-forwarded-host')?.split(',')[0]?.trim());
  add(hostOf(process.env.SITE_URL));
  add(hostOf(process.env.URL)); // Netlify's primary site address
  return own.has(host);
}
