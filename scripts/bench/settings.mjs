// Settings of `npm run bench` (environment and flags), shared constants and small helpers.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const intEnv = (name, fallback, min, max) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
    process.exit(2);
  }
  return n;
};

export const RUNS = intEnv('BENCH_RUNS', 3, 1, 9);
export const DURATION = intEnv('BENCH_DURATION', 20, 1, 120);
export const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 100, 1, 250);
/**
 * Seconds of the same load right before each measured one: the warm-up, reported apart. A server just
 * started, on fresh storage, answers its first seconds of load much slower (docs/runtime.md, "Figures").
 */
export const WARMUP = intEnv('BENCH_WARMUP', 20, 0, 120);
export const PORT = intEnv('BENCH_PORT', 8861, 1024, 65535);
export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const FLAGS = ['--skip-build', '--no-lighthouse', '--no-load', '--no-scale', '--no-mail', '--no-campaign'];
const args = new Set(process.argv.slice(2));
for (const a of args) {
  if (!FLAGS.includes(a)) {
    console.error(`Unknown option ${a}. Options: ${FLAGS.join(', ')}.`);
    process.exit(2);
  }
}
export const SKIP_BUILD = args.has('--skip-build');
export const LIGHTHOUSE = !args.has('--no-lighthouse');
export const LOAD = !args.has('--no-load');
export const SCALE = !args.has('--no-scale');
export const MAIL = !args.has('--no-mail');
export const CAMPAIGN = !args.has('--no-campaign');

export const SITE = '.bench-site';
export const HOST = '127.0.0.1';
export const BASE = `http://${HOST}:${PORT}`;
export const ADMIN_KEY = 'bench-admin-key-0123456789';
export const LH_DIR = path.join('bench', 'lighthouse');
/** A page with one paragraph and no script, image or stylesheet, added to the scratch copy only:
 * what Lighthouse's simulation gives the lightest possible page on this machine (docs/performance.md). */
export const FLOOR_ROUTE = '/bench-floor';
/**
 * The Astro blog example's build (bench/anchors/README.md): its post page is measured beside ours, served
 * from the scratch copy at its own path, with its assets (ANCHOR_FILES, relative to ANCHOR_DIR).
 */
export const ANCHOR_DIR = path.join('bench', 'anchors', 'astro-blog-example');
export const ANCHOR_ROUTE = '/blog/first-post/';
export const ANCHOR_FILES = ['blog/first-post/index.html', '_astro', 'favicon.ico'];
export const RESULTS = path.join('bench', 'results.md');
export const RUN_ID = Date.now().toString(36);
export const BLOBS_DIR = path.join(SITE, '.netlify', 'blobs-serve');
export const BLOBS_STATS_FILE = path.join(SITE, 'blobs-stats.json');

export const log = (...m) => console.error('[bench]', ...m);
export const elapsed = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Median of the finite numbers in `values`, or null. */
export const median = (values) => {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/** The q-quantile (0..1) of sorted numbers, nearest rank. */
export const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))] : null;
