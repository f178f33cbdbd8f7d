// Serves the production build the way Netlify does, in one Node process:
// - static files from dist/, netlify.toml headers and redirects, and the edge functions (the
//   pre-launch gate, in Deno) go through Netlify's own local emulation (@netlify/dev);
// - the functions in netlify/functions are bundled ONCE at start with zip-it-and-ship-it (the
//   bundler a deploy runs) and kept warm here: each request calls the loaded handler with a v2
//   context (socket address as `ip`, route `params`, `cookies`, `requestId`, `geo`, `site`, `deploy`);
// - Netlify Blobs is the local Blobs server the emulator uses (BlobsServer), in a worker thread, data
//   on disk under <root>/.netlify/blobs-serve; functions and edge functions share it (one context);
// - client-sent `x-nf-*` and proxy address headers are dropped; text responses are compressed
//   (brotli or gzip) like Netlify's CDN.
// Why and how this differs from Netlify: docs/runtime.md.
//
// Usage: npm run serve            (PORT, default 8888; HOST, default 127.0.0.1)
//        SITE_ROOT=dir npm run serve   serve another copy of the project (the e2e tests use one).
//        EDGE_FUNCTIONS=off        skip the edge runtime (the launched-site browser tests)
//        SCHEDULER_MINUTE_SECONDS=N   local mode only: the scheduler's minute lasts N s (tests)
import { createServer } from 'node:http';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { Worker } from 'node:worker_threads';
import { NetlifyDev } from '@netlify/dev';
import { LocalState, mockLocation } from '@netlify/dev-utils';
import { buildAndLoadFunctions } from './runtime/functions.mjs';
import { runBackground, schedulerMinuteMs, startScheduler, TEST_MINUTE_VARIABLE } from './runtime/scheduler.mjs';
import { ensureLocalSecrets, isLocalMode } from './runtime/local-secrets.mjs';
import {
  BACKGROUND_BODY_LIMIT,
  SYNC_BODY_LIMIT,
  cappedBody,
  webBody,
  createRunToken,
  declaresTooLarge,
  isSignedKick,
  lockDataFolder,
  readCapped,
} from './runtime/guards.mjs';
import { pendingWork } from './runtime/wait-until.mjs';
import {
  cacheEdgeFunctionConfigs,
  captureEdgeHandler,
  loadEdgeFunctionsHandler,
  passClientAddressToEdge,
  passEnvToEdgeRuntime,
} from './runtime/netlify-adapters.mjs';
import {
  chooseEncoding,
  clientHeaders,
  functionContext,
  matchFunction,
  requestUrl,
  shouldCompress,
  socketAddress,
  unsupportedMethodResponse,
} from './runtime/http.mjs';

// The edge runtime, patched on the copy @netlify/dev itself imports (each patch and why:
// scripts/runtime/netlify-adapters.mjs). `edgeHandler` is the handler NetlifyDev creates in start().
let edgeHandler = null;
const edgeProto = (await loadEdgeFunctionsHandler()).prototype;
cacheEdgeFunctionConfigs(edgeProto);
captureEdgeHandler(edgeProto, (handler) => {
  edgeHandler = handler;
});
passClientAddressToEdge(edgeProto);

