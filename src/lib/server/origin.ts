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
 * host (its URL) or SITE_URL's, or is opaque (`null`).
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

/**
 * True when `host` is this request's own host (the host of its URL, which the platform builds) or
 * SITE_URL's or Netlify's URL's. Headers a client chooses, such as X-Forwarded-Host, never count.
 */
function isOwnHost(req: Request, host: string | null): boolean {
  if (!host) return false;
  const own = [hostOf(req.url), hostOf(process.env.SITE_URL), hostOf(process.env.URL)];
  return own.includes(host);
}
