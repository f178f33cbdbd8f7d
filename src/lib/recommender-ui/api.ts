/**
 * The recommender's request helper (docs/recommender.md#calls-to-the-server): credentials with every call, a JSON
 * body only when one is given, and any non-successful answer raised as an Error whose message is
 * the status code, ': ' and the response text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
}

export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', signal };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  if (!res.ok) throw new ApiError(res.status, await res.text());
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? await res.json() : await res.text()) as T;
}