const root = path.resolve(process.env.SITE_ROOT ?? process.cwd());
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';
const edgeEnabled = process.env.EDGE_FUNCTIONS !== 'off';

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error(`No build found in ${path.join(root, 'dist')}. Run "npm run build" first (npm start does both).`);
  process.exit(1);
}
// The scheduler's test clock (docs/runtime.md, "A faster clock for tests"): local mode only.
let schedulerClock;
try {
  schedulerClock = schedulerMinuteMs(process.env);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
if (schedulerClock.ignored)
  console.warn(`[scheduler] ${TEST_MINUTE_VARIABLE} is ignored outside local mode: schedules run on the real minute.`);
else if (process.env[TEST_MINUTE_VARIABLE])
  console.log(`[scheduler] test clock: a scheduled minute lasts ${schedulerClock.minuteMs / 1000} s.`);
// One server per data folder (scripts/runtime/guards.mjs): a second one stops here with a message,
// or, with JOIN_DATA=1, uses the Blobs server of the one that holds the folder.
const blobsDir = path.join(root, '.netlify', 'blobs-serve');
mkdirSync(path.dirname(blobsDir), { recursive: true });
let dataLock;
try {
  dataLock = await lockDataFolder({ dataDir: blobsDir, join: process.env.JOIN_DATA === '1' });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const joined = dataLock.owner ? null : dataLock;
if (joined) console.log(`Using the Blobs server of the server (pid ${joined.pid}) that holds ${blobsDir}.`);

// Local mode: a missing ADMIN_KEY / SESSION_SECRET comes from <root>/.netlify/local-secrets.json
// (generated on first start), for the functions and the edge gate alike.
ensureLocalSecrets({ root });

// Edge functions call back for context.next() with x-nf-passthrough set. Those calls go to a second,
// loopback-only listener on a random port, the one place where x-nf-* headers are trusted; the
// public listener drops every client-sent x-nf-* header.
const origin = createServer((req, res) => void serve(req, res, true));
await new Promise((resolve) => origin.listen(0, '127.0.0.1', resolve));
const originAddress = `http://127.0.0.1:${origin.address().port}`;

// The local Blobs server, in a worker thread (scripts/runtime/blobs-worker.mjs), with the layout and
// context @netlify/dev would give it: data in <root>/.netlify/blobs-serve, site id from the
// project's local state ('0' when unlinked), deploy id '0'.
const blobsToken = joined?.token ?? randomUUID();
const blobsWorker = joined
  ? null
  : new Worker(new URL('./runtime/blobs-worker.mjs', import.meta.url), {
      workerData: { directory: blobsDir, token: blobsToken },
    });
const blobsPort = joined
  ? Number(new URL(joined.blobsUrl).port)
  : await new Promise((resolve, reject) => {
      blobsWorker.once('error', reject);
      blobsWorker.on('message', (msg) => msg?.type === 'ready' && resolve(msg.port));
    });
const blobsUrl = `http://127.0.0.1:${blobsPort}`;
const blobsSiteId = joined?.siteId ?? new LocalState(root).get('siteId') ?? '0';
if (dataLock.owner) dataLock.publish({ blobsUrl, token: blobsToken, siteId: blobsSiteId });
process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
  JSON.stringify({
    deployID: '0',
    edgeURL: blobsUrl,
    uncachedEdgeURL: blobsUrl,
    primaryRegion: 'us-east-2',
    siteID: blobsSiteId,
    token: blobsToken,
  }),
).toString('base64');

const dev = new NetlifyDev({
  projectRoot: root,
  serverAddress: originAddress,
  aiGateway: { enabled: false },
  // Started above instead (in a worker thread); the same context reaches the edge runtime through EDGE_ENV.
  blobs: { enabled: false },
  database: { enabled: false },
  // On: the edge runtime gets the general variables (CONTEXT, URL, ...) plus those listed in EDGE_ENV.
  environmentVariables: { enabled: true },
  geolocation: { enabled: false },
  images: { enabled: false },
  // The functions run warm in this process (below), not in the emulator's build-and-Worker per request.
  functions: { enabled: false },
  edgeFunctions: { enabled: edgeEnabled },
});
// The emulator hands edge functions only the variables of Netlify's own config sources, never this
// process's environment; in production they read the site's variables through Netlify.env. Pass the
// pre-launch gate's settings through (the gate would otherwise see SITE_LAUNCHED and ADMIN_KEY unset).
const EDGE_ENV = ['NETLIFY_BLOBS_CONTEXT', 'ADMIN_KEY', 'SESSION_SECRET', 'SITE_LAUNCHED'];
passEnvToEdgeRuntime(dev, EDGE_ENV);
await dev.start();

const siteUrl = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
// Links in mail and the job kicks go to SITE_URL, never to a request's Host; in local mode without
// one, that is this server's own address.
if (isLocalMode(process.env) && !process.env.SITE_URL) process.env.SITE_URL = siteUrl;
// The token that runs a scheduled function by its address (tests, the bench): docs/runtime.md.
const runToken = createRunToken({ root, port });
const { functions, ms: buildMs, reused } = await buildAndLoadFunctions({ root });
const unusedBuildDir = path.join(root, '.netlify', 'functions-serve');

/** Text responses compressed once per file and encoding (a served build does not change). */
const staticCache = new Map();
let staticCacheBytes = 0;
const STATIC_CACHE_MAX = 64 * 1024 * 1024;

async function serve(req, res, trusted) {
  const started = performance.now();
  try {
    const requestId =
      trusted && typeof req.headers['x-nf-request-id'] === 'string'
        ? req.headers['x-nf-request-id']
        : randomUUID().replace(/-/g, '');
    let ip;
    let headers;
    if (trusted) {
      headers = Object.entries(req.headers).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]],
      );
      ip = String(req.headers['x-nf-client-connection-ip'] ?? socketAddress(req.socket.remoteAddress));
    } else {
      headers = clientHeaders(req.headers);
      ip = socketAddress(req.socket.remoteAddress);
      headers.push(['x-nf-client-connection-ip', ip], ['x-forwarded-for', ip]);
    }
    if (!headers.some(([k]) => k === 'x-nf-request-id')) headers.push(['x-nf-request-id', requestId]);

    let url;
    try {
      url = requestUrl(req.url, req.headers.host || `${host}:${port}`);
    } catch {
      return await send(
        req,
        res,
        new Response('Bad request', { status: 400, headers: { 'content-type': 'text/plain' } }),
        {},
      );
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const refused = unsupportedMethodResponse(method, url.pathname);
    if (refused) return await send(req, res, refused, {});
    const withBody = method !== 'GET' && method !== 'HEAD';
    // Request bodies are capped as on Netlify, before they are read (scripts/runtime/guards.mjs).
    if (!trusted && withBody && declaresTooLarge(req.headers, SYNC_BODY_LIMIT))
      return await refuseTooLarge(req, res, SYNC_BODY_LIMIT);
    let capped = null;
    const bodyOf = () => (trusted ? req : (capped ??= cappedBody(req, SYNC_BODY_LIMIT)).stream);
    const overflowed = () => capped?.overflowed() === true;
    const readRequest = new Request(url, { method, headers });
    const writeRequest = () =>
      new Request(url, { method, headers, body: withBody ? webBody(bodyOf()) : null, duplex: 'half' });

    // Background functions (answered 202, run on) and, from this machine only, scheduled ones, at
    // Netlify's internal function address (docs/runtime.md, "Scheduled and background functions").
    const internal = !trusted && /^\/\.netlify\/functions\/([\w-]+)\/?$/.exec(url.pathname);
    const internalFn = internal && functions.find((f) => f.name === internal[1]);
    if (internalFn?.background) {
      // At most Netlify's 256 KB, and only a signed kick (scripts/runtime/guards.mjs).
      if (declaresTooLarge(req.headers, BACKGROUND_BODY_LIMIT))
        return await refuseTooLarge(req, res, BACKGROUND_BODY_LIMIT);
      const body = withBody ? await readCapped(req, BACKGROUND_BODY_LIMIT) : null;
      if (withBody && body === null) return await refuseTooLarge(req, res, BACKGROUND_BODY_LIMIT);
      if (!isSignedKick(body, process.env.SESSION_SECRET))
        return await send(req, res, new Response(null, { status: 401 }), {});
      void runBackground({
        minuteMs: schedulerClock.minuteMs,
        name: internalFn.name,
        makeRequest: () => new Request(url, { method, headers, body }),
        invoke: (name, request) => invokeByName(name, request, ip),
      });
      return await send(req, res, new Response(null, { status: 202 }), {});
    }
    if (internalFn?.schedule && isLoopback(ip) && runToken.allows(req.headers.authorization)) {
      const run = await scheduler.runNow(internalFn.name);
      // The run's own status is in the body (a 204 cannot carry one).
      const status = run.status >= 500 ? 500 : 200;
      return await send(req, res, Response.json({ name: internalFn.name, ...run }, { status }), {});
    }

    const fn = matchFunction(functions, url.pathname, method);
    if (fn) {
      // As on Netlify, an edge function declared for the path runs first (the emulator runs it below and
      // its context.next() comes back to the origin listener). The gate excludes /api/*.
      const edgeFirst = !trusted && edgeHandler !== null && (await edgeRunsFirst(readRequest, method, url.pathname));
      if (!edgeFirst) {
        const response = await invoke(fn, writeRequest(), {
          ip,
          requestId,
          cookieHeader: req.headers.cookie ?? null,
          url,
        });
        if (overflowed()) return await refuseTooLarge(req, res, SYNC_BODY_LIMIT);
        return await send(req, res, response, { compress: !trusted });
      }
    }

    const result = await dev.handleInEphemeralDirectory(readRequest, writeRequest, unusedBuildDir, {
      serverAddress: originAddress,
    });
    // Not on the origin listener: the edge runtime asks it for identity bodies and compresses nothing.
    const opts = { compress: !trusted, cacheKey: result?.type === 'static' ? url.pathname : null };
    if (overflowed()) return await refuseTooLarge(req, res, SYNC_BODY_LIMIT);
    if (result) return await send(req, res, result.response, opts);

    // Nothing matched: like Netlify, answer with the site's 404 page (and its headers) and status 404.
    // The visitor's cookies go along, so the edge gate decides for /404.html as it did for the page.
    const notFound = await dev.handle(
      new Request(new URL('/404.html', url), { headers: { cookie: req.headers.cookie ?? '' } }),
    );
    const body = notFound ? await notFound.text() : '404 Page Not Found';
    const notFoundHeaders = new Headers(notFound?.headers);
    notFoundHeaders.delete('content-length');
    await send(req, res, new Response(body, { status: 404, headers: notFoundHeaders }), { compress: !trusted });
  } catch (err) {
    console.error('[serve]', req.method, req.url, err);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
    }
    res.end('Internal error');
  } finally {
    if (process.env.SERVE_LOG === '1')
      console.log(`${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - started)} ms`);
  }
}

