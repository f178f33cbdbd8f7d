/**
 * The recommender's request helper (docs/recommender.md#calls-to-the-server), on the site's one
 * client (src/lib/http/client.ts): credentials with every call, a JSON body only when one is given,
 * and any non-successful answer raised as an `ApiError` whose message is the status code, ': ' and
 * the response text.
 */
import { request } from '../../http/client';

export { ApiError } from '../../http/client';

export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  return (await request<T>(method, url, { body, signal })).data;
}
