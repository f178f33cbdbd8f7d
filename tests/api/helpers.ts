// Helpers for API tests: call a function handler with a real Request, a loopback SendGrid fake,
// and store inspection through the real Blobs client.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getStore } from '@netlify/blobs';

type Handler = (req: Request, context: any) => Promise<Response>;

export interface CallOptions {
  method?: string;
  /** Path and query, e.g. '/api/waitlist?x=1'. */
  path?: string;
  /** A value to send as JSON, or a raw string body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Client IP seen by the function (Netlify's context.ip). */
  ip?: string;
  /** Route parameters (Netlify's context.params). */
  params?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  json: T;
  text: string;
}

/** Calls a v2 function handler the way Netlify does: a real Request and a context with ip and params. */
export async function call<T = any>(handler: Handler, opts: CallOptions = {}): Promise<CallResult<T>> {
  const { method = 'GET', path = '/', body, headers = {}, ip = '203.0.113.7', params = {} } = opts;
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
  }
  const res = await handler(new Request(new URL(path, 'http://localhost:8888'), init), {
    ip,
    params,
    cookies: undefined,
  });
  const text = await res.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON (e.g. an HTML page) */
  }
  return { status: res.status, headers: res.headers, json, text };
}

export interface FakeMessage {
  path: string;
  authorization: string | undefined;
  body: any;
}

export interface SendGridFake {
  url: string;
  messages: FakeMessage[];
  /** Answer the next `count` requests with `status` (default: every request until reset). */
  fail(status: number, count?: number): void;
  reset(): void;
  close(): Promise<void>;
}

/** A loopback stand-in for api.sendgrid.com: records POST /v3/mail/send bodies, answers 202 (or a chosen failure). */
export async function startSendGridFake(): Promise<SendGridFake> {
  const messages: FakeMessage[] = [];
  let failStatus = 0;
  let failCount = 0;
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      if (failStatus && failCount !== 0) {
        if (failCount > 0) failCount -= 1;
        res.writeHead(failStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'Simulated provider failure' }] }));
        return;
      }
      messages.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: data ? JSON.parse(data) : null,
      });
      res.writeHead(202, { 'x-message-id': `fake-${messages.length}` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    fail(status, count = -1) {
      failStatus = status;
      failCount = count;
    },
    reset() {
      failStatus = 0;
      failCount = 0;
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Routes mail through the real SendGrid client to `fake`. */
export function useSendGrid(fake: SendGridFake): void {
  process.env.SENDGRID_API_KEY = 'SG.test-key';
  process.env.SENDGRID_BASE_URL = fake.url;
}

/** Routes mail to the local outbox (no provider key). */
export function useOutbox(): void {
  delete process.env.SENDGRID_API_KEY;
  delete process.env.SENDGRID_BASE_URL;
}

/** Every key of a Blobs store. */
export async function storeKeys(name: string): Promise<string[]> {
  const { blobs } = await getStore({ name, consistency: 'strong' }).list();
  return blobs.map((b) => b.key);
}

/** Deletes every blob of a store (test isolation inside one file). */
export async function clearStore(name: string): Promise<void> {
  const store = getStore({ name, consistency: 'strong' });
  const { blobs } = await store.list();
  await Promise.all(blobs.map((b) => store.delete(b.key)));
}
