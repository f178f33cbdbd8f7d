/**
 * HTTP helpers shared by every Netlify Function: one JSON error shape,
 * body parsing with a size cap, zod failures turned into per-field messages.
 *
 * Error shape: `{ "error": { "code": string, "message": string, "fields"?: { [field]: message } } }`
 */
import type { z } from 'zod';
import { isForeignOrigin } from './origin';

/** Largest JSON body any function accepts. */
export const MAX_BODY_BYTES = 16 * 1024;

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** An error that becomes a JSON error response when thrown inside `handler()`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A JSON response (no-store unless headers say otherwise). */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** A response in the shared error shape. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
): Response {
  const body: ErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  return json(body, { status, headers });
}

/** First message per field of a zod failure, keyed by the dotted path ('' for the root). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** Throws 405 unless the request uses one of `methods`. */
export function allowMethods(req: Request, ...methods: string[]): void {
  if (!methods.includes(req.method)) {
    throw new HttpError(
      405,
      'method_not_allowed',
      `Method ${req.method} is not allowed here. Use ${methods.join(' or ')}.`,
      undefined,
      {
        allow: methods.join(', '),
      },
    );
  }
}

/** Whole seconds from `now` until `until` (epoch ms), at least 1: the Retry-After of a limit. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/**
 * The 429 of every limit: `message` says what was refused, then when to come back. A request limit
 * (`rate_limited`: the per-IP limits, the staff key's attempts) says "Please wait N seconds and try
 * again."; a mail allowance (`mail_limited`), which may reopen only hours later, says "Please try
 * again later.". The Retry-After header carries the `retryAfter` seconds either way.
 */
export function tooManyRequests(code: 'rate_limited' | 'mail_limited', retryAfter: number, message: string): HttpError {
  const then = code === 'rate_limited' ? `Please wait ${retryAfter} seconds and try again.` : 'Please try again later.';
  return new HttpError(429, code, `${message} ${then}`, undefined, { 'retry-after': String(retryAfter) });
}

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;

function unsupportedType(): HttpError {
  return new HttpError(415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json).');
}

/**
 * Reads a JSON body (at most MAX_BODY_BYTES, valid UTF-8) and validates it with `schema`.
 * Only a JSON Content-Type is accepted: `text/plain` (what another site's page can post without a
 * CORS preflight) and forms get 415.
 * Throws HttpError 413 (too large), 415 (not JSON), 400 (invalid JSON or UTF-8, or failed validation, with per-field messages).
 * With `optional`, an empty body is validated as `{}` (a payload whose fields are all optional).
 */
export async function readJson<S extends z.ZodType>(
  req: Request,
  schema: S,
  options: { optional?: boolean } = {},
): Promise<z.output<S>> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const type = req.headers.get('content-type') ?? '';
  if (type && !JSON_TYPE.test(type)) throw unsupportedType();
  const raw = await readCapped(req);
  const text = options.optional && raw.trim() === '' ? '{}' : raw;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new HttpError(400, 'invalid_input', 'Some fields are missing or invalid.', fields);
  }
  return parsed.data;
}

/**
 * Reads the small body of a page's plain form (application/x-www-form-urlencoded) or a JSON object,
 * as string fields. Used only by the endpoints whose pages post without JavaScript (confirm,
 * unsubscribe). Anything else (text/plain included) gets 415; an empty body gives {}.
 */
export async function readFormOrJson(req: Request): Promise<Record<string, string>> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const type = req.headers.get('content-type') ?? '';
  const text = await readCapped(req);
  if (!text.trim()) return {};
  if (FORM_TYPE.test(type)) return Object.fromEntries(new URLSearchParams(text));
  if (!JSON_TYPE.test(type)) throw unsupportedType();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  return Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** 415 for a body-less write that still declares a non-JSON body type (e.g. text/plain from another site). */
export function refuseNonJsonBody(req: Request): void {
  const type = req.headers.get('content-type');
  if (type && !JSON_TYPE.test(type)) throw unsupportedType();
}

function tooLarge(): HttpError {
  return new HttpError(413, 'payload_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
}

/**
 * The body as text, at most `limit` bytes (default MAX_BODY_BYTES; the error `refuse` makes beyond,
 * 413 by default), refused with 400 when it is not valid UTF-8.
 */
export async function readCapped(
  req: Request,
  { limit = MAX_BODY_BYTES, refuse = tooLarge }: { limit?: number; refuse?: () => HttpError } = {},
): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw refuse();
    }
    chunks.push(value);
  }
  try {
    // fatal: invalid UTF-8 is refused instead of being stored as U+FFFD.
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, 'invalid_encoding', 'The request body is not valid UTF-8 text.');
  }
}

