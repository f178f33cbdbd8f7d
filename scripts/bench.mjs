// npm run bench: builds the site, serves a scratch copy (.bench-site/) the way `npm start` does, and
// measures every public page (JavaScript shipped, HTML size, Lighthouse mobile) and every API endpoint
// (throughput and latency under load, and for signups: addresses sent vs records stored). Prints one
// report and writes it to bench/results.md; exits 1 when a budget from the issues is missed.
//
// Settings (environment):
//   BENCH_RUNS=3          Lighthouse runs per page (the median is reported)
//   BENCH_DURATION=20     seconds of load per endpoint
//   BENCH_CONNECTIONS=100 concurrent connections per endpoint
//   BENCH_PORT=8861       loopback port for the bench server
//   CHROME_PATH=/usr/bin/chromium
// Flags: --skip-build (measure the existing dist/), --no-lighthouse, --no-load.
// See bench/README.md for how to read the report.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(`Node ${process.version} is too old for the bench (it imports TypeScript from src/lib/perf). Run it with "npm run bench", which uses the project's Node 22.`);
  process.exit(1);
}

const { listBuiltPages, distReader } = await import('../src/lib/perf/dist.ts');
const { measurePageJs, gzipSize } = await import('../src/lib/perf/page-js.ts');
const { pickRoutes } = await import('../src/lib/perf/routes.ts');
const { budgetsFor, checkSizeBudgets, checkLighthouseBudgets, formatKb, LIGHTHOUSE_CATEGORIES, PAGE_BUDGETS } = await import(
  '../src/lib/perf/budgets.ts'
);
const { default: autocannon } = await import('autocannon');

// ---------------------------------------------------------------- settings
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
const RUNS = intEnv('BENCH_RUNS', 3, 1, 9);
const DURATION = intEnv('BENCH_DURATION', 20, 1, 120);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 100, 1, 1000);
const PORT = intEnv('BENCH_PORT', 8861, 1024, 65535);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const args = new Set(process.argv.slice(2));
for (const a of args) {
  if (!['--skip-build', '--no-lighthouse', '--no-load'].includes(a)) {
    console.error(`Unknown option ${a}. Options: --skip-build, --no-lighthouse, --no-load.`);
    process.exit(2);
  }
}
const SKIP_BUILD = args.has('--skip-build');
const LIGHTHOUSE = !args.has('--no-lighthouse');
const LOAD = !args.has('--no-load');

const SITE = '.bench-site';
const HOST = '127.0.0.1';
const BASE = `http://${HOST}:${PORT}`;
const ADMIN_KEY = 'bench-admin-key-0123456789';
const LH_DIR = path.join('bench', 'lighthouse');
const RESULTS = path.join('bench', 'results.md');
const RUN_ID = Date.now().toString(36);
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage';

const log = (...m) => console.error('[bench]', ...m);
const elapsed = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- server lifecycle
let server = null;
async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.stopping = true;
  server.kill('SIGTERM');
  const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!done) server.kill('SIGKILL');
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    log(`${sig}: stopping the bench server`);
    await stopServer();
    process.exit(130);
  });
}

async function isUp() {
  try {
    const res = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** True while the bench server process runs and serves a static file (a busy function queue does not count as dead). */
async function isAlive() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return false;
  try {
    const res = await fetch(`${BASE}/favicon.svg`, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Waits (bounded) until the server answers a health check quickly again: requests cut off at the
 * end of a load run are still being handled, and would slow the next endpoint down.
 */
async function drain() {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      const t0 = performance.now();
      const res = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(30_000) });
      await res.text();
      if (res.ok && performance.now() - t0 < 5_000) return;
    } catch {
      // still busy
    }
    await sleep(1000);
  }
}

