import { describe, expect, it } from 'vitest';
import {
  BLOG_CATEGORIES,
  categoriesWithPosts,
  categoryFromParam,
  categorySearch,
  categorySlug,
  type BlogCategory,
} from '../../../src/lib/blog/categories';
import { formatPostDate, readingMinutes, relatedPosts, sortPosts, type PostLike } from '../../../src/lib/blog/posts';
import { blogSubheadings, subheadingDepth } from '../../../src/lib/blog/subheadings';
import { articleJsonLd, jsonLdScript } from '../../../src/lib/blog/jsonld';

const post = (id: string, category: PostLike['data']['category'], date: string, title = id): PostLike => ({
  id,
  data: { category, date: new Date(date), title },
});

describe('blog categories', () => {
  it('lists the filter categories in order', () => {
    expect(BLOG_CATEGORIES).toEqual(['Smartphones', 'iPhone', 'Technology', 'Tech News', 'Tips & Tricks']);
  });

  it('makes URL slugs', () => {
    expect(BLOG_CATEGORIES.map(categorySlug)).toEqual([
      'smartphones',
      'iphone',
      'technology',
      'tech-news',
      'tips-and-tricks',
    ]);
  });

  it('reads slugs and category names in any case', () => {
    expect(categoryFromParam('tech-news')).toBe('Tech News');
    expect(categoryFromParam('Tech News')).toBe('Tech News');
    expect(categoryFromParam('IPHONE')).toBe('iPhone');
    expect(categoryFromParam(' tips-and-tricks ')).toBe('Tips & Tricks');
    expect(categoryFromParam('tips & tricks')).toBe('Tips & Tricks');
  });

  it('maps the footer words guides, tips and events', () => {
    expect(categoryFromParam('guides')).toBe('Smartphones');
    expect(categoryFromParam('tips')).toBe('Tips & Tricks');
    expect(categoryFromParam('events')).toBe('Tech News');
  });

  it('falls back to All Posts for missing, "all" and unknown values', () => {
    for (const v of [null, undefined, '', '   ', 'all', 'ALL', 'gadgets', '__proto__', 'toString'])
      expect(categoryFromParam(v)).toBeNull();
  });

  it('builds the query for a choice and round-trips it', () => {
    expect(categorySearch(null)).toBe('');
    for (const c of BLOG_CATEGORIES) {
      const search = categorySearch(c);
      expect(categoryFromParam(new URLSearchParams(search).get('category'))).toBe(c);
    }
  });
});

describe('posts', () => {
  const posts = [
    post('a', 'Technology', '2025-01-01'),
    post('b', 'Technology', '2025-03-01'),
    post('c', 'Smartphones', '2025-02-01'),
    post('d', 'Technology', '2025-02-01'),
    post('e', 'Technology', '2024-12-01'),
    post('f', 'Technology', '2024-11-01'),
  ];

  it('sorts newest first without mutating the input, ties by title', () => {
    const copy = [...posts];
    expect(sortPosts(posts).map((p) => p.id)).toEqual(['b', 'c', 'd', 'a', 'e', 'f']);
    expect(posts).toEqual(copy);
    expect(
      sortPosts([post('z', 'iPhone', '2025-01-01', 'Zed'), post('y', 'iPhone', '2025-01-01', 'Alpha')]).map(
        (p) => p.id,
      ),
    ).toEqual(['y', 'z']);
  });

  it('related: up to 3 others of the same category, newest first', () => {
    expect(relatedPosts(posts, posts[0]!).map((p) => p.id)).toEqual(['b', 'd', 'e']);
    expect(relatedPosts(posts, posts[2]!)).toEqual([]);
    expect(relatedPosts(posts, posts[0]!, 1).map((p) => p.id)).toEqual(['b']);
  });

  it('estimates reading time from words, ignoring markdown syntax and link targets', () => {
    expect(readingMinutes('')).toBe(1);
    expect(
      readingMinutes(
        Array(220 * 4)
          .fill('word')
          .join(' '),
      ),
    ).toBe(4);
    const md = `## Heading\n\n- item one\n- [link](https://example.com/a-very-long-url-with-many-words)\n\n${Array(440).fill('x').join(' ')}`;
    expect(readingMinutes(md)).toBe(2);
  });

  it('formats dates in UTC so the build time zone cannot shift the day', () => {
    expect(formatPostDate(new Date('2025-08-20'))).toBe('August 20, 2025');
  });
});

describe('sub-headings', () => {
  it('turns # into a level-2 heading and keeps deeper ones', () => {
    expect([1, 2, 3, 4, 5, 6].map(subheadingDepth)).toEqual([2, 2, 3, 4, 5, 6]);
  });

  it('the plugin rewrites only level-1 headings', () => {
    const calls: unknown[] = [];
    const ctx = { setProperty: (...args: unknown[]) => calls.push(args) };
    const h1 = { depth: 1 };
    blogSubheadings.heading(h1, ctx);
    blogSubheadings.heading({ depth: 3 }, ctx);
    expect(calls).toEqual([[h1, 'depth', 2]]);
  });
});

describe('Article JSON-LD', () => {
  const data = articleJsonLd({
    title: 'A </script> title',
    description: 'Desc',
    url: 'https://mapletech.ca/blog/x',
    image: 'https://mapletech.ca/_astro/x.jpg',
    date: new Date('2025-08-20'),
    category: 'Technology',
    siteName: 'Maple Tech',
    siteUrl: 'https://mapletech.ca/',
    logo: 'https://mapletech.ca/favicon.svg',
  });

  it('describes the article', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'A </script> title',
      datePublished: '2025-08-20',
      image: ['https://mapletech.ca/_astro/x.jpg'],
      mainEntityOfPage: { '@id': 'https://mapletech.ca/blog/x' },
      publisher: { '@type': 'Organization', name: 'Maple Tech' },
    });
  });

  it('cannot close its script element', () => {
    const s = jsonLdScript(data);
    expect(s).not.toContain('</script>');
    expect(JSON.parse(s)).toEqual(data);
  });
});

describe('categoriesWithPosts', () => {
  const of = (category: BlogCategory) => ({ data: { category } });
  it('lists only the categories that have a post, in filter order', () => {
    expect(categoriesWithPosts([of('Tech News'), of('Smartphones'), of('Tech News')])).toEqual([
      'Smartphones',
      'Tech News',
    ]);
  });
  it('is empty without posts, so no filter or footer link is offered', () => {
    expect(categoriesWithPosts([])).toEqual([]);
  });
});
