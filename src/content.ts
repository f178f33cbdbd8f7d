/**
 * The one place pages read the blog collection from: posts newest first, plus lookups.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { sortPosts } from './lib/blog/posts';

export type Post = CollectionEntry<'blog'>;

let cached: Promise<Post[]> | undefined;

/** All blog posts, newest first. */
export function getPosts(): Promise<Post[]> {
  cached ??= getCollection('blog').then((posts) => sortPosts(posts));
  return cached;
}

/** The address of a post. */
export function postUrl(post: Pick<Post, 'id'>): string {
  return `/blog/${post.id}`;
}
