// The adapters of scripts/runtime/netlify-adapters.mjs against the installed Netlify packages, loaded
// as the runtime loads them (the copy of @netlify/edge-functions-dev that @netlify/dev imports): what
// each patches is there with the shape it expects, each does what it is for, and each stops with an
// error naming the package and its version when what it patches is gone. An upgrade that changes a
// patched method fails here. The "upstream" cases show the behaviour an adapter works around: when one
// fails after an upgrade, upstream changed and the adapter may go (docs/runtime.md, "Patches of
// Netlify internals").
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { NetlifyDev } from '@netlify/dev';
import { startBlobsServer } from '../../../scripts/runtime/blobs-server.mjs';
import {
  cacheEdgeFunctionConfigs,
  captureEdgeHandler,
  interceptBlobsRequests,
  loadEdgeFunctionsHandler,
  packageVersion,
  passClientAddressToEdge,
  passEnvToEdgeRuntime,
  replaceBlobsListWalk,
} from '../../../scripts/runtime/netlify-adapters.mjs';

const EDGE = '@netlify/edge-functions-dev';

const drift = (pkg: Parameters<typeof packageVersion>[0], what: string) =>
  `${pkg} ${packageVersion(pkg)}: ${what}; re-check scripts/runtime/netlify-adapters.mjs`;

/**
 * Stands in for the emulator's Deno server on a loopback port: answers the NETLIFYCONFIG request (a
 * method Node's HTTP parser refuses, hence a plain socket) with an empty config, and any other request
 * (an edge function run) with 200, keeping the client address it was sent.
 */
function fakeDeno() {
  const seen = { configRequests: 0, clientIps: [] as (string | null)[] };
  const server: Server = createServer((socket: Socket) => {
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      const [requestLine, ...lines] = head.split('\r\n\r\n')[0].split('\r\n');
      const header = (name: string) =>
        lines.find((l) => l.toLowerCase().startsWith(`${name}:`))?.replace(/^[^:]*:\s*/, '') ?? null;
      let body = 'edge';
      if (requestLine.startsWith('NETLIFYCONFIG ')) {
        seen.configRequests += 1;
        body = '{}';
      } else {
        seen.clientIps.push(header('x-nf-client-connection-ip'));
      }
      socket.end(`HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`);
    });
  });
  return { server, seen };
}

