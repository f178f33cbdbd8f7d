/**
 * /sitemap.xml, written at build: every public page (discovered from src/pages), every blog post and
 * every product. Admin screens, the 404 page and the dev-only home page are left out (see isIndexable).
 */
import type { APIRoute } from 'astro';
import { getPosts, postUrl } from '../content';
import { PRODUCTS } from '../data/products';
import { sitemapXml, staticPageRoutes, type SitemapEntry } from '../lib/site/sitemap';
import { SITE } from '../config/site';

const pageFiles = Object.keys(import.meta.glob('./**/*.{astro,md}'));

export const GET: APIRoute = async ({ site }) => {
  const posts = await getPosts();
  const entries: SitemapEntry[] = [
    ...staticPageRoutes(pageFiles).map((path) => ({ path })),
    ...posts.map((p) => ({ path: postUrl(p), lastmod: p.data.date })),
    ...PRODUCTS.map((p) => ({ path: `/product/${p.id}` })),
  ];
  return new Response(sitemapXml(site ?? SITE.url, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
