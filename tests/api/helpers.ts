// Helpers for API tests: call a function handler with a real Request, a loopback SendGrid fake,
// and store inspection through the real Blobs client.
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

export { startSendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';
export type { FakeMessage, SendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';

/** Routes mail through the real SendGrid client to `fake`. */
export function useSendGrid(fake: { url: string }): void {
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
