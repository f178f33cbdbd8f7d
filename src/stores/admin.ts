/**
 * Admin session state shared by the admin islands, and the one fetch helper they use.
 * The session itself is an HttpOnly cookie the scripts never see: this store only mirrors what
 * the server said last (GET /api/admin/session, login, logout, or any 401).
 */
import { atom } from 'nanostores';
import type { SessionInfo } from '../lib/admin/schemas';
import { ApiError, request } from '../lib/http/client';

export type AdminAuthState =
  { status: 'checking' } | { status: 'signed-out' } | { status: 'signed-in'; session: SessionInfo };

export const $adminAuth = atom<AdminAuthState>({ status: 'checking' });

/**
 * Calls the admin API with the session cookie through the site's one client (src/lib/http/client.ts):
 * JSON in and out, a body only when there is one, never retried. A failure throws `ApiError`; a 401
 * marks the session as signed out (the screens then show the key prompt).
 */
export async function adminFetch<T>(path: string, init: { method?: AdminMethod; body?: unknown } = {}): Promise<T> {
  return (await adminRequest<T>(path, init)).data;
}

type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Like `adminFetch`, also giving the response headers (paging: Link, X-Total-Count, X-Unreadable-Count). */
export async function adminRequest<T>(
  path: string,
  init: { method?: AdminMethod; body?: unknown } = {},
): Promise<{ data: T; headers: Headers }> {
  try {
    return await request<T>(init.method ?? 'GET', path, { body: init.body });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && !path.endsWith('/session')) {
      $adminAuth.set({ status: 'signed-out' });
    }
    throw err;
  }
}

/** The URL of `rel="next"` in a Link header, or null. */
export function nextLinkOf(headers: Headers): string | null {
  const m = /<([^>]+)>;\s*rel="next"/.exec(headers.get('link') ?? '');
  return m ? m[1] : null;
}

/** Asks the server whether this browser holds a valid admin session. */
export async function checkSession(): Promise<void> {
  try {
    const session = await adminFetch<SessionInfo>('/api/admin/session');
    $adminAuth.set({ status: 'signed-in', session });
  } catch {
    $adminAuth.set({ status: 'signed-out' });
  }
}

let initializeRequested = false;

/**
 * Signs in with the admin key. On success, requests template initialisation once per page
 * (right after authentication; failures are only logged).
 */
export async function signIn(key: string): Promise<SessionInfo> {
  const session = await adminFetch<SessionInfo>('/api/admin/session', { method: 'POST', body: { key } });
  $adminAuth.set({ status: 'signed-in', session });
  if (!initializeRequested) {
    initializeRequested = true;
    initializeTemplates().catch((err) => console.error('[admin] template initialisation failed', err));
  }
  return session;
}

/** Ends the session (the server clears the cookie). */
export async function signOut(): Promise<void> {
  try {
    await adminFetch('/api/admin/session', { method: 'DELETE' });
  } finally {
    $adminAuth.set({ status: 'signed-out' });
  }
}

/** Listeners told when templates were (re)initialised, so an open editor reloads its list. */
export const $templatesInitialized = atom(0);

/** POST /api/admin/email-templates/initialize (idempotent on the server). */
export async function initializeTemplates(): Promise<void> {
  await adminFetch('/api/admin/email-templates/initialize', { method: 'POST' });
  $templatesInitialized.set($templatesInitialized.get() + 1);
}
