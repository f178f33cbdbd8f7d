/**
 * Per-page CSS: the site's stylesheet cut down to the rules a page can use, small enough to inline
 * in the page so that nothing blocks its first paint (docs/performance.md, "First paint").
 *
 * A style rule is kept when every class its selector requires appears in the page's text: its
 * HTML (class attributes, island props) and every script it can load (islands, code behind
 * `import()`), since scripts add classes too. This is the same rule Tailwind applies to the source
 * files, applied to one page's output. Rules without classes (base styles, `@keyframes`) are kept;
 * custom properties (theme variables, `@property`) are kept while a kept rule or the page reads
 * them. Node only (lightningcss); used by the build.
 */
import { transform, type Selector, type SelectorComponent } from 'lightningcss';

/** Characters that can be part of a class name as written in markup or scripts. */
const CLASS_CHAR = /[A-Za-z0-9_\-:/.[\]!%#@]/;

/** Classes a page gets from scripts without them appearing in its text (the theme's `dark` on <html>). */
export const ALWAYS_PRESENT_CLASSES: readonly string[] = ['dark'];

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'", '#34': '"' };

/** The text searched for class names: HTML with the usual character references decoded, plus scripts. */
export function pageText(html: string, scripts: readonly string[] = []): string {
  const decoded = html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
    const lower = name.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower];
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return m;
  });
  return [decoded, ...scripts].join('\n');
}

/**
 * True when `name` occurs in `text` as a whole class name (not as part of a longer one:
 * `flex` is not found in `inline-flex` or `sm:flex`).
 */
export function containsClass(text: string, name: string): boolean {
  for (let i = text.indexOf(name); i !== -1; i = text.indexOf(name, i + 1)) {
    const before = i === 0 ? '' : text[i - 1];
    const after = text[i + name.length] ?? '';
    if (!CLASS_CHAR.test(before) && !CLASS_CHAR.test(after)) return true;
  }
  return false;
}

/**
 * The classes a selector requires. Classes inside `:not()`, `:is()`, `:where()`, `:has()` and
 * other selector-list pseudo-classes are left out (they may match through another branch or
 * must be absent), so a rule is only dropped when a class it certainly needs is missing.
 */
export function requiredClasses(selector: Selector): string[] {
  const out: string[] = [];
  for (const c of selector as SelectorComponent[]) {
    if (c.type === 'class') out.push(c.name);
    // Pseudo-elements such as ::part() and nested selector lists carry no required class.
  }
  return out;
}

export interface PageCssResult {
  css: string;
  /** Style rules kept / seen (for the build log). */
  kept: number;
  total: number;
}

/**
 * The subset of `css` that a page whose text is `text` can use (minified).
 * @param css the site stylesheet (plain CSS, as built)
 * @param text the page's HTML and scripts (see pageText)
 */
export function prunePageCss(css: string, text: string): PageCssResult {
  const known = new Map<string, boolean>();
  const present = (name: string) => {
    let hit = known.get(name);
    if (hit === undefined) {
      hit = ALWAYS_PRESENT_CLASSES.includes(name) || containsClass(text, name);
      known.set(name, hit);
    }
    return hit;
  };
  let kept = 0;
  let total = 0;
  const { code: byClass } = transform({
    filename: 'page.css',
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        style(rule) {
          total += 1;
          // Kept whole when any of its selectors can match (rewriting selector lists is not worth
          // the risk of a serialisation difference).
          if (!rule.value.selectors.some((s) => requiredClasses(s).every(present))) return [];
          kept += 1;
          return undefined;
        },
      },
    },
  });
  // Then the custom properties nothing reads any more (theme variables of dropped utilities, their
  // @property registrations), repeated while a removal frees more.
  const inText = new Set(text.match(/--[A-Za-z0-9_-]+/g) ?? []);
  let out = byClass.toString();
  for (let pass = 0; pass < 5; pass++) {
    const read = new Set([...out.matchAll(/var\(\s*(--[A-Za-z0-9_-]+)/g)].map((m) => m[1]));
    // (lightningcss also hands unknown properties such as -webkit-font-smoothing to `custom`.)
    const unused = (name: string) => name.startsWith('--') && !read.has(name) && !inText.has(name);
    let removed = 0;
    const { code } = transform({
      filename: 'page.css',
      code: Buffer.from(out),
      minify: true,
      visitor: {
        Rule: {
          property(rule) {
            if (!unused(rule.value.name)) return undefined;
            removed += 1;
            return [];
          },
        },
        Declaration: {
          custom(declaration) {
            if (!unused(declaration.name)) return undefined;
            removed += 1;
            return [];
          },
        },
      },
    });
    out = code.toString();
    if (removed === 0) break;
  }
  return { css: out, kept, total };
}
