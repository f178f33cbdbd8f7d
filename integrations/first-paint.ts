/**
 * After the build, two steps on every page of dist/ so that nothing but the page itself stands
 * between a visitor and the first paint (docs/performance.md, "First paint"):
 *
 * 1. Scripts: a page whose module scripts load as a chain of files (the header's script importing
 *    shared chunks, which import more) gets them bundled into one file, `/_astro/page.<hash>.js`,
 *    shared by every page with the same scripts. The page's inline module scripts (Astro inlines
 *    those that import nothing) go into that file too, in document order: they run after parsing
 *    either way, and their bytes leave the first response. A chunk that the page's islands also load is
 *    copied into the bundle only when it holds no state (no store module): a second copy of a
 *    store would split the page's state in two. Pages where that would happen keep their chunks,
 *    and so do pages whose islands hydrate at load and fetch those chunks anyway.
 * 2. Styles: each stylesheet link is replaced by the part of that stylesheet the page can use
 *    (integrations/perf/page-css.ts), inline, so the page paints from its first response.
 * 3. The first-screen image: a page whose largest first-screen image is marked (`fetchpriority="high"`)
 *    gets a `Link: rel=preload` response header for it (dist/_headers, applied by Netlify and by the
 *    local runtime), with the image's own srcset and sizes, so its request starts with the document's
 *    headers instead of after the document has been read.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { distReader } from './perf/dist.ts';
import { findImports } from './perf/js-imports.ts';
import { extractScripts } from './perf/html-scripts.ts';
import { EAGER_DIRECTIVES } from './perf/page-js.ts';
import {
  firstScreenImagePreload,
  inlineStylesheet,
  linkHeadersFile,
  pageModuleScripts,
  pageUrlPath,
  pageScriptEntry,
  replaceModuleScripts,
  stylesheetTags,
  type AssetTag,
  type InlineModuleTag,
} from './perf/page-assets.ts';
import { pageText, prunePageCss } from './perf/page-css.ts';

/** Source modules that hold state shared by a page's scripts and islands: never duplicated. */
const STATEFUL_MODULE = /[\\/]src[\\/]stores[\\/]|[\\/]node_modules[\\/]nanostores[\\/]/;

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

function htmlFiles(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (child !== '_astro') out.push(...htmlFiles(root, child));
    } else if (entry.name.endsWith('.html')) out.push(child);
  }
  return out;
}

export function firstPaint(): AstroIntegration {
  // Client chunk file name -> the source modules in it (recorded while the client build writes).
  const chunkModules = new Map<string, string[]>();
  return {
    name: 'maple:first-paint',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'maple:record-chunks',
                apply: 'build',
                generateBundle(_options, bundle) {
                  for (const item of Object.values(bundle)) {
                    if (item.type === 'chunk') chunkModules.set(`/${item.fileName}`, item.moduleIds);
                  }
                },
              },
            ],
          },
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pages = htmlFiles(root);
        const bundled = await bundlePageScripts(root, pages, chunkModules, logger);
        const inlined = inlinePageCss(root, pages, logger);
        const preloaded = writeImagePreloads(root, pages);
        logger.info(
          `${bundled} pages load their scripts as one file; ${inlined} pages carry their CSS inline; ` +
            `${preloaded} pages start their first-screen image with the document (_headers).`,
        );
      },
    },
  };
}

/**
 * Every file `roots` load before running: themselves and their static imports, transitively
 * (with `followDynamic`, also what they load through `import()`).
 */
function staticClosure(
  roots: readonly string[],
  read: (p: string) => string | null,
  followDynamic = false,
): { files: string[]; dynamic: boolean } {
  const files: string[] = [];
  let dynamic = false;
  const queue = roots.filter((r) => r.startsWith('/'));
  while (queue.length) {
    const file = queue.shift()!;
    if (files.includes(file)) continue;
    const code = read(file);
    if (code === null) continue;
    files.push(file);
    const imports = findImports(code);
    if (imports.dynamic.length) dynamic = true;
    const next = followDynamic ? [...imports.static, ...imports.dynamic] : imports.static;
    for (const spec of next) queue.push(new URL(spec, `http://site.invalid${file}`).pathname);
  }
  return { files, dynamic };
}

/** Reads dist files as text by URL path, each file once. */
function textReader(root: string): (p: string) => string | null {
  const read = distReader(root);
  const cache = new Map<string, string | null>();
  return (p) => {
    if (!cache.has(p)) {
      const data = read(p);
      cache.set(p, data === null ? null : Buffer.from(data).toString('utf8'));
    }
    return cache.get(p)!;
  };
}

