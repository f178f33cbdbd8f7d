import { describe, expect, it } from 'vitest';
import { isIndexable, sitemapXml, staticPageRoutes } from '../../../src/lib/site/sitemap';
import { embedUrl, frameAspect } from '../../../src/lib/video';

describe('sitemap', () => {
  it('derives routes from page files, skipping dynamic routes, partials and endpoints', () => {
    const files = [
      './index.astro',
      './about.astro',
      './blog.astro',
      './blog/[id].astro',
      './admin/index.astro',
      './admin/waitlist.astro',
      './404.astro',
      './_draft.astro',
      './phone-recommender/results.astro',
      './rss.xml.ts',
      './legal/index.astro',
    ];
    expect(staticPageRoutes(files)).toEqual([
      '/',
      '/about',
      '/blog',
      '/admin',
      '/admin/waitlist',
      '/404',
      '/phone-recommender/results',
      '/legal',
    ]);
  });

  it('keeps admin, the 404 page, the dev-only home and duplicate screens out', () => {
    expect(
      ['/', '/404', '/admin', '/admin/waitlist', '/phone-recommender/results', '/recommender'].filter(isIndexable),
    ).toEqual([]);
    expect(
      ['/about', '/blog', '/blog/x', '/join', '/waitlist', '/product/p', '/administrator'].every(isIndexable),
    ).toBe(true);
  });

  it('writes one sorted, escaped <url> per indexable path with lastmod', () => {
    const xml = sitemapXml('https://mapletech.ca', [
      { path: '/blog' },
      { path: '/admin' },
      { path: '/blog/a&b', lastmod: new Date('2025-08-20T10:00:00Z') },
      { path: '/about' },
      { path: '/about' },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml.match(/<loc>[^<]+<\/loc>/g)).toEqual([
      '<loc>https://mapletech.ca/about</loc>',
      '<loc>https://mapletech.ca/blog</loc>',
      '<loc>https://mapletech.ca/blog/a&amp;b</loc>',
    ]);
    expect(xml).toContain('<lastmod>2025-08-20</lastmod>');
  });
});

describe('video embeds', () => {
  it('builds a privacy-enhanced autoplay embed address', () => {
    const url = new URL(embedUrl('https://www.youtube-nocookie.com', 'mT3bVhgxSkc'));
    expect(url.origin).toBe('https://www.youtube-nocookie.com');
    expect(url.pathname).toBe('/embed/mT3bVhgxSkc');
    expect(url.searchParams.get('autoplay')).toBe('1');
  });

  it('refuses ids that are not video ids', () => {
    for (const id of ['', '../x', 'a b c d e f', 'https://evil.example', 'x'.repeat(40)]) {
      expect(() => embedUrl('https://www.youtube-nocookie.com', id)).toThrow(/Invalid video id/);
    }
  });

  it('gives shorts a tall frame', () => {
    expect(frameAspect(true)).toBe('9 / 16');
    expect(frameAspect(false)).toBe('16 / 9');
  });
});
