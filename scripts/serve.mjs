// Serves the production build with Netlify's own local emulation (@netlify/dev): static files from
// dist/, the functions in netlify/functions, Netlify Blobs persisted on disk under
// <root>/.netlify/blobs-serve, the edge functions in netlify/edge-functions, and netlify.toml headers.
// `astro preview` is not supported by the Netlify adapter, hence this script (see shared/STACK.md).
//
// Usage: npm run serve            (PORT, default 8888; HOST, default 127.0.0.1)
//        SITE_ROOT=dir npm run serve   serve another copy of the project (the e2e tests use one).
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NetlifyDev } from '@netlify/dev';
import { fromWebResponse } from '@netlify/dev-utils';

// Work around a memory leak of the local edge runtime: for *every* request (files included) it asks
// the Deno server for the edge functions' in-source config, and the Deno side answers from a new
// Worker that it never terminates (~10 MB each; 200 requests took Deno from 75 MB to 2.4 GB, and the
// full browser suite crashed it). The config of a built site does not change while it is served, so
// ask once per set of functions. Patched on the copy @netlify/dev itself imports.
{
  const requireFromDev = createRequire(fileURLToPath(import.meta.resolve('@netlify/dev')));
  const { EdgeFunctionsHandler } = await import(pathToFileURL(requireFromDev.resolve('@netlify/edge-functions-dev')).href);
  const load = EdgeFunctionsHandler.prototype.getFunctionConfigs;
  const cache = new Map();
  EdgeFunctionsHandler.prototype.getFunctionConfigs = function (denoPort, functions) {
    const key = `${denoPort}|${JSON.stringify(functions)}`;
    if (!cache.has(key)) {
      const pending = load.call(this, denoPort, functions).then(
        (result) => {
          if (result.error) cache.delete(key);
          return result;
        },
        (err) => {
          cache.delete(key);
          throw err;
        },
      );
      cache.set(key, pending);
    }
    return cache.get(key);
  };
}

const root = path.resolve(process.env.SITE_ROOT ?? process.cwd());
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error(`No build found in ${path.join(root, 'dist')}. Run "npm run build" first (npm start does both).`);
  process.exit(1);
}

const dev = new NetlifyDev({
  projectRoot: root,
  // Edge functions call back into this same server for context.next().
  serverAddress: `http://${host}:${port}`,
  aiGateway: { enabled: false },
  database: { enabled: false },
  // On: the edge runtime gets the general variables (CONTEXT, URL, ...) plus those listed in EDGE_ENV.
  environmentVariables: { enabled: true },
  geolocation: { enabled: false },
  images: { enabled: false },
  // EDGE_FUNCTIONS=off skips the edge runtime (the launched-site browser tests: the gate is off there
  // anyway, and the emulator's Deno worker grows with every invocation over a long test run).
  edgeFunctions: { enabled: process.env.EDGE_FUNCTIONS !== 'off' },
});
// The emulator hands edge functions only the variables of Netlify's own config sources, never this
// process's environment; in production they read the site's variables through Netlify.env. Pass the
// pre-launch gate's settings through (the gate would otherwise see SITE_LAUNCHED and ADMIN_KEY unset).
const EDGE_ENV = ['ADMIN_KEY', 'SESSION_SECRET', 'SITE_LAUNCHED', 'ADMIN_LOGIN_RATE_LIMIT', 'CONTEXT', 'REQUIRE_CONFIG'];
const loadConfig = dev.getConfig.bind(dev);
dev.getConfig = async () => {
  const config = await loadConfig();
  config.env ??= {};
  for (const name of EDGE_ENV) {
    if (process.env[name] !== undefined) config.env[name] = { sources: ['general'], value: process.env[name] };
  }
  return config;
};
await dev.start();

const server = createServer(async (req, res) => {
  try {
    const result = await dev.handleAndIntrospectNodeRequest(req);
    if (result) {
      await fromWebResponse(result.response, res);
      return;
    }
    // Nothing matched: like Netlify, answer with the site's 404 page (and its headers) and status 404.
    const origin = `http://${req.headers.host ?? `${host}:${port}`}`;
    // The visitor's cookies go along, so the edge gate decides for /404.html as it did for the page.
    const notFound = await dev.handle(new Request(new URL('/404.html', origin), { headers: { cookie: req.headers.cookie ?? '' } }));
    const body = notFound ? await notFound.text() : '404 Page Not Found';
    const headers = new Headers(notFound?.headers);
    headers.delete('content-length');
    await fromWebResponse(new Response(body, { status: 404, headers }), res);
  } catch (err) {
    console.error('[serve]', req.method, req.url, err);
    if (!res.headersSent) res.statusCode = 500;
    res.end('Internal error');
  }
});

server.listen(port, host, () => {
  console.log(`Site ready at http://${host === '0.0.0.0' ? 'localhost' : host}:${port} (functions, Blobs in ${path.join(root, '.netlify', 'blobs-serve')}, edge functions)`);
});

const stop = async () => {
  server.close();
  await dev.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
