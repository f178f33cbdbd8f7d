/**
 * The JavaScript one built page ships: every script it refers to, followed through the static and
 * dynamic imports of the chunks, each file counted once, sized raw and gzip (level 9).
 *
 * Each file gets one loading class:
 * - "eager": loads with the page without any visitor action: inline scripts, `<script src>`,
 *   modulepreload links, islands hydrated with `client:load`, `client:only` or `client:idle`, and the
 *   static imports of all of these;
 * - "island": islands that wait for the viewport or a media query (`client:visible`,
 *   `client:interaction="visible"`, `client:media`, other custom directives) and their static imports;
 * - "interaction": islands that wait for the visitor's first interaction (`client:interaction`) and
 *   their static imports not already counted above;
 * - "lazy": reached only through `import()` (code split off until the page asks for it).
 * "Start-up" JS is eager + island + interaction: everything the page runs without an `import()` call.
 * "Without interaction" JS is eager + island: what a visitor who only looks at the page downloads.
 * Node only (uses node:zlib); used by tests and the bench, never by the site.
 */
import { gzipSync } from 'node:zlib';
import { extractScripts, type IslandRef } from './html-scripts.ts';
import { findImports } from './js-imports.ts';
import { detectFrameworks, type FrameworkName } from './framework.ts';

/** Hydration directives that load the island with the page, before any interaction. */
export const EAGER_DIRECTIVES: readonly string[] = ['load', 'only', 'idle'];

/** Hydration directives that wait for the visitor's first interaction (src/scripts/hydrate-on-interaction.ts). */
export const INTERACTION_DIRECTIVES: readonly string[] = ['interaction'];

/** Reads a site file by its URL path (e.g. '/_astro/x.js'); null when there is no such file. */
export type ReadAsset = (urlPath: string) => Uint8Array | string | null;

export interface JsFile {
  /** Root-relative URL path, e.g. '/_astro/client.DPlJosq6.js'. */
  path: string;
  bytes: number;
  gzip: number;
  loading: 'eager' | 'island' | 'interaction' | 'lazy';
  /** Framework runtimes recognised in the file's content. */
  frameworks: FrameworkName[];
  /** True when an island names this file as its `renderer-url` (a framework's hydration runtime). */
  renderer: boolean;
}

export interface PageJsReport {
  inline: { count: number; bytes: number; gzip: number; frameworks: FrameworkName[] };
  files: JsFile[];
  islands: IslandRef[];
  /** Sum of gzip sizes of every inline script and every file (eager + island + lazy). */
  totalGzip: number;
  totalBytes: number;
  /** Inline scripts and eager files. */
  eagerGzip: number;
  /** Eager + island + interaction: all the page runs without an `import()` call. */
  startupGzip: number;
  /** Inline scripts, eager files and islands that wait for visibility: all loaded without any interaction. */
  withoutInteractionGzip: number;
  /** Files loaded only on the visitor's first interaction (`client:interaction` islands). */
  interactionGzip: number;
  /** Script files (requests) the page loads at start-up: the eager files, inline scripts excluded. */
  eagerFiles: number;
  /** Files reached only through `import()`. */
  lazyGzip: number;
  /** Frameworks found anywhere in the page's JavaScript, plus 'astro-renderer' when an island renderer is referenced. */
  frameworks: string[];
  /** Files that carry framework runtime code (recognised by content or used as an island renderer). */
  frameworkFiles: string[];
  /** Scripts on other origins: not measured (a budget check treats them as unknown size). */
  external: string[];
  /** Referenced same-origin scripts that do not exist in the build. */
  missing: string[];
}

/** Gzip size in bytes (level 9, as size tools usually report). */
export function gzipSize(data: Uint8Array | string): number {
  return gzipSync(typeof data === 'string' ? Buffer.from(data) : data, { level: 9 }).length;
}

const byteLength = (data: Uint8Array | string) =>
  typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;

/** Resolves `spec` against `base` (both URL paths); returns the path, or null for another origin. */
function resolvePath(spec: string, base: string): string | null {
  const url = new URL(spec, new URL(base, 'http://site.invalid'));
  if (url.origin !== 'http://site.invalid') return null;
  return decodeURIComponent(url.pathname);
}

/**
 * Measures the JavaScript of one page.
 * @param html the page's HTML
 * @param pagePath the page's URL path (relative script URLs resolve against it), e.g. '/blog/post'
 * @param read reads a built file by URL path
 */
