/**
 * Server-side logout: a signed session cookie stays cryptographically valid until it expires, so
 * logout records its session id as revoked (one blob per revoked session, `revoked/<sid>`, holding
 * the expiry) and every admin request checks it. Server only.
 *
 * The edge gate cannot reach this store cheaply and only decides which pre-launch pages are shown;
 * it still accepts a revoked cookie until expiry (the browser's copy is cleared at logout, and the
 * admin API, which holds the data, refuses it). See docs/consent-and-mail.md, "Sessions".
 */
import { getStore } from '@netlify/blobs';
import type { Session } from './session';

const store = () => getStore({ name: 'sessions', consistency: 'strong' });

/** Marks `session` revoked until it would have expired anyway. */
export async function revokeSession(session: Session): Promise<void> {
  await store().setJSON(`revoked/${session.sid}`, { expiresAt: session.expiresAt });
}

/** True when `session` was logged out. A storage error counts as revoked (fail closed). */
export async function isRevoked(session: Session): Promise<boolean> {
  try {
    return (await store().get(`revoked/${session.sid}`)) !== null;
  } catch (err) {
    console.error('[admin] could not read the session revocation list; refusing the session', err);
    return true;
  }
}
