import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allowMethods,
  FUNCTION_CSP,
  handler,
  HttpError,
  MAX_BODY_BYTES,
  networkKey,
  readJson,
  refuseFraming,
} from '../../../src/lib/server/http';

const schema = z.object({ name: z.string().min(2, 'Name must be at least 2 characters'), age: z.number().int() });
const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://x/api', { method: 'POST', body, headers });

const echo = handler(async (req) => {
  allowMethods(req, 'POST');
  const data = await readJson(req, schema);
  return new Response(JSON.stringify(data), { status: 201 });
});

async function errorOf(res: Response) {
  return {
    status: res.status,
    body: (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } },
  };
}

describe('function error shape', () => {
  it('passes valid input through', async () => {
    const res = await echo(post(JSON.stringify({ name: 'Ada', age: 36 })), {});
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ name: 'Ada', age: 36 });
  });

  it('turns a zod failure into 400 with one message per field', async () => {
    const { status, body } = await errorOf(await echo(post(JSON.stringify({ name: 'A', age: 'x' })), {}));
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.fields).toEqual({ name: 'Name must be at least 2 characters', age: expect.any(String) });
  });

  it('answers invalid JSON with 400 invalid_json', async () => {
    const { status, body } = await errorOf(await echo(post('{"name":'), {}));
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_json');
  });

  it('answers a body over 16 KB with 413, even without a content-length', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), age: 1 });
    const stream = new Blob([big]).stream();
    const req = new Request('http://x/api', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    const { status, body } = await errorOf(await echo(req, {}));
    expect(status).toBe(413);
    expect(body.error.code).toBe('payload_too_large');
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    const res = await echo(new Request('http://x/api', { method: 'GET' }), {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await res.json()).error.code).toBe('method_not_allowed');
  });

  it('answers a non-JSON content type with 415', async () => {
    const { status } = await errorOf(
      await echo(post('name=Ada', { 'content-type': 'application/x-www-form-urlencoded' }), {}),
    );
    expect(status).toBe(415);
  });

  it('hides unexpected errors behind a 500 in the same shape', async () => {
    const boom = handler(async () => {
      throw new Error('secret internals');
    });
    const { status, body } = await errorOf(await boom(new Request('http://x/'), {}));
    expect(status).toBe(500);
    expect(body.error.message).not.toContain('secret internals');
  });

  it('keeps HttpError headers', async () => {
    const limited = handler(async () => {
      throw new HttpError(429, 'rate_limited', 'Slow down', undefined, { 'retry-after': '30' });
    });
    const res = await limited(new Request('http://x/'), {});
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
  });
});

describe('no function answer can be framed', () => {
  it('every answer of a handler, errors and redirects included, refuses framing', async () => {
    const answers = [
      await echo(post('{"name":"Ada","age":3}'), {}),
      await echo(post('{'), {}),
      await handler(async () => Response.redirect('http://x/join', 303))(new Request('http://x/'), {}),
      await handler(async () => {
        throw new Error('boom');
      })(new Request('http://x/'), {}),
    ];
    for (const res of answers) {
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toBe(FUNCTION_CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(answers[2].status).toBe(303);
    expect(answers[2].headers.get('location')).toBe('http://x/join');
  });

  it("keeps an answer's own policy and adds frame-ancestors to it", () => {
    const own = refuseFraming(new Response('x', { headers: { 'content-security-policy': "default-src 'self'" } }));
    expect(own.headers.get('content-security-policy')).toBe("default-src 'self'; frame-ancestors 'none'");
    const done = refuseFraming(new Response('x', { headers: { 'content-security-policy': "frame-ancestors 'self'" } }));
    expect(done.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
  });
});

describe('the network a client address belongs to (the flood limits)', () => {
  it('counts IPv4 by its /24, IPv6 by its /64, IPv4-mapped IPv6 as IPv4', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('203.0.113.250')).toBe(networkKey('203.0.113.1'));
    expect(networkKey('203.0.114.1')).not.toBe(networkKey('203.0.113.1'));
    expect(networkKey('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(networkKey('2001:db8:1:2::9'));
    expect(networkKey('2001:db8:1:3::1')).not.toBe(networkKey('2001:db8:1:2::1'));
    expect(networkKey('')).toBe('unknown');
  });
});
