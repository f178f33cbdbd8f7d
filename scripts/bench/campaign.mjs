// The campaign section of the bench: a local Blobs server (the real one) seeded with 100,000
// confirmed subscribers through the real client, the maintenance pass run until the search digest is
// built (as the scheduled function keeps it on Netlify), then one campaign to all of them, sent by
// scripts/bench/campaign-probe.mjs in a process of its own (the staff function and the job runner,
// as a function instance) through the real SendGrid client to a loopback fake in this process.
// Reported: total time against the background function's 15 minutes, SendGrid requests, Blobs
// requests per recipient, the function's peak memory, and duplicates and missed recipients counted
// from what the fake received against the addresses the seeding wrote.
//
// Alone: npm run bench:campaign [-- --size 100000 --keep DIR --heap-mb 512] writes bench/results-campaign.md.
// From `npm run bench`: `runCampaignBench(options)` returns the markdown.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setEnvironmentContext } from '@netlify/blobs';
import { startBlobsServer } from '../runtime/blobs-server.mjs';
import { newLocalSecret } from '../runtime/local-secrets.mjs';
import { loadSignupLib } from '../lib/site-lib.mjs';
import { seedSubscribers } from '../lib/seed-core.mjs';
import { startSendGridFake } from '../lib/sendgrid-fake.mjs';
import { runProbe } from './probe.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_KEY = 'bench-campaign-admin-key';
const BACKGROUND_LIMIT_MS = 15 * 60_000;
const mb = (bytes) => (bytes / 1048576).toFixed(1);
const fmtMs = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

/**
 * Seeds, sends one campaign and returns the markdown section.
 * @param options.size confirmed subscribers (default 100,000)
 * @param options.keep directory to keep the seeded store in (reused when it already holds them;
 *   the campaign's receipts stay too, so a kept store is for looking at, not for a second run)
 * @param options.heapMb the send's V8 old-space cap in MB (default 512: half of a Netlify function's
 *   1,024 MB, so a send that completes under it fits with room; garbage is collected under that
 *   pressure, so the peak shows what the send needs rather than what an idle collector let pile up)
 * @param options.log progress lines
 */
