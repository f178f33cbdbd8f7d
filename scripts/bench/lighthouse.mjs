// Lighthouse mobile runs per page (median of BENCH_RUNS), through the bench server with compression.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BASE, CHROME, LH_DIR, RUNS, elapsed, log, median } from './settings.mjs';

const LH_CLI = path.join('node_modules', 'lighthouse', 'cli', 'index.js');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage';
const slug = (route) => (route === '/' ? 'home' : route.slice(1).replace(/[^\w-]+/g, '_'));

function runOnce(url, outFile, categories) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        LH_CLI,
        url,
        '--output=json',
        `--output-path=${outFile}`,
        `--only-categories=${categories.join(',')}`,
        `--chrome-flags=${CHROME_FLAGS}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0 || !existsSync(outFile))
        return resolve({ error: `lighthouse exited ${code}: ${stderr.trim().split('\n').pop() ?? ''}` });
      try {
        const r = JSON.parse(readFileSync(outFile, 'utf8'));
        if (r.runtimeError) return resolve({ error: `${r.runtimeError.code}: ${r.runtimeError.message}` });
        const score = (c) => (r.categories[c]?.score == null ? null : Math.round(r.categories[c].score * 100));
        const num = (a) => r.audits[a]?.numericValue ?? null;
        resolve({
          scores: Object.fromEntries(categories.map((c) => [c, score(c)])),
          fcp: num('first-contentful-paint'),
          lcp: num('largest-contentful-paint'),
          tbt: num('total-blocking-time'),
          cls: num('cumulative-layout-shift'),
          requests: r.audits['network-requests']?.details?.items?.length ?? null,
          transfer: num('total-byte-weight'),
          benchmarkIndex: r.environment?.benchmarkIndex ?? null,
        });
      } catch (err) {
        resolve({ error: `unreadable report: ${err.message}` });
      }
    });
  });
}

/** Median Lighthouse figures of `route` over RUNS runs (one retry per failed run). */
export async function lighthouse(route, categories) {
  const runs = [];
  for (let i = 1; i <= RUNS; i++) {
    const t0 = performance.now();
    const out = path.join(LH_DIR, `${slug(route)}-run${i}.json`);
    let r = await runOnce(`${BASE}${route}`, out, categories);
    if (r.error) {
      log(`lighthouse ${route} run ${i}: ${r.error}; retrying once`);
      r = await runOnce(`${BASE}${route}`, out, categories);
    }
    runs.push(r);
    log(
      `lighthouse ${route} run ${i}/${RUNS}: ` +
        (r.error ? `error ${r.error}` : categories.map((c) => `${c} ${r.scores[c]}`).join(', ')) +
        ` (${elapsed(t0)})`,
    );
  }
  const ok = runs.filter((r) => !r.error);
  if (ok.length === 0) return { error: runs[0]?.error ?? 'no run', runs: 0 };
  const med = (k) => median(ok.map((r) => r[k]));
  return {
    runs: ok.length,
    errors: runs.length - ok.length,
    scores: Object.fromEntries(categories.map((c) => [c, median(ok.map((r) => r.scores[c]))])),
    fcp: med('fcp'),
    lcp: med('lcp'),
    tbt: med('tbt'),
    cls: med('cls'),
    requests: med('requests'),
    transfer: med('transfer'),
    benchmarkIndex: med('benchmarkIndex'),
  };
}
