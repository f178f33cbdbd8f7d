/**
 * Content collections. Staff add a blog post by dropping a markdown file into src/content/blog/ and
 * rebuilding; the file name (without .md) is the post id and its address (/blog/{id}).
 *
 * An invalid frontmatter value fails the build with Astro's InvalidContentEntryDataError, which names
 * the collection, the entry (file) and the field, e.g.
 *   "blog → my-post data does not match collection schema. category: Invalid option: expected one of ..."
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { BLOG_CATEGORIES, CATEGORY_COLORS } from './lib/blog/categories';
import { phoneEntrySchema } from './lib/catalogue/entry';

/**
 * Where blog posts are read from. Overridable only so the build test can build the site with an extra
 * fixture post (tests/build/blog-fixture.test.ts); production always uses src/content/blog.
 */
const BLOG_DIR = process.env.BLOG_CONTENT_DIR || './src/content/blog';

const blog = defineCollection({
  loader: glob({ base: BLOG_DIR, pattern: '*.md' }),
  schema: ({ image }) =>
    z.object({
      /** Post title (the page's <h1>). */
      title: z.string().trim().min(1).max(120),
      /** One or two sentences for cards, meta description and RSS. */
      excerpt: z.string().trim().min(1).max(300),
      /** One of the filter categories (docs/site.md#blog). */
      category: z.enum(BLOG_CATEGORIES),
      /** Badge colour. */
      categoryColor: z.enum(CATEGORY_COLORS),
      /**
       * Cover image: a path relative to the markdown file (optimised at build; a missing file fails the
       * build) or an http(s) address (shown as is; a load error swaps in the placeholder). Optional:
       * without one the placeholder is shown (docs/site.md#images).
       */
      image: z.union([z.url({ protocol: /^https?$/ }), image()]).optional(),
      /** Alternative text for the cover image; defaults to the title. */
      imageAlt: z.string().trim().min(1).optional(),
      /** Publication date (YYYY-MM-DD). Posts are listed newest first. */
      date: z.coerce.date(),
    }),
});

/**
 * The phone catalogue: one JSON file per phone in src/content/phones/ (how to add one:
 * src/content/phones/README.md). The schema is the catalogue's own (src/lib/catalogue/entry.ts), so a
 * file without a source or a date fails the build here, naming the file and the field; the functions
 * and pages read the same files through src/data/phones/index.generated.ts.
 */
const phones = defineCollection({
  loader: glob({ base: './src/content/phones', pattern: '*.json' }),
  schema: phoneEntrySchema,
});

export const collections = { blog, phones };
