// The CSV export's memory, measured as a function instance would see it: this process runs only
// the staff function (the site's own handler, bundled by esbuild) and the real Blobs client; the
// Blobs server and everything the scale bench seeded live in the parent process, as Netlify's Blobs
// service lives outside a function. Started by scale.mjs with the Blobs context, ADMIN_KEY and
// LOCAL_MODE in its environment; prints one JSON line: { lines, bytes, ms, ops, baseRss, peakRss,
// peakHeap } (bytes of memory from /proc/self/status: VmHWM is the kernel's own peak).
import { readFileSync } from 'node:fs';
import { loadSiteModule } from '../lib/site-lib.mjs';
import { callHandler } from './call-handler.mjs';

const rssKb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
const { default: adminHandler } = await loadSiteModule(
  'csv-probe',
  `export { default } from './netlify/functions/admin';`,
);
const edge = JSON.parse(Buffer.from(process.env.NETLIFY_BLOBS_CONTEXT ?? '', 'base64').toString() || '{}').edgeURL;
let ops = 0;
const original = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (edge && url.startsWith(edge)) ops += 1;
  return original(input, init);
};
const call = (method, p, options = {}) => callHandler(adminHandler, method, p, { ip: '192.0.2.51', ...options });
const login = await call('POST', '/api/admin/session', { body: { key: process.env.ADMIN_KEY } });
const cookie = login.headers.get('set-cookie')?.split(';')[0];
if (!cookie) throw new Error(`Sign-in failed (${login.status})`);
global.gc?.();
const baseRss = rssKb('VmRSS') * 1024;
let peakHeap = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 50);
ops = 0;
const t = performance.now();
const res = await call('GET', '/api/admin/waitlist.csv', { cookie });
const reader = res.body.getReader();
let lines = 0;
let bytes = 0;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.length;
  for (const b of value) if (b === 10) lines += 1;
}
const ms = performance.now() - t;
clearInterval(sampler);
console.log(
  JSON.stringify({ status: res.status, lines, bytes, ms, ops, baseRss, peakRss: rssKb('VmHWM') * 1024, peakHeap }),
);
