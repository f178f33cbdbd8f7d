/**
 * The one browser HTTP client of the site: every island and plain page script calls the API through
 * `request`. Credentials go with every call, a JSON body only when one is given, and a failed answer
 * is raised as an `ApiError` that carries the status, the response text and the server's error in
 * the shared shape `{ error: { code, message, fields? } }` (docs/site.md#api-errors), so callers
 * switch on `err.error?.code`, never on the wording of a message. Network failures and aborts are raised
 * as they come from `fetch`. Client-safe, no dependencies (it runs in the header's small script).
 */

/** The error part of every failed API answer. */
export interface ApiErrorBody {
  code: string;
  message: string;
  /** Per-field messages of a 400 answer. */
  fields?: Record<string, string>;
}

/** A non-2xx answer. `message` is "<status>: <response text or status text>", as the UI shows it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
    /** The server's error in the shared shape, when the body had one. */
    readonly error?: ApiErrorBody,
  ) {
    super(`${status}: ${text}`);
  }
}

export interface RequestOptions {
  /** Sent as JSON (with Content-Type: application/json); omitted when undefined. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the API. Resolves with the parsed JSON body (or the text of a non-JSON answer) and the
 * headers; throws `ApiError` for a non-2xx status.
 */
export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  { body, signal }: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    signal,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let data: unknown = text;
  try {
    if (/json/i.test(res.headers.get('content-type') ?? '')) data = text ? JSON.parse(text) : undefined;
  } catch {
    /* a broken JSON body stays text */
  }
  if (res.ok) return { data: data as T, headers: res.headers };
  // The shared error shape, when the body has it.
  const error = (data as { error?: ApiErrorBody } | undefined)?.error;
  throw new ApiError(res.status, text || res.statusText, typeof error?.code === 'string' ? error : undefined);
}