async function bundlePageScripts(
  root: string,
  pages: readonly string[],
  chunkModules: Map<string, string[]>,
  logger: AstroIntegrationLogger,
): Promise<number> {
  const readText = textReader(root);
  const written = new Map<string, string>(); // bundle key -> URL
  let count = 0;
  for (const file of pages) {
    const htmlPath = path.join(root, file);
    const html = readFileSync(htmlPath, 'utf8');
    const scripts = pageModuleScripts(html).filter((t) => !('url' in t) || t.url.startsWith('/_astro/'));
    const tags = scripts.filter((t): t is AssetTag => 'url' in t);
    const inline = scripts.filter((t): t is InlineModuleTag => 'code' in t);
    if (tags.length === 0) continue;
    const { files, dynamic } = staticClosure(
      tags.map((t) => t.url),
      readText,
    );
    if (files.length <= 1 && inline.length === 0) continue;
    if (dynamic) {
      logger.warn(`${file}: a page script uses import(); its scripts stay as they are.`);
      continue;
    }
    const islands = extractScripts(html).islands;
    const closureOf = (list: typeof islands) =>
      new Set(
        staticClosure(
          list.flatMap((i) => [i.componentUrl, i.rendererUrl ?? []].flat()),
          readText,
        ).files,
      );
    // An island hydrated at load fetches its chunks anyway: copying them would only add bytes.
    const eagerIslandFiles = closureOf(islands.filter((i) => EAGER_DIRECTIVES.includes(i.directive)));
    if (files.some((f) => eagerIslandFiles.has(f))) {
      logger.info(`${file}: keeps its script chunks (an island hydrated at load loads them too).`);
      continue;
    }
    const islandFiles = closureOf(islands);
    const shared = files.filter((f) => islandFiles.has(f));
    const unsafe = shared.filter((f) => {
      const modules = chunkModules.get(f);
      return modules === undefined || modules.some((m) => STATEFUL_MODULE.test(m));
    });
    if (unsafe.length) {
      logger.info(
        `${file}: keeps its script chunks (shared with its islands and holding state: ${unsafe.join(', ')}).`,
      );
      continue;
    }
    // Inline module scripts go in too, each as a module of its own, in document order, each in its own task.
    const entry = (t: AssetTag | InlineModuleTag) => ('url' in t ? `.${t.url}` : `inline:${inline.indexOf(t)}`);
    const key = scripts.map((t) => ('url' in t ? t.url : `inline:${sha(t.code)}`)).join('\n');
    let url = written.get(key);
    if (!url) {
      const result = await build({
        stdin: {
          contents: pageScriptEntry(scripts.map((t) => ({ specifier: entry(t), inline: 'code' in t }))),
          resolveDir: root,
          loader: 'js',
        },
        plugins: [
          {
            name: 'inline-module-scripts',
            setup(b) {
              b.onResolve({ filter: /^inline:\d+$/ }, (args) => ({ path: args.path, namespace: 'inline' }));
              b.onLoad({ filter: /.*/, namespace: 'inline' }, (args) => ({
                // `export {}`: an ES module (as in the page), not CommonJS to esbuild.
                contents: `${inline[Number(args.path.slice('inline:'.length))].code}\nexport {};`,
                loader: 'js',
              }));
            },
          },
        ],
        bundle: true,
        format: 'esm',
        minify: true,
        write: false,
        logLevel: 'silent',
      });
      const code = result.outputFiles[0].text;
      const hash = sha(code).slice(0, 8).replace(/[-_]/g, 'x');
      url = `/_astro/page.${hash}.js`;
      writeFileSync(path.join(root, url), code);
      written.set(key, url);
      logger.info(
        `${url}: ${files.length} files and ${inline.length} inline scripts in one (${(gzipSync(code).length / 1024).toFixed(1)} KB gzip).`,
      );
    }
    writeFileSync(htmlPath, replaceModuleScripts(html, scripts, url));
    count += 1;
  }
  return count;
}

function inlinePageCss(root: string, pages: readonly string[], _logger: AstroIntegrationLogger): number {
  const read = textReader(root);
  const sheets = new Map<string, string>();
  let count = 0;
  for (const file of pages) {
    const htmlPath = path.join(root, file);
    let html = readFileSync(htmlPath, 'utf8');
    const tags = stylesheetTags(html).filter((t) => t.url.startsWith('/_astro/'));
    if (tags.length === 0) continue;
    // Every script the page can load: its scripts, its islands, and what they import (also lazily).
    const { urls } = extractScripts(html);
    const pagePath = `/${file}`;
    const roots = urls
      .map((u) => new URL(u.url, `http://site.invalid${pagePath}`))
      .filter((u) => u.host === 'site.invalid');
    const scripts = staticClosure(
      roots.map((u) => u.pathname),
      read,
      true,
    ).files.map((f) => read(f)!);
    const text = pageText(html, scripts);
    for (const tag of tags) {
      if (!sheets.has(tag.url)) {
        const css = read(tag.url);
        if (css === null) throw new Error(`${file} links ${tag.url}, which is not in the build.`);
        sheets.set(tag.url, css);
      }
      html = inlineStylesheet(html, tag, prunePageCss(sheets.get(tag.url)!, text).css);
    }
    writeFileSync(htmlPath, html);
    count += 1;
  }
  return count;
}

/** Writes dist/_headers with a preload `Link` header per page that has a first-screen image. */
function writeImagePreloads(root: string, pages: readonly string[]): number {
  const links = new Map<string, string>();
  for (const file of pages) {
    const link = firstScreenImagePreload(readFileSync(path.join(root, file), 'utf8'));
    if (link) links.set(pageUrlPath(file), link);
  }
  const headersPath = path.join(root, '_headers');
  const existing = existsSync(headersPath) ? readFileSync(headersPath, 'utf8') : '';
  if (links.size) writeFileSync(headersPath, linkHeadersFile(links, existing));
  return links.size;
}
