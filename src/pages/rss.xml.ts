/** /rss.xml: the blog feed, newest first, written at build. */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getPosts, postUrl } from '../content';
import { SITE } from '../config/site';

export const GET: APIRoute = async ({ site }) => {
  const posts = await getPosts();
  return rss({
    title: `${SITE.name} blog`,
    description: `Smartphone guides, reviews and tech news from ${SITE.name} in Kitchener, Ontario.`,
    site: site ?? SITE.url,
    items: posts.map((p) => ({
      title: p.data.title,
      description: p.data.excerpt,
      pubDate: p.data.date,
      link: postUrl(p),
      categories: [p.data.category],
    })),
    customData: `<language>en-ca</language>`,
    trailingSlash: false,
  });
};
