// Every place where the local runtime patches the inside of a Netlify package, one named function
// each. An adapter first checks that what it patches is still there with the shape it expects (a
// function taking so many parameters) and otherwise throws an Error naming the package and its
// installed version, so an upgrade that changes it stops the runtime at start instead of silently
// undoing the fix. tests/unit/scripts/netlify-adapters.test.ts runs each adapter on the installed packages.
// Why each exists and what guards it: docs/runtime.md, "Patches of Netlify internals".
//
// This module imports no Netlify package at load time: the Blobs worker and the API tests import it
// through blobs-server.mjs and need none of the edge runtime.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const EDGE = '@netlify/edge-functions-dev';
const DEV = '@netlify/dev';
const BLOBS = '@netlify/blobs';

const requireHere = createRequire(import.meta.url);

/** The entry file of each patched package, resolved as the runtime loads it. */
const entries = {
  [DEV]: () => requireHere.resolve(DEV),
  // The copy @netlify/dev itself imports (a copy nested under it wins over the top-level one).
  [EDGE]: () => createRequire(entries[DEV]()).resolve(EDGE),
  [BLOBS]: () => requireHere.resolve(`${BLOBS}/server`),
};

/**
 * The installed version of a patched package (the copy the runtime loads), for error messages.
 * @param {'@netlify/dev' | '@netlify/edge-functions-dev' | '@netlify/blobs'} name
 * @returns {string}
 */
export function packageVersion(name) {
  let dir;
  try {
    dir = path.dirname(entries[name]());
  } catch {
    return '(not installed)';
  }
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      if (pkg.name === name) return String(pkg.version);
    }
    const up = path.dirname(dir);
    if (up === dir) return '(version unknown)';
    dir = up;
  }
}

/** The error an adapter throws when what it patches has changed. */
function drifted(pkg, what) {
  return new Error(`${pkg} ${packageVersion(pkg)}: ${what}; re-check scripts/runtime/netlify-adapters.mjs`);
}

/**
 * `owner[name]` when it is a function taking `arity` parameters; throws naming the package otherwise.
 * @param {string} pkg @param {string} where how the error names `owner` @param {any} owner
 * @param {string} name @param {number} arity
 * @returns {Function}
 */
function expectMethod(pkg, where, owner, name, arity) {
  const fn = owner?.[name];
  if (typeof fn !== 'function') throw drifted(pkg, `${where}.${name} is no longer a function`);
  if (fn.length !== arity)
    throw drifted(pkg, `${where}.${name} now takes ${fn.length} parameter(s) instead of ${arity}`);
  return fn;
}

/**
 * The edge runtime's handler class from the copy of @netlify/edge-functions-dev that @netlify/dev
 * imports: the class whose instances NetlifyDev creates, so patches of its prototype reach them.
 * @returns {Promise<any>}
 */
export async function loadEdgeFunctionsHandler() {
  const { EdgeFunctionsHandler } = await import(pathToFileURL(entries[EDGE]()).href);
  if (typeof EdgeFunctionsHandler !== 'function') throw drifted(EDGE, 'EdgeFunctionsHandler is no longer exported');
  return EdgeFunctionsHandler;
}

/**
 * Asks the edge runtime for the edge functions' in-source config once per set of functions.
 *
 * Upstream: `match` calls `getFunctionConfigs(denoPort, functions)` for every request, which sends a
 * NETLIFYCONFIG request to the Deno server; Deno answers it from a new Worker (its `getConfigs`) that
 * it never terminates, about 10 MB each for as long as the server runs.
 * Why we patch: a served build's edge functions do not change while it is served, so one answer per
 * set of functions is the same answer. A failed answer (`{ error }` or a rejection) is not kept.
 * Upstream issue: no upstream issue found.
 * Delete when: the Deno server terminates its config Worker (dist/deno/config.mjs of the package) or
 * `match` stops asking on every request (the test's "asks on every request" case then fails).
 * @param {any} proto EdgeFunctionsHandler.prototype
 */
export function cacheEdgeFunctionConfigs(proto) {
  const load = expectMethod(EDGE, 'EdgeFunctionsHandler.prototype', proto, 'getFunctionConfigs', 2);
  /** @type {Map<string, Promise<any>>} */
  const cache = new Map();
  proto.getFunctionConfigs = function (denoPort, functions) {
    const key = `${denoPort}|${JSON.stringify(functions)}`;
    if (!cache.has(key)) {
      const drop = () => cache.delete(key);
      const pending = load.call(this, denoPort, functions).then(
        (/** @type {any} */ result) => {
          if (result?.error) drop();
          return result;
        },
        (/** @type {unknown} */ err) => {
          drop();
          throw err;
        },
      );
      cache.set(key, pending);
    }
    return cache.get(key);
  };
}

/**
 * Hands over the edge handler NetlifyDev creates, as it is constructed.
 *
 * Upstream: NetlifyDev keeps its EdgeFunctionsHandler in a private field; the handler's constructor
 * calls `this.initialize(env)` to start Deno.
 * Why we patch: the runtime runs the functions itself and must ask, for a function's path, whether an
 * edge function runs first, as on Netlify; that question is the handler's `match`.
 * Upstream issue: none: nothing upstream is wrong, the runtime needs what NetlifyDev keeps private.
 * Delete when: NetlifyDev exposes its edge handler, or the functions run through NetlifyDev again.
 * @param {any} proto EdgeFunctionsHandler.prototype
 * @param {(handler: any) => void} onHandler called with each handler as it is constructed
 */
export function captureEdgeHandler(proto, onHandler) {
  const initialize = expectMethod(EDGE, 'EdgeFunctionsHandler.prototype', proto, 'initialize', 1);
  proto.initialize = function (env, ...rest) {
    onHandler(this);
    return initialize.call(this, env, ...rest);
  };
}

