// The scale section of the bench: a local Blobs server (the real one) seeded with 10,000 and then
// 100,000 subscribers through the real client, and the staff endpoints called in this process
// (the same handlers Netlify runs, bundled by esbuild) with an admin session cookie. Every figure
// comes with the Blobs requests the call made: locally, and counted the way Netlify bills them
// (a list is one request per 1,000 keys). Times depend on this machine; request counts carry over.
//
// Alone: npm run bench:scale [-- --sizes 10000,100000 --keep DIR --csv-max 100000 --maintenance-max 100000]
//   writes bench/results-scale.md. From the main bench: `runScaleBench(options)` returns the markdown,
//   which `npm run bench` writes into bench/results.md and bench/results-scale.md.
import { mkdtemp, rm, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBlobsServer } from '../runtime/blobs-server.mjs';
import { newLocalSecret } from '../runtime/local-secrets.mjs';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { loadSignupLib } from '../lib/site-lib.mjs';
import { seedSubscribers } from '../lib/seed-core.mjs';
import { callHandler } from './call-handler.mjs';
import { startSendGridFake } from '../lib/sendgrid-fake.mjs';
import { installCounter } from './blobs-counter.mjs';
import { runProbe } from './probe.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_KEY = 'bench-scale-admin-key';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The p-th percentile (nearest rank) of `xs`. */
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
/** 20 different substrings staff might type: names, domains, sources, interests as shown, fragments, one that matches nothing. */
const SEARCHES = [
  'tremblay',
  'côté',
  'lovelace',
  'okafor',
  'macdonald',
  'ada',
  'émile',
  'gmail',
  'uwaterloo.ca',
  'proton',
  'youtube',
  'reddit',
  'direct',
  'tech news',
  'tutorials',
  'all',
  'son',
  'li',
  '4242',
  'zzqx-nobody',
];
/**
 * 8 substrings a fifth of the list or more shares (a source, a domain, common syllables) and a few rare
 * ones: the first page must come within a second whatever the match count.
 */
const COMMON_SEARCHES = ['direct', 'youtube', 'gmail', 'an', 'mar', 'son', 'tremblay', 'zzqx-nobody'];
const fmtMs = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const mark = (ok) => (ok ? 'met' : '**missed**');

/**
 * Runs the scale bench and returns markdown (a heading, notes and one table).
 * @param options.sizes subscriber counts, ascending (default [10000, 100000])
 * @param options.runs repetitions per timed call (median; default 5)
 * @param options.keep directory to keep the seeded store in (reused when it already holds the data)
 * @param options.csvMax largest size at which the CSV export is measured (default: every size)
 * @param options.maintenanceMax largest size at which maintenance runs a full pass (default: every size)
 * @param options.hits, options.addresses rate-limit hits and client addresses (default 10,000 and 1,000)
 * @param options.onPartial(markdown) called after every row (a long run leaves its figures behind)
 * @param options.log progress lines (default console.log)
 */
