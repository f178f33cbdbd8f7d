/**
 * The pre-launch gate's decision (docs/site.md#pre-launch-gate), as a pure function.
 * The edge function `netlify/edge-functions/gate.ts` only gathers the inputs and applies the result.
 *
 * No imports here: Deno loads this file directly from the edge function.
 */

export interface GateInput {
  /** URL path of the request, e.g. '/about' (query string excluded). */
  path: string;
  /** SITE_LAUNCHED=true: the gate is off for everyone. */
  launched: boolean;
  /** The request carries a valid, unexpired admin session cookie. */
  adminSession: boolean;
  /** That session has dev mode switched on (only meaningful with adminSession). */
  devMode: boolean;
  /**
   * An early-access pass cookie: `valid` (its revocation was checked within the last minute), `stale`
   * (genuine, checked longer ago: check again), or absent.
   */
  pass?: 'valid' | 'stale' | null;
}

export type GateReason =
  | 'launched'
  | 'asset'
  | 'api'
  | 'dev-mode'
  | 'home-needs-dev-mode'
  | 'open-page'
  | 'admin-session'
  | 'early-access'
  | 'gated';

export type GateDecision =
  | { action: 'pass'; reason: GateReason }
  /** Serve the /join page instead (its small script then moves the address to /join, quietly). */
  | { action: 'join'; reason: GateReason }
  /** An early-access pass whose revocation check is old: check it again (/api/pass/check), then come back. */
  | { action: 'recheck-pass'; reason: 'early-access' };

/** The page a gated visitor is shown. */
export const JOIN_PATH = '/join';
/** Where staff ask for an e-mailed sign-in link (docs/staff.md): open before launch, it shows no data. */
export const STAFF_SIGN_IN_PATH = '/admin/sign-in';
/** The staff dashboard: open before launch so staff can sign in there (it shows no data without a session). */
export const STAFF_PATH = '/admin';
/** Pages every visitor may open before launch (besides '/', which shows /join unless dev mode is on). */
export const OPEN_PAGES: readonly string[] = ['/join', '/waitlist', STAFF_PATH, STAFF_SIGN_IN_PATH];

/** '/about.html', '/about/' and '/about' are the same page; '/index.html' is '/'. */
export function normalisePath(path: string): string {
  let p = path || '/';
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/\/{2,}/g, '/');
  p = p.replace(/\.html$/i, '').replace(/\/index$/i, '/');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/**
 * Paths of common static files, as a regular expression the edge function's config uses to skip the
 * gate entirely (no edge invocation for images, scripts, fonts, feeds). Netlify matches patterns
 * against the whole path, hence the explicit `^/.*`. RE2-compatible (no lookahead).
 * Anything it misses still passes through `isStaticAsset` below.
 */
export const ASSET_PATTERN =
  '^/.*\\.(?:avif|css|gif|ico|jpe?g|js|json|map|mjs|mp4|pdf|png|svg|txt|webmanifest|webp|woff2?|xml)$';

/**
 * Files, not pages: Astro's bundles, Netlify internals, and any path whose last segment has a
 * file extension other than .html (images, fonts, favicon, robots.txt, sitemap, feeds).
 */
export function isStaticAsset(path: string): boolean {
  if (path.startsWith('/_astro/') || path.startsWith('/.netlify/')) return true;
  const last = path.slice(path.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  if (dot <= 0 || dot === last.length - 1) return false;
  return last.slice(dot + 1).toLowerCase() !== 'html';
}

/** Decides whether a request passes the pre-launch gate, in the order of docs/site.md#pre-launch-gate. */
export function decideGate(input: GateInput): GateDecision {
  if (input.launched) return { action: 'pass', reason: 'launched' };
  if (isStaticAsset(input.path)) return { action: 'pass', reason: 'asset' };
  const path = normalisePath(input.path);
  if (path === '/api' || path.startsWith('/api/')) return { action: 'pass', reason: 'api' };
  if (input.adminSession && input.devMode) return { action: 'pass', reason: 'dev-mode' };
  // An invited subscriber's pass opens the pre-launch site, home page included; never the staff area.
  const staffArea = path === '/admin' || path.startsWith('/admin/');
  if (input.pass && !staffArea) {
    if (input.pass === 'stale') return { action: 'recheck-pass', reason: 'early-access' };
    return { action: 'pass', reason: 'early-access' };
  }
  // The home route is shown only in dev mode; everyone else (staff included) gets /join.
  if (path === '/') return { action: 'join', reason: 'home-needs-dev-mode' };
  if (OPEN_PAGES.includes(path)) return { action: 'pass', reason: 'open-page' };
  if (input.adminSession) return { action: 'pass', reason: 'admin-session' };
  return { action: 'join', reason: 'gated' };
}

/**
 * The same URL without the `admin` parameter (so a key never stays in the address bar).
 * @returns a path + query + hash string, e.g. '/about?x=1'
 */
export function withoutParam(url: URL, name: string): string {
  const clean = new URL(url.href);
  clean.searchParams.delete(name);
  return `${clean.pathname}${clean.search}${clean.hash}`;
}
