/**
 * What JavaScript an HTML page refers to: inline scripts, `<script src>`, `<link rel="modulepreload">`
 * and Astro islands (`<astro-island component-url renderer-url before-hydration-url client>`).
 * A small attribute scanner, not a full HTML parser: it reads Astro's build output, which is regular.
 */

/** How a script URL was referenced by the page. */
export type ScriptRefKind =
  'script' | 'modulepreload' | 'island-component' | 'island-renderer' | 'island-before-hydration';

export interface ScriptUrlRef {
  kind: ScriptRefKind;
  /** The URL exactly as written in the page (entities decoded). */
  url: string;
  /**
   * For island references: the island's hydration directive (`load`, `idle`, `visible`, `media`, `only` or a
   * custom one; `interaction=visible` for `client:interaction="visible"`).
   */
  directive?: string;
}

export interface IslandRef {
  /** Component name from the island's `opts` (e.g. 'Toaster'), or the component URL when absent. */
  name: string;
  /** Hydration directive from the `client` attribute. */
  directive: string;
  componentUrl: string;
  rendererUrl?: string;
  beforeHydrationUrl?: string;
}

export interface HtmlScripts {
  /** Bodies of inline JavaScript `<script>` elements (JSON, import maps and other data blocks are left out). */
  inline: string[];
  /** External script URLs in document order (duplicates kept; callers de-duplicate). */
  urls: ScriptUrlRef[];
  islands: IslandRef[];
}

/** `type` values that make a `<script>` element run as JavaScript. */
const JS_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'", '#34': '"' };

/** Decodes the few character references that appear in attribute values of built pages. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
    const lower = name.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower];
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return m;
  });
}

/**
 * Attributes of one start tag's attribute text, names lower-cased, values entity-decoded.
 * Boolean attributes get the empty string.
 */
export function parseAttributes(attrText: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of attrText.matchAll(re)) {
    const name = m[1].toLowerCase();
    if (name in attrs) continue; // first one wins, as in browsers
    attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/**
 * Lists the JavaScript a built HTML page refers to.
 * @param html the page's HTML source
 */
export function extractScripts(html: string): HtmlScripts {
  const source = html.replace(/<!--[\s\S]*?-->/g, '');
  const inline: string[] = [];
  const urls: ScriptUrlRef[] = [];
  const islands: IslandRef[] = [];

  for (const m of source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = parseAttributes(m[1]);
    const type = (attrs.type ?? '').trim().toLowerCase();
    if (!JS_TYPES.has(type)) continue;
    if (attrs.src !== undefined) urls.push({ kind: 'script', url: attrs.src });
    else if (m[2].trim() !== '') inline.push(m[2]);
  }

  for (const m of source.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = parseAttributes(m[1]);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload') && attrs.href) urls.push({ kind: 'modulepreload', url: attrs.href });
  }

  for (const m of source.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attrs = parseAttributes(m[1]);
    const componentUrl = attrs['component-url'];
    if (!componentUrl) continue;
    let directive = attrs.client || 'load';
    let name = componentUrl;
    try {
      const opts = JSON.parse(attrs.opts ?? '{}') as { name?: unknown; value?: unknown };
      if (typeof opts.name === 'string' && opts.name) name = opts.name;
      // `client:interaction="visible"` loads when the island is seen, as client:visible does: its own name.
      if (directive === 'interaction' && opts.value === 'visible') directive = 'interaction=visible';
    } catch {
      // opts is informative only
    }
    const island: IslandRef = { name, directive, componentUrl };
    urls.push({ kind: 'island-component', url: componentUrl, directive });
    if (attrs['renderer-url']) {
      island.rendererUrl = attrs['renderer-url'];
      urls.push({ kind: 'island-renderer', url: island.rendererUrl, directive });
    }
    if (attrs['before-hydration-url']) {
      island.beforeHydrationUrl = attrs['before-hydration-url'];
      urls.push({ kind: 'island-before-hydration', url: island.beforeHydrationUrl, directive });
    }
    islands.push(island);
  }

  return { inline, urls, islands };
}
