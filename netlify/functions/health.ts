import type { Config } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { allowMethods, handler, json } from '../../src/lib/server/http';
import { getEnv } from '../../src/lib/server/env';

/** GET /api/health — proves the API and Blobs storage work: writes a blob, reads it back. */
export default handler(async (req) => {
  allowMethods(req, 'GET');
  const env = getEnv();
  const store = getStore({ name: 'health', consistency: 'strong' });
  const written = { at: new Date().toISOString(), nonce: crypto.randomUUID() };
  const started = performance.now();
  await store.setJSON('last-check', written);
  const read = (await store.get('last-check', { type: 'json' })) as typeof written | null;
  const roundTripMs = Math.round((performance.now() - started) * 10) / 10;
  const ok = read?.nonce === written.nonce;
  return json(
    {
      status: ok ? 'ok' : 'degraded',
      storage: { ok, roundTripMs, checkedAt: written.at },
      mail: env.SENDGRID_API_KEY ? 'sendgrid' : 'outbox',
      launched: env.SITE_LAUNCHED,
    },
    { status: ok ? 200 : 503 },
  );
});

export const config: Config = { path: '/api/health' };