/**
 * Whether an edge function is declared for this function request. The answer depends on the method
 * and path only (the edge declarations here have no header conditions) and the served edge functions
 * do not change, so it is kept per method and path: asking the emulator scans the edge functions
 * folder and builds a route manifest every time.
 */
const edgeDecisions = new Map();
async function edgeRunsFirst(readRequest, method, pathname) {
  const key = `${method} ${pathname}`;
  let decision = edgeDecisions.get(key);
  if (decision === undefined) {
    decision = (await edgeHandler.match(readRequest)) !== undefined;
    if (edgeDecisions.size >= 10_000) edgeDecisions.clear();
    edgeDecisions.set(key, decision);
  }
  return decision;
}

/**
 * Answers 413 for a body over `limit` bytes. The rest of the body is discarded as it arrives (never
 * buffered), so the client can read the answer while it is still sending instead of meeting a
 * reset connection; the connection is closed 2 s later if the client is still sending by then.
 */
function refuseTooLarge(req, res, limit) {
  req.unpipe();
  req.on('data', () => {});
  req.resume();
  if (!req.complete) {
    const timer = setTimeout(() => req.socket.destroy(), 2_000);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
    req.socket.once('close', () => clearTimeout(timer));
  }
  return send(
    req,
    res,
    new Response(`Request body too large (the limit is ${limit} bytes)`, {
      status: 413,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    }),
    {},
  );
}

