/**
 * The browser side of the signup calls, used by the islands and by the plain header/about scripts:
 * a result instead of an exception. No zod here, so the header script stays small on every page.
 * Client-safe.
 */
import { ApiError, request } from '../http/client';

export type PostResult =
  | { ok: true; data: unknown }
  | {
      ok: false;
      /** HTTP status, or 0 when the request never got an answer. */
      status: number;
      /** "status: response text" (or the status text when the body is empty); docs/site.md#api. */
      message: string;
      /** Per-field messages from a 400 answer. */
      fields?: Record<string, string>;
    };

/**
 * POSTs JSON through the site's one client (src/lib/http/client.ts, docs/site.md#api); a non-2xx
 * status or a network failure is a failed result. Never throws.
 */
export async function postJson(path: string, body: unknown): Promise<PostResult> {
  try {
    return { ok: true, data: (await request('POST', path, { body })).data };
  } catch (err) {
    if (err instanceof ApiError) {
      const fields = err.error?.fields;
      return { ok: false, status: err.status, message: err.message, ...(fields ? { fields } : {}) };
    }
    return { ok: false, status: 0, message: `0: ${(err as Error).message || 'Network error'}` };
  }
}