export async function runScaleBench(options = {}) {
  // The handlers run in this process, in local mode; a random session secret for this run signs the
  // admin session (the children, such as the CSV probe, inherit it).
  process.env.LOCAL_MODE ??= 'true';
  const sizes = options.sizes ?? [10_000, 100_000];
  const runs = options.runs ?? 5;
  const log = options.log ?? ((...a) => console.log(...a));
  const csvMax = options.csvMax ?? Infinity;
  const maintenanceMax = options.maintenanceMax ?? Infinity;
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
    SESSION_SECRET: process.env.SESSION_SECRET,
    SIGNUP_RATE_LIMIT: process.env.SIGNUP_RATE_LIMIT,
    SENDGRID_API_KEY: process.env.SENDGRID_API_KEY,
    SENDGRID_BASE_URL: process.env.SENDGRID_BASE_URL,
  };
  process.env.ADMIN_KEY = ADMIN_KEY;
  process.env.SESSION_SECRET ||= newLocalSecret('SESSION_SECRET');
  process.env.SIGNUP_RATE_LIMIT = '1000000';
  delete process.env.SENDGRID_API_KEY;
  delete process.env.SENDGRID_BASE_URL;
  // The signup row sends its mail as on Netlify: the real SendGrid client, here to a loopback fake.
  const sendgrid = await startSendGridFake();
  const lib = await loadSignupLib();
  const counter = installCounter(edge);
  const rows = [];
  const notes = [];
  const maintenance = [];
  const started = Date.now();

  const login = await callHandler(lib.adminHandler, 'POST', '/api/admin/session', { body: { key: ADMIN_KEY } });
  const cookie = login.headers.get('set-cookie').split(';')[0];

  /** Times `fn` `n` times; returns median ms and the request counts of the last run. */
  const measure = async (n, fn) => {
    const times = [];
    const every = [];
    let result;
    let ops;
    for (let i = 0; i < n; i++) {
      counter.reset();
      const t = performance.now();
      result = await fn(i);
      times.push(performance.now() - t);
      ops = { local: counter.counter.local, netlify: counter.counter.netlify, byStore: { ...counter.counter.byStore } };
      every.push(ops);
    }
    return { ms: median(times), ops, every, times, result };
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
      "A real local Blobs server and the real client in one process; handlers called in-process with an admin session cookie. The CSV export job runs in a child process of its own (the staff function and the job runner with the Blobs client, as a function instance), so its memory is the function's alone.",
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
      // Slots of the site-wide mail limit already taken in this hour's window (see the note below the table).
      const hourEnd = String((Math.floor(Date.now() / 3_600_000) + 1) * 3_600_000).padStart(13, '0');
      const siteWideBefore = (
        await getStore({ name: 'ratelimit', consistency: 'strong' }).list({ prefix: `${hourEnd}/mail-global/` })
      ).blobs.length;
      const signup = await measure(runs, () =>
        callHandler(lib.signupsHandler, 'POST', '/api/waitlist', {
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
      const perRun = signup.every.map((o) => o.local);
      const over = signup.every.filter((o) => o.local > 5);
      pushRow([
        label,
        `One signup (POST /api/waitlist), its confirmation mail through the SendGrid client (${mailed} of ${runs} sent; the site-wide mail window held ${siteWideBefore} slots before the first)`,
        fmtMs(signup.ms),
        `${perRun.join(', ')} per run (last: ${Object.entries(signup.ops.byStore)
          .map(([k, v]) => `${k} ${v}`)
          .join(
            ', ',
          )}${over.length ? `; over 5: ${over.map((o) => `ratelimit ${o.byStore.ratelimit}`).join(', ')}` : ''})`,
        '<= 5 operations (the local outbox, used without a SendGrid key, adds its entry: 6)',
        Math.max(...perRun) <= 5 && mailed === runs ? 'met' : '**missed**',
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

      // Substring search: 20 different substrings, each the table's first page (50 rows) with its total.
      const searches = [];
      for (const q of SEARCHES) {
        const one = await measure(1, () =>
          admin(`/api/admin/waitlist?q=${encodeURIComponent(q)}`).then((r) => r.headers.get('x-total-count')),
        );
        searches.push({ q, ms: one.ms, ops: one.ops, total: Number(one.result) });
      }
      const searchMs = searches.map((x) => x.ms);
      const searchOps = searches.map((x) => x.ops.netlify);
      const p99 = percentile(searchMs, 99);
      pushRow([
        label,
        `Substring search, ${SEARCHES.length} different substrings (e.g. "tremblay" ${searches[0].total} matches, "direct" ${searches.find((x) => x.q === 'direct').total}), first page of 50 with the total`,
        `p50 ${fmtMs(percentile(searchMs, 50))}, p99 ${fmtMs(p99)}`,
        `median ${median(searches.map((x) => x.ops.local))} (Netlify ${median(searchOps)}, most ${Math.max(...searchOps)}) per search`,
        size >= 100_000 ? 'p50 and p99 <= 1 s' : '—',
        size >= 100_000 ? mark(p99 <= 1000) : '—',
      ]);

      // Common words: the first page as the table asks it (its total may be an estimate), then the exact count.
      const common = [];
      for (const q of COMMON_SEARCHES) {
        const first = await measure(runs, () =>
          admin(`/api/admin/waitlist?q=${encodeURIComponent(q)}`).then(
            (r) => `${r.headers.get('x-total-count')}${r.headers.get('x-total-exact') === 'false' ? '~' : ''}`,
          ),
        );
        const exact = await measure(1, () =>
          admin(`/api/admin/waitlist?q=${encodeURIComponent(q)}&limit=1&count=exact`).then((r) =>
            r.headers.get('x-total-count'),
          ),
        );
        common.push({ q, ms: first.ms, exactMs: exact.ms, total: exact.result, shown: first.result });
      }
      const commonMs = common.map((x) => x.ms);
      pushRow([
        label,
        `Search for common words, first page of 50 (${common.map((x) => `"${x.q}" ${x.total}`).join(', ')}; ~ marks an estimated total)`,
        `median ${fmtMs(median(commonMs))}, worst ${fmtMs(Math.max(...commonMs))}; exact count median ${fmtMs(median(common.map((x) => x.exactMs)))}`,
        common.map((x) => `${x.q} ${fmtMs(x.ms)} (${x.shown})`).join('; '),
        size >= 100_000 ? 'worst first page <= 1 s' : '—',
        size >= 100_000 ? mark(Math.max(...commonMs) <= 1000) : '—',
      ]);

      if (size <= csvMax) {
        // In a process of its own: the function's memory, apart from the Blobs server and the seeding.
        const probe = await runProbe('export-probe');
        const mb = (n) => (n / 1048576).toFixed(1);
        const per1000 = (probe.netlify / Math.max(1, probe.rows)) * 1000;
        const exportOk =
          probe.status === 'done' && probe.lines === probe.rows + 1 && probe.gzipBytes / probe.parts < 6 * 1048576;
        pushRow([
          label,
          `CSV export job (${probe.rows.toLocaleString('en-US')} rows in ${probe.parts} part${probe.parts === 1 ? '' : 's'}, ${probe.steps} steps; ${mb(probe.rawBytes)} MB of CSV, ${mb(probe.gzipBytes)} MB gzip; ${probe.reads} records read)`,
          fmtMs(probe.ms),
          `${probe.local} (Netlify ${probe.netlify}): ${per1000.toFixed(1)} per 1,000 rows (${Object.entries(
            probe.byStore,
          )
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')})`,
          `each part < 6 MB; within a background run (15 min); function memory: peak RSS ${mb(probe.peakRss)} MB (heap ${mb(probe.peakHeap)} MB; ${mb(probe.baseRss)} MB before)`,
          mark(exportOk && probe.ms < 15 * 60_000),
        ]);
      } else {
        pushRow([label, 'CSV export job', 'not run', '—', 'skipped by --csv-max', '—']);
      }

      if (size <= maintenanceMax) {
        // Maintenance: runs as the scheduled function makes them, until a full pass of the index ends.
        const maintRuns = [];
        let finished = null;
        while (!finished && maintRuns.length < 200) {
          counter.reset();
          const t = performance.now();
          const report = await lib.runMaintenance();
          const ms = performance.now() - t;
          const pass = report.steps['index pass'];
          // The index pass's own requests: the run's, less the cleanups (closed rate-limit windows, old outbox days).
          const cleanup = (store) => counter.counter.netlifyByStore[store] ?? 0;
          maintRuns.push({
            ms,
            local: counter.counter.local,
            netlify: counter.counter.netlify,
            pass: counter.counter.netlify - cleanup('ratelimit') - cleanup('outbox'),
            steps: pass?.steps ?? 0,
          });
          if (report.errors.length) notes.push(`Maintenance errors at ${label}: ${report.errors.join('; ')}`);
          finished = pass?.finished ?? null;
        }
        const runMs = maintRuns.map((r) => r.ms);
        const totalNetlify = maintRuns.reduce((a, r) => a + r.pass, 0);
        pushRow([
          label,
          `Maintenance, runs until a full pass of the index ends (${maintRuns.length} runs, ${maintRuns.reduce((a, r) => a + r.steps, 0)} pass steps; repairs ${JSON.stringify(finished?.repairs ?? null)})`,
          `per run: median ${fmtMs(median(runMs))}, longest ${fmtMs(Math.max(...runMs))}; whole pass ${fmtMs(runMs.reduce((a, b) => a + b, 0))}`,
          `per run: median ${median(maintRuns.map((r) => r.local))} (Netlify ${median(maintRuns.map((r) => r.netlify))}, of which the index pass ${median(maintRuns.map((r) => r.pass))}); the whole pass: Netlify ${totalNetlify}`,
          `every run <= 30 s (the scheduled limit; a run plans 20 s); runs per full pass: ${maintRuns.length}`,
          mark(Math.max(...runMs) <= 30_000 && !!finished),
        ]);
        maintenance.push({ size, runs: maintRuns.length, ms: runMs.reduce((a, b) => a + b, 0), netlify: totalNetlify });
      } else {
        pushRow([label, 'Maintenance pass', 'not run', '—', 'skipped by --maintenance-max', '—']);
      }
      log(`[scale] ${label} measured`);
    }

    const big = maintenance.at(-1);
    if (big) {
      // Linear in subscribers: a pass lists every key and every record id once, in slices of the same size.
      const factor = 1_000_000 / big.size;
      const passMs = big.ms * factor;
      notes.push(
        `Maintenance projected to 1,000,000 subscribers from the pass at ${big.size.toLocaleString('en-US')} (linear: a pass lists every index key and record id once, in slices of the same size): about ${Math.round(big.netlify * factor).toLocaleString('en-US')} Netlify-equivalent requests and ${fmtMs(passMs)} of work per pass at this machine's speed, so about ${Math.ceil(passMs / 20_000)} runs of 20 s, a full pass every ${((Math.ceil(passMs / 20_000) * 5) / 60).toFixed(1)} h at one run every 5 minutes.`,
      );
    }
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
    maintenanceMax: opt('maintenance-max') ? Number(opt('maintenance-max')) : undefined,
    hits: opt('hits') ? Number(opt('hits')) : undefined,
    onPartial: (md) => writeScaleResults(md).catch(() => undefined),
  });
  await writeScaleResults(markdown);
  console.log(markdown);
  console.log(`Written to ${path.relative(ROOT, SCALE_RESULTS)}`);
  process.exit(0);
}