/** True for a loopback client (the only one that may run a scheduled function by its address). */
function isLoopback(ip) {
  return ip === '::1' || /^127\./.test(ip);
}

/** Calls function `name` with `request` outside any client request (the scheduler, background runs). */
function invokeByName(name, request, ip = '127.0.0.1') {
  const requestId = randomUUID().replace(/-/g, '');
  return invoke({ name, params: {} }, request, {
    ip,
    requestId,
    cookieHeader: request.headers.get('cookie'),
    url: new URL(request.url),
  });
}

/** `context.waitUntil`: work that runs on after the answer, awaited on stop (scripts/runtime/wait-until.mjs). */
const afterAnswer = pendingWork();

/** Calls a warm v2 handler as Netlify's function runtime does (Request in, Response out). */
async function invoke(fn, request, { ip, requestId, cookieHeader, url }) {
  const fnDef = functions.find((f) => f.name === fn.name);
  const { context, setCookies } = functionContext({
    ip,
    requestId,
    params: fn.params,
    cookieHeader,
    url,
    site: { id: blobsSiteId, name: undefined, url: siteUrl },
    deploy: { context: process.env.CONTEXT ?? 'dev', id: '0', published: false },
    geo: mockLocation,
    region: 'dev',
    waitUntil: afterAnswer.waitUntil(fn.name),
  });
  let response;
  try {
    response = await fnDef.handler(request, context);
  } catch (err) {
    console.error(`[fn ${fn.name}] uncaught error`, err);
    return new Response('Internal Server Error', {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  if (response === undefined) return new Response(null, { status: 204 });
  if (!(response instanceof Response)) {
    console.error(`[fn ${fn.name}] returned something other than a Response`);
    return new Response('Internal Server Error', {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  if (setCookies.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const c of setCookies) headers.append('set-cookie', c);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Writes a web Response to Node's response, compressed when the client accepts it. */
async function send(req, res, response, { compress: allowed = false, cacheKey = null } = {}) {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);

  const method = (req.method ?? 'GET').toUpperCase();
  const contentType = response.headers.get('content-type');
  const compress =
    allowed &&
    shouldCompress({
      status: response.status,
      method,
      contentType,
      contentEncoding: response.headers.get('content-encoding'),
      contentLength: response.headers.get('content-length'),
    });
  const encoding = compress ? chooseEncoding(req.headers['accept-encoding']) : null;
  if (
    allowed &&
    contentType &&
    shouldCompress({ status: 200, method: 'GET', contentType, contentEncoding: null, contentLength: null })
  ) {
    const vary = res.getHeader('vary');
    if (!vary || !/accept-encoding/i.test(String(vary)))
      res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  if (!response.body || method === 'HEAD') {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  if (!encoding) {
    await pipeline(Readable.fromWeb(response.body), res).catch(() => res.destroy());
    return;
  }
  res.removeHeader('content-length');
  res.setHeader('content-encoding', encoding);
  if (cacheKey !== null) {
    const key = `${encoding}:${cacheKey}`;
    let body = staticCache.get(key);
    if (!body) {
      const raw = Buffer.from(await response.arrayBuffer());
      // Files are compressed once, so use a high level, as Netlify's CDN does for cached files.
      body =
        encoding === 'br'
          ? zlib.brotliCompressSync(raw, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
            })
          : zlib.gzipSync(raw, { level: 9 });
      if (staticCacheBytes + body.length <= STATIC_CACHE_MAX) {
        staticCache.set(key, body);
        staticCacheBytes += body.length;
      }
    } else {
      await response.body.cancel().catch(() => {});
    }
    res.setHeader('content-length', body.length);
    res.end(body);
    return;
  }
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.createGzip({ level: 6 });
  await pipeline(Readable.fromWeb(response.body), compressor, res).catch(() => res.destroy());
}

// Scheduled functions run on their cron schedules, as on Netlify (SCHEDULER=off turns them off).
const scheduler = startScheduler({
  functions: process.env.SCHEDULER === 'off' ? [] : functions.filter((f) => f.schedule),
  invoke: (name, request) => invokeByName(name, request),
  siteUrl,
  minuteMs: schedulerClock.minuteMs,
});

const server = createServer((req, res) => void serve(req, res, false));
// Many clients at once (the bench opens 100 connections) are normal; keep idle ones a while.
server.keepAliveTimeout = 10_000;
server.listen(port, host, () => {
  console.log(
    `Site ready at ${siteUrl} (${functions.length} functions ${reused ? 'loaded from the last build' : 'built'} ` +
      `in ${buildMs} ms and kept warm; ` +
      `Blobs in ${path.join(root, '.netlify', 'blobs-serve')}; edge functions ${edgeEnabled ? 'on' : 'off'})`,
  );
});

// Blobs operation counts (tooling: the bench reads them to report what one signup costs).
if (process.env.BLOBS_STATS_FILE && blobsWorker) {
  process.on('SIGUSR2', () => {
    const onCounts = (msg) => {
      if (msg?.type !== 'counts') return;
      blobsWorker.off('message', onCounts);
      writeFileSync(process.env.BLOBS_STATS_FILE, JSON.stringify(msg.counts));
    };
    blobsWorker.on('message', onCounts);
    blobsWorker.postMessage('counts');
  });
}

const stop = async () => {
  scheduler.stop();
  server.close();
  // Work the functions handed over after their answers (a mail's provider call) finishes first.
  if (!(await afterAnswer.settle(20_000)))
    console.warn(`[serve] stopped with ${afterAnswer.pending()} waitUntil promise(s) still running`);
  origin.close();
  await dev.stop().catch(() => {});
  await blobsWorker?.terminate();
  runToken.remove();
  if (dataLock.owner) dataLock.release();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
