// The local Netlify Blobs server (@netlify/blobs' BlobsServer, the one @netlify/dev starts), run in a
// worker thread of scripts/serve.mjs so that its file and HTTP work uses the second CPU core instead
// of competing with the functions on the main thread. Same directory layout and data on disk.
//
// Functions (the real @netlify/blobs client) and the edge runtime reach it over loopback HTTP on its
// port, as they would reach Netlify's. Writes to one key are serialised (see `serialised`). One guard
// on top: a PUT whose body is shorter than its Content-Length (a writer cut off mid-way) is refused
// with 400 and writes nothing. The server itself would store whatever arrived, which is
// how a 0-byte record once ended up on disk.
import { parentPort, workerData } from 'node:worker_threads';
import { BlobsServer } from '@netlify/blobs/server';

const counts = { get: 0, set: 0, delete: 0, list: 0, getMetadata: 0, other: 0, refused: 0 };
const server = new BlobsServer({
  directory: workerData.directory,
  token: workerData.token,
  onRequest: ({ type }) => {
    counts[type in counts ? type : 'other'] += 1;
  },
});
const handle = server.handleRequest.bind(server);
const guarded = async (req) => {
  if (req.method !== 'PUT') return handle(req);
  const declared = req.headers.get('content-length');
  let body;
  try {
    body = await req.arrayBuffer();
  } catch {
    counts.refused += 1;
    return new Response(null, { status: 400 });
  }
  if (declared !== null && Number(declared) !== body.byteLength) {
    counts.refused += 1;
    return new Response(null, { status: 400 });
  }
  return handle(new Request(req.url, { method: 'PUT', headers: req.headers, body }));
};
// Writes to one key run one at a time. The server checks a conditional write (If-None-Match: *, the
// client's `onlyIfNew`; If-Match, `onlyIfMatch`) and then writes, with awaits in between, so two
// racing writers could both pass the check; Netlify's service makes the check and the write one step.
const writing = new Map();
const serialised = (req) => {
  if (req.method !== 'PUT') return guarded(req);
  const key = new URL(req.url).pathname;
  const run = (writing.get(key) ?? Promise.resolve()).then(() => guarded(req));
  const done = run.catch(() => undefined);
  writing.set(key, done);
  void done.then(() => writing.get(key) === done && writing.delete(key));
  return run;
};
server.handleRequest = serialised;
const { port } = await server.start();
parentPort.postMessage({ type: 'ready', port });
// The bench asks for the operation counts.
parentPort.on('message', (msg) => {
  if (msg === 'counts') parentPort.postMessage({ type: 'counts', counts: { ...counts } });
});
