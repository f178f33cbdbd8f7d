/**
 * The one browser HTTP client of the site: every island and plain page script calls the API through
 * `request`. Credentials go with every call, a JSON body only when one is given, and a failed answer
 * is raised as an `ApiError` that carries the status, the response text and the server's error in
 * the shared shape `{ error: { code, message, fields? } }` (docs/site.md#api-errors), so callers
 * switch on `err.code`, never on the wording of a message. Network failures and aborts are raised
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
    this.name = 'ApiError';
  }

  /** The server's error code (e.g. 'mail_failed', 'rate_limited'), when there is one. */
  get code(): string | undefined {
    return this.error?.code;
  }
}

export interface RequestOptions {
  /** Sent as JSON (with Content-Type: application/json); omitted when undefined. */
  body?: unknown;
  signal?: AbortSignal;
}

/** Reads a failed answer's body as the shared error shape, or undefined when it is something else. */
function errorBodyOf(data: unknown): ApiErrorBody | undefined {
  const error = (data as { error?: Partial<ApiErrorBody> } | undefined)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') return undefined;
  return { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
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
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = text;
  if (/json/i.test(res.headers.get('content-type') ?? '')) {
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      /* a broken JSON body stays text */
    }
  }
  if (!res.ok) throw new ApiError(res.status, text || res.statusText, errorBodyOf(data));
  return { data: data as T, headers: res.headers };
}
