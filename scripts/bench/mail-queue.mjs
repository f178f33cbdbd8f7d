// The mail-queue section of the bench: a scratch copy of the site served as `npm start` serves it,
// with its DEFAULT settings (send rate 120 a minute, flood limits) except the per-address signup
// limit, raised (and with it the per-network one, 3 times it by default); mail through the real
// SendGrid client to a loopback fake in this process:
//   1. idle: a health check, a page and a signup, one at a time;
//   2. BENCH_CONNECTIONS (100) closed-loop connections of new signups for BENCH_DURATION (20) s, each
//      connection from its own address and network (127.0.c.2), after BENCH_WARMUP (10) s of the same;
//   3. the same burst from ONE address (127.200.0.2) for BENCH_ONE_DURATION (10) s;
//   4. the drain: signups added until BENCH_MAIL_BACKLOG (5,000) confirmations wait, then, for
//      BENCH_DRAIN_S (70) s while the scheduled worker sends at the permitted rate, a health check, a
//      page and a signup timed one at a time against their idle figures;
//   5. exactly once: the server restarted on the same storage with the send rate raised (only so the
//      count takes minutes, not the hours 120 a minute would), the worker run until nothing is left,
//      and every signup answered 2xx checked for exactly one confirmation at the fake;
//   6. beside: the same load as 2 on that raised send rate (limits off).
// Alone: npm run bench:mail (writes bench/results-mail.md). From `npm run bench`: `runMailQueueBench()`
// returns the markdown, written into bench/results.md too.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSendGridFake } from '../lib/sendgrid-fake.mjs';
import { MAIL_EVENTS_ENV, mailEventsRows } from './mail-events.mjs';
import { readRunToken } from '../runtime/guards.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SITE = '.bench-mail-site';
const PORT = Number(process.env.BENCH_MAIL_PORT ?? 8871);
/** Runs the scheduled mail worker now: from loopback, with the run token the runtime wrote for this port (docs/runtime.md, "Guards"). */
const runWorker = () =>
  fetch(`http://127.0.0.1:${PORT}/.netlify/functions/mail-queue`, {
    method: 'POST',
    headers: { authorization: `Bearer ${readRunToken(path.join(ROOT, SITE), PORT)}` },
  });
