// The scale section of the bench: a local Blobs server (the real one) seeded with 10,000 and then
// 100,000 subscribers through the real client, and the staff endpoints called in this process
// (the same handlers Netlify runs, bundled by esbuild) with an admin session cookie. Every figure
// comes with the Blobs requests the call made: locally, and counted the way Netlify bills them
// (a list is one request per 1,000 keys). Times depend on this machine; request counts carry over.
//
// Alone: npm run bench:scale [-- --sizes 10000,100000 --keep DIR --csv-max 100000]
//   writes bench/results-scale.md. From the main bench: `runScaleBench(options)` returns the markdown,
//   which `npm run bench` writes into bench/results.md and bench/results-scale.md.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBlobsServer } from '../runtime/blobs-server.mjs';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { loadSignupLib } from '../lib/site-lib.mjs';
import { seedSubscribers } from '../lib/seed-core.mjs';
import { callHandler } from './call-handler.mjs';
import { startSendGridFake } from '../lib/sendgrid-fake.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_KEY = 'bench-scale-admin-key';

/** Counts requests to the Blobs server made through global fetch (the real client uses it). */
function installCounter(edge) {
  const original = globalThis.fetch;
  const counter = { local: 0, netlify: 0, byStore: {} };
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const res = await original(input, init);
    if (!url.startsWith(edge)) return res;
    const parts = new URL(url).pathname.split('/').filter(Boolean);
    const store = decodeURIComponent(parts[1] ?? '').replace(/^site:/, '');
    counter.local += 1;
    counter.byStore[store] = (counter.byStore[store] ?? 0) + 1;
    const method = (
      init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')
    ).toUpperCase();
    if (method === 'GET' && parts.length === 2 && res.ok) {
      // A list: Netlify answers 1,000 entries per request.
      const body = await res
        .clone()
        .json()
        .catch(() => ({}));
      const n = (body.blobs?.length ?? 0) + (body.directories?.length ?? 0);
      counter.netlify += Math.max(1, Math.ceil(n / 1000));
    } else counter.netlify += 1;
    return res;
  };
  return {
    counter,
    reset() {
      counter.local = 0;
      counter.netlify = 0;
      counter.byStore = {};
    },
    restore() {
      globalThis.fetch = original;
    },
  };
}

/** Runs scripts/bench/csv-probe.mjs (the export in a process of its own) and returns its figures. */
function runCsvProbe() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', path.join(ROOT, 'scripts', 'bench', 'csv-probe.mjs')], {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line));
      else reject(new Error(`The CSV probe failed (exit ${code}): ${out.slice(-500)}`));
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmtMs = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const mark = (ok) => (ok ? 'met' : '**missed**');

/**
 * Runs the scale bench and returns markdown (a heading, notes and one table).
 * @param options.sizes subscriber counts, ascending (default [10000, 100000])
 * @param options.runs repetitions per timed call (median; default 5)
 * @param options.keep directory to keep the seeded store in (reused when it already holds the data)
 * @param options.csvMax largest size at which the CSV export is measured (default: every size)
 * @param options.hits, options.addresses rate-limit hits and client addresses (default 10,000 and 1,000)
 * @param options.onPartial(markdown) called after every row (a long run leaves its figures behind)
 * @param options.log progress lines (default console.log)
 */
