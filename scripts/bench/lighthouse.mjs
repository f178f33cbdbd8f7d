// Lighthouse mobile runs per page, through the bench server with compression, interleaved: each round
// runs every page once before the next round starts, so a busy moment of the machine falls on every page
// alike. Each page is measured two ways (docs/performance.md, "Observed and simulated paints"):
// - simulated: Lighthouse's default, a replay of the load over its slow-4G model with 4x CPU (the scores);
// - observed: `--throttling-method=devtools`, the same slow 4G and 4x CPU applied to the browser for
//   real, and the paints as they happened.
// Each report names the element of the largest contentful paint.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BASE, CHROME, LH_DIR, RUNS, elapsed, log, median } from './settings.mjs';

const LH_CLI = path.join('node_modules', 'lighthouse', 'cli', 'index.js');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage';
const slug = (route) => (route === '/' ? 'home' : route.slice(1).replace(/[^\w-]+/g, '_') || 'page');

/** The element of the largest contentful paint, as the report describes it (label and short snippet). */
function lcpElement(report) {
  const find = (v) => {
    if (!v || typeof v !== 'object') return null;
    if (v.type === 'node' && (v.snippet || v.nodeLabel)) return v;
    for (const x of Array.isArray(v) ? v : Object.values(v)) {
      const hit = find(x);
      if (hit) return hit;
    }
    return null;
  };
  const node = find(report.audits['lcp-breakdown-insight']?.details);
  if (!node) return null;
  const tag = (node.snippet ?? '').match(/^<([a-z0-9-]+)/i)?.[1]?.toLowerCase() ?? '?';
  // An image by its file (its label is often only a selector), anything else by its text.
  const src = tag === 'img' ? (node.snippet ?? '').match(/\bsrc="([^"]+)"/)?.[1] : null;
  const label = (src ? src.split('/').pop() : (node.nodeLabel ?? '')).replace(/\s+/g, ' ').trim();
  return `${tag}${label ? `: ${label.length > 60 ? `${label.slice(0, 57)}...` : label}` : ''}`;
}

function runOnce(url, outFile, categories, method) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        LH_CLI,
        url,
        '--output=json',
        `--output-path=${outFile}`,
        `--only-categories=${categories.join(',')}`,
        `--throttling-method=${method}`,
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
          lcpElement: lcpElement(r),
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

/** Medians of the successful runs (the LCP element: the one named most often). */
function summarise(runs, categories) {
  const ok = runs.filter((r) => !r.error);
  if (ok.length === 0) return { error: runs[0]?.error ?? 'no run', runs: 0 };
  const med = (k) => median(ok.map((r) => r[k]));
  const elements = ok.map((r) => r.lcpElement).filter(Boolean);
  const lcpElement =
    elements.sort((a, b) => elements.filter((e) => e === b).length - elements.filter((e) => e === a).length)[0] ?? null;
  return {
    runs: ok.length,
    errors: runs.length - ok.length,
    scores: Object.fromEntries(categories.map((c) => [c, median(ok.map((r) => r.scores[c]))])),
    fcp: med('fcp'),
    lcp: med('lcp'),
    tbt: med('tbt'),
    cls: med('cls'),
    lcpElement,
    otherLcpElements: [...new Set(elements)].filter((e) => e !== lcpElement),
    requests: med('requests'),
    transfer: med('transfer'),
    benchmarkIndex: med('benchmarkIndex'),
    each: ok.map((r) => ({ fcp: r.fcp, lcp: r.lcp, tbt: r.tbt })),
  };
}

/**
 * RUNS rounds over `targets` ({ route, categories, observed }): in each round every target once,
 * simulated and (with `observed`) observed, one run retried once on failure. Returns, per route,
 * `{ simulated, observed }` medians.
 */
export async function lighthouseRounds(targets) {
  const runs = new Map(targets.map((t) => [t.route, { simulate: [], devtools: [] }]));
  for (let i = 1; i <= RUNS; i++) {
    for (const t of targets) {
      for (const method of t.observed ? ['simulate', 'devtools'] : ['simulate']) {
        const t0 = performance.now();
        const categories = method === 'simulate' ? t.categories : ['performance'];
        const out = path.join(LH_DIR, `${slug(t.route)}-${method === 'simulate' ? 'sim' : 'obs'}-run${i}.json`);
        let r = await runOnce(`${BASE}${t.route}`, out, categories, method);
        if (r.error) {
          log(`lighthouse ${t.route} (${method}) run ${i}: ${r.error}; retrying once`);
          r = await runOnce(`${BASE}${t.route}`, out, categories, method);
        }
        runs.get(t.route)[method].push(r);
        log(
          `lighthouse ${t.route} ${method === 'simulate' ? 'simulated' : 'observed'} run ${i}/${RUNS}: ` +
            (r.error
              ? `error ${r.error}`
              : `FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms (${r.lcpElement ?? 'element unknown'})`) +
            ` (${elapsed(t0)})`,
        );
      }
    }
  }
  return new Map(
    targets.map((t) => {
      const r = runs.get(t.route);
      return [
        t.route,
        {
          simulated: summarise(r.simulate, t.categories),
          observed: t.observed ? summarise(r.devtools, ['performance']) : null,
        },
      ];
    }),
  );
}
