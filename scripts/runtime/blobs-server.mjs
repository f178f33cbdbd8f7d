// The local Netlify Blobs server: @netlify/blobs' BlobsServer (the one @netlify/dev starts) with
// guards that make it keep the promises Netlify's service keeps (1-3) and list without touching
// what a list cannot include (4). Everything that runs the site
// or its tests locally starts it through here: `npm start` (in a worker thread,
// scripts/runtime/blobs-worker.mjs), the API tests, the seeding script and the bench.
//
// 1. Writes to one key run one at a time. The server checks a conditional write (If-None-Match: *,
//    the client's `onlyIfNew`; If-Match, `onlyIfMatch`) and then writes, with awaits in between, so
//    two racing writers could both pass the check; Netlify's service makes the check and the write
//    one step. The limits (one blob per slot) and new records rely on it.
// 2. A PUT whose body is shorter than its Content-Length (a writer cut off mid-way) is refused with
//    400 and writes nothing. The server itself would store whatever arrived, which is how a 0-byte
//    record once ended up on disk.
// 3. A read of a blob answers with its ETag, as Netlify's service does (the local server sends one
//    only after a write), so a read-modify-write can be made conditional (`onlyIfMatch`). The ETag
//    is a hash of the blob's bytes, and a conditional write compares it with the bytes on disk when
//    its turn comes (guard 1). The server's own ETag hashes the file's modification time, which the
//    kernel keeps to a clock tick: two writes of one key within a tick had the same ETag (104 of
//    2,000 back-to-back writes here), so a writer holding the older one overwrote the newer record
//    and a change was lost. Two versions with the same bytes have the same ETag, which is harmless:
//    a change computed from those bytes is still a change of what is stored. Upstream, the missing
//    ETag on reads is https://github.com/netlify/primitives/pull/772 and
//    https://github.com/netlify/cli/issues/6902 (no upstream issue found for guards 1, 2 and 4).
// 4. A list only looks at the entries its prefix can match. The stock walk stats every entry of
//    every directory it passes before comparing it with the prefix, so listing one hour of the
//    subscriber index (`t/<bucket>/`) stat-ed all 2,160 hour buckets of 90 days. Same answer, in
//    the same order; directories are told apart by readdir's file types, with no stat at all. A
//    folder left empty by deletes is no directory in a list: Netlify's service has keys, not folders,
//    so a prefix with no key under it does not exist there (the statistics listed every emptied hour
//    of the index on each call).
//
// The guards reach the stock server through two adapters of scripts/runtime/netlify-adapters.mjs,
// which stop the server at start when an upgrade of @netlify/blobs changes what they patch:
// interceptBlobsRequests (guards 1-3) and replaceBlobsListWalk (guard 4).
import { createHash, createHmac } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { interceptBlobsRequests, replaceBlobsListWalk } from './netlify-adapters.mjs';

/** True when a blob is stored somewhere under the folder `path` (the server's temporary files start with a dot). */
async function holdsBlob(path) {
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (err) {
    if (err?.code === 'ENOENT') return false;
    throw err;
  }
  for (const entry of entries) if (entry.isFile() && !entry.name.startsWith('.')) return true;
  for (const entry of entries) if (entry.isDirectory() && (await holdsBlob(join(path, entry.name)))) return true;
  return false;
}

/**
 * BlobsServer.walk with the prefix compared before anything is read (guard 4): the same entries,
 * keys and order as the stock walk.
 * @param {{ directories: boolean, path: string, prefix: string, rootPath: string,
 *   result: { blobs: object[], directories: string[] } }} options
 */
async function walk(options) {
  const { directories, path, prefix, result, rootPath } = options;
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (err) {
    if (err?.code === 'ENOENT') return; // no such store or folder (any more): nothing under it
    throw err;
  }
  for (const entry of entries) {
    const entryPath = join(path, entry.name);
    let key = relative(rootPath, entryPath);
    if (sep !== '/') key = key.split(sep).join('/');
    if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
    if (entry.isDirectory()) {
      if (directories && key.startsWith(prefix)) {
        if (await holdsBlob(entryPath)) result.directories.push(key);
      } else await walk({ ...options, path: entryPath });
      continue;
    }
    // The server writes a blob to a dot-named temporary file, then renames it: not a blob yet (the
    // site's keys never start with a dot).
    if (entry.name.startsWith('.')) continue;
    let info;
    try {
      info = await stat(entryPath);
    } catch (err) {
      if (err?.code === 'ENOENT') continue; // deleted since readdir: not there any more
      throw err;
    }
    // The stock entry, from this one stat (the stock walk stats each blob twice: once more inside
    // generateETag, whose formula this is).
    const etag = `"${createHmac('sha256', info.mtime.toISOString()).update(entryPath).digest('hex')}"`;
    result.blobs.push({ etag, key, last_modified: info.mtime.toISOString(), size: info.size });
  }
}
replaceBlobsListWalk(BlobsServer, walk);

