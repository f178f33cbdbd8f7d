import type { Config } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { allowMethods, handler, HttpError, json, type FnContext } from '../../src/lib/server/http';
import { getEnv } from '../../src/lib/server/env';
import { requireAdmin } from '../../src/lib/admin/auth';
import { maintenanceHealth } from '../../src/lib/composition/maintenance';
import { isSiteOpen } from '../../src/lib/gate/launch';

/**
 * GET /api/health — proves the API and Blobs storage work: writes a blob, reads it back. Staff (the
 * admin session or `admin-key` header) also get the maintenance health (docs/storage.md, "The
 * maintenance function"); anyone else gets only the public part. Wrong keys count like any other.
 */
export default handler(async (req, context: FnContext) => {
  allowMethods(req, 'GET');
  const env = getEnv();
  const store = getStore({ name: 'health', consistency: 'strong' });
  const written = { at: new Date().toISOString(), nonce: crypto.randomUUID() };
  const started = performance.now();
  await store.setJSON('last-check', written);
  const read = (await store.get('last-check', { type: 'json' })) as typeof written | null;
  const roundTripMs = Math.round((performance.now() - started) * 10) / 10;
  const ok = read?.nonce === written.nonce;
  const staff = await isStaff(req, context);
  return json(
    {
      status: ok ? 'ok' : 'degraded',
      storage: { ok, roundTripMs, checkedAt: written.at },
      mail: env.SENDGRID_API_KEY ? 'sendgrid' : 'outbox',
      // The real state: SITE_LAUNCHED=true, or the staff launch switch in Blobs (src/lib/gate/launch.ts).
      launched: await isSiteOpen(),
      ...(staff ? { maintenance: await maintenanceHealth() } : {}),
    },
    { status: ok ? 200 : 503 },
  );
});

/** True for a staff request; a public one (or staff sign-in not configured) is not. 429 for repeated wrong keys. */
async function isStaff(req: Request, context: FnContext): Promise<boolean> {
  try {
    await requireAdmin(req, context);
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) throw err;
    return false;
  }
}

export const config: Config = { path: '/api/health' };