/**
 * Lets an edge function see the client address the runtime determined instead of 127.0.0.1.
 *
 * Upstream: the `handle` that `match` returns sets `x-nf-client-connection-ip` to 127.0.0.1 on the
 * request it sends to Deno, whatever the request carried, so `context.ip` in every edge function is
 * 127.0.0.1. The address was hard-coded when `netlify dev` first sent the header
 * (https://github.com/netlify/cli/pull/4681); no upstream issue found asking for the real address.
 * Why we patch: the pre-launch gate logs by the client's address. The runtime puts the socket's
 * address in `x-nf-client-connection-ip` after dropping any client-sent one (clientHeaders in
 * scripts/runtime/http.mjs), and this keeps it when the emulator sets the header.
 * Delete when: the handler passes on the address the request carries (the test's "sends 127.0.0.1"
 * case then fails).
 * @param {any} proto EdgeFunctionsHandler.prototype
 */
export function passClientAddressToEdge(proto) {
  const match = expectMethod(EDGE, 'EdgeFunctionsHandler.prototype', proto, 'match', 1);
  proto.match = async function (request) {
    const found = await match.call(this, request);
    if (!found) return found;
    const handle = found.handle;
    if (typeof handle !== 'function' || handle.length !== 2)
      throw drifted(
        EDGE,
        'EdgeFunctionsHandler.prototype.match no longer answers { handle(request, originServerAddress) }',
      );
    return {
      ...found,
      handle: (/** @type {Request} */ req, /** @type {string} */ origin) => {
        const ip = req.headers.get('x-nf-client-connection-ip');
        if (ip) {
          const set = req.headers.set.bind(req.headers);
          req.headers.set = (name, value) => set(name, name.toLowerCase() === 'x-nf-client-connection-ip' ? ip : value);
        }
        return handle.call(found, req, origin);
      },
    };
  };
}

/**
 * Passes the named variables of this process's environment to the edge runtime.
 *
 * Upstream: NetlifyDev gives the edge runtime the variables of Netlify's own config sources (the
 * config file, the linked site) plus its runtime's, never this process's environment; `netlify dev`
 * does the same (https://github.com/netlify/cli/issues/5900). In production, edge functions read the
 * site's variables through Netlify.env.
 * Why we patch: the pre-launch gate reads SITE_LAUNCHED, ADMIN_KEY, SESSION_SECRET and the Blobs
 * context from Netlify.env; without this it would see them unset locally. Each named variable that is
 * set goes into the config NetlifyDev reads as one of its own (source `general`).
 * Delete when: NetlifyDev takes variables for the edge runtime as an option.
 * @param {any} dev a NetlifyDev, before `start()`
 * @param {readonly string[]} names
 * @param {Record<string, string | undefined>} [env] where the values come from (this process's environment)
 */
export function passEnvToEdgeRuntime(dev, names, env = process.env) {
  const getConfig = expectMethod(DEV, 'NetlifyDev.prototype', dev, 'getConfig', 0);
  dev.getConfig = async () => {
    const config = await getConfig.call(dev);
    config.env ??= {};
    for (const name of names) {
      if (env[name] !== undefined) config.env[name] = { sources: ['general'], value: env[name] };
    }
    return config;
  };
}

/**
 * Replaces the local Blobs server's directory walk, which answers every list.
 *
 * Upstream: BlobsServer's list handler calls the static `BlobsServer.walk(options)`, which stats
 * every entry of every folder it passes before comparing it with the prefix, and lists a folder that
 * deletes left empty as a directory.
 * Why we patch: `walk` (scripts/runtime/blobs-server.mjs, guard 4) gives the same entries in the same
 * order, reading only what the prefix can match, and lists no empty folder, as Netlify's service has
 * keys, not folders. Its ETags keep the formula of the static `BlobsServer.generateETag(path)`.
 * Upstream issue: no upstream issue found.
 * Delete when: the stock walk compares the prefix before it stats and skips empty folders.
 * @param {any} BlobsServer the class from @netlify/blobs/server
 * @param {(options: object) => Promise<void>} walk
 */
export function replaceBlobsListWalk(BlobsServer, walk) {
  expectMethod(BLOBS, 'BlobsServer', BlobsServer, 'walk', 1);
  expectMethod(BLOBS, 'BlobsServer', BlobsServer, 'generateETag', 1);
  BlobsServer.walk = walk;
}

/**
 * Routes every request of one local Blobs server through `intercept`, which gets the stock handler.
 *
 * Upstream: BlobsServer's HTTP server calls `this.handleRequest(req)` for each request;
 * `getLocalPaths(url)` gives a request's `{ dataPath, key }`, which the guards use.
 * Why we patch: the guards of scripts/runtime/blobs-server.mjs (one write per key at a time, short
 * bodies refused, ETags of the bytes on reads and conditional writes) sit in front of the stock
 * handler. The missing ETags on reads are https://github.com/netlify/primitives/pull/772 and
 * https://github.com/netlify/cli/issues/6902; no upstream issue found for the others.
 * Delete when: BlobsServer makes a conditional write's check and write one step, refuses a body
 * shorter than its Content-Length and answers reads with an ETag that differs for every version.
 * @param {any} server a BlobsServer, before `start()`
 * @param {(req: Request, handle: (req: Request) => Promise<Response>) => Promise<Response>} intercept
 */
export function interceptBlobsRequests(server, intercept) {
  const handle = expectMethod(BLOBS, 'BlobsServer.prototype', server, 'handleRequest', 1).bind(server);
  expectMethod(BLOBS, 'BlobsServer.prototype', server, 'getLocalPaths', 1);
  server.handleRequest = (/** @type {Request} */ req) => intercept(req, handle);
}