export async function runCampaignBench(options = {}) {
  const size = options.size ?? 100_000;
  const heapMb = options.heapMb ?? 512;
  const log = options.log ?? ((...a) => console.log(...a));
  const started = Date.now();
  const directory = options.keep ? path.resolve(options.keep) : await mkdtemp(path.join(tmpdir(), 'bench-campaign-'));
  await mkdir(directory, { recursive: true });
  const token = 'bench-campaign';
  const server = await startBlobsServer({ directory, token });
  const edge = server.url;
  setEnvironmentContext({ siteID: '0', deployID: '0', token, edgeURL: edge, uncachedEdgeURL: edge });
  const fake = await startSendGridFake();
  const notes = [];
  try {
    process.env.LOCAL_MODE ??= 'true';
    process.env.SESSION_SECRET ||= newLocalSecret('SESSION_SECRET');
    const lib = await loadSignupLib();
    // A kept store remembers who was seeded beside it (a second run sends a second campaign to them).
    const audienceFile = `${directory}.audience.json`;
    let confirmed = existsSync(audienceFile) ? JSON.parse(readFileSync(audienceFile, 'utf8')) : null;
    if (confirmed?.length === size) {
      notes.push(`Seeding: ${size.toLocaleString('en-US')} subscribers kept from an earlier run (${directory}).`);
    } else {
      log(`[campaign] seeding ${size.toLocaleString('en-US')} confirmed subscribers …`);
      const t0 = Date.now();
      const seeded = await seedSubscribers(lib, {
        count: size,
        days: 90,
        tag: `c${size}x`,
        seed: size + 7,
        allConfirmed: true,
        collect: true,
        onProgress: (d, c) => log(`[campaign]   ${d}/${c} (${Math.round(d / ((Date.now() - t0) / 1000))}/s)`),
      });
      confirmed = seeded.confirmed;
      if (options.keep) await writeFile(audienceFile, JSON.stringify(confirmed));
      notes.push(`Seeding: ${seeded.written.toLocaleString('en-US')} subscribers in ${fmtMs(Date.now() - t0)}.`);
    }
    // The search digest the send plans from, as the scheduled maintenance keeps it.
    const t1 = Date.now();
    let runs = 0;
    for (let finished = false; !finished && runs < 200; runs++) {
      const report = await lib.runMaintenance();
      finished = Boolean(report.steps['index pass']?.finished);
    }
    notes.push(
      `The search digest was built by ${runs} maintenance runs (${fmtMs(Date.now() - t1)}), as the scheduled function keeps it.`,
    );

    log('[campaign] sending …');
    const probe = await runProbe('campaign-probe', {
      heapMb,
      env: {
        ...process.env,
        ADMIN_KEY,
        SENDGRID_API_KEY: 'SG.bench-campaign',
        SENDGRID_BASE_URL: fake.url,
        NETLIFY_BLOBS_CONTEXT: process.env.NETLIFY_BLOBS_CONTEXT,
      },
    });

    // What the provider received, against what the seeding wrote.
    const received = new Map();
    let copies = 0;
    const campaignRequests = fake.messages.filter((m) =>
      m.body.personalizations.some((p) => p.custom_args?.campaign_id === probe.id),
    );
    for (const m of campaignRequests)
      for (const p of m.body.personalizations) {
        copies += 1;
        received.set(p.to[0].email, (received.get(p.to[0].email) ?? 0) + 1);
      }
    const duplicates = [...received.values()].filter((n) => n > 1).length;
    const missed = confirmed.filter((e) => !received.has(e)).length;
    const audience = new Set(confirmed);
    const strangers = [...received.keys()].filter((e) => !audience.has(e)).length;
    const perRecipient = probe.local / confirmed.length;
    const ok =
      duplicates === 0 &&
      missed === 0 &&
      strangers === 0 &&
      probe.view.status === 'sent' &&
      probe.ms < BACKGROUND_LIMIT_MS;
    const stores = Object.entries(probe.byStore)
      .sort((a, b) => b[1] - a[1])
      .map(([s, n]) => `${s} ${n.toLocaleString('en-US')}`)
      .join(', ');
    const rows = [
      [
        'Audience',
        `${probe.audienceCount.toLocaleString('en-US')} confirmed subscribers (count shown to staff before sending)`,
      ],
      [
        'Status at the end',
        `${probe.view.status}: sent ${probe.view.sent}, failed ${probe.view.failed}, skipped ${probe.view.skipped}, unknown ${probe.view.unknown}`,
      ],
      [
        'Total time (create, plan, every batch)',
        `${fmtMs(probe.ms)} in ${probe.runs} background run(s) of at most 14 min; job steps ${probe.steps} (limit: 15 min per run)`,
      ],
      [
        'SendGrid requests',
        `${campaignRequests.length} carrying ${copies.toLocaleString('en-US')} copies (up to 1,000 personalizations each)`,
      ],
      [
        'Blobs requests',
        `${probe.local.toLocaleString('en-US')} (Netlify-equivalent ${probe.netlify.toLocaleString('en-US')}): ${perRecipient.toFixed(2)} per recipient; by store: ${stores}`,
      ],
      [
        'Function memory',
        `peak RSS ${mb(probe.peakRss)} MB (heap ${mb(probe.peakHeap)} MB; ${mb(probe.baseRss)} MB before), old space capped at ${heapMb} MB (a Netlify function has 1,024 MB)`,
      ],
      ['Duplicates / missed / not in the audience', `${duplicates} / ${missed} / ${strangers}`],
    ];
    return [
      `## Campaign to ${size.toLocaleString('en-US')} confirmed subscribers`,
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (load average ${loadavg()[0].toFixed(1)} at the end, shared with other work), Node ${process.version}, ${((Date.now() - started) / 60000).toFixed(0)} min in all.`,
      'A real local Blobs server and the SendGrid fake in the bench process; the send in a child process of its own (the staff function and the job runner with the real Blobs and SendGrid clients, as a function instance). Times are this machine under the load shown; requests carry over to Netlify.',
      '',
      '| Figure | Value |',
      '| --- | --- |',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
      '',
      `Result: **${ok ? 'met' : 'missed'}** (every seeded subscriber exactly once, nobody else, within one background run's 15 minutes).`,
      '',
      ...notes.map((n) => `- ${n}`),
      '',
    ].join('\n');
  } finally {
    await fake.close();
    await server.stop();
    if (!options.keep) await rm(directory, { recursive: true, force: true });
  }
}

/** bench/results-campaign.md: the campaign section alone. */
export const CAMPAIGN_RESULTS = path.join(ROOT, 'bench', 'results-campaign.md');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  const markdown = await runCampaignBench({
    size: opt('size') ? Number(opt('size')) : undefined,
    keep: opt('keep'),
    heapMb: opt('heap-mb') ? Number(opt('heap-mb')) : undefined,
  });
  await writeFile(CAMPAIGN_RESULTS, `# Bench results: campaign\n\n${markdown}`);
  console.log(markdown);
  console.log(`Written to ${path.relative(ROOT, CAMPAIGN_RESULTS)}`);
  process.exit(0);
}