describe('edge runtime adapters (@netlify/edge-functions-dev, the copy @netlify/dev imports)', () => {
  let EdgeFunctionsHandler: any;
  let root: string;
  let deno: ReturnType<typeof fakeDeno>;
  let denoPort: number;

  beforeAll(async () => {
    EdgeFunctionsHandler = await loadEdgeFunctionsHandler();
    root = await mkdtemp(path.join(tmpdir(), 'netlify-adapters-'));
    await mkdir(path.join(root, 'edge-functions'));
    await writeFile(path.join(root, 'edge-functions', 'probe.js'), 'export default () => new Response("probe");\n');
    deno = fakeDeno();
    await new Promise<void>((resolve) => deno.server.listen(0, '127.0.0.1', resolve));
    denoPort = (deno.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => deno?.server.close(resolve));
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** A prototype of its own (patches stay off the package's class), as a subclass of the real one. */
  const freshProto = () => class extends EdgeFunctionsHandler {}.prototype;

  /**
   * A handler on `proto` as NetlifyDev would have it once Deno is up (here the fake), with one edge
   * function, `probe`, declared for every path.
   */
  const handlerOn = (proto: object) =>
    Object.assign(Object.create(proto), {
      configDeclarations: [{ function: 'probe', path: '/*' }],
      directories: [path.join(root, 'edge-functions')],
      geolocation: { city: 'Kitchener' },
      initialization: Promise.resolve({ denoPort, success: true }),
      initialized: true,
      logger: console,
      siteID: '0',
      siteName: 'probe',
    });

  /** Runs one request through `match` and, when an edge function matches, through its `handle`. */
  async function run(handler: { match: (r: Request) => Promise<unknown> }, ip?: string) {
    const headers = ip ? { 'x-nf-client-connection-ip': ip } : undefined;
    const found = (await handler.match(new Request('http://localhost/page', { headers }))) as {
      handle: (req: Request, origin: string) => Promise<Response>;
    };
    expect(found, 'the probe edge function matches /page').toBeTruthy();
    const response = await found.handle(new Request('http://localhost/page', { headers }), 'http://127.0.0.1:9');
    expect(await response.text()).toBe('edge');
  }

  it('the patched methods are functions with the parameters the adapters expect', () => {
    const proto = EdgeFunctionsHandler.prototype;
    expect(typeof proto.getFunctionConfigs).toBe('function');
    expect(proto.getFunctionConfigs.length).toBe(2);
    expect(proto.initialize.length).toBe(1);
    expect(proto.match.length).toBe(1);
    const patched = freshProto();
    cacheEdgeFunctionConfigs(patched);
    captureEdgeHandler(patched, () => {});
    passClientAddressToEdge(patched);
  });

  it('upstream: match asks Deno for the config on every request; cacheEdgeFunctionConfigs asks once', async () => {
    const stock = handlerOn(freshProto());
    const before = deno.seen.configRequests;
    await stock.match(new Request('http://localhost/a'));
    await stock.match(new Request('http://localhost/b'));
    expect(deno.seen.configRequests - before, 'match no longer asks every time: the cache may go').toBe(2);

    const proto = freshProto();
    cacheEdgeFunctionConfigs(proto);
    const cached = handlerOn(proto);
    const start = deno.seen.configRequests;
    await run(cached);
    await run(cached);
    expect(deno.seen.configRequests - start).toBe(1);
  });

  it('cacheEdgeFunctionConfigs calls the loader once per set of functions, and again after an error', async () => {
    const answers: ({ configs: object } | { error: object } | Error)[] = [];
    let calls = 0;
    const proto = {
      getFunctionConfigs(_denoPort: number, _functions: object) {
        calls += 1;
        const next = answers.shift() ?? { configs: {} };
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
    };
    cacheEdgeFunctionConfigs(proto);
    const one = { probe: 'file:///probe.js' };
    expect(await proto.getFunctionConfigs(1, one)).toEqual({ configs: {} });
    expect(await proto.getFunctionConfigs(1, { ...one })).toEqual({ configs: {} });
    expect(calls).toBe(1);
    await proto.getFunctionConfigs(1, { other: 'file:///other.js' });
    expect(calls).toBe(2);

    answers.push({ error: { message: 'syntax error' } });
    const two = { second: 'file:///second.js' };
    expect(await proto.getFunctionConfigs(1, two)).toEqual({ error: { message: 'syntax error' } });
    expect(await proto.getFunctionConfigs(1, two)).toEqual({ configs: {} });
    expect(calls).toBe(4);

    answers.push(new Error('Deno is gone'));
    const three = { third: 'file:///third.js' };
    await expect(proto.getFunctionConfigs(1, three)).rejects.toThrow('Deno is gone');
    expect(await proto.getFunctionConfigs(1, three)).toEqual({ configs: {} });
    expect(calls).toBe(6);
  });

  it('upstream: an edge function is told the client is 127.0.0.1; passClientAddressToEdge keeps ours', async () => {
    await run(handlerOn(freshProto()), '203.0.113.9');
    expect(deno.seen.clientIps.at(-1), 'the emulator passes the address on now: the adapter may go').toBe('127.0.0.1');

    const proto = freshProto();
    passClientAddressToEdge(proto);
    await run(handlerOn(proto), '203.0.113.9');
    expect(deno.seen.clientIps.at(-1)).toBe('203.0.113.9');
  });

  it('on a real NetlifyDev: the edge handler it creates is handed over, with the named variables in its environment', async () => {
    const proto = EdgeFunctionsHandler.prototype;
    const { initialize } = proto;
    const site = await mkdtemp(path.join(tmpdir(), 'netlify-adapters-site-'));
    await writeFile(path.join(site, 'netlify.toml'), '[build]\npublish = "dist"\n');
    process.env.NETLIFY_ADAPTERS_NAMED = 'named value';
    process.env.NETLIFY_ADAPTERS_UNNAMED = 'unnamed value';
    const handlers: unknown[] = [];
    let denoEnv: Record<string, string> | undefined;
    // Deno is not started here: the handler's own initialize is replaced by one that keeps its env.
    proto.initialize = async function (env: Record<string, string>) {
      denoEnv = env;
      return { denoPort: 0, success: false };
    };
    const dev = new NetlifyDev({
      projectRoot: site,
      serverAddress: 'http://127.0.0.1:9',
      skipGitignore: true,
      aiGateway: { enabled: false },
      blobs: { enabled: false },
      database: { enabled: false },
      environmentVariables: { enabled: true },
      geolocation: { enabled: false },
      images: { enabled: false },
      functions: { enabled: false },
      edgeFunctions: { enabled: true },
    });
    try {
      captureEdgeHandler(proto, (handler) => handlers.push(handler));
      passEnvToEdgeRuntime(dev, ['NETLIFY_ADAPTERS_NAMED', 'NETLIFY_ADAPTERS_NOT_SET']);
      await dev.start();
      expect(handlers).toHaveLength(1);
      expect(handlers[0]).toBeInstanceOf(EdgeFunctionsHandler);
      expect(denoEnv?.NETLIFY_ADAPTERS_NAMED).toBe('named value');
      expect(denoEnv && 'NETLIFY_ADAPTERS_NOT_SET' in denoEnv).toBe(false);
      expect(denoEnv?.NETLIFY_ADAPTERS_UNNAMED, 'the emulator passes the process env now: the adapter may go').toBe(
        undefined,
      );
    } finally {
      await dev.stop();
      proto.initialize = initialize;
      delete process.env.NETLIFY_ADAPTERS_NAMED;
      delete process.env.NETLIFY_ADAPTERS_UNNAMED;
      await rm(site, { recursive: true, force: true });
    }
  }, 30_000);

  it('passEnvToEdgeRuntime adds each named variable that is set, as a general one', async () => {
    const dev = { getConfig: async () => ({ env: { URL: { sources: ['internal'], value: 'x' } } }) };
    passEnvToEdgeRuntime(dev, ['A', 'B'], { A: 'a', C: 'c' });
    expect((await dev.getConfig()).env).toEqual({
      URL: { sources: ['internal'], value: 'x' },
      A: { sources: ['general'], value: 'a' },
    });
  });

  it('each adapter throws an error naming the package and version when what it patches has changed', () => {
    expect(packageVersion(EDGE)).toMatch(/^\d+\.\d+\.\d+/);
    expect(() => passClientAddressToEdge({})).toThrow(
      drift(EDGE, 'EdgeFunctionsHandler.prototype.match is no longer a function'),
    );
    expect(() => captureEdgeHandler({ initialize: 1 }, () => {})).toThrow(
      drift(EDGE, 'EdgeFunctionsHandler.prototype.initialize is no longer a function'),
    );
    expect(() => cacheEdgeFunctionConfigs({ getFunctionConfigs: (port: number) => port })).toThrow(
      drift(EDGE, 'EdgeFunctionsHandler.prototype.getFunctionConfigs now takes 1 parameter(s) instead of 2'),
    );
    expect(() => passEnvToEdgeRuntime({}, ['A'])).toThrow(
      drift('@netlify/dev', 'NetlifyDev.prototype.getConfig is no longer a function'),
    );
    expect(() => replaceBlobsListWalk(class {}, async () => {})).toThrow(
      drift('@netlify/blobs', 'BlobsServer.walk is no longer a function'),
    );
    expect(() => interceptBlobsRequests({ handleRequest: (req: Request) => req }, async () => new Response())).toThrow(
      drift('@netlify/blobs', 'BlobsServer.prototype.getLocalPaths is no longer a function'),
    );
  });

  it('a match answer whose handle changed fails the request with the same error', async () => {
    const proto = { match: async (_request: Request) => ({ handle: (req: Request) => req }) };
    passClientAddressToEdge(proto);
    await expect(proto.match(new Request('http://localhost/'))).rejects.toThrow(
      drift(EDGE, 'EdgeFunctionsHandler.prototype.match no longer answers { handle(request, originServerAddress) }'),
    );
  });
});

describe('local Blobs server adapters (@netlify/blobs)', () => {
  let directory: string;
  let server: Awaited<ReturnType<typeof startBlobsServer>>;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'netlify-adapters-blobs-'));
    server = await startBlobsServer({ directory, token: 'adapters' });
  });

  afterAll(async () => {
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const store = () => getStore({ name: 'adapters', siteID: 'site', token: 'adapters', edgeURL: server.url });

  it('BlobsServer has the methods the adapters patch, with the parameters they expect', () => {
    // Private in the package's types: the adapters reach into its internals.
    const statics = BlobsServer as unknown as Record<'walk' | 'generateETag', (...args: unknown[]) => unknown>;
    expect(statics.walk.length).toBe(1);
    expect(statics.generateETag.length).toBe(1);
    const stock = new BlobsServer({ directory, token: 't' }) as unknown as {
      handleRequest: (req: Request) => Promise<Response>;
      getLocalPaths: (url: URL) => { dataPath?: string; key?: string };
    };
    expect(stock.handleRequest.length).toBe(1);
    const { dataPath, key } = stock.getLocalPaths(new URL('http://localhost/site/site%3Aadapters/a/b'));
    expect(key).toBe('a/b');
    expect(dataPath?.startsWith(directory)).toBe(true);
  });

  it('interceptBlobsRequests puts the guards in front of the stock handler: a read answers the ETag of its bytes', async () => {
    await store().set('k', 'some bytes');
    const read = await store().getWithMetadata('k');
    expect(read?.etag).toBe(`"${createHash('sha256').update('some bytes').digest('base64url')}"`);
  });

  it('replaceBlobsListWalk answers lists: a folder whose blobs were all deleted is not listed', async () => {
    await store().set('gone/x', 'x');
    await store().set('kept/y', 'y');
    await store().delete('gone/x');
    const { directories } = await store().list({ directories: true });
    expect(directories).toEqual(['kept']);
  });
});
