// A probe: a piece of the site's server work measured in a process of its own, as a function instance
// would run it (its memory is the function's alone), while the Blobs server and any fake live in the
// bench's process, as Netlify's services live outside a function. `runProbe` starts one from the
// bench; `startProbe` is its first lines in the child: the staff function and the job runner bundled
// from the site's code, the Blobs request counter, a staff session, and a memory sampler. A probe
// prints one JSON line last; `runProbe` returns it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSiteModule } from '../lib/site-lib.mjs';
import { callHandler } from './call-handler.mjs';
import { installCounter } from './blobs-counter.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs scripts/bench/<name>.mjs with `env` (default: this process's) and returns the JSON it printed last.
 * @param {string} name
 * @param {{ env?: NodeJS.ProcessEnv, heapMb?: number }} [options] heapMb caps V8's old space
 */
export function runProbe(name, { env = process.env, heapMb } = {}) {
  return new Promise((resolve, reject) => {
    const flags = ['--expose-gc', ...(heapMb ? [`--max-old-space-size=${heapMb}`] : [])];
    const child = spawn(process.execPath, [...flags, path.join(ROOT, 'scripts', 'bench', `${name}.mjs`)], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line));
      else reject(new Error(`The probe ${name} failed (exit ${code}): ${out.slice(-500)}`));
    });
  });
}

/** This process's memory figure `field` from /proc/self/status, in bytes (VmHWM is the kernel's own peak). */
const statusBytes = (field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;

/**
 * The child's start: loads the staff function and the job runner, counts Blobs requests (the
 * context's edge URL), signs in as staff with ADMIN_KEY, and starts sampling memory.
 * @param {string} name names the bundle
 * @returns {Promise<{ lib: any, count: ReturnType<typeof installCounter>, cookie: string,
 *   call: (method: string, p: string, options?: object) => Promise<Response>,
 *   memory: () => { baseRss: number, peakRss: number, peakHeap: number } }>}
 */
export async function startProbe(name) {
  const lib = await loadSiteModule(
    name,
    `export { default as adminHandler } from './netlify/functions/admin';
     export { runPending, readJob } from './src/lib/composition/jobs';`,
  );
  const edge = JSON.parse(Buffer.from(process.env.NETLIFY_BLOBS_CONTEXT ?? '', 'base64').toString() || '{}').edgeURL;
  const count = installCounter(edge);
  const call = (method, p, options = {}) => callHandler(lib.adminHandler, method, p, { ip: '192.0.2.51', ...options });
  const login = await call('POST', '/api/admin/session', { body: { key: process.env.ADMIN_KEY } });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`Sign-in failed (${login.status})`);
  // The kick to the background function has nowhere to go here; it is not part of the measure.
  const quiet = console.error;
  console.error = (...args) => (String(args[0]).startsWith('[jobs] could not start') ? undefined : quiet(...args));
  global.gc?.();
  const baseRss = statusBytes('VmRSS');
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 50);
  sampler.unref();
  const memory = () => {
    clearInterval(sampler);
    return { baseRss, peakRss: statusBytes('VmHWM'), peakHeap };
  };
  return { lib, count, call, cookie, memory };
}
