// The mail-queue section of the bench: a scratch copy of the site served as `npm start` serves it,
// with mail going through the real SendGrid client to a loopback fake in this process, and:
//   1. signups arriving at BENCH_MAIL_RATE (100) a second for BENCH_DURATION seconds, open loop, from
//      200 loopback addresses: each answer's time, and each mail's queue latency (recorded -> accepted
//      by the provider; the entry's id starts with its creation time, the fake notes when it accepted);
//   2. the Blobs requests per signup and per mail, from the server's Blobs worker (per store);
//   3. the worker's throughput: BENCH_MAIL_BACKLOG (1000) confirmations left waiting by a provider
//      that answered 503, then drained by the mail-queue function at the provider's full speed;
//   4. the signup path under BENCH_CONNECTIONS (100) closed-loop connections with the queue in it.
// Alone: npm run bench:mail (writes bench/results-mail.md). From `npm run bench`: `runMailQueueBench()`
// returns the markdown, written into bench/results.md too.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSendGridFake } from '../lib/sendgrid-fake.mjs';
import { MAIL_EVENTS_ENV, mailEventsRows } from './mail-events.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SITE = '.bench-mail-site';
const PORT = Number(process.env.BENCH_MAIL_PORT ?? 8871);
const BASE = `http://127.0.0.1:${PORT}`;
const STATS_FILE = path.join(SITE, 'blobs-stats.json');
const int = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const ARRIVALS_PER_S = int('BENCH_MAIL_RATE', 100);
const DURATION_S = int('BENCH_DURATION', 20);
const BACKLOG = int('BENCH_MAIL_BACKLOG', 1000);
const CONNECTIONS = int('BENCH_CONNECTIONS', 100);
const WARMUP_S = int('BENCH_WARMUP', 20);

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

function post(p, body, from) {
  return new Promise((resolve) => {
    const data = body === null ? '' : JSON.stringify(body);
    const t0 = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: p,
        method: 'POST',
        agent: agentFor(from),
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
      },
    );
    req.on('error', (err) => resolve({ error: err.code ?? err.message, ms: performance.now() - t0 }));
    req.end(data);
  });
}

let server = null;
async function startServer(fake) {
  const fd = openSync(path.join(SITE, 'server.log'), 'a');
  server = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: {
      ...process.env,
      SITE_ROOT: SITE,
      PORT: String(PORT),
      LOCAL_MODE: 'true',
      SITE_LAUNCHED: 'true',
      EDGE_FUNCTIONS: 'off',
      SITE_URL: BASE,
      ADMIN_KEY: 'bench-mail-admin-key-0123',
      SESSION_SECRET: 'bench-mail-session-secret-0123456789-abcdef',
      SIGNUP_RATE_LIMIT: '1000000000',
      MAIL_SEND_RATE_PER_MINUTE: '1000000000',
      SENDGRID_API_KEY: 'SG.bench',
      SENDGRID_BASE_URL: fake.url,
      BLOBS_STATS_FILE: STATS_FILE,
      ...MAIL_EVENTS_ENV,
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
/** The creation time an entry's id starts with (base-36 ms). */
const createdAtOf = (message) => parseInt(String(message.body.custom_args?.mail_id ?? '').split('-')[0], 36);

/** Signups at `perSecond`, open loop, for `seconds`; resolves every answer. */
async function arrivals(run, phase, perSecond, seconds) {
  const n = perSecond * seconds;
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < n; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(post('/api/waitlist', body(emailOf(run, phase, i)), `127.0.0.${2 + (i % 200)}`));
  }
  return Promise.all(pending);
}

/** `connections` closed loops of signups for `seconds`. */
async function closedLoop(run, phase, connections, seconds) {
  const end = performance.now() + seconds * 1000;
  const answers = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      while (performance.now() < end)
        answers.push(await post('/api/waitlist', body(emailOf(run, phase, n++)), `127.0.0.${2 + c}`));
    }),
  );
  return answers;
}

function summarise(answers) {
  const times = answers
    .filter((a) => !a.error)
    .map((a) => a.ms)
    .sort((a, b) => a - b);
  const statuses = {};
  for (const a of answers) statuses[a.error ?? a.status] = (statuses[a.error ?? a.status] ?? 0) + 1;
  return { n: answers.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99), statuses };
}
const statusText = (s) =>
  Object.entries(s)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');