/**
 * Starts a guarded local Blobs server on a free loopback port.
 * @param {{ directory: string, token: string, onRequest?: (event: { type: string }) => void }} options
 * @returns {Promise<{ port: number, url: string, refused: () => number, stop: () => Promise<void> }>}
 */
export async function startBlobsServer({ directory, token, onRequest }) {
  const server = new BlobsServer({ directory, token, onRequest });
  let refused = 0;
  /** The ETag of these bytes (guard 3). @param {Uint8Array} bytes */
  const etagOf = (bytes) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;
  /** The ETag of what is stored at `dataPath`, or null when nothing is. @param {string} dataPath */
  const storedETag = async (dataPath) => {
    try {
      return etagOf(await readFile(dataPath));
    } catch (err) {
      if (err?.code === 'ENOENT') return null;
      throw err;
    }
  };
  /** A response like `res` with `etag` as its ETag. */
  const withETag = (res, etag, body = res.body) => {
    const headers = new Headers(res.headers);
    headers.set('etag', etag);
    return new Response(body, { status: res.status, headers });
  };
  /** @param {Request} req @param {(req: Request) => Promise<Response>} handle the stock handler */
  const guarded = async (req, handle) => {
    const { dataPath, key } = server.getLocalPaths(new URL(req.url));
    const isBlob = Boolean(dataPath && key);
    if (req.method === 'GET' && isBlob) {
      const res = await handle(req);
      if (res.status !== 200) return res;
      const bytes = new Uint8Array(await res.arrayBuffer());
      return withETag(res, etagOf(bytes), bytes);
    }
    if (req.method === 'HEAD' && isBlob) {
      const res = await handle(req);
      const etag = res.status === 200 ? await storedETag(dataPath) : null;
      return etag ? withETag(res, etag) : res;
    }
    if (req.method !== 'PUT') return handle(req);
    const declared = req.headers.get('content-length');
    let body;
    try {
      body = new Uint8Array(await req.arrayBuffer());
    } catch {
      refused += 1;
      return new Response(null, { status: 400 });
    }
    if (declared !== null && Number(declared) !== body.byteLength) {
      refused += 1;
      return new Response(null, { status: 400 });
    }
    const headers = new Headers(req.headers);
    const ifMatch = headers.get('if-match');
    if (ifMatch !== null && isBlob) {
      // Writes of this key wait their turn (guard 1), so nothing changes the blob between here and the write.
      if (ifMatch !== (await storedETag(dataPath))) return new Response(null, { status: 412 });
      headers.delete('if-match');
    }
    const res = await handle(new Request(req.url, { method: 'PUT', headers, body }));
    return res.status === 200 && isBlob ? withETag(res, etagOf(body), null) : res;
  };
  /** @type {Map<string, Promise<unknown>>} */
  const writing = new Map();
  interceptBlobsRequests(server, (req, handle) => {
    if (req.method !== 'PUT') return guarded(req, handle);
    const key = new URL(req.url).pathname;
    const run = (writing.get(key) ?? Promise.resolve()).then(() => guarded(req, handle));
    const done = run.catch(() => undefined);
    writing.set(key, done);
    void done.then(() => writing.get(key) === done && writing.delete(key));
    return run;
  });
  const { port } = await server.start();
  await listenOnLoopbackOnly(server, port);
  return { port, url: `http://127.0.0.1:${port}`, refused: () => refused, stop: () => server.stop() };
}

/**
 * BlobsServer listens on every interface (its HTTP server calls `listen(port)` without a host), so
 * anyone on the network could read and write the site's data with a token that only guards the
 * signature scheme. Moves it to 127.0.0.1 on the same port before anything uses it; stops at start
 * when an upgrade changes where the Node server is kept.
 * @param {BlobsServer} server started
 * @param {number} port
 */
async function listenOnLoopbackOnly(server, port) {
  /** @type {import('node:http').Server | undefined} */
  const node = /** @type {any} */ (server).server?.nodeServer;
  if (!node || typeof node.listen !== 'function')
    throw new Error('@netlify/blobs changed: BlobsServer.server.nodeServer is gone; update listenOnLoopbackOnly.');
  await new Promise((resolve) => node.close(() => resolve(undefined)));
  await new Promise((resolve, reject) => {
    node.once('error', reject);
    node.listen(port, '127.0.0.1', () => resolve(undefined));
  });
}