export async function runScaleBench(options = {}) {
  // The handlers run in this process: local mode, so the built-in session secret signs the admin
  // session (as on the bench server).
  process.env.LOCAL_MODE ??= 'true';
  const sizes = options.sizes ?? [10_000, 100_000];
  const runs = options.runs ?? 5;
  const log = options.log ?? ((...a) => console.log(...a));
  const csvMax = options.csvMax ?? Infinity;
  const hits = options.hits ?? 10_000;
  const addresses = options.addresses ?? 1_000;
  const directory = options.keep ? path.resolve(options.keep) : await mkdtemp(path.join(tmpdir(), 'bench-scale-'));
  await mkdir(directory, { recursive: true });
  const token = 'bench-scale';
  const server = await startBlobsServer({ directory, token });
  const edge = server.url;
  setEnvironmentContext({ siteID: '0', deployID: '0', token, edgeURL: edge, uncachedEdgeURL: edge });
  const saved = {
    ADMIN_KEY: process.env.ADMIN_KEY,
    SIGNUP_RATE_LIMIT: process.env.SIGNUP_RATE_LIMIT,
    SENDGRID_API_KEY: process.env.SENDGRID_API_KEY,
    SENDGRID_BASE_URL: process.env.SENDGRID_BASE_URL,
  };
  process.env.ADMIN_KEY = ADMIN_KEY;
  process.env.SIGNUP_RATE_LIMIT = '1000000';
  delete process.env.SENDGRID_API_KEY;
  delete process.env.SENDGRID_BASE_URL;
  // The signup row sends its mail as on Netlify: the real SendGrid client, here to a loopback fake.
  const sendgrid = await startSendGridFake();
  const lib = await loadSignupLib();
  const counter = installCounter(edge);
  const rows = [];
  const notes = [];
  const started = Date.now();

  const login = await callHandler(lib.adminHandler, 'POST', '/api/admin/session', { body: { key: ADMIN_KEY } });
  const cookie = login.headers.get('set-cookie').split(';')[0];

  /** Times `fn` `n` times; returns median ms and the request counts of the last run. */
  const measure = async (n, fn) => {
    const times = [];
    let result;
    let ops;
    for (let i = 0; i < n; i++) {
      counter.reset();
      const t = performance.now();
      result = await fn(i);
      times.push(performance.now() - t);
      ops = { local: counter.counter.local, netlify: counter.counter.netlify, byStore: { ...counter.counter.byStore } };
    }
    return { ms: median(times), ops, result };
  };
  const admin = (p) => callHandler(lib.adminHandler, 'GET', p, { cookie });
  const render = () => {
    const table = [
      '| Size | Call | Time (median) | Blobs requests: local (Netlify-equivalent) | Target and figure | Met |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n');
    return [
      '## Scale: staff screens, statistics and limits',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (load average ${loadavg()[0].toFixed(1)} at the time of writing, shared with other work), Node ${process.version}, ${((Date.now() - started) / 60000).toFixed(0)} min so far.`,
      "A real local Blobs server and the real client in one process; handlers called in-process with an admin session cookie. The CSV export runs in a child process of its own (only the staff function and the Blobs client, as a function instance), so its memory is the function's alone.",
      'Requests: what reached the local Blobs server; in brackets counted as Netlify does (a list = one request per 1,000 keys).',
      'Times are this machine under the load shown; the request counts are what carries over to Netlify.',
      '',
      table,
      '',
      ...notes.map((n) => `- ${n}`),
      '',
    ].join('\n');
  };
  const partial = () => options.onPartial?.(render());
  const pushRow = (r) => {
    rows.push(r);
    partial();
  };

  try {
    let seeded = 0;
    try {
      const { blobs } = await getStore({ name: 'subscribers', consistency: 'strong' }).list();
      seeded = blobs.length;
    } catch {
      seeded = 0;
    }
    // Rate-limit storage: 10,000 hits from 1,000 addresses over three 60-second windows, then one
    // maintenance run. The remaining blobs must all belong to windows not older than two windows.
    const windowMs = 60_000;
    const t0 = Math.floor(Date.now() / windowMs) * windowMs - 2 * windowMs;
    counter.reset();
    const rlStart = performance.now();
    let i = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (i < hits) {
          const n = i++;
          await lib.takeSlot(
            'bench',
            `10.${Math.floor((n % addresses) / 250)}.${n % 250}.1`,
            1_000_000,
            windowMs,
            t0 + Math.floor((n * 3) / hits) * windowMs + (n % 50),
          );
        }
      }),
    );
    const hitOps = counter.counter.local / hits;
    const rl = getStore({ name: 'ratelimit', consistency: 'strong' });
    const before = (await rl.list()).blobs.length;
    counter.reset();
    const maintStart = performance.now();
    const report = await lib.runMaintenance();
    const maintMs = performance.now() - maintStart;
    // Only this bucket's hits: a store kept from an earlier run (--keep) also holds the mail limits'
    // hour and day windows, which are still open.
    const after = (await rl.list()).blobs
      .filter((b) => b.key.split('/')[1] === 'bench')
      .map((b) => Number(b.key.split('/')[0]));
    const now = Date.now();
    const oldestAgeWindows = after.length ? (now - (Math.min(...after) - windowMs)) / windowMs : 0;
    pushRow([
      '—',
      `Rate limit: ${hits.toLocaleString('en-US')} hits from ${addresses.toLocaleString('en-US')} addresses over 3 windows, then one maintenance run`,
      fmtMs(maintMs),
      `${hitOps.toFixed(1)} per hit; run ${counter.counter.local}`,
      `no blob older than two windows: ${before} blobs before, ${after.length} after, oldest window started ${oldestAgeWindows.toFixed(2)} windows ago`,
      mark(oldestAgeWindows <= 2),
    ]);
    if (report.errors.length) notes.push(`Maintenance errors: ${report.errors.join('; ')}`);
    notes.push(
      `Rate-limit hits: ${fmtMs(performance.now() - rlStart - maintMs)} for ${hits.toLocaleString('en-US')} (${hitOps.toFixed(1)} Blobs requests each: one slot taken by a conditional write; a list only when the slot tried is taken).`,
    );
    partial();
    let signupSeq = 0;
    // New addresses on every run, also in a store kept from an earlier run (--keep).
    const runTag = Date.now().toString(36);
    for (const size of sizes) {
      if (seeded < size) {
        log(`[scale] seeding ${size - seeded} subscribers (to ${size}) …`);
        const t = Date.now();
        const { written } = await seedSubscribers(lib, {
          count: size - seeded,
          days: 90,
          tag: `b${size}x`,
          seed: size,
          onProgress: (d, c) => log(`[scale]   ${d}/${c} (${Math.round(d / ((Date.now() - t) / 1000))}/s)`),
        });
        seeded += written;
        notes.push(
          `Seeding to ${size.toLocaleString('en-US')}: ${((Date.now() - t) / 1000).toFixed(0)} s (${Math.round(written / ((Date.now() - t) / 1000))} subscribers/s, record + index key each).`,
        );
      }
      const label = `${(size / 1000).toLocaleString('en-US')}k`;

      // One signup (a new address), through the real waitlist handler: the per-IP limit (in memory),
      // the record, its index key, then the confirmation mail through the real SendGrid client (its
      // two mail-limit slots) and the mail status on the record.
      process.env.SENDGRID_API_KEY = 'SG.bench';
      process.env.SENDGRID_BASE_URL = sendgrid.url;
      const mailsBefore = sendgrid.messages.length;
      const signup = await measure(runs, () =>
        callHandler(lib.waitlistHandler, 'POST', '/api/waitlist', {
          ip: `198.51.100.${signupSeq % 250}`,
          body: {
            name: 'Bench Signup',
            email: `bench-signup-${runTag}-${size}-${signupSeq++}@example.com`,
            interests: 'tech_news',
            source: 'bench',
          },
        }).then((r) => r.status),
      );
      delete process.env.SENDGRID_API_KEY;
      delete process.env.SENDGRID_BASE_URL;
      const mailed = sendgrid.messages.length - mailsBefore;
      pushRow([
        label,
        `One signup (POST /api/waitlist), its confirmation mail through the SendGrid client (${mailed} of ${runs} sent)`,
        fmtMs(signup.ms),
        `${signup.ops.local} (${Object.entries(signup.ops.byStore)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')})`,
        '<= 5 operations (the local outbox, used without a SendGrid key, adds its entry: 6)',
        signup.ops.local <= 5 && mailed === runs ? 'met' : '**missed**',
      ]);

      const first = await measure(runs, () =>
        admin('/api/admin/waitlist').then(async (r) => ({
          status: r.status,
          n: (await r.json()).length,
          total: r.headers.get('x-total-count'),
        })),
      );
      pushRow([
        label,
        `Subscriber table, first page (${first.result.n} rows, X-Total-Count ${first.result.total})`,
        fmtMs(first.ms),
        `${first.ops.local} (Netlify ${first.ops.netlify})`,
        '<= 300 ms, <= 60 operations',
        `${mark(first.ms <= 300)} / ${mark(first.ops.netlify <= 60)}`,
      ]);

      const page2link = await admin('/api/admin/waitlist').then(
        (r) => /<([^>]+)>/.exec(r.headers.get('link') ?? '')?.[1],
      );
      if (page2link) {
        const second = await measure(runs, () => admin(page2link).then((r) => r.status));
        pushRow([
          label,
          'Subscriber table, next page (Link)',
          fmtMs(second.ms),
          `${second.ops.local} (Netlify ${second.ops.netlify})`,
          '—',
          '—',
        ]);
      }

      const stats = await measure(runs, () => admin('/api/admin/waitlist/stats').then((r) => r.json()));
      pushRow([
        label,
        `Statistics (total ${stats.result.totalCount})`,
        fmtMs(stats.ms),
        `${stats.ops.local} (Netlify ${stats.ops.netlify})`,
        '<= 1 s, <= 200 operations',
        `${mark(stats.ms <= 1000)} / ${mark(stats.ops.netlify <= 200)}`,
      ]);

      const { blobs: someKeys } = await getStore({ name: 'subscribers', consistency: 'strong' }).list({ prefix: 'a' });
      const target = await getStore({ name: 'subscribers', consistency: 'strong' }).get(someKeys[0].key, {
        type: 'json',
      });
      const search = await measure(runs, () =>
        admin(`/api/admin/waitlist?q=${encodeURIComponent(target.email)}`).then(async (r) => (await r.json()).length),
      );
      pushRow([
        label,
        `Search for one e-mail (${search.result} row)`,
        fmtMs(search.ms),
        `${search.ops.local} (Netlify ${search.ops.netlify})`,
        size >= 100_000 ? '<= 2 s' : '—',
        size >= 100_000 ? mark(search.ms <= 2000) : '—',
      ]);

      const substring = await measure(1, () =>
        admin('/api/admin/waitlist?q=tremblay').then((r) => r.headers.get('x-total-count')),
      );
      pushRow([
        label,
        `Substring search "tremblay" (${substring.result} matches; lists the whole index)`,
        fmtMs(substring.ms),
        `${substring.ops.local} (Netlify ${substring.ops.netlify})`,
        '—',
        '—',
      ]);

      if (size <= csvMax) {
        // In a process of its own: the function's memory, apart from the Blobs server and the seeding.
        const probe = await runCsvProbe();
        const mb = (n) => Math.round(n / 1048576);
        const csvOk = probe.status === 200 && mb(probe.peakRss) < 200;
        pushRow([
          label,
          `CSV export, streamed (${(probe.lines - 1).toLocaleString('en-US')} rows, ${mb(probe.bytes)} MB)`,
          fmtMs(probe.ms),
          `${probe.ops}`,
          `function memory < 200 MB: peak RSS ${mb(probe.peakRss)} MB (heap ${mb(probe.peakHeap)} MB; ${mb(probe.baseRss)} MB before the export)`,
          size >= 100_000 ? mark(csvOk) : csvOk ? 'met' : '**missed**',
        ]);
      } else {
        pushRow([label, 'CSV export', 'not run', '—', 'skipped by --csv-max', '—']);
      }
      log(`[scale] ${label} measured`);
    }

    counter.reset();
    const last = await lib.runMaintenance();
    notes.push(
      `Maintenance run at ${seeded.toLocaleString('en-US')} subscribers (index check against every record key, full snapshot, rate-limit and outbox cleanup): ${fmtMs(last.ms)}, ${counter.counter.local} Blobs requests (Netlify ${counter.counter.netlify}); index repairs ${JSON.stringify(last.index)}.`,
    );
  } finally {
    counter.restore();
    await sendgrid.close();
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    await server.stop();
    if (!options.keep) await rm(directory, { recursive: true, force: true });
  }

  return render();
}

/** bench/results-scale.md: the scale section alone, written by this script and by `npm run bench`. */
export const SCALE_RESULTS = path.join(ROOT, 'bench', 'results-scale.md');

/** Writes the scale section's markdown to SCALE_RESULTS. */
export function writeScaleResults(markdown) {
  return writeFile(SCALE_RESULTS, `# Bench results: scale\n\n${markdown}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  const markdown = await runScaleBench({
    sizes: opt('sizes')?.split(',').map(Number),
    runs: opt('runs') ? Number(opt('runs')) : undefined,
    keep: opt('keep'),
    csvMax: opt('csv-max') ? Number(opt('csv-max')) : undefined,
    hits: opt('hits') ? Number(opt('hits')) : undefined,
    onPartial: (md) => writeScaleResults(md).catch(() => undefined),
  });
  await writeScaleResults(markdown);
  console.log(markdown);
  console.log(`Written to ${path.relative(ROOT, SCALE_RESULTS)}`);
  process.exit(0);
}
