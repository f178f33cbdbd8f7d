// What the local runtime (scripts/serve.mjs) refuses, as Netlify does (docs/runtime.md, "Guards"):
// - request bodies over the platform's caps (6 MB for a function, 256 KB for a background function),
//   refused before they are read into memory;
// - a background function invoked without a valid signed kick (the format of src/lib/jobs/kick.ts);
// - a scheduled function run by its address without this server's run token (Netlify gives
//   scheduled functions no address at all; the token is the local test hook);
// - a second server on a data folder another live server owns (two Blobs servers on one folder
//   lose writes): it stops at start with a message, unless told to join the owner's Blobs server.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';

/** Netlify's cap on a synchronous function's request payload. */
export const SYNC_BODY_LIMIT = 6 * 1024 * 1024;
/** Netlify's cap on a background function's request payload. */
export const BACKGROUND_BODY_LIMIT = 256 * 1024;

/**
 * True when the request declares a body larger than `limit` (its Content-Length): refused unread.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {number} limit
 */
export function declaresTooLarge(headers, limit) {
  const declared = headers['content-length'];
  return declared !== undefined && !(Number(declared) <= limit);
}

/**
 * The body of `req` as a stream that fails once more than `limit` bytes came (a body without a
 * Content-Length, sent in chunks). Whatever reads it gets an error; `overflowed()` then tells the
 * runtime to answer 413 instead of the function's answer.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {{ stream: import('node:stream').Readable, overflowed: () => boolean }}
 */
export function cappedBody(req, limit) {
  let seen = 0;
  let over = false;
  const stream = new Transform({
    transform(chunk, _encoding, done) {
      seen += chunk.length;
      if (seen <= limit) return done(null, chunk);
      over = true;
      req.unpipe(stream);
      done(new Error(`Request body over ${limit} bytes`));
    },
  });
  req.on('error', (err) => stream.destroy(err));
  req.pipe(stream);
  return { stream, overflowed: () => over };
}

/**
 * A web ReadableStream over a Node stream, for the functions' `Request` body. `Readable.toWeb` throws
 * an uncaught "Controller is already closed" (and so ends the whole server) when a function answers
 * without reading its body, or the cap cuts it off, while chunks are still arriving: here a chunk that
 * finds the stream closed or cancelled stops the source instead.
 * @param {import('node:stream').Readable} source
 * @returns {ReadableStream<Uint8Array>}
 */
export function webBody(source) {
  let open = true;
  const stop = () => {
    open = false;
    source.destroy();
  };
  return new ReadableStream({
    start(controller) {
      source.on('data', (chunk) => {
        if (!open) return;
        try {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        } catch {
          stop();
          return;
        }
        if ((controller.desiredSize ?? 1) <= 0) source.pause();
      });
      source.once('end', () => {
        if (!open) return;
        open = false;
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      });
      source.once('error', (err) => {
        if (!open) return;
        open = false;
        try {
          controller.error(err);
        } catch {
          // already closed by the reader
        }
      });
    },
    pull() {
      source.resume();
    },
    cancel() {
      stop();
    },
  });
}

/**
 * The whole body of `req`, or null once it passes `limit` bytes (reading stops there).
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<Buffer | null>}
 */
