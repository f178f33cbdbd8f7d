// The local Netlify Blobs server of `npm start` (scripts/runtime/blobs-server.mjs: BlobsServer with
// its guards), run in a worker thread of scripts/serve.mjs so that its file and HTTP work uses the
// second CPU core instead of competing with the functions on the main thread. Same directory layout
// and data on disk as @netlify/dev. Functions (the real @netlify/blobs client) and the edge runtime
// reach it over loopback HTTP on its port, as they would reach Netlify's.
import { parentPort, workerData } from 'node:worker_threads';
import { startBlobsServer } from './blobs-server.mjs';

const counts = { get: 0, set: 0, delete: 0, list: 0, getMetadata: 0, other: 0, refused: 0 };
/** Requests per store (the path is /<site>/<store>/<key>, the store name prefixed with `site:`). */
const byStore = {};
const server = await startBlobsServer({
  directory: workerData.directory,
  token: workerData.token,
  onRequest: ({ type, url }) => {
    counts[type in counts ? type : 'other'] += 1;
    const store = decodeURIComponent(
      String(url ?? '')
        .split('?')[0]
        .split('/')[2] ?? '',
    ).replace(/^site:/, '');
    if (store) byStore[store] = (byStore[store] ?? 0) + 1;
  },
});
parentPort.postMessage({ type: 'ready', port: server.port });
// The bench asks for the operation counts.
parentPort.on('message', (msg) => {
  if (msg === 'counts')
    parentPort.postMessage({
      type: 'counts',
      counts: { ...counts, refused: server.refused(), byStore: { ...byStore } },
    });
});
