// The CSV export job, measured as a function instance would see it: this process runs only the
// staff function and the job runner (the site's own code, bundled by esbuild) with the real Blobs
// client; the Blobs server and everything the scale bench seeded live in the parent process, as
// Netlify's Blobs service lives outside a function. It starts an export as staff do
// (POST /api/admin/exports), runs the job as the background function does (runPending, no kick: the
// kick's address does not exist here), downloads every part and decompresses it. Started by scale.mjs
// with the Blobs context, ADMIN_KEY and LOCAL_MODE in its environment; prints one JSON line:
// { rows, lines, rawBytes, gzipBytes, parts, steps, ms, local, netlify, byStore, baseRss, peakRss, peakHeap }
// (memory from /proc/self/status: VmHWM is the kernel's own peak).
import { gunzipSync } from 'node:zlib';
import { startProbe } from './probe.mjs';

const { lib, count, call, cookie, memory } = await startProbe('export-probe');
count.reset();
const t = performance.now();
const started = await call('POST', '/api/admin/exports', { cookie, body: {} });
const { id } = await started.json();
await lib.runPending({ deadline: Date.now() + 14 * 60_000, first: id, retryDelayMs: 0 });
const ms = performance.now() - t;
const ops = { local: count.counter.local, netlify: count.counter.netlify, byStore: { ...count.counter.byStore } };
const mem = memory();
const status = await (await call('GET', `/api/admin/exports/${id}`, { cookie })).json();
const job = (await lib.readJob(id)).job;
let rawBytes = 0;
let gzipBytes = 0;
let lines = 0;
for (const file of status.files) {
  const res = await call('GET', file.url, { cookie });
  const body = Buffer.from(await res.arrayBuffer());
  gzipBytes += body.length;
  const raw = gunzipSync(body);
  rawBytes += raw.length;
  for (const b of raw) if (b === 10) lines += 1;
}
console.log(
  JSON.stringify({
    status: status.status,
    rows: status.rows,
    lines,
    rawBytes,
    gzipBytes,
    parts: status.files.length,
    steps: job.steps,
    reads: job.state.reads,
    ms,
    ...ops,
    ...mem,
  }),
);