/** The minimal part of Netlify's function context that our handlers use (easy to supply in tests). */
export interface FnContext {
  ip?: string;
  params?: Record<string, string | undefined>;
  /** Work to finish after the answer (Netlify keeps the invocation alive for it; so does the local runtime). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The Content-Security-Policy of a function's answer that sets none: the functions' pages (the
 * links in our e-mails, the waitlist form's no-JavaScript answers) use no script and inline styles
 * only, and no answer may be framed by another site (a page with one button is a clickjacking target).
 */
export const FUNCTION_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * `res` with the framing refusal every function answer carries: `X-Frame-Options: DENY` and a CSP
 * with `frame-ancestors 'none'` (FUNCTION_CSP, or appended to the answer's own). netlify.toml's
 * headers reach static files only, on Netlify as in the local runtime.
 */
export function refuseFraming(res: Response): Response {
  const csp = res.headers.get('content-security-policy');
  const wanted: [string, string][] = [
    ['x-frame-options', 'DENY'],
    ['x-content-type-options', 'nosniff'],
    [
      'content-security-policy',
      !csp ? FUNCTION_CSP : /frame-ancestors/i.test(csp) ? csp : `${csp}; frame-ancestors 'none'`,
    ],
  ];
  const missing = wanted.filter(([name, value]) => res.headers.get(name) !== value);
  if (missing.length === 0) return res;
  try {
    for (const [name, value] of missing) res.headers.set(name, value);
    return res;
  } catch {
    // Immutable headers (Response.redirect, a fetched response): copy them onto a new answer.
    const headers = new Headers(res.headers);
    for (const [name, value] of missing) headers.set(name, value);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}

export interface HandlerOptions {
  /**
   * The 403 for a request from another site when the JSON error does not fit (a page's form posted
   * without JavaScript gets a page); undefined falls back to the JSON error.
   */
  refuseForeign?: (req: Request) => Response | undefined;
}

/**
 * Wraps a function handler: every state-changing request from a foreign Origin -> 403 before the
 * handler runs; HttpError -> its JSON error; a malformed percent-encoding anywhere -> 400;
 * anything else -> logged, 500. Every answer refuses to be framed (`refuseFraming`).
 */
export function handler<C extends FnContext>(
  fn: (req: Request, context: C) => Promise<Response>,
  options: HandlerOptions = {},
) {
  return async (req: Request, context: C): Promise<Response> => refuseFraming(await answer(fn, options, req, context));
}

/** The handler's answer before `refuseFraming`: the Origin check, then `fn`, errors as JSON. */
async function answer<C extends FnContext>(
  fn: (req: Request, context: C) => Promise<Response>,
  options: HandlerOptions,
  req: Request,
  context: C,
): Promise<Response> {
  try {
    if (!SAFE_METHODS.has(req.method) && isForeignOrigin(req)) {
      console.warn(`[api] ${req.method} ${new URL(req.url).pathname} refused: Origin ${req.headers.get('origin')}`);
      return (
        options.refuseForeign?.(req) ??
        errorResponse(403, 'forbidden_origin', 'Requests from other sites are not accepted.')
      );
    }
    return await fn(req, context);
  } catch (err) {
    if (err instanceof HttpError) return errorResponse(err.status, err.code, err.message, err.fields, err.headers);
    if (err instanceof URIError)
      return errorResponse(400, 'invalid_encoding', 'The address or a cookie is not valid URL encoding.');
    console.error('[api] unhandled error', err);
    return errorResponse(500, 'internal_error', 'Something went wrong on our side. Please try again later.');
  }
}

/**
 * The client address the rate limits count: Netlify's `context.ip` (the connection's address) only.
 * Request headers such as X-Forwarded-For are chosen by the client, so they never pick the address.
 */
export function clientIp(_req: Request, context?: FnContext): string {
  return context?.ip || 'unknown';
}

/**
 * The key a per-client limit counts an address under: an IPv4 address as it is, an IPv6 address by
 * its /64 network (one connection is usually given a whole /64, so counting single IPv6 addresses
 * would let it pose as billions of clients).
 */
export function rateLimitKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().replace(/%.*$/, '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  if (ip.includes('.')) right.pop(); // an embedded IPv4 tail is below the /64
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}

/**
 * The network a client address belongs to, for the flood limits: an IPv4 address by its /24, an
 * IPv6 address by its /64 (`rateLimitKey`), an IPv4-mapped IPv6 address as IPv4. Addresses of one
 * office, school or carrier gateway usually share it; one attacker rarely holds many.
 */
export function networkKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip.trim());
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(':')) return rateLimitKey(ip);
  return ip || 'unknown';
}
