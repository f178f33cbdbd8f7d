// Calls a Netlify Functions v2 handler in this process, as the scale bench and its CSV probe do:
// a Request to a fixed local origin, a JSON body when given, the admin session cookie when given.

/**
 * @param {(req: Request, context: { ip: string, params: Record<string, string> }) => Promise<Response>} handler
 * @param {string} method
 * @param {string} p path with query
 * @param {{ body?: unknown, cookie?: string, ip?: string }} [options]
 */
export function callHandler(handler, method, p, { body, cookie, ip = '192.0.2.50' } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  const req = new Request(new URL(p, 'http://127.0.0.1:8888'), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return handler(req, { ip, params: {} });
}
