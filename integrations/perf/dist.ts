/**
 * Reading a build output directory (dist/) for the size checks: its pages and a file reader by URL
 * path. Node only.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { routeFromHtmlFile } from './routes.ts';
import type { ReadAsset } from './page-js.ts';

export interface BuiltPage {
  route: string;
  /** Path relative to the build directory, '/' separators. */
  file: string;
}

/**
 * Every HTML page in `dir` with its route, sorted by route. Skips `_astro/` (assets) and the
 * 404 page (served for unknown URLs, not a route of its own).
 */
export function listBuiltPages(dir: string): BuiltPage[] {
  const pages: BuiltPage[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (child !== '_astro') walk(child);
      } else if (entry.name.endsWith('.html') && child !== '404.html') {
        pages.push({ route: routeFromHtmlFile(child), file: child });
      }
    }
  };
  walk('');
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}

/** A ReadAsset over the files of `dir` (URL path '/_astro/x.js' -> `dir`/_astro/x.js). */
export function distReader(dir: string): ReadAsset {
  const root = path.resolve(dir);
  return (urlPath) => {
    const file = path.resolve(root, `.${urlPath}`);
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) return null;
    return readFileSync(file);
  };
}
