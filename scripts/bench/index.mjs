// npm run bench: builds the site, serves a scratch copy (.bench-site/) the way `npm start` does, and
// measures every public page (JavaScript shipped, HTML size, Lighthouse mobile) and the API (idle
// time per endpoint, throughput and latency under load, signups sent vs stored, parallel repeats,
// Blobs operations per signup, record integrity after load and after a crash, server memory).
// Prints one report and writes it to bench/results.md; exits 1 when a budget is missed.
//
// Settings (environment): BENCH_RUNS=3, BENCH_DURATION=20, BENCH_CONNECTIONS=100, BENCH_PORT=8861,
// CHROME_PATH=/usr/bin/chromium. Flags: --skip-build, --no-lighthouse, --no-load, --no-scale, --no-mail,
// --no-campaign.
// Modules: settings, server, machine, lighthouse, load, report; scale.mjs, mail-queue.mjs and
// campaign.mjs add a section each.
// See bench/README.md for how to read the report.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as settings from './settings.mjs';
import {
  ANCHOR_DIR,
  ANCHOR_FILES,
  ANCHOR_ROUTE,
  BASE,
  CONNECTIONS,
  DURATION,
  FLOOR_ROUTE,
  LH_DIR,
  LIGHTHOUSE,
  LOAD,
  RESULTS,
  ROOT,
  SCALE,
  MAIL,
  CAMPAIGN,
  SITE,
  SKIP_BUILD,
  WARMUP,
  elapsed,
  log,
  sleep,
} from './settings.mjs';
import { isAlive, killServerHard, serverMemory, startServer, stopServer } from './server.mjs';
import { machineNotes } from './machine.mjs';
import { lighthouseRounds } from './lighthouse.mjs';
import {
  IDLE_ENDPOINTS,
  LOAD_ENDPOINTS,
  blobsOpsPerSignup,
  checkStoredRecords,
  idleLatency,
  parallelRepeats,
  request,
  runLoad,
  signupBodies,
  signupIntegrity,
  storedAddresses,
} from './load.mjs';
import { LIGHTHOUSE_CATEGORIES, budgets, report } from './report.mjs';

process.chdir(ROOT);

const { listBuiltPages, distReader } = await import('../../integrations/perf/dist.ts');
const { measurePageJs, gzipSize } = await import('../../integrations/perf/page-js.ts');
const { pickRoutes } = await import('../../integrations/perf/routes.ts');

async function ensureServer() {
  if (!(await isAlive())) {
    log('the bench server is gone; restarting it');
    await stopServer();
    await startServer();
  }
}

/** One signup endpoint or read endpoint under load, with the integrity of what it stored. */
async function loadEndpoint(ep) {
  const probe = await request({
    method: ep.method,
    path: ep.path,
    body: ep.signup ? signupBodies[ep.signup](`bench-${settings.RUN_ID}-probe-${ep.signup}@example.com`) : null,
  });
  if (probe.error || probe.status < 200 || probe.status >= 300) {
    return {
      id: ep.id,
      signup: ep.signup,
      state: 'error',
      note: `probe answered ${probe.error ?? probe.status}: ${probe.text ?? ''}`,
    };
  }
  // The same load first, for WARMUP seconds: judged for what it stores, not for speed (report.mjs).
  const warmup =
    WARMUP > 0
      ? await runEndpointLoad(ep, {
          duration: WARMUP,
          tag: ep.signup && `warmup-${ep.signup}`,
          label: `${ep.id} (warm-up)`,
        })
      : null;
  return { ...(await runEndpointLoad(ep, { duration: DURATION, tag: ep.signup, label: ep.id })), warmup };
}

/** `ep` under load for `duration` seconds; signups are made with `emailFor(tag, n)` and checked on disk. */
async function runEndpointLoad(ep, { duration, tag, label }) {
  const t0 = performance.now();
  const run = await runLoad({
    method: ep.method,
    path: ep.path,
    makeBody: ep.signup ? signupBodies[ep.signup] : null,
    duration,
    tag: tag || undefined,
  });
  log(
    `load ${label}: ${Math.round(run.rps)} req/s, p50 ${Math.round(run.p50)} ms, p99 ${Math.round(run.p99)} ms (${elapsed(t0)})`,
  );
  const result = { id: ep.id, signup: ep.signup, state: 'measured', duration, ...run };
  if (ep.signup) {
    await sleep(500);
    result.integrity = signupIntegrity(tag, run);
    const s = result.integrity;
    log(
      `signups ${label}: sent ${s.sent}, answered ${s.answered} (2xx ${s.acked}), stored ${s.stored}, 5xx ${s.fiveXx}`,
    );
  }
  delete result.sent;
  delete result.answered;
  return result;
}