export function measurePageJs(html: string, pagePath: string, read: ReadAsset): PageJsReport {
  const { inline, urls, islands } = extractScripts(html);
  const files = new Map<string, JsFile>();
  const external: string[] = [];
  const missing: string[] = [];
  const rendererPaths = new Set<string>();

  const eagerRoots: string[] = [];
  const deferredRoots: string[] = [];
  const interactionRoots: string[] = [];
  for (const ref of urls) {
    const path = resolvePath(ref.url, pagePath);
    if (path === null) {
      if (!external.includes(ref.url)) external.push(ref.url);
      continue;
    }
    if (ref.kind === 'island-renderer') rendererPaths.add(path);
    const eager = ref.directive === undefined || EAGER_DIRECTIVES.includes(ref.directive);
    const onInteraction = ref.directive !== undefined && INTERACTION_DIRECTIVES.includes(ref.directive);
    (eager ? eagerRoots : onInteraction ? interactionRoots : deferredRoots).push(path);
  }

  // Breadth-first over the import graph, one class at a time: eager roots and their static imports,
  // then lazy-hydrated islands and theirs, then islands waiting for interaction, then whatever is
  // reached only through import().
  const walk = (roots: string[], loading: JsFile['loading']): string[] => {
    const queue = [...roots];
    const dynamic: string[] = [];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (files.has(path) || missing.includes(path)) continue;
      const data = read(path);
      if (data === null) {
        missing.push(path);
        continue;
      }
      const code = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
      files.set(path, {
        path,
        bytes: byteLength(data),
        gzip: gzipSize(data),
        loading,
        frameworks: detectFrameworks(code),
        renderer: rendererPaths.has(path),
      });
      const imports = findImports(code);
      const follow = (specs: string[], into: string[]) => {
        for (const spec of specs) {
          const target = resolvePath(spec, path);
          if (target === null) {
            if (!external.includes(spec)) external.push(spec);
          } else into.push(target);
        }
      };
      follow(imports.static, queue);
      // In the lazy class, import() leads to more lazy code: same queue.
      follow(imports.dynamic, loading === 'lazy' ? queue : dynamic);
    }
    return dynamic;
  };
  const fromEager = walk(eagerRoots, 'eager');
  const fromIslands = walk(deferredRoots, 'island');
  const fromInteraction = walk(interactionRoots, 'interaction');
  walk([...fromEager, ...fromIslands, ...fromInteraction], 'lazy');

  const inlineFrameworks = [...new Set(inline.flatMap((code) => detectFrameworks(code)))];
  const inlineGzip = inline.reduce((sum, code) => sum + gzipSize(code), 0);
  const inlineBytes = inline.reduce((sum, code) => sum + byteLength(code), 0);
  const list = [...files.values()];
  const sum = (items: JsFile[], key: 'gzip' | 'bytes') => items.reduce((s, f) => s + f[key], 0);

  const frameworks = new Set<string>(inlineFrameworks);
  for (const f of list) for (const name of f.frameworks) frameworks.add(name);
  if (rendererPaths.size > 0) frameworks.add('astro-renderer');

  return {
    inline: { count: inline.length, bytes: inlineBytes, gzip: inlineGzip, frameworks: inlineFrameworks },
    files: list,
    islands,
    totalGzip: inlineGzip + sum(list, 'gzip'),
    totalBytes: inlineBytes + sum(list, 'bytes'),
    eagerGzip:
      inlineGzip +
      sum(
        list.filter((f) => f.loading === 'eager'),
        'gzip',
      ),
    startupGzip:
      inlineGzip +
      sum(
        list.filter((f) => f.loading !== 'lazy'),
        'gzip',
      ),
    withoutInteractionGzip:
      inlineGzip +
      sum(
        list.filter((f) => f.loading === 'eager' || f.loading === 'island'),
        'gzip',
      ),
    interactionGzip: sum(
      list.filter((f) => f.loading === 'interaction'),
      'gzip',
    ),
    eagerFiles: list.filter((f) => f.loading === 'eager').length,
    lazyGzip: sum(
      list.filter((f) => f.loading === 'lazy'),
      'gzip',
    ),
    frameworks: [...frameworks],
    frameworkFiles: list.filter((f) => f.frameworks.length > 0 || f.renderer).map((f) => f.path),
    external,
    missing,
  };
}