async function startServer() {
  if (await isUp()) throw new Error(`Something already answers on ${BASE}. Stop it or set BENCH_PORT (8861-8869).`);
  const logFile = path.join(SITE, 'server.log');
  const fd = openSync(logFile, 'a');
  const env = {
    ...process.env,
    SITE_ROOT: SITE,
    PORT: String(PORT),
    HOST,
    SITE_LAUNCHED: 'true', // measure the launched site, not the pre-launch gate
    SITE_URL: BASE,
    ADMIN_KEY,
    SIGNUP_RATE_LIMIT: '1000000000',
    ADMIN_LOGIN_RATE_LIMIT: '1000',
    LOCAL_MODE: 'true', // built-in SESSION_SECRET for signed links; mail limits off for load
    MAIL_CLIENT_HOURLY_LIMIT: '1000000000',
    MAIL_GLOBAL_HOURLY_LIMIT: '1000000000',
  };
  // Never send real e-mail from a benchmark: without a SendGrid key the mailer writes to the outbox.
  delete env.SENDGRID_API_KEY;
  delete env.SENDGRID_BASE_URL;
  server = spawn(process.execPath, ['scripts/serve.mjs'], { env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const child = server;
  child.once('exit', (code, signal) => {
    if (!child.stopping) log(`the bench server exited unexpectedly (code ${code}, signal ${signal}); see ${logFile}`);
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    if (await isUp()) return;
    await sleep(500);
  }
  const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
  await stopServer();
  throw new Error(`The bench server did not come up on ${BASE}.\n${tail}`);
}

// ---------------------------------------------------------------- machine notes
function quiet(cmd, argv) {
  try {
    return execFileSync(cmd, argv, { encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}
const pkgVersion = (name) => {
  try {
    return JSON.parse(readFileSync(path.join('node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
};
function machineNotes() {
  const cpus = os.cpus();
  const chromium = quiet(CHROME, ['--version'])?.split('\n').find((l) => /chrom/i.test(l)) ?? `not found at ${CHROME}`;
  const commit = quiet('git', ['rev-parse', '--short', 'HEAD']);
  const dirty = quiet('git', ['status', '--porcelain', '--untracked-files=no']);
  return {
    date: new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
    commit: commit ? `${commit}${dirty ? ' (with uncommitted changes)' : ''}` : 'unknown',
    cpu: `${cpus.length} × ${cpus[0]?.model?.trim() ?? 'unknown CPU'}`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
    load: os.loadavg().map((l) => l.toFixed(2)).join(' / '),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium,
    astro: pkgVersion('astro'),
    lighthouse: pkgVersion('lighthouse'),
    autocannon: pkgVersion('autocannon'),
  };
}

// ---------------------------------------------------------------- statistics
const median = (values) => {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

// ---------------------------------------------------------------- Lighthouse
const LH_CLI = path.join('node_modules', 'lighthouse', 'cli', 'index.js');
const slug = (route) => (route === '/' ? 'home' : route.slice(1).replace(/[^\w-]+/g, '_'));

function runLighthouseOnce(url, outFile) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        LH_CLI,
        url,
        '--output=json',
        `--output-path=${outFile}`,
        `--only-categories=${LIGHTHOUSE_CATEGORIES.join(',')}`,
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
      if (code !== 0 || !existsSync(outFile)) return resolve({ error: `lighthouse exited ${code}: ${stderr.trim().split('\n').pop() ?? ''}` });
      try {
        const r = JSON.parse(readFileSync(outFile, 'utf8'));
        if (r.runtimeError) return resolve({ error: `${r.runtimeError.code}: ${r.runtimeError.message}` });
        const score = (c) => (r.categories[c]?.score == null ? null : Math.round(r.categories[c].score * 100));
        const num = (a) => r.audits[a]?.numericValue ?? null;
        resolve({
          scores: Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, score(c)])),
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

async function lighthouse(route) {
  const runs = [];
  for (let i = 1; i <= RUNS; i++) {
    const t0 = performance.now();
    const out = path.join(LH_DIR, `${slug(route)}-run${i}.json`);
    let r = await runLighthouseOnce(`${BASE}${route}`, out);
    if (r.error) {
      log(`lighthouse ${route} run ${i}: ${r.error}; retrying once`);
      r = await runLighthouseOnce(`${BASE}${route}`, out);
    }
    runs.push(r);
    log(
      `lighthouse ${route} run ${i}/${RUNS}: ` +
        (r.error ? `error ${r.error}` : LIGHTHOUSE_CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')) +
        ` (${elapsed(t0)})`,
    );
  }
  const ok = runs.filter((r) => !r.error);
  if (ok.length === 0) return { error: runs[0]?.error ?? 'no run', runs: 0 };
  return {
    runs: ok.length,
    errors: runs.length - ok.length,
    scores: Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, median(ok.map((r) => r.scores[c]))])),
    lcp: median(ok.map((r) => r.lcp)),
    tbt: median(ok.map((r) => r.tbt)),
    cls: median(ok.map((r) => r.cls)),
    requests: median(ok.map((r) => r.requests)),
    transfer: median(ok.map((r) => r.transfer)),
    benchmarkIndex: median(ok.map((r) => r.benchmarkIndex)),
  };
}

// ---------------------------------------------------------------- endpoints
const signupBodies = {
  waitlist: [
    (email) => ({ name: 'Bench Visitor', email, interests: 'all', source: 'bench' }),
    (email) => ({ name: 'Bench Visitor', email, interests: ['all'], source: 'bench' }),
  ],
  newsletter: [(email) => ({ name: 'Bench Visitor', email, phoneModel: 'Pixel 8', consent: true })],
};
const ENDPOINTS = [
  { id: 'POST /api/waitlist', method: 'POST', path: '/api/waitlist', signup: 'waitlist' },
  { id: 'POST /api/newsletter/subscribe', method: 'POST', path: '/api/newsletter/subscribe', signup: 'newsletter' },
  { id: 'GET /api/search-phones?query=pixel', method: 'GET', path: '/api/search-phones?query=pixel' },
  { id: 'GET /api/phone-specs/Google Pixel 8', method: 'GET', path: '/api/phone-specs/Google%20Pixel%208' },
];
const emailFor = (tag, n) => `bench-${RUN_ID}-${tag}-${n}@example.com`;

/** One request; 'not built' when the site answers with its HTML 404 page (no function on that path). */
async function probe(ep, body) {
  const t0 = performance.now();
  const res = await fetch(`${BASE}${ep.path}`, {
    method: ep.method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  const notBuilt = res.status === 404 && !type.includes('json');
  return { status: res.status, notBuilt, text: text.slice(0, 200), ms: performance.now() - t0 };
}

/**
 * Distinct e-mail addresses containing `marker` in the bench site's Blobs, read straight from the
 * local Blobs directory (entries/<site id>/<store>/<key>): every JSON record with an `email` field,
 * in any store except the mail outbox (whose records name the recipient in `to`).
 */
function storedAddresses(marker) {
  const root = path.join(SITE, '.netlify', 'blobs-serve', 'entries');
  const addresses = new Set();
  const stores = new Set();
  const walk = (dir, store) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const next = store ?? (dir === root ? null : entry.name);
        if (!(next && /outbox/i.test(next))) walk(p, next);
        continue;
      }
      if (!store) continue;
      let value;
      try {
        value = JSON.parse(readFileSync(p, 'utf8'));
      } catch {
        continue; // not JSON: not a subscriber record
      }
      const email = typeof value?.email === 'string' ? value.email.toLowerCase() : null;
      if (email?.includes(marker)) {
        addresses.add(email);
        stores.add(store);
      }
    }
  };
  if (existsSync(root)) walk(root, null);
  return { addresses, count: addresses.size, stores: [...stores] };
}

/**
 * The stored addresses once every acknowledged one is there or the count stops changing (bounded
 * wait for writes that finish after the response).
 */
async function settledStored(marker, acked) {
  let last = -1;
  let same = 0;
  for (let i = 0; i < 40; i++) {
    const now = storedAddresses(marker);
    if (acked.every((e) => now.addresses.has(e)) && now.count === last) return now;
    same = now.count === last ? same + 1 : 0;
    if (same >= 3) return now;
    last = now.count;
    await sleep(1000);
  }
  return storedAddresses(marker);
}

async function loadEndpoint(ep) {
  const result = { id: ep.id, signup: ep.signup ?? null };
  // Probe: is it there, and which payload shape does it accept?
  let makeBody = null;
  try {
    if (ep.signup) {
      let last;
      for (const [i, variant] of signupBodies[ep.signup].entries()) {
        last = await probe(ep, variant(emailFor(`probe-${ep.signup}`, i)));
        if (last.notBuilt) return { ...result, state: 'not built' };
        if (last.status >= 200 && last.status < 300) {
          makeBody = variant;
          result.single = last.ms;
          break;
        }
      }
      if (!makeBody) return { ...result, state: 'error', note: `probe answered ${last.status}: ${last.text}` };
    } else {
      const p = await probe(ep);
      if (p.notBuilt) return { ...result, state: 'not built' };
      if (p.status < 200 || p.status >= 300) return { ...result, state: 'error', note: `probe answered ${p.status}: ${p.text}` };
      result.single = p.ms;
    }
  } catch (err) {
    return { ...result, state: 'error', note: `probe failed: ${err.message}` };
  }
  if (!LOAD) return { ...result, state: 'built (load skipped)' };

  const sent = new Set();
  const answered = new Map(); // address -> HTTP status
  const failures = new Map(); // first line of a non-2xx body -> count
  let seq = 0;
  const request = {
    method: ep.method,
    path: ep.path,
    onResponse: (status, body, context) => {
      if (context.email) answered.set(context.email, status);
      if (status < 200 || status >= 300) {
        const key = `${status} ${String(body ?? '').split('\n')[0].replace(/\s+/g, ' ').slice(0, 140)}`;
        if (failures.has(key) || failures.size < 5) failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    },
  };
  if (ep.signup) {
    request.headers = { 'content-type': 'application/json' };
    // Each request carries a new address; the context remembers it until its response arrives
    // (pipelining 1), so answered addresses can be compared with stored ones.
    request.setupRequest = (req, context) => {
      const email = emailFor(ep.signup, ++seq);
      context.email = email;
      sent.add(email);
      return { ...req, body: JSON.stringify(makeBody(email)) };
    };
  }
  const t0 = performance.now();
  const r = await autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
    timeout: 60, // seconds; longer than a function's own 30 s limit, so the server's answer is what counts
    requests: [request],
  });
  log(`load ${ep.id}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (${elapsed(t0)})`);
  Object.assign(result, {
    state: 'measured',
    rps: r.requests.average,
    p50: r.requests.total > 0 ? r.latency.p50 : null,
    p99: r.requests.total > 0 ? r.latency.p99 : null,
    total: r.requests.total,
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: r.statusCodeStats,
    failures: [...failures].map(([text, count]) => `${count}× ${text}`),
  });
  // Requests cut off at the end are still being handled by the server: let it finish before
  // counting what was stored (and before the next endpoint).
  await drain();
  if (ep.signup) {
    // Requests still in flight when the time is up are cut off by the load generator (it closes the
    // connection without waiting for the answer). The server may or may not have received such a
    // request in full, so they are counted apart; an answered request must be 2xx and stored.
    const marker = `bench-${RUN_ID}-${ep.signup}-`;
    const acked = [...answered].filter(([, status]) => status >= 200 && status < 300).map(([email]) => email);
    const stored = await settledStored(marker, acked);
    const cutOff = [...sent].filter((e) => !answered.has(e));
    Object.assign(result, {
      sent: sent.size,
      answered: answered.size,
      acked: acked.length,
      storedAnswered: [...answered.keys()].filter((e) => stored.addresses.has(e)).length,
      storedAll: [...sent].filter((e) => stored.addresses.has(e)).length,
      lostAcked: acked.filter((e) => !stored.addresses.has(e)).length,
      cutOff: cutOff.length,
      cutOffStored: cutOff.filter((e) => stored.addresses.has(e)).length,
      strays: [...stored.addresses].filter((e) => !sent.has(e)).length,
      stores: stored.stores,
    });
    log(
      `signups ${ep.id}: sent ${sent.size}, answered ${answered.size} (2xx ${acked.length}), stored ${result.storedAll} ` +
        `(${result.storedAnswered} answered, ${result.cutOffStored} of ${cutOff.length} cut off); store: ${stored.stores.join(', ') || 'none found'}`,
    );
  }
  return result;
}

// ---------------------------------------------------------------- formatting
const fmtMs = (v) => (v == null ? '—' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
const fmtCls = (v) => (v == null ? '—' : v.toFixed(3));
const fmtScore = (v) => (v == null ? '—' : String(Math.round(v)));
const table = (head, rows) => [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const cell = (s) => String(s).replace(/\|/g, '\\|');

// ---------------------------------------------------------------- main
async function main() {
  const t0 = performance.now();
  const machine = machineNotes();
  mkdirSync(LH_DIR, { recursive: true });

  if (!SKIP_BUILD) {
    log('building the site (astro build)...');
    const b = spawnSync('npx', ['astro', 'build'], { stdio: ['ignore', 2, 2], env: process.env });
    if (b.status !== 0) throw new Error(`astro build failed (exit ${b.status ?? b.signal}).`);
  }
  if (!existsSync('dist/index.html')) throw new Error('No build in dist/. Run without --skip-build.');
  const prep = spawnSync(process.execPath, ['scripts/prepare-test-site.mjs', SITE], { stdio: ['ignore', 2, 2] });
  if (prep.status !== 0) throw new Error('Preparing the bench site failed.');

  // Sizes come from the served copy's build output (identical to dist/).
  const distDir = path.join(SITE, 'dist');
  const read = distReader(distDir);
  const built = listBuiltPages(distDir);
  const measure = (page) => {
    const html = readFileSync(path.join(distDir, page.file));
    return { ...page, js: measurePageJs(html.toString('utf8'), page.route, read), htmlBytes: html.length, htmlGzip: gzipSize(html) };
  };
  const measured = new Map(built.map((p) => [p.route, measure(p)]));
  const picked = pickRoutes(built.map((p) => p.route));

  log(`starting the bench server on ${BASE} (log: ${SITE}/server.log)`);
  await startServer();
  const pages = [];
  const endpoints = [];
  try {
    for (const { wanted, route } of picked) {
      if (!route) {
        pages.push({ wanted, route: null });
        continue;
      }
      const page = { wanted, route, ...measured.get(route) };
      const res = await fetch(`${BASE}${route}`, { signal: AbortSignal.timeout(30_000) }).catch((e) => ({ status: `error ${e.message}` }));
      page.status = res.status;
      if (LIGHTHOUSE) page.lh = await lighthouse(route);
      pages.push(page);
    }
    for (const ep of ENDPOINTS) {
      if (!(await isAlive())) {
        log('the bench server is gone; restarting it');
        await stopServer();
        await startServer();
      }
      log(`endpoint ${ep.id}...`);
      endpoints.push(await loadEndpoint(ep));
    }
  } finally {
    await stopServer();
  }

  // ------------------------------------------------ budgets
  const budgetRows = [];
  const benchRoutes = new Set(pages.filter((p) => p.route).map((p) => p.route));
  for (const p of pages.filter((x) => x.route)) {
    budgetRows.push(...checkSizeBudgets(p.route, p.js));
    if (p.status !== 200 && budgetsFor(p.route).length) {
      budgetRows.push({ route: p.route, source: 'bench', check: 'page served with 200', measured: String(p.status), status: 'missed' });
    }
    if (LIGHTHOUSE && p.lh?.error && budgetsFor(p.route).some((b) => b.lighthouse)) {
      budgetRows.push({ route: p.route, source: 'bench', check: 'Lighthouse runs', measured: cell(p.lh.error), status: 'missed' });
    } else {
      budgetRows.push(...checkLighthouseBudgets(p.route, LIGHTHOUSE ? (p.lh?.scores ?? null) : null));
    }
  }
  // Budgeted families with no page built yet: n/a.
  for (const b of PAGE_BUDGETS) {
    if (![...measured.keys()].some((r) => budgetsFor(r).includes(b))) {
      budgetRows.push({ route: b.pattern, source: b.source, check: 'page budgets', measured: 'not built', status: 'n/a' });
    }
  }
  // Every other built page: size budgets (the representative pages above carry the Lighthouse figures).
  const others = [...measured.values()].filter((p) => !benchRoutes.has(p.route));
  const otherResults = others.flatMap((p) => checkSizeBudgets(p.route, p.js));
  const otherMissed = otherResults.filter((r) => r.status === 'missed');
  budgetRows.push(...otherMissed);
  for (const e of endpoints) {
    if (e.signup) {
      const check = 'stored = sent for every answered signup (2xx, no lost writes)';
      if (e.state === 'measured') {
        budgetRows.push({
          route: e.id,
          source: 'issue 9',
          check,
          measured:
            `${e.storedAll} stored / ${e.sent} sent; answered ${e.answered}: ${e.storedAnswered} stored` +
            (e.answered > e.acked ? `, ${e.answered - e.acked} not 2xx` : '') +
            (e.lostAcked ? `, ${e.lostAcked} answered 2xx but NOT stored` : '') +
            (e.cutOff ? `; cut off ${e.cutOff}: ${e.cutOffStored} stored` : '') +
            (e.strays ? `; ${e.strays} stored that were never sent` : ''),
          status:
            e.answered + e.cutOffStored > 0 && e.storedAnswered === e.answered && e.acked === e.answered && e.strays === 0 ? 'met' : 'missed',
        });
      } else {
        budgetRows.push({
          route: e.id,
          source: 'issue 9',
          check,
          measured: e.state === 'error' ? cell(e.note) : e.state,
          status: e.state === 'error' ? 'missed' : 'n/a',
        });
      }
    } else if (e.state === 'error') {
      budgetRows.push({ route: e.id, source: 'bench', check: 'endpoint answers 2xx', measured: cell(e.note), status: 'missed' });
    }
  }

  // ------------------------------------------------ report
  const pageRows = pages.map((p) => {
    if (!p.route) return [p.wanted, 'not built', '—', '—', '—', '—', '—', '—', '—', '—', '—', '—', '—', '—', '—'];
    const lh = p.lh && !p.lh.error ? p.lh : null;
    const islands = p.js.islands.length ? p.js.islands.map((i) => `${i.name} (${i.directive})`).join(', ') : '—';
    return [
      p.route + (p.status === 200 ? '' : ` (HTTP ${p.status})`),
      formatKb(p.js.totalGzip),
      formatKb(p.js.startupGzip),
      formatKb(p.js.eagerGzip),
      p.js.frameworks.length ? p.js.frameworks.join(', ') : 'none',
      cell(islands),
      `${formatKb(p.htmlBytes)} (${formatKb(p.htmlGzip)})`,
      lh ? fmtScore(lh.requests) : '—',
      ...LIGHTHOUSE_CATEGORIES.map((c) => (lh ? fmtScore(lh.scores[c]) : p.lh?.error ? 'error' : '—')),
      lh ? fmtMs(lh.lcp) : '—',
      lh ? fmtMs(lh.tbt) : '—',
      lh ? fmtCls(lh.cls) : '—',
    ];
  });
  const otherRows = others.map((p) => {
    const res = checkSizeBudgets(p.route, p.js);
    return [
      p.route,
      formatKb(p.js.totalGzip),
      formatKb(p.js.startupGzip),
      formatKb(p.js.eagerGzip),
      p.js.frameworks.length ? p.js.frameworks.join(', ') : 'none',
      `${formatKb(p.htmlBytes)} (${formatKb(p.htmlGzip)})`,
      res.length ? (res.every((r) => r.status === 'met') ? 'met' : '**missed**') : 'n/a',
    ];
  });
  const endpointRows = endpoints.map((e) => {
    const statusText =
      e.state === 'measured'
        ? Object.entries(e.statusCodes ?? {}).map(([code, s]) => `${code}×${s.count}`).join(' ') || `none within ${DURATION} s`
        : e.state;
    return [
      e.id,
      e.state === 'error' ? `error: ${cell(e.note)}` : cell(statusText),
      e.single != null ? fmtMs(e.single) : '—',
      e.rps != null ? Math.round(e.rps).toLocaleString('en-CA') : '—',
      e.p50 != null ? `${e.p50} ms` : '—',
      e.p99 != null ? `${e.p99} ms` : '—',
      e.state === 'measured' ? `${e.errors} / ${e.timeouts}` : '—',
      e.signup && e.state === 'measured' ? `${e.sent} / ${e.answered} / ${e.acked} / ${e.storedAll}` + (e.cutOff ? ` (${e.cutOff} cut off, ${e.cutOffStored} of them stored)` : '') : '—',
    ];
  });
  const statusCell = (s) => (s === 'missed' ? '**missed**' : s);
  const missed = budgetRows.filter((r) => r.status === 'missed').length;
  const met = budgetRows.filter((r) => r.status === 'met').length;
  const na = budgetRows.filter((r) => r.status === 'n/a').length;

  const report = [
    '# Bench results',
    '',
    `- Date: ${machine.date}; commit ${machine.commit}; total bench time ${elapsed(t0)}`,
    `- Machine: ${machine.cpu}, ${machine.memory} RAM; ${machine.os}; load average (1/5/15 min) at start ${machine.load}, at end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`,
    `- Software: Node ${machine.node}, ${machine.chromium}, Astro ${machine.astro}, Lighthouse ${machine.lighthouse}, autocannon ${machine.autocannon}`,
    `- Server: \`scripts/serve.mjs\` (Netlify local emulation, loopback, no compression) on a scratch copy (${SITE}/) with empty storage, SITE_LAUNCHED=true, mail to the local outbox`,
    `- Lighthouse: ${LIGHTHOUSE ? `mobile (default emulation and simulated throttling), median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page, headless Chromium; CPU benchmark index (median) ${median(pages.map((p) => p.lh?.benchmarkIndex)) ?? '—'}` : 'skipped (--no-lighthouse)'}`,
    ...(Number(machine.load.split(' / ')[0]) > os.cpus().length
      ? [
          `- **The machine was busy** (load average ${machine.load.split(' / ')[0]} on ${os.cpus().length} CPUs at the start): Lighthouse performance and the load figures are lower than on an idle machine; sizes are unaffected.`,
        ]
      : []),
    `- Load: ${LOAD ? `${CONNECTIONS} connections for ${DURATION} s per endpoint (autocannon), loopback` : 'skipped (--no-load)'}`,
    '',
    '## Pages',
    '',
    'JS = every script the page can load (inline, files, island component and renderer chunks, and all they import), gzip level 9. "No import()" leaves out code split off behind `import()`; "at load" also leaves out islands that wait for visibility. HTML = raw (gzip). Requests, scores, LCP, TBT, CLS from Lighthouse.',
    '',
    table(['Route', 'JS', 'No import()', 'At load', 'Framework', 'Islands', 'HTML', 'Requests', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS'], pageRows),
    '',
    ...(otherRows.length
      ? ['## Other built pages (size only)', '', table(['Route', 'JS', 'No import()', 'At load', 'Framework', 'HTML', 'Size budget'], otherRows), '']
      : []),
    '## Endpoints',
    '',
    `The local emulation (@netlify/dev ${pkgVersion('@netlify/dev')}) bundles a function afresh for every request, so these figures are far below what Netlify serves; compare them only with runs on the same machine. ` +
      `One request: time of a single request on the idle server before the load. Status codes seen during the load; errors / timeouts are connection-level. Signups: each request carries a new address; sent / answered within the run / answered 2xx / stored (distinct sent addresses found in the site's Blobs). "Cut off": requests still in flight when the time was up; the load generator closes their connections, so the server may or may not have received them in full.`,
    '',
    table(['Endpoint', 'Responses', 'One request', 'Req/s', 'p50', 'p99', 'Errors / timeouts', 'Signups sent / answered / 2xx / stored'], endpointRows),
    '',
    ...endpoints
      .filter((e) => e.failures?.length)
      .flatMap((e) => [`Non-2xx answers of ${e.id} (first line of the body):`, '', ...e.failures.map((f) => `- \`${f.replace(/`/g, "'")}\``), '']),
    '## Budgets',
    '',
    table(
      ['Route', 'Budget', 'Source', 'Measured', 'Status'],
      budgetRows.map((r) => [r.route, cell(r.check), r.source, cell(r.measured), statusCell(r.status)]),
    ),
    '',
    ...(others.length ? [`Size budgets of the ${others.length} other built page(s): ${otherMissed.length ? `${otherMissed.length} missed (listed above)` : 'all met or none apply'}.`, ''] : []),
    `**${met} met, ${missed} missed, ${na} n/a.**${missed ? ' The bench exits with status 1.' : ''}`,
    '',
  ].join('\n');

  writeFileSync(RESULTS, report);
  console.log(report);
  log(`written to ${RESULTS} (Lighthouse reports in ${LH_DIR}/) in ${elapsed(t0)}`);
  return missed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(`[bench] ${err.message}`);
    await stopServer();
    process.exit(1);
  },
);
