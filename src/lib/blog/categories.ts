/**
 * Blog categories (docs/site.md#blog) and how a `?category=` value maps onto them.
 *
 * Imported by the content schema (build), the blog pages and the blog filter script (browser):
 * keep it free of framework and Node imports.
 */

/** The filterable categories, in the order of the filter buttons (after 'All Posts'). */
export const BLOG_CATEGORIES = ['Smartphones', 'iPhone', 'Technology', 'Tech News', 'Tips & Tricks'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** Badge colours a post may choose (frontmatter `categoryColor`). */
export const CATEGORY_COLORS = ['primary', 'secondary', 'accent'] as const;
export type CategoryColor = (typeof CATEGORY_COLORS)[number];

/**
 * Legacy filter words used by the footer's Resources links (docs/site.md#shell-and-layout):
 * - `guides` (Smartphone Guides) -> Smartphones: the buying and how-to guides are filed there;
 * - `tips` (Tech Tips & Tricks) -> Tips & Tricks;
 * - `events` (Local Tech Events) -> Tech News: local happenings are reported as news.
 */
export const CATEGORY_ALIASES: Readonly<Record<string, BlogCategory>> = {
  guides: 'Smartphones',
  tips: 'Tips & Tricks',
  events: 'Tech News',
};

/**
 * URL slug of a category, used in `?category=` and as the card's `data-category`.
 * @example categorySlug('Tips & Tricks') === 'tips-and-tricks'
 */
export function categorySlug(category: BlogCategory): string {
  return category
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The category a `?category=` value selects, or `null` for All Posts.
 * Accepts a slug ('tech-news'), a category name in any case ('Tech News'), or a footer alias
 * ('guides', 'tips', 'events'); anything else (missing, 'all', unknown) selects All Posts.
 */
export function categoryFromParam(value: string | null | undefined): BlogCategory | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (!v || v === 'all') return null;
  if (Object.hasOwn(CATEGORY_ALIASES, v)) return CATEGORY_ALIASES[v]!;
  return BLOG_CATEGORIES.find((c) => categorySlug(c) === v || c.toLowerCase() === v) ?? null;
}

/**
 * The `?category=` query for a filter choice: the slug, or nothing for All Posts.
 * @returns a search string such as '?category=tech-news', or '' for All Posts
 */
export function categorySearch(category: BlogCategory | null): string {
  return category ? `?category=${categorySlug(category)}` : '';
}

/**
 * The categories that have at least one post, in filter order. The blog offers a filter, and the
 * footer a link, only for these: no link of ours leads to an empty list (docs/site.md#blog).
 */
export function categoriesWithPosts(posts: readonly { data: { category: BlogCategory } }[]): BlogCategory[] {
  const used = new Set(posts.map((p) => p.data.category));
  return BLOG_CATEGORIES.filter((c) => used.has(c));
}
