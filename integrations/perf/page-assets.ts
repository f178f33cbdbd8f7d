/**
 * Rewriting a built page's stylesheet links and module scripts for first paint
 * (docs/performance.md, "First paint"): pure string functions over Astro's regular build output,
 * used by integrations/first-paint.ts and unit-tested on their own.
 */
import { parseAttributes } from './html-scripts.ts';

/** A `<script type="module" src>` or `<link rel="stylesheet">` tag found in a page. */
export interface AssetTag {
  /** The whole tag as written (for a script, up to and including `</script>`). */
  tag: string;
  /** Its URL (src or href), entities decoded. */
  url: string;
}

/** An inline `<script type="module">` of a page: the whole tag and its code. */
export interface InlineModuleTag {
  tag: string;
  code: string;
}

/**
 * The page's module scripts in document order (comments ignored): the external ones (`url`) and
 * the inline ones (`code`) that can join another module's file. All of them run after parsing,
 * in this order; the first-paint step puts them in one file, in this order, so that their code
 * leaves the HTML (the first response) for the page's script file.
 */
export function pageModuleScripts(html: string): (AssetTag | InlineModuleTag)[] {
  const out: (AssetTag | InlineModuleTag)[] = [];
  for (const m of stripComments(html).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = parseAttributes(m[1]);
    if ((attrs.type ?? '').toLowerCase() !== 'module') continue;
    if (attrs.src) {
      if (m[2].trim() === '') out.push({ tag: m[0], url: attrs.src });
      continue;
    }
    const code = m[2];
    // Left in place, to stay a module of its own: code that mentions import, export or await.
    if (code.trim() === '' || /\b(import|export|await)\b/.test(code)) continue;
    out.push({ tag: m[0], code });
  }
  return out;
}

/**
 * The entry module of a page's script file: its module scripts (`specifier` each), in document
 * order. Each inline one starts in a task of its own (after a zero-delay timeout), as a separate
 * script element would: run in one task with the rest, the page's start-up work would be one long
 * task, which Lighthouse counts as blocking time (each task's time over 50 ms, simulated). The
 * external ones run together, before DOMContentLoaded, as separate module scripts would.
 */
export function pageScriptEntry(steps: readonly { specifier: string; inline: boolean }[]): string {
  const lines: string[] = [];
  steps.forEach((step, i) => {
    if (step.inline && i > 0) lines.push('await new Promise((resolve) => setTimeout(resolve));');
    lines.push(`await import(${JSON.stringify(step.specifier)});`);
  });
  return lines.join('\n');
}

/** Stylesheet links of a page, in document order (comments ignored). */
export function stylesheetTags(html: string): AssetTag[] {
  const out: AssetTag[] = [];
  for (const m of stripComments(html).matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = parseAttributes(m[1]);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('stylesheet') && attrs.href && !attrs.media) out.push({ tag: m[0], url: attrs.href });
  }
  return out;
}

// Comments are blanked (same length) so that positions found in the result hold in the page.
function stripComments(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, (c) => ' '.repeat(c.length));
}

/**
 * Puts one script in place of several: the first of `tags` becomes a module script loading `url`,
 * the others are removed. Module scripts run in document order after parsing, so moving the later
 * ones up to the first one's place keeps their relative order.
 */
export function replaceModuleScripts(html: string, tags: readonly (AssetTag | InlineModuleTag)[], url: string): string {
  let out = html;
  tags.forEach((t, i) => {
    out = out.replace(t.tag, i === 0 ? `<script type="module" src="${url}"></script>` : '');
  });
  return out;
}

/**
 * Replaces a stylesheet link with the given CSS inline. The `data-from` attribute names the file it
 * was cut from (tests compare the page's styles with the whole file).
 * Throws when the CSS could end the style element early.
 */
export function inlineStylesheet(html: string, tag: AssetTag, css: string): string {
  if (/<\/style/i.test(css)) throw new Error(`The CSS cut from ${tag.url} contains "</style": not inlined.`);
  return html.replace(tag.tag, () => `<style data-from="${tag.url}">${css}</style>`);
}

/**
 * The `Link` response header that starts a page's first-screen image with the document
 * (docs/performance.md, "The largest image starts with the page"): built from the first `<img>` the
 * page marks `fetchpriority="high"` (the image the site already fetches first: a post's cover, the
 * first card of a list), with its own `srcset` and `sizes`, so the browser preloads the very
 * candidate the `<img>` will use. Null when the page has no such image.
 */
export function firstScreenImagePreload(html: string): string | null {
  for (const m of stripComments(html).matchAll(/<img\b([^>]*)>/gi)) {
    const attrs = parseAttributes(m[1]);
    if ((attrs.fetchpriority ?? '').toLowerCase() !== 'high' || !attrs.src) continue;
    // Quoted parameters of a Link header may not hold '"' or line breaks; URLs of the build never do.
    const clean = (v: string) => v.replace(/["\r\n]/g, '').trim();
    const parts = [`<${attrs.src}>`, 'rel=preload', 'as=image'];
    if (attrs.srcset) parts.push(`imagesrcset="${clean(attrs.srcset)}"`);
    if (attrs.srcset && attrs.sizes) parts.push(`imagesizes="${clean(attrs.sizes)}"`);
    parts.push('fetchpriority=high');
    return parts.join('; ');
  }
  return null;
}

/** The URL path a built page is served at: 'blog/post.html' -> '/blog/post', 'index.html' -> '/'. */
export function pageUrlPath(file: string): string {
  const p = `/${file.replace(/\\/g, '/')}`.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1');
  return p === '' ? '/' : p;
}

/**
 * A Netlify `_headers` file (https://docs.netlify.com/routing/headers/) with one `Link` header per
 * page path; `existing` (a `_headers` the site already has) comes first, unchanged.
 */
export function linkHeadersFile(links: ReadonlyMap<string, string>, existing = ''): string {
  const rules = [...links].map(([urlPath, link]) => `${urlPath}\n  Link: ${link}`);
  return (
    [
      existing.trimEnd(),
      '# Written by integrations/first-paint.ts: the first-screen image of each page starts with it.',
      ...rules,
    ]
      .filter(Boolean)
      .join('\n') + '\n'
  );
}
