/**
 * Which shell a route gets (docs/site.md#shell-and-layout):
 * - /waitlist and /join: no public header, no footer ('bare');
 * - /admin and below: the admin header instead of the public header, no footer ('admin');
 * - everything else: public header and footer ('public').
 */
export type Shell = 'public' | 'bare' | 'admin';

/**
 * The route path of a URL path: without '.html', '/index' or a trailing slash ('/about.html' -> '/about').
 * Pages are built as files (build.format 'file'), so Astro.url.pathname carries '.html' at build time.
 */
export function routePath(pathname: string): string {
  return (
    pathname
      .replace(/\.html$/, '')
      .replace(/\/index$/, '/')
      .replace(/(.)\/+$/, '$1') || '/'
  );
}

/** @param pathname a URL path such as '/admin/waitlist' (trailing slash and .html tolerated) */
export function shellFor(pathname: string): Shell {
  const path = routePath(pathname);
  if (path === '/waitlist' || path === '/join') return 'bare';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return 'public';
}
