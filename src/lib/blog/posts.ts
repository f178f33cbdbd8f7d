/**
 * Pure helpers over blog posts: ordering, related articles, reading time.
 * They take plain `{ id, data }` shapes so they work with content-collection entries and test data alike.
 */
import type { BlogCategory } from './categories';

/** The part of a blog entry these helpers need. */
export interface PostLike {
  id: string;
  data: { category: BlogCategory; date: Date; title: string };
}

/** Related articles show at most 3 posts. */
export const RELATED_LIMIT = 3;
/** The home page shows the first 3 posts. */
export const HOME_POST_LIMIT = 3;

/**
 * Newest first; posts of the same day keep a stable order by title so builds are reproducible.
 * Returns a new array.
 */
export function sortPosts<T extends PostLike>(posts: readonly T[]): T[] {
  return [...posts].sort(
    (a, b) => b.data.date.getTime() - a.data.date.getTime() || a.data.title.localeCompare(b.data.title),
  );
}

/**
 * Up to `limit` other posts of the same category, newest first (docs/site.md#blog).
 * An empty result means the section is hidden.
 */
export function relatedPosts<T extends PostLike>(posts: readonly T[], current: PostLike, limit = RELATED_LIMIT): T[] {
  return sortPosts(posts.filter((p) => p.id !== current.id && p.data.category === current.data.category)).slice(
    0,
    limit,
  );
}

/**
 * Estimated reading time in whole minutes (at least 1) for a markdown body, at `wordsPerMinute`.
 * Markdown punctuation (#, -, *, links' URLs) is not counted as words.
 */
export function readingMinutes(markdown: string, wordsPerMinute = 220): number {
  const text = markdown.replace(/\]\([^)]*\)/g, ']').replace(/[#*_>`[\]|-]+/g, ' ');
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / wordsPerMinute));
}

/** A post date as shown on cards and posts, e.g. 'September 15, 2025' (UTC, so the build's time zone cannot shift it). */
export function formatPostDate(date: Date, locale = 'en-CA'): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}
