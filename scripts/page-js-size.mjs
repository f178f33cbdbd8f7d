// Sums the gzip size of the JavaScript a built page loads: <script src>, inline module imports and
// island component/renderer URLs, followed recursively through static imports. Dynamic imports
// (loaded on demand) are listed and summed separately.
//
// Usage: node scripts/page-js-size.mjs dist/phone-recommender.html [more.html ...] [--max-kb 90]
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const args = process.argv.slice(2);
const maxIdx = args.indexOf('--max-kb');
const maxKb = maxIdx >= 0 ? Number(args[maxIdx + 1]) : null;
const pages = args.filter((a, i) => !a.startsWith('--') && (maxIdx < 0 || i !== maxIdx + 1));
const dist = 'dist';

const STATIC_IMPORT = /(?:import|export)\s*(?:[\w*${}\s,]*?from\s*)?["']([^"']+\.m?js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g;

function resolveUrl(url, fromFile) {
  if (url.startsWith('/')) return path.join(dist, url);
  return path.join(path.dirname(fromFile), url);
}

function walk(file, seen, dynamic) {
  if (seen.has(file) || !existsSync(file)) return;
  seen.add(file);
  const src = readFileSync(file, 'utf8');
  for (const m of src.matchAll(STATIC_IMPORT)) walk(resolveUrl(m[1], file), seen, dynamic);
  for (const m of src.matchAll(DYNAMIC_IMPORT)) dynamic.add(resolveUrl(m[1], file));
}

const gz = (file) => gzipSync(readFileSync(file)).length;
let failed = false;
for (const page of pages) {
  const html = readFileSync(page, 'utf8');
  const entry = new Set();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) entry.add(m[1]);
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) entry.add(m[1]);
  const seen = new Set();
  const dynamic = new Set();
  for (const url of entry) walk(path.join(dist, url), seen, dynamic);
  // Inline module scripts may import chunks too.
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1].matchAll(STATIC_IMPORT)) walk(path.join(dist, i[1]), seen, dynamic);
  }
  let inlineBytes = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) inlineBytes += gzipSync(m[1]).length;
  const rows = [...seen].map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((s, r) => s + r[1], 0) + inlineBytes;
  const lazyRows = [...dynamic].filter((f) => !seen.has(f) && existsSync(f)).map((f) => {
    const s = new Set(); walk(f, s, new Set());
    return [f, [...s].filter((x) => !seen.has(x)).reduce((a, x) => a + gz(x), 0)];
  });
  console.log(`\n${page}`);
  for (const [f, s] of rows) console.log(`  ${(s / 1024).toFixed(1).padStart(6)} KB  ${path.relative(dist, f)}`);
  console.log(`  ${(inlineBytes / 1024).toFixed(1).padStart(6)} KB  (inline scripts)`);
  console.log(`  total loaded at start: ${(total / 1024).toFixed(1)} KB gzip`);
  for (const [f, s] of lazyRows) console.log(`  on demand: ${(s / 1024).toFixed(1)} KB  ${path.relative(dist, f)} (+ its imports not already loaded)`);
  if (maxKb != null && total / 1024 > maxKb) { console.log(`  OVER BUDGET (${maxKb} KB)`); failed = true; }
}
process.exit(failed ? 1 : 0);
