/**
 * Article structured data (schema.org) for a blog post page.
 */

export interface ArticleInput {
  title: string;
  description: string;
  /** Absolute URL of the post. */
  url: string;
  /** Absolute URL of the cover image. */
  image: string;
  date: Date;
  category: string;
  siteName: string;
  siteUrl: string;
  /** Absolute URL of the publisher logo. */
  logo: string;
}

/** The schema.org Article object for a post. */
export function articleJsonLd(a: ArticleInput): Record<string, unknown> {
  const day = a.date.toISOString().slice(0, 10);
  const org = {
    '@type': 'Organization',
    name: a.siteName,
    url: a.siteUrl,
    logo: { '@type': 'ImageObject', url: a.logo },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: a.title,
    description: a.description,
    image: [a.image],
    datePublished: day,
    dateModified: day,
    articleSection: a.category,
    mainEntityOfPage: { '@type': 'WebPage', '@id': a.url },
    url: a.url,
    author: org,
    publisher: org,
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so text such as '</script>' in a title
 * cannot end the script element.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
