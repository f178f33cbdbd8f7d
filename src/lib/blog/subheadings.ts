/**
 * Blog content rule (docs/site.md#blog): a block starting with '#' is a sub-heading of the post.
 * The page's own <h1> is the post title, so a top-level markdown heading ('# Heading') renders as <h2>;
 * deeper headings keep their level.
 *
 * Used as a Sätteri mdast plugin (Astro 7's default markdown processor), see astro.config.mjs.
 * Typed structurally so this module stays free of framework imports.
 */

/** The heading level a markdown heading of `depth` gets inside a post (1 -> 2, others unchanged). */
export function subheadingDepth(depth: number): number {
  return depth === 1 ? 2 : depth;
}

interface HeadingNode {
  depth: number;
}
interface VisitorContext {
  setProperty(node: HeadingNode, key: 'depth', value: number): void;
}

/** Sätteri mdast plugin: `satteri({ mdastPlugins: [blogSubheadings] })`. */
export const blogSubheadings = {
  name: 'blog-subheadings',
  heading(node: HeadingNode, ctx: VisitorContext): void {
    const depth = subheadingDepth(node.depth);
    if (depth !== node.depth) ctx.setProperty(node, 'depth', depth);
  },
};
