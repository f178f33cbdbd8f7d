// The provider-events line of `npm run bench:mail` (scripts/bench/mail-queue.mjs calls it while its
// server runs): BENCH_EVENTS (1,000) SendGrid events about the mails the bench just sent, in signed
// batches of BENCH_EVENTS_BATCH (100) posted to POST /api/sendgrid/events one batch every
// BENCH_EVENTS_GAP_MS (1,000) ms, open loop. SendGrid posts batches as its events accumulate; one
// batch a second is a busy list's pace. Reports the time per batch and the Blobs requests per event,
// then posts the whole set again (SendGrid's retries) to show what a repeat costs.
import { generateKeyPairSync, sign } from 'node:crypto';

const int = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const EVENTS = int('BENCH_EVENTS', 1000);
const BATCH = int('BENCH_EVENTS_BATCH', 100);
const GAP_MS = int('BENCH_EVENTS_GAP_MS', 1000);
const SETTLE_MS = int('BENCH_EVENTS_SETTLE_MS', 10_000);

const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

/** What the bench server needs in its environment to verify the batches. */
export const MAIL_EVENTS_ENV = {
  SENDGRID_WEBHOOK_PUBLIC_KEY: keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted, q) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))];

/** The realistic mix: mostly deliveries, some processing notes, a few bounces, complaints, unsubscribes. */
function eventFor(message, i, run) {
  const p = message.body.personalizations[0];
  const args = { ...message.body.custom_args, ...p.custom_args };
  const r = i % 100;
  const name =
    r < 60
      ? 'delivered'
      : r < 80
        ? 'processed'
        : r < 88
          ? 'open'
          : r < 92
            ? 'deferred'
            : r < 96
              ? 'bounce'
              : r < 98
                ? 'spamreport'
                : 'unsubscribe';
  return {
    email: p.to[0].email,
    event: name,
    timestamp: Math.floor(Date.now() / 1000),
    sg_event_id: `bench-${run}-${i}`,
    sg_message_id: `bench-msg-${i}`,
    ...(name === 'bounce' ? { type: 'bounce', reason: '550 5.1.1 no such user (bench)' } : {}),
    ...args,
  };
}

async function postBatch(base, events) {
  const body = JSON.stringify(events);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign('sha256', Buffer.from(timestamp + body), keys.privateKey).toString('base64');
  const t0 = performance.now();
  const res = await fetch(`${base}/api/sendgrid/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Twilio-Email-Event-Webhook-Signature': signature,
      'X-Twilio-Email-Event-Webhook-Timestamp': timestamp,
    },
    body,
  });
  const answer = await res.json().catch(() => null);
  return { status: res.status, ms: performance.now() - t0, answer };
}

/** Posts the batches at the pace; resolves each batch's result. */
async function paced(base, batches) {
  const started = performance.now();
  const pending = batches.map(async (events, n) => {
    const wait = started + n * GAP_MS - performance.now();
    if (wait > 0) await sleep(wait);
    return postBatch(base, events);
  });
  return Promise.all(pending);
}

const fmt = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);

/**
 * Runs the line against the running bench server. `messages`: mails the fake accepted (each with
 * its custom arguments); `blobsCounts`, `storeDiff`, `total`, `per`: the mail bench's Blobs counters.
 * @returns {Promise<string[]>} markdown table rows
 */
export async function mailEventsRows({ base, messages, blobsCounts, storeDiff, total, per, log }) {
  const run = Date.now().toString(36);
  const chosen = messages.slice(0, EVENTS);
  if (chosen.length < EVENTS) throw new Error(`Only ${chosen.length} mails to make ${EVENTS} events from`);
  const events = chosen.map((m, i) => eventFor(m, i, run));
  const batches = [];
  for (let i = 0; i < events.length; i += BATCH) batches.push(events.slice(i, i + BATCH));
  log(`${EVENTS} provider events in ${batches.length} signed batches, one every ${GAP_MS} ms...`);
  // The earlier phases leave the server busy for a moment (the scheduled mail worker): let it settle.
  await sleep(SETTLE_MS);
  const before = await blobsCounts();
  const first = await paced(base, batches);
  const afterFirst = await blobsCounts();
  const again = await paced(base, batches);
  const afterAgain = await blobsCounts();
  const line = (results, stores, what) => {
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    const statuses = {};
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const counts = { applied: 0, repeated: 0, ignored: 0 };
    for (const r of results) for (const k of Object.keys(counts)) counts[k] += r.answer?.[k] ?? 0;
    return `| ${what}: ${EVENTS} SendGrid events in signed batches of ${BATCH}, one batch every ${GAP_MS / 1000} s | per batch p50 ${fmt(quantile(times, 0.5))}, max ${fmt(times.at(-1))}; answers ${Object.entries(
      statuses,
    )
      .map(([k, v]) => `${k}×${v}`)
      .join(
        ' ',
      )}; applied ${counts.applied}, repeated ${counts.repeated}, ignored ${counts.ignored} | Blobs requests per event: ${(total(stores) / EVENTS).toFixed(2)} (${per(stores, EVENTS)}) |`;
  };
  const rows = [
    line(
      first,
      storeDiff(afterFirst, before),
      'Provider events (60 % delivered, 20 % processed, 8 % open, 4 % deferred, 4 % bounce, 2 % spam report, 2 % unsubscribe)',
    ),
    line(again, storeDiff(afterAgain, afterFirst), 'The same batches again (SendGrid retrying)'),
  ];
  log(`events: ${rows.length} lines`);
  return rows;
}
