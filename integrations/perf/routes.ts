/**
 * Routes of the built site, derived from the HTML files in dist/ (build.format 'file':
 * `about.html` is /about, `blog/x.html` is /blog/x; `index.html` files are also understood).
 */
import { routePath } from '../../src/lib/site/shell.ts';

/**
 * The route of a built HTML file.
 * @param file path relative to dist/, with '/' separators, e.g. 'blog/my-post.html'
 */
export function routeFromHtmlFile(file: string): string {
  return routePath(`/${file.replace(/^\/+/, '')}`);
}

/**
 * True when `route` matches `pattern`: exact, or `/prefix/*` for any route one or more levels
 * below /prefix (not /prefix itself).
 */
export function matchRoute(pattern: string, route: string): boolean {
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -1); // keeps the trailing slash
    return route.startsWith(prefix) && route.length > prefix.length;
  }
  return pattern === route;
}

/** The public routes the bench measures; `/*` entries stand for one page of that family. */
export const BENCH_ROUTES: readonly string[] = [
  '/',
  '/about',
  '/blog',
  '/blog/*',
  '/shop',
  '/product/*',
  '/walls',
  '/join',
  '/phone-recommender',
  '/how-we-recommend',
  '/admin',
];

export interface PickedRoute {
  /** The entry of the wanted list, e.g. '/blog/*'. */
  wanted: string;
  /** The built route that stands for it, or null when no such page was built. */
  route: string | null;
}

/**
 * Chooses the built route for each wanted entry: the route itself when built, and for `/x/*` the
 * first built route below /x in sorted order (so the choice is stable between runs).
 * @param built every built route
 * @param wanted the list to fill (defaults to BENCH_ROUTES)
 */
export function pickRoutes(built: readonly string[], wanted: readonly string[] = BENCH_ROUTES): PickedRoute[] {
  const sorted = [...built].sort();
  return wanted.map((w) => ({ wanted: w, route: sorted.find((r) => matchRoute(w, r)) ?? null }));
}