/**
 * Copies the Astro blog example's post page and its assets into the scratch copy's dist/, at their own
 * paths, so the same server sends them with the same compression and headers. Never overwrites a file of
 * ours (their asset names are hashed; a clash stops the bench).
 */
function mountAnchor(distDir) {
  const files = (rel) => {
    const abs = path.join(ANCHOR_DIR, rel);
    return statSync(abs).isDirectory() ? readdirSync(abs).flatMap((n) => files(path.join(rel, n))) : [rel];
  };
  for (const rel of ANCHOR_FILES.flatMap(files)) {
    const target = path.join(distDir, rel);
    if (existsSync(target)) throw new Error(`The anchor's ${rel} would replace a file of the site: not mounted.`);
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(path.join(ANCHOR_DIR, rel), target);
  }
}

/** SIGKILL the server in the middle of a signup load, restart it, and check what is on disk. */
async function crashTest() {
  const kind = 'waitlist';
  // Kill once signups are being stored (at least 20 answered 2xx), so writes are in flight.
  let ok = 0;
  let killed = false;
  const loading = runLoad({
    method: 'POST',
    path: '/api/waitlist',
    makeBody: (e) => signupBodies[kind](e.replace('-waitlist-', '-crash-')),
    duration: 120,
    onAnswer: (status) => status >= 200 && status < 300 && (ok += 1),
    stop: () => killed,
  });
  const deadline = Date.now() + 90_000;
  while (ok < 20 && Date.now() < deadline) await sleep(50);
  await killServerHard();
  killed = true;
  const run = await loading;
  const acked = [...run.answered]
    .filter(([, s]) => s >= 200 && s < 300)
    .map(([e]) => e.replace('-waitlist-', '-crash-'));
  let restarted = false;
  try {
    await startServer();
    restarted = true;
  } catch (err) {
    return { error: `restart failed: ${err.message.split('\n')[0]}` };
  }
  const stored = storedAddresses(`bench-${settings.RUN_ID}-crash-`).addresses;
  const integrity = checkStoredRecords();
  // Still readable through the API (a torn record must not make a staff listing answer 500).
  const list = await request({
    method: 'GET',
    path: '/api/admin/waitlist?q=crash',
    headers: { 'admin-key': settings.ADMIN_KEY },
  });
  if (list.status !== 200) integrity.bad.push(`staff listing answered ${list.status ?? list.error}`);
  log(
    `crash: ${run.sent.length} sent, ${acked.length} 2xx before the kill, ${acked.filter((e) => !stored.has(e)).length} of them lost; ${integrity.bad.length} unparsable of ${integrity.files}`,
  );
  return {
    sentBeforeKill: run.sent.length,
    acked: acked.length,
    lostAcked: acked.filter((e) => !stored.has(e)).length,
    integrity,
    restarted,
  };
}

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
  const distDir = path.join(SITE, 'dist');
  const read = distReader(distDir);
  const built = listBuiltPages(distDir);
  const measure = (page) => {
    const html = readFileSync(path.join(distDir, page.file));
    return {
      ...page,
      js: measurePageJs(html.toString('utf8'), page.route, read),
      htmlBytes: html.length,
      htmlGzip: gzipSize(html),
    };
  };
  const measured = new Map(built.map((p) => [p.route, measure(p)]));
  const picked = pickRoutes(built.map((p) => p.route));
  const benchRoutes = new Set(picked.filter((p) => p.route).map((p) => p.route));
  const others = [...measured.values()].filter((p) => !benchRoutes.has(p.route));

  // Served with the site, measured apart (the report's "floor"), not one of its pages.
  writeFileSync(
    path.join(SITE, 'dist', `${FLOOR_ROUTE.slice(1)}.html`),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>Floor</title></head><body><p>The lightest page this server can send.</p></body></html>\n',
  );

  mountAnchor(distDir);

  log(`starting the bench server on ${BASE} (log: ${SITE}/server.log)`);
  await startServer();
  const pages = [];
  const idle = [];
  const loads = [];
  const data = { pages, measured, others, idle, loads };
  try {
    for (const { wanted, route } of picked) {
      if (!route) {
        pages.push({ wanted, route: null });
        continue;
      }
      const page = { wanted, route, ...measured.get(route) };
      const res = await fetch(`${BASE}${route}`, { signal: AbortSignal.timeout(30_000) }).catch((e) => ({
        status: `error ${e.message}`,
        headers: new Headers(),
      }));
      page.status = res.status;
      page.preload = res.headers.get('link');
      pages.push(page);
    }
    const anchorRes = await fetch(`${BASE}${ANCHOR_ROUTE}`, { signal: AbortSignal.timeout(30_000) }).catch(() => null);
    data.anchor = { route: ANCHOR_ROUTE, status: anchorRes?.status ?? 'error' };
    if (LIGHTHOUSE) {
      // Observed and simulated paints of the pages a visitor reads (not the staff area), and the example's post.
      const observed = (route) => !route.startsWith('/admin');
      const rounds = await lighthouseRounds([
        { route: FLOOR_ROUTE, categories: ['performance'], observed: true },
        ...pages
          .filter((p) => p.route)
          .map((p) => ({ route: p.route, categories: LIGHTHOUSE_CATEGORIES, observed: observed(p.route) })),
        { route: ANCHOR_ROUTE, categories: ['performance'], observed: true },
      ]);
      data.floor = rounds.get(FLOOR_ROUTE).simulated;
      data.floorObserved = rounds.get(FLOOR_ROUTE).observed;
      for (const p of pages.filter((x) => x.route)) {
        p.lh = rounds.get(p.route).simulated;
        p.observed = rounds.get(p.route).observed;
      }
      data.anchor.simulated = rounds.get(ANCHOR_ROUTE).simulated;
      data.anchor.observed = rounds.get(ANCHOR_ROUTE).observed;
    }
    await ensureServer();
    for (const ep of IDLE_ENDPOINTS) {
      const r = await idleLatency(ep);
      log(`idle ${ep.id}: p50 ${Math.round(r.p50)} ms`);
      idle.push(r);
    }
    data.opsPerSignup = {
      n: 20,
      waitlist: await blobsOpsPerSignup('waitlist'),
      newsletter: await blobsOpsPerSignup('newsletter'),
    };
    if (LOAD) {
      for (const ep of LOAD_ENDPOINTS) {
        await ensureServer();
        log(`load ${ep.id} (${CONNECTIONS} connections)...`);
        loads.push(await loadEndpoint(ep));
      }
      await ensureServer();
      data.parallel = await parallelRepeats();
    }
    const scaleFile = path.join(ROOT, 'scripts', 'bench', 'scale.mjs');
    if (SCALE && existsSync(scaleFile)) {
      await ensureServer();
      log('scale section (scripts/bench/scale.mjs)...');
      const { runScaleBench, writeScaleResults } = await import(pathToFileURL(scaleFile).href);
      const rows = await runScaleBench({
        ...settings,
        base: BASE,
        site: SITE,
        log,
        startServer,
        stopServer,
        ensureServer,
        serverMemory,
      });
      data.scale = Array.isArray(rows) ? rows.join('\n') : String(rows ?? '');
      await writeScaleResults(data.scale);
    }
    if (LOAD) {
      data.integrity = checkStoredRecords();
      data.memory = serverMemory();
      log(
        `records: ${data.integrity.files} files, ${data.integrity.bad.length} unparsable; server RSS ${Math.round((data.memory?.own ?? 0) / 1048576)} MB`,
      );
      data.crash = await crashTest();
    } else {
      data.memory = serverMemory();
    }
  } finally {
    await stopServer();
  }
  // These start servers of their own (the mail section a served copy, the campaign section a Blobs
  // server with 100,000 subscribers): run after the bench server is gone.
  if (MAIL) {
    log('mail-queue section (scripts/bench/mail-queue.mjs)...');
    const { runMailQueueBench, MAIL_RESULTS } = await import('./mail-queue.mjs');
    data.mail = await runMailQueueBench({ log });
    writeFileSync(MAIL_RESULTS, `# Bench results: mail queue\n\n${data.mail}`);
  }
  if (CAMPAIGN) {
    log('campaign section (scripts/bench/campaign.mjs)...');
    const { runCampaignBench, CAMPAIGN_RESULTS } = await import('./campaign.mjs');
    data.campaign = await runCampaignBench({ log });
    writeFileSync(CAMPAIGN_RESULTS, `# Bench results: campaign\n\n${data.campaign}`);
  }

  const budgetRows = budgets(data);
  const text = report({ t0, machine, ...data, budgetRows });
  writeFileSync(RESULTS, text);
  console.log(text);
  log(`written to ${RESULTS} (Lighthouse reports in ${LH_DIR}/) in ${elapsed(t0)}`);
  return budgetRows.some((r) => r.status === 'missed') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(`[bench] ${err.stack ?? err.message}`);
    await stopServer();
    process.exit(1);
  },
);