const BASE = `http://127.0.0.1:${PORT}`;
const STATS_FILE = path.join(SITE, 'blobs-stats.json');
const int = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const DURATION_S = int('BENCH_DURATION', 20);
const ONE_DURATION_S = int('BENCH_ONE_DURATION', 10);
const BACKLOG = int('BENCH_MAIL_BACKLOG', 5000);
const DRAIN_S = int('BENCH_DRAIN_S', 70);
const CONNECTIONS = int('BENCH_CONNECTIONS', 100);
const WARMUP_S = int('BENCH_MAIL_WARMUP', 10);
const CATCHUP_S = int('BENCH_CATCHUP_S', 300);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))] : null;
const ms = (v) =>
  v === null || v === undefined ? '–' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`;

/** Keep-alive agents, one per loopback source address (a visitor per address). */
const agents = new Map();
function agentFor(address) {
  let a = agents.get(address);
  if (!a) agents.set(address, (a = new http.Agent({ keepAlive: true, maxSockets: 4 })));
  return a;
}

function post(p, body, from, method = 'POST') {
  return new Promise((resolve) => {
    const data = body === null ? '' : JSON.stringify(body);
    const t0 = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: p,
        method,
        agent: agentFor(from),
        localAddress: from,
        headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
      },
    );
    req.on('error', (err) => resolve({ error: err.code ?? err.message, ms: performance.now() - t0 }));
    req.end(data || undefined);
  });
}
const get = (p, from) => post(p, null, from, 'GET');

let server = null;
async function startServer(fake, extraEnv = {}) {
  const fd = openSync(path.join(SITE, 'server.log'), 'a');
  const inherited = { ...process.env };
  for (const k of Object.keys(inherited)) if (/^(MAIL_|SIGNUP_|SENDGRID_)/.test(k)) delete inherited[k];
  server = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: {
      ...inherited,
      SITE_ROOT: SITE,
      PORT: String(PORT),
      LOCAL_MODE: 'true',
      SITE_LAUNCHED: 'true',
      EDGE_FUNCTIONS: 'off',
      SITE_URL: BASE,
      ADMIN_KEY: 'bench-mail-admin-key-0123',
      SESSION_SECRET: 'bench-mail-session-secret-0123456789-abcdef',
      SIGNUP_RATE_LIMIT: '1000000000',
      SENDGRID_API_KEY: 'SG.bench',
      SENDGRID_BASE_URL: fake.url,
      BLOBS_STATS_FILE: STATS_FILE,
      ...MAIL_EVENTS_ENV,
      ...extraEnv,
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  for (let i = 0; i < 360; i++) {
    const ok = await new Promise((resolve) =>
      http
        .get(`${BASE}/api/health`, (res) => (res.resume(), resolve(res.statusCode === 200)))
        .on('error', () => resolve(false)),
    );
    if (ok) return;
    await sleep(500);
  }
  throw new Error(`The mail bench server did not start (see ${SITE}/server.log).`);
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

async function blobsCounts() {
  rmSync(STATS_FILE, { force: true });
  server.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    try {
      return JSON.parse(readFileSync(STATS_FILE, 'utf8'));
    } catch {
      /* not written yet */
    }
  }
  throw new Error('No Blobs counts from the server');
}

const storeDiff = (after, before) =>
  Object.fromEntries(
    Object.entries(after.byStore ?? {})
      .map(([k, v]) => [k, v - (before.byStore?.[k] ?? 0)])
      .filter(([, v]) => v > 0),
  );
const total = (byStore) => Object.values(byStore).reduce((a, b) => a + b, 0);
const per = (byStore, n) =>
  Object.entries(byStore)
    .map(([k, v]) => `${k} ${(v / n).toFixed(2)}`)
    .join(', ');

const emailOf = (run, phase, i) => `bench-mail-${run}-${phase}-${i}@example.com`;
const body = (email) => ({ name: 'Bench Visitor', email, interests: 'all', source: 'bench' });

/** `connections` closed loops of signups for `seconds`; `from(c)` is connection c's address. */
async function closedLoop(run, phase, connections, seconds, from, answered) {
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const answers = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      while (performance.now() < end) {
        const email = emailOf(run, phase, n++);
        const a = await post('/api/waitlist', body(email), from(c));
        answers.push(a);
        if (a.status >= 200 && a.status < 300) answered.add(email);
      }
    }),
  );
  return { answers, seconds: (performance.now() - t0) / 1000 };
}

function summarise(answers) {
  const times = answers
    .filter((a) => !a.error)
    .map((a) => a.ms)
    .sort((a, b) => a - b);
  const statuses = {};
  for (const a of answers) statuses[a.error ?? a.status] = (statuses[a.error ?? a.status] ?? 0) + 1;
  const ok = answers.filter((a) => a.status >= 200 && a.status < 300).length;
  return { n: answers.length, ok, p50: quantile(times, 0.5), p99: quantile(times, 0.99), statuses };
}
const statusText = (s) =>
  Object.entries(s)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');
const load1 = () => loadavg()[0].toFixed(1);

/** Recipients of the mail-queue entries on disk that still wait (queued or retry, no final marker). */
function queuedRecipients() {
  const dir = path.join(SITE, '.netlify', 'blobs-serve', 'entries');
  const out = new Set();
  const walk = (d) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.includes('site:mail-queue') && p.includes(`${path.sep}m${path.sep}`) && !e.name.includes('~')) {
        try {
          const v = JSON.parse(readFileSync(p, 'utf8'));
          if ((v.state === 'queued' || v.state === 'retry') && !existsSync(`${p}~sent`)) out.add(v.to);
        } catch {
          /* a slot reference or unreadable */
        }
      }
    }
  };
  walk(dir);
  return out;
}

/** p50 of `n` sequential requests made by `once(i)`. */
async function sequential(n, once) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const r = await once(i);
    if (!r.error && r.status < 500) times.push(r.ms);
  }
  return quantile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

/** Runs the section; returns its markdown. */
export async function runMailQueueBench({ log = (...m) => console.error('[bench:mail]', ...m) } = {}) {
  process.chdir(ROOT);
  const t0 = performance.now();
  const prep = spawnSync(process.execPath, ['scripts/prepare-test-site.mjs', SITE], { stdio: ['ignore', 2, 2] });
  if (prep.status !== 0) throw new Error('Preparing the mail bench site failed (is there a build in dist/?).');
  const fake = await startSendGridFake();
  const run = Date.now().toString(36);
  const rows = [];
  const answered = new Set();
  const row = (what, figure, detail) => rows.push(`| ${what} | ${figure} | ${detail} |`);
  try {
    await startServer(fake);
    const confirmations = () =>
      fake.messages.filter((m) => m.body.custom_args?.mail_id && m.body.categories?.includes('confirm-subscription'));

    // 1. Idle.
    log('idle...');
    const idleAt = load1();
    let idleN = 0;
    const idle = {
      health: await sequential(21, () => get('/api/health', '127.0.0.2')),
      page: await sequential(21, () => get('/', '127.0.0.2')),
      signup: await sequential(21, (i) =>
        post('/api/waitlist', body(emailOf(run, 'idle', idleN++)), `127.0.0.${3 + i}`),
      ),
    };
    for (let i = 0; i < idleN; i++) answered.add(emailOf(run, 'idle', i));
    row(
      'Idle, one request at a time (p50)',
      `health ${ms(idle.health)}, page / ${ms(idle.page)}, **signup ${ms(idle.signup)}** (target <= 50 ms)`,
      `load average ${idleAt}`,
    );
    log(`idle: health ${ms(idle.health)}, signup ${ms(idle.signup)}`);

    // 2. 100 connections, an address and a network each.
    const spread = (c) => `127.0.${1 + (c % 250)}.2`;
    if (WARMUP_S) await closedLoop(run, 'warm', CONNECTIONS, WARMUP_S, spread, answered);
    const before = await blobsCounts();
    const loadAt = load1();
    const l = await closedLoop(run, 'load', CONNECTIONS, DURATION_S, spread, answered);
    const loadStores = storeDiff(await blobsCounts(), before);
    const full = summarise(l.answers);
    row(
      `${CONNECTIONS} connections for ${DURATION_S} s, each from its own address and network (after ${WARMUP_S} s of the same)`,
      `**${(full.ok / l.seconds).toFixed(1)} signups/s** (target >= 100), p50 ${ms(full.p50)}, **p99 ${ms(full.p99)}** (target <= 1 s)`,
      `${statusText(full.statuses)}; Blobs requests per signup ${(total(loadStores) / Math.max(1, full.n)).toFixed(2)} (${per(loadStores, Math.max(1, full.n))}); load average ${loadAt}`,
    );
    log(`load: ${(full.ok / l.seconds).toFixed(1)}/s p99 ${ms(full.p99)}`);

    // 3. The same burst from one address.
    const oneAt = load1();
    const o = await closedLoop(run, 'one', CONNECTIONS, ONE_DURATION_S, () => '127.200.0.2', answered);
    const one = summarise(o.answers);
    row(
      `The same burst from ONE address (${CONNECTIONS} connections from 127.200.0.2, ${ONE_DURATION_S} s)`,
      `${(one.ok / o.seconds).toFixed(1)} signups/s, p50 ${ms(one.p50)}, p99 ${ms(one.p99)}`,
      `${statusText(one.statuses)}; load average ${oneAt}`,
    );
    log(`one address: ${(one.ok / o.seconds).toFixed(1)}/s p99 ${ms(one.p99)}`);

    // 4. The drain of a backlog of BACKLOG confirmations at the permitted rate.
    let top = 0;
    while (answered.size - confirmations().length < BACKLOG) {
      const need = BACKLOG - (answered.size - confirmations().length);
      const batch = Math.min(need, 400);
      await Promise.all(
        Array.from({ length: batch }, (_, i) => {
          const email = emailOf(run, 'top', top++);
          return post('/api/waitlist', body(email), `127.1.${i % 200}.2`).then((a) => {
            if (a.status >= 200 && a.status < 300) answered.add(email);
          });
        }),
      );
    }
    const backlog = answered.size - confirmations().length;
    log(`drain: ${backlog} waiting; measuring for ${DRAIN_S} s...`);
    await sleep(2000);
    const drainAt = load1();
    const sentBefore = confirmations().length;
    // The scheduled worker runs at every minute; one run started now (loopback only) as well.
    void runWorker().catch(() => null);
    const drainEnd = performance.now() + DRAIN_S * 1000;
    const during = { health: [], page: [], signup: [] };
    let dn = 0;
    await Promise.all([
      (async () => {
        while (performance.now() < drainEnd) {
          const r = await get('/api/health', '127.0.0.2');
          if (!r.error) during.health.push(r.ms);
          await sleep(200);
        }
      })(),
      (async () => {
        while (performance.now() < drainEnd) {
          const r = await get('/', '127.0.0.2');
          if (!r.error) during.page.push(r.ms);
          await sleep(500);
        }
      })(),
      (async () => {
        while (performance.now() < drainEnd) {
          const email = emailOf(run, 'drain', dn++);
          const r = await post('/api/waitlist', body(email), `127.2.${dn % 200}.2`);
          if (!r.error) during.signup.push(r.ms);
          if (r.status >= 200 && r.status < 300) answered.add(email);
          await sleep(1000);
        }
      })(),
    ]);
    const p50 = (v) =>
      quantile(
        v.sort((a, b) => a - b),
        0.5,
      );
    const d = { health: p50(during.health), page: p50(during.page), signup: p50(during.signup) };
    const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}x` : '–');
    const sentDuring = confirmations().length - sentBefore;
    row(
      `While a backlog of ${backlog} confirmations drains at the permitted rate (${DRAIN_S} s; the scheduled worker each minute and one run started at once)`,
      `p50: **health ${ms(d.health)} (${ratio(d.health, idle.health)} of idle)** (target <= 2x), page / ${ms(d.page)} (${ratio(d.page, idle.page)}), signup ${ms(d.signup)} (${ratio(d.signup, idle.signup)})`,
      `${sentDuring} confirmations sent meanwhile (rate 120 a minute); ${during.health.length} health checks, ${during.page.length} pages, ${during.signup.length} signups timed; load average ${drainAt}`,
    );
    log(`drain: health ${ms(d.health)} vs idle ${ms(idle.health)}; ${sentDuring} sent`);

    // 5. Exactly once: restart with the send rate raised, drain everything, count.
    await stopServer();
    await startServer(fake, { MAIL_SEND_RATE_PER_MINUTE: '1000000000' });
    const catchStart = Date.now();
    const catchEnd = catchStart + CATCHUP_S * 1000;
    for (let stale = 0; stale < 3 && confirmations().length < answered.size && Date.now() < catchEnd;) {
      const seen = confirmations().length;
      const res = await runWorker().catch(() => null);
      if (!res?.ok) await sleep(1000);
      stale = confirmations().length > seen ? 0 : stale + 1;
    }
    const counts = new Map();
    for (const m of confirmations()) {
      const to = m.body.personalizations[0].to[0].email;
      counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    const undelivered = [...answered].filter((e) => !counts.has(e));
    const twice = [...counts.values()].filter((c) => c > 1).length;
    const strays = [...counts.keys()].filter((e) => !answered.has(e)).length;
    // What is not delivered yet (the bound BENCH_CATCHUP_S ran out) must still wait in the queue.
    const queued = queuedRecipients();
    const lost = undelivered.filter((e) => !queued.has(e)).length;
    row(
      'Every signup answered 2xx gets its confirmation exactly once (counted at the SendGrid fake)',
      `**${answered.size - undelivered.length} of ${answered.size} delivered, ${twice} twice; ${undelivered.length - lost} still waiting in the queue, ${lost} lost**`,
      `${strays} to addresses never answered 2xx; the backlog sent after a restart on the same storage with the send rate raised (${((Date.now() - catchStart) / 1000).toFixed(0)} s, at most ${CATCHUP_S} s), so the count takes minutes instead of hours`,
    );
    const missing = lost;
    log(`exactly once: ${missing} missing, ${twice} twice`);

    // 6. Beside: the limits-off figure.
    const offAt = load1();
    const off = await closedLoop(run, 'off', CONNECTIONS, DURATION_S, spread, new Set());
    const offS = summarise(off.answers);
    row(
      `Beside (limits off): the load of row 2 with MAIL_SEND_RATE_PER_MINUTE=1,000,000,000`,
      `${(offS.ok / off.seconds).toFixed(1)} signups/s, p50 ${ms(offS.p50)}, p99 ${ms(offS.p99)}`,
      `${statusText(offS.statuses)}; load average ${offAt}`,
    );
    // 7. SendGrid's events about the delivered confirmations, signed, in batches (scripts/bench/mail-events.mjs).
    try {
      rows.push(
        ...(await mailEventsRows({ base: BASE, messages: confirmations(), blobsCounts, storeDiff, total, per, log })),
      );
    } catch (err) {
      row('SendGrid events in signed batches', 'not measured', String(err instanceof Error ? err.message : err));
    }
  } finally {
    await stopServer();
    await fake.close();
    for (const a of agents.values()) a.destroy();
  }
  return [
    '## Mail queue',
    '',
    `Measured ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC on ${cpus().length} cores (load average ${loadavg()[0].toFixed(1)} at the end), ${((performance.now() - t0) / 1000).toFixed(0)} s.`,
    `The site served as \`npm start\` serves it (${SITE}/), with its default settings (send rate 120 a minute, the flood limits) except the per-address signup limit, raised (and with it the per-network one, 3 times it by default); mail through the real SendGrid client to a loopback fake that accepts each request at once.`,
    '',
    '| Measurement | Figure | Detail |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** bench/results-mail.md: the mail-queue section alone. */
export const MAIL_RESULTS = path.join(ROOT, 'bench', 'results-mail.md');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runMailQueueBench()
    .then((md) => {
      writeFileSync(MAIL_RESULTS, `# Bench results: mail queue\n\n${md}`);
      console.log(md);
    })
    .catch(async (err) => {
      console.error(err);
      await stopServer();
      process.exit(1);
    });
}
