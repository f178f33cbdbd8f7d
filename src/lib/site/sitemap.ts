/**
 * sitemap.xml: which routes are public and how the XML is written.
 * Static pages are discovered from the page files, so a new page is listed without editing this file;
 * dynamic routes (blog posts, products) are added by the endpoint from their data.
 */

export interface SitemapEntry {
  /** Route path such as '/blog/my-post'. */
  path: string;
  lastmod?: Date;
}

/**
 * Routes that exist but are not for search engines:
 * - '/' is shown only in dev mode; everyone else is redirected to /join (docs/site.md#pre-launch-gate);
 * - admin screens and the not-found page;
 * - '/phone-recommender/results' is the same screen as /phone-recommender, '/recommender' only redirects.
 */
export function isIndexable(path: string): boolean {
  if (path === '/' || path === '/404' || path === '/500') return false;
  if (path === '/admin' || path.startsWith('/admin/')) return false;
  if (path === '/phone-recommender/results' || path === '/recommender') return false;
  // The shop's cart, checkout and order pages (noindex: one visitor's state, docs/shop.md).
  if (path.startsWith('/shop/')) return false;
  return true;
}

/**
 * Route paths of static page files, e.g. './about.astro' -> '/about', './blog.astro' -> '/blog',
 * './index.astro' -> '/'. Dynamic routes ('[id]'), partials ('_x') and endpoints (.ts/.js) are skipped.
 * @param files page file paths relative to src/pages (as from import.meta.glob('./**\/*.astro'))
 */
export function staticPageRoutes(files: readonly string[]): string[] {
  return files
    .filter((f) => f.endsWith('.astro') || f.endsWith('.md'))
    .filter((f) => !f.includes('[') && !f.split('/').some((seg) => seg.startsWith('_')))
    .map((f) => {
      const path = f
        .replace(/^\.?\//, '/')
        .replace(/\.(astro|md)$/, '')
        .replace(/\/index$/, '/');
      return path.length > 1 ? path.replace(/\/$/, '') : '/';
    });
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * The sitemap document: indexable entries only, one per path (the first wins), sorted by path.
 * @param site the site origin, e.g. 'https://mapletech.ca'
 */
export function sitemapXml(site: string | URL, entries: readonly SitemapEntry[]): string {
  const seen = new Map<string, SitemapEntry>();
  for (const e of entries) if (isIndexable(e.path) && !seen.has(e.path)) seen.set(e.path, e);
  const urls = [...seen.values()]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((e) => {
      const loc = `<loc>${escapeXml(new URL(e.path, site).href)}</loc>`;
      const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
      return `  <url>${loc}${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
