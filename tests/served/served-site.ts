// Starts the site as `npm start` serves it (scripts/serve.mjs on the production build) on a scratch
// copy with its own storage, for tests that must see what a client of `npm start` sees: the edge
// gate, netlify.toml headers, the runtime's scheduler and its own answers, a SIGKILL. Each copy
// `.served-<name>-site` is made from `.served-site`, which `node scripts/prepare-test-site.mjs`
// prepares after the build (npm test does both before this stage), so the data of `npm start` is
// never touched and the functions are not bundled again.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TEMPLATE = path.join(ROOT, '.served-site');

export interface ServedSite {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** Absolute path of the scratch copy. */
  root: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Stops the server with SIGTERM (the copy stays until `remove`). */
  stop(): Promise<void>;
  /** Kills the server process with `signal` (SIGKILL: as a crash would) and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same copy and port (the same storage). */
  restart(): Promise<void>;
  /** Stops the server and deletes the copy. */
  remove(): Promise<void>;
}

/**
 * The scheduler's test clock (docs/runtime.md, "A faster clock for tests"): with these variables a
 * served site's scheduled minute lasts 5 s, so a file that waits for the mail worker or the job
 * resumer waits seconds instead of up to a minute. The runs take the same path as on the real minute.
 */
export const FAST_SCHEDULER = { SCHEDULER_MINUTE_SECONDS: '5' } as const;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Copies the prepared site to `.served-<name>-site` (fresh storage) and serves it with exactly `env`
 * on top of a clean environment: only PATH (with node_modules/.bin, where the edge runtime's Deno
 * is), HOME and TMPDIR are inherited, so no secret or limit of the test process leaks in.
 */
export async function startServedSite(name: string, env: Record<string, string>): Promise<ServedSite> {
  if (!existsSync(path.join(TEMPLATE, 'dist', 'index.html')))
    throw new Error('.served-site is missing: run "npx astro build && node scripts/prepare-test-site.mjs" first.');
  const root = path.join(ROOT, `.served-${name}-site`);
  rmSync(root, { recursive: true, force: true });
  cpSync(TEMPLATE, root, { recursive: true, filter: (src) => !src.includes(`${path.sep}blobs-serve`) });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';

  const start = async () => {
    const fullEnv: Record<string, string> = {
      PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: process.env.HOME ?? '',
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      SITE_ROOT: root,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    };
    const proc = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: ROOT, env: fullEnv });
    child = proc;
    proc.stdout!.on('data', (d) => (log += d));
    proc.stderr!.on('data', (d) => (log += d));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`serve.mjs exited (${proc.exitCode}):\n${log}`);
      if (log.includes('Site ready')) {
        const ok = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`serve.mjs did not come up on ${url}:\n${log}`);
  };
  const kill = async (signal: NodeJS.Signals) => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill(signal);
    await exited;
  };
  await start();
  return {
    url,
    root,
    output: () => log,
    stop: () => kill('SIGTERM'),
    kill,
    restart: async () => {
      await kill('SIGTERM');
      await start();
    },
    remove: async () => {
      await kill('SIGTERM');
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface PlainResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One HTTP request from a chosen loopback address (127.0.0.2, 127.0.0.3, …): the local runtime sees
 * each as a separate client, as Netlify sees separate IPs. Any method (TRACE too); redirects are
 * not followed.
 */
export function requestFrom(
  address: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress: address },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A JSON POST from the loopback address `from`. */
export function postJson(url: string, body: unknown, from = '127.0.0.1'): Promise<PlainResponse> {
  return requestFrom(from, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Waits until `check` holds, polling; fails with `describe()` after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  describe: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out: ${describe()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
