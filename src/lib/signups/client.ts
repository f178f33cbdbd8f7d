/**
 * The browser side of the signup calls: one tiny fetch helper used by the islands and by the plain
 * header/about scripts. No zod here, so the header script stays small on every page.
 * Client-safe.
 */

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
 * POSTs JSON with credentials (docs/site.md#api). A non-2xx status is a failure. Never throws.
 */
export async function postJson(path: string, body: unknown): Promise<PostResult> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (err) {
    return { ok: false, status: 0, message: `0: ${(err as Error).message || 'Network error'}` };
  }
  const text = await res.text().catch(() => '');
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (res.ok) return { ok: true, data };
  const fields = (data as { error?: { fields?: Record<string, string> } } | undefined)?.error?.fields;
  return {
    ok: false,
    status: res.status,
    message: `${res.status}: ${text || res.statusText}`,
    ...(fields ? { fields } : {}),
  };
}
