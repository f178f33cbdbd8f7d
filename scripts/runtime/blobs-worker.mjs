// The local Netlify Blobs server (@netlify/blobs' BlobsServer, the one @netlify/dev starts), run in a
// worker thread of scripts/serve.mjs so that its file and HTTP work uses the second CPU core instead
// of competing with the functions on the main thread. Same directory layout and data on disk.
//
// Functions (the real @netlify/blobs client) and the edge runtime reach it over loopback HTTP on its
// port, as they would reach Netlify's. One guard on top: a PUT whose body is shorter than its Content-Length (a writer cut off mid-way)
// is refused with 400 and writes nothing. The server itself would store whatever arrived, which is
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
server.handleRequest = guarded;
const { port } = await server.start();
parentPort.postMessage({ type: 'ready', port });
// The bench asks for the operation counts.
parentPort.on('message', (msg) => {
  if (msg === 'counts') parentPort.postMessage({ type: 'counts', counts: { ...counts } });
});