export function readCapped(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let seen = 0;
    const onData = (chunk) => {
      seen += chunk.length;
      if (seen > limit) {
        req.off('data', onData);
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** How old a kick may be (KICK_MAX_AGE_MS in src/lib/jobs/kick.ts). */
const KICK_MAX_AGE_MS = 5 * 60_000;

/**
 * True when `body` is a kick signed with `secret` in the last 5 minutes: the JSON `{ at, jobId, sig }`
 * that `signKick` in src/lib/jobs/kick.ts makes (HMAC-SHA256 over "jobs-kick\n<at>\n<jobId>",
 * base64url, as src/lib/server/tokens.ts signs it). The runtime is plain Node JavaScript on Node 20, which
 * cannot load that TypeScript module, so the check is written here again with node:crypto;
 * tests/unit/scripts/runtime-guards.test.ts checks it against signKick.
 * @param {Buffer | null} body
 * @param {string | undefined} secret
 */
export function isSignedKick(body, secret, now = Date.now()) {
  if (!body || !secret) return false;
  let kick;
  try {
    kick = JSON.parse(body.toString('utf8'));
  } catch {
    return false;
  }
  const { at, jobId, sig } = kick ?? {};
  if (typeof at !== 'number' || typeof sig !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  if (jobId !== null && (typeof jobId !== 'string' || jobId.length > 80)) return false;
  if (Math.abs(now - at) > KICK_MAX_AGE_MS) return false;
  const expected = createHmac('sha256', secret)
    .update(`jobs-kick\n${at}\n${jobId ?? ''}`)
    .digest();
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The token that lets a request run a scheduled function now (`Authorization: Bearer <token>`): new
 * at every start, in `<root>/.netlify/run-token-<port>` (readable by this machine's user only) for
 * the tests and the bench. Removed by `remove()` when the server stops.
 * @param {{ root: string, port: number }} options
 */
export function createRunToken({ root, port }) {
  const token = randomBytes(24).toString('base64url');
  const file = path.join(root, '.netlify', `run-token-${port}`);
  writeFileSync(file, token, { mode: 0o600 });
  return {
    file,
    /** True when the request carries this token. @param {string | undefined} authorization */
    allows(authorization) {
      const given = Buffer.from(/^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '');
      const wanted = Buffer.from(token);
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    },
    remove: () => rmSync(file, { force: true }),
  };
}

/** The run token of the server of `root` on `port` (tests, the bench). */
export function readRunToken(root, port) {
  return readFileSync(path.join(root, '.netlify', `run-token-${port}`), 'utf8').trim();
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
}

/** @param {string} file */
function readLock(file) {
  try {
    const lock = JSON.parse(readFileSync(file, 'utf8'));
    return Number.isInteger(lock?.pid) ? lock : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data folder `dataDir` for this process: a lock file beside it (`<dataDir>.lock`) holding
 * this pid, created only if none exists (a hard link, which one process alone can win). A lock whose
 * pid is no longer running is stale and taken over. When a live server holds it:
 * - with `join`, the owner's Blobs server address and token are returned (once it has published
 *   them), and this server uses that Blobs server instead of opening the folder itself;
 * - otherwise this throws with a message naming the owner.
 * @param {{ dataDir: string, join?: boolean, waitMs?: number }} options
 * @returns {Promise<{ owner: true, publish(info: object): void, release(): void }
 *   | { owner: false, pid: number, blobsUrl: string, token: string, siteId: string }>}
 */
export async function lockDataFolder({ dataDir, join = false, waitMs = 60_000 }) {
  const file = `${dataDir}.lock`;
  const deadline = Date.now() + waitMs;
  const write = (content) => {
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(content), { mode: 0o600 });
    return tmp;
  };
  for (;;) {
    const tmp = write({ pid: process.pid, startedAt: new Date().toISOString() });
    try {
      linkSync(tmp, file);
      rmSync(tmp, { force: true });
      return {
        owner: true,
        publish(info) {
          renameSync(write({ pid: process.pid, ...info }), file);
        },
        release() {
          if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      rmSync(tmp, { force: true });
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') throw err;
    }
    const lock = readLock(file);
    if (!lock || !alive(lock.pid)) {
      // Stale: its server died (a crash or SIGKILL leaves the file behind). An unreadable lock may be
      // one being replaced right now: look again shortly before removing it.
      if (!lock) await new Promise((r) => setTimeout(r, 200));
      const again = readLock(file);
      if (!again || !alive(again.pid)) rmSync(file, { force: true });
      continue;
    }
    if (!join)
      throw new Error(
        `Another server (pid ${lock.pid}) is already serving the data folder ${dataDir}. ` +
          'Two servers on one data folder lose writes (consent-ledger events among them), so this one does not start. ' +
          'Stop the other server, serve another copy (SITE_ROOT), or set JOIN_DATA=1 to use its Blobs server.',
      );
    if (lock.blobsUrl && lock.token) return { owner: false, ...lock };
    if (Date.now() > deadline)
      throw new Error(`The server (pid ${lock.pid}) holding ${dataDir} never published its Blobs server.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
