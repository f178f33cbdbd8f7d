// The site's one browser HTTP client (src/lib/http/client.ts): what a caller sees for a success, for
// an error in the shared shape, for a body in another shape, and for a network failure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../../../src/lib/http/client';
import { postJson } from '../../../src/lib/signups/client';

afterEach(() => vi.unstubAllGlobals());

function serve(res: () => Response) {
  const calls: [string, RequestInit][] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return res();
  });
  return calls;
}

describe('request', () => {
  it('sends credentials and JSON, and gives the parsed body and the headers', async () => {
    const calls = serve(() => Response.json([{ id: 1 }], { headers: { 'x-total-count': '7' } }));
    const { data, headers } = await request<{ id: number }[]>('POST', '/api/x', { body: { a: 1 } });
    expect(data).toEqual([{ id: 1 }]);
    expect(headers.get('x-total-count')).toBe('7');
    expect(calls[0]![1]).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
  });

  it('raises ApiError with the status, "status: text" and the shared error (code, message, fields)', async () => {
    const body = { error: { code: 'invalid_input', message: 'Check the form.', fields: { email: 'Bad' } } };
    serve(() => Response.json(body, { status: 400 }));
    const err = await request('POST', '/api/x', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, error: body.error });
    expect((err as ApiError).message).toBe(`400: ${JSON.stringify(body)}`);
  });

  it('a failed answer in another shape has no code; an empty one shows the status text', async () => {
    serve(() => new Response('<html>oops</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const html = (await request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect([html.status, html.error, html.message]).toEqual([502, undefined, '502: <html>oops</html>']);
    serve(() => new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    expect(((await request('GET', '/x').catch((e: unknown) => e)) as ApiError).message).toBe(
      '503: Service Unavailable',
    );
  });
});

describe('postJson (forms: a result, never an exception)', () => {
  it('gives the fields of a 400, and status 0 for a network failure', async () => {
    serve(() =>
      Response.json({ error: { code: 'invalid_input', message: 'x', fields: { name: 'Too short' } } }, { status: 400 }),
    );
    expect(await postJson('/api/waitlist', {})).toMatchObject({
      ok: false,
      status: 400,
      fields: { name: 'Too short' },
    });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await postJson('/api/waitlist', {})).toEqual({ ok: false, status: 0, message: '0: Failed to fetch' });
  });
});
