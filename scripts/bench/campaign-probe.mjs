// A campaign send measured as a function instance would see it: this process runs only the staff
// function and the job runner (the site's own code, bundled by esbuild) with the real Blobs client
// and the real SendGrid client; the Blobs server, the subscribers and the SendGrid fake live in the
// parent process (scripts/bench/campaign.mjs), as Blobs and SendGrid live outside a function. Staff
// create the campaign and press Send (POST /api/admin/campaigns, then /send); the job then runs as
// the background function runs it (runPending with its 14-minute deadline; the kick's address does
// not exist here). Started with the Blobs context, ADMIN_KEY, LOCAL_MODE and the SendGrid settings in
// its environment; prints one JSON line:
// { id, audienceCount, view, runs, steps, ms, local, netlify, byStore, baseRss, peakRss, peakHeap }
// (memory from /proc/self/status: VmHWM is the kernel's own peak).
import { startProbe } from './probe.mjs';

const RUN_MS = 14 * 60_000;
const { lib, count, call, cookie, memory } = await startProbe('campaign-probe');
count.reset();
const t = performance.now();
const created = await call('POST', '/api/admin/campaigns', {
  cookie,
  body: {
    subject: 'Maple Tech is open, {{name}}',
    body: '# We are live\n\nThank you for waiting with us, {{name}}. **Everything** is open today.\n\n- The shop\n- The recommender\n- The blog',
    audience: {},
  },
});
if (created.status !== 201) throw new Error(`Create failed (${created.status}): ${await created.text()}`);
const { id, audienceCount } = await created.json();
const sent = await call('POST', `/api/admin/campaigns/${id}/send`, { cookie });
if (sent.status !== 202) throw new Error(`Send failed (${sent.status}): ${await sent.text()}`);
const job = (await (await call('GET', `/api/admin/campaigns/${id}`, { cookie })).json()).jobId;
let runs = 0;
for (;;) {
  runs += 1;
  const { ran, more } = await lib.runPending({ deadline: Date.now() + RUN_MS, first: job });
  if (!more && !Object.values(ran).includes('yielded')) break;
  if (runs > 10) throw new Error(`Still running after ${runs} background runs: ${JSON.stringify(ran)}`);
}
const ms = performance.now() - t;
const ops = { local: count.counter.local, netlify: count.counter.netlify, byStore: { ...count.counter.byStore } };
const mem = memory();
const view = await (await call('GET', `/api/admin/campaigns/${id}`, { cookie })).json();
const steps = (await lib.readJob(job))?.job.steps ?? null;
console.log(
  JSON.stringify({
    id,
    audienceCount,
    view: {
      status: view.status,
      total: view.total,
      sent: view.sent,
      failed: view.failed,
      skipped: view.skipped,
      unknown: view.unknown,
    },
    runs,
    steps,
    ms,
    ...ops,
    ...mem,
  }),
);