/** Runs the section; returns its markdown. */
export async function runMailQueueBench({ log = (...m) => console.error('[bench:mail]', ...m) } = {}) {
  process.chdir(ROOT);
  const t0 = performance.now();
  const prep = spawnSync(process.execPath, ['scripts/prepare-test-site.mjs', SITE], { stdio: ['ignore', 2, 2] });
  if (prep.status !== 0) throw new Error('Preparing the mail bench site failed (is there a build in dist/?).');
  const fake = await startSendGridFake();
  const run = Date.now().toString(36);
  const rows = [];
  try {
    await startServer(fake);
    const delivered = (phase) =>
      fake.messages.filter((m) => m.body.personalizations[0].to[0].email.includes(`-${run}-${phase}-`));

    // 1. Signups arriving at a steady rate: every confirmation goes at once, in the request.
    log(`${ARRIVALS_PER_S} signups/s for ${DURATION_S} s (open loop)...`);
    if (WARMUP_S) await arrivals(run, 'warm', ARRIVALS_PER_S, WARMUP_S);
    const before = await blobsCounts();
    const steady = summarise(await arrivals(run, 'steady', ARRIVALS_PER_S, DURATION_S));
    await sleep(1000);
    const afterSteady = await blobsCounts();
    const steadyMails = delivered('steady');
    const latencies = steadyMails.map((m) => m.at - createdAtOf(m)).sort((a, b) => a - b);
    const steadyStores = storeDiff(afterSteady, before);
    rows.push(
      `| Signups arriving at ${ARRIVALS_PER_S}/s for ${DURATION_S} s (open loop, 200 client addresses${WARMUP_S ? `, after ${WARMUP_S} s of the same` : ''}) | answers ${statusText(steady.statuses)}; p50 ${ms(steady.p50)}, p99 ${ms(steady.p99)} | mails accepted ${steadyMails.length} of ${steady.n}; queue latency (recorded -> accepted) p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(quantile(latencies, 0.99))} |`,
      `| Blobs requests per signup, its mail included (Netlify counts the same requests) | ${(total(steadyStores) / steady.n).toFixed(2)} | ${per(steadyStores, steady.n)} |`,
    );
    log(`steady: p99 ${ms(steady.p99)}, latency p99 ${ms(quantile(latencies, 0.99))}`);

    // 2. A backlog the provider refused (503): recorded, retried by the worker at the provider's speed.
    log(`backlog of ${BACKLOG} confirmations while the provider answers 503...`);
    fake.fail(503);
    const backlog = summarise(await arrivals(run, 'backlog', ARRIVALS_PER_S, Math.ceil(BACKLOG / ARRIVALS_PER_S)));
    fake.healthy();
    const beforeDrain = await blobsCounts();
    const drainStart = Date.now();
    // The scheduled function's run, started now instead of at the next minute (loopback only).
    // Until every answered signup's mail is accepted, or a run sends nothing new (stop and report).
    for (let seen = -1; delivered('backlog').length < backlog.n && delivered('backlog').length > seen;) {
      seen = delivered('backlog').length;
      const res = await fetch(`${BASE}/.netlify/functions/mail-queue`, { method: 'POST' }).catch(() => null);
      if (!res?.ok) await sleep(1000);
    }
    const drained = delivered('backlog');
    const last = Math.max(...drained.map((m) => m.at));
    const drainS = (last - drainStart) / 1000;
    const drainStores = storeDiff(await blobsCounts(), beforeDrain);
    const twice = drained.length - new Set(drained.map((m) => m.body.personalizations[0].to[0].email)).size;
    rows.push(
      `| Worker throughput: ${backlog.n} confirmations left waiting by a provider answering 503 (${statusText(backlog.statuses)}), then sent by the mail-queue function | ${(drained.length / drainS).toFixed(0)} mails/s (${drained.length} of ${backlog.n} in ${drainS.toFixed(1)} s, ${twice} twice) | Blobs requests per mail in the worker: ${(total(drainStores) / Math.max(1, drained.length)).toFixed(2)} (${per(drainStores, Math.max(1, drained.length))}) |`,
    );
    log(`drain: ${drained.length} in ${drainS.toFixed(1)} s`);

    // 3. The signup path at full load with the queue in it.
    log(`${CONNECTIONS} connections for ${DURATION_S} s (closed loop)...`);
    if (WARMUP_S) await closedLoop(run, 'warm2', CONNECTIONS, WARMUP_S);
    const full = summarise(await closedLoop(run, 'load', CONNECTIONS, DURATION_S));
    await sleep(1000);
    const loadMails = delivered('load');
    rows.push(
      `| Signups at ${CONNECTIONS} connections for ${DURATION_S} s (closed loop) | ${(full.n / DURATION_S).toFixed(0)} signups/s; p50 ${ms(full.p50)}, **p99 ${ms(full.p99)}** (target <= 1 s); ${statusText(full.statuses)} | mails accepted ${loadMails.length} of ${full.n} |`,
    );
    log(`load: p99 ${ms(full.p99)}`);

    // 4. SendGrid's events about those mails, signed, in batches (scripts/bench/mail-events.mjs).
    rows.push(
      ...(await mailEventsRows({ base: BASE, messages: steadyMails, blobsCounts, storeDiff, total, per, log })),
    );
  } finally {
    await stopServer();
    await fake.close();
    for (const a of agents.values()) a.destroy();
  }
  return [
    '## Mail queue',
    '',
    `Measured ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC on ${cpus().length} cores (load average ${loadavg()[0].toFixed(1)} at the end), ${((performance.now() - t0) / 1000).toFixed(0)} s.`,
    `The site served as \`npm start\` serves it (${SITE}/), mail through the real SendGrid client to a loopback fake that accepts each request at once; send rate and signup limit raised for load.`,
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
