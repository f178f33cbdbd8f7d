// The bench server: scripts/serve.mjs on the scratch copy, started, watched, killed and restarted.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_KEY, BASE, BLOBS_STATS_FILE, HOST, PORT, SITE, log, sleep } from './settings.mjs';

let server = null;

export async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.stopping = true;
  server.kill('SIGTERM');
  const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!done) server.kill('SIGKILL');
}

/** SIGKILL, as a crash would: no shutdown code runs. Its Deno child is stopped too (a crash would orphan it). */
export async function killServerHard() {
  if (!server || server.exitCode !== null) return;
  const children = childPids(server.pid);
  const exited = new Promise((r) => server.once('exit', r));
  server.stopping = true;
  server.kill('SIGKILL');
  await exited;
  for (const pid of children) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    log(`${sig}: stopping the bench server`);
    await stopServer();
    process.exit(130);
  });
}

export async function isUp() {
  try {
    const res = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** True while the bench server process runs and serves a static file. */
export async function isAlive() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return false;
  try {
    const res = await fetch(`${BASE}/favicon.svg`, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

export async function startServer() {
  if (await isUp()) throw new Error(`Something already answers on ${BASE}. Stop it or set BENCH_PORT.`);
  const logFile = path.join(SITE, 'server.log');
  const fd = openSync(logFile, 'a');
  const env = {
    ...process.env,
    SITE_ROOT: SITE,
    PORT: String(PORT),
    HOST,
    SITE_LAUNCHED: 'true', // measure the launched site, not the pre-launch gate
    SITE_URL: BASE,
    ADMIN_KEY,
    // The default settings, as `npm start` runs them, except the per-address signup limit (and the
    // per-network one, which defaults to 3 times it): the load sends many signups per connection.
    SIGNUP_RATE_LIMIT: '1000000000',
    ADMIN_LOGIN_RATE_LIMIT: '1000',
    LOCAL_MODE: 'true', // the runtime generates the SESSION_SECRET of this copy
    BLOBS_STATS_FILE,
  };
  // Never send real e-mail from a benchmark: without a SendGrid key the mailer writes to the outbox.
  delete env.SENDGRID_API_KEY;
  delete env.SENDGRID_BASE_URL;
  server = spawn(process.execPath, ['scripts/serve.mjs'], { env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const child = server;
  child.once('exit', (code, signal) => {
    if (!child.stopping) log(`the bench server exited unexpectedly (code ${code}, signal ${signal}); see ${logFile}`);
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    if (await isUp()) return;
    await sleep(500);
  }
  const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
  await stopServer();
  throw new Error(`The bench server did not come up on ${BASE}.\n${tail}`);
}

function childPids(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry), ...childPids(Number(entry)));
    } catch {
      /* gone */
    }
  }
  return out;
}

const rssOf = (pid) => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
};

/** Resident memory of the server process (Node, with its Blobs worker thread) and of its children (the Deno edge runtime). */
export function serverMemory() {
  if (!server || server.exitCode !== null) return null;
  const own = rssOf(server.pid);
  const children = childPids(server.pid)
    .map(rssOf)
    .filter((v) => v !== null);
  return { own, children: children.reduce((a, b) => a + b, 0) };
}

/** Blobs operations counted by the server's Blobs worker so far ({ get, set, list, delete, ... }). */
export async function blobsCounts() {
  if (!server) return null;
  rmSync(BLOBS_STATS_FILE, { force: true });
  server.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    try {
      return JSON.parse(readFileSync(BLOBS_STATS_FILE, 'utf8'));
    } catch {
      /* not written yet */
    }
  }
  return null;
}
