import type { Config } from '@netlify/functions';
import { allowMethods, handler } from '../../src/lib/server/http';
import { getEnv } from '../../src/lib/server/env';
import { markUnsubscribed } from '../../src/lib/signups/store';
import { verifyUnsubscribeToken } from '../../src/lib/signups/unsubscribe-token';
import { unsubscribePage, type UnsubscribeOutcome } from '../../src/lib/signups/unsubscribe-page';

/**
 * GET  /api/unsubscribe?token=... — the link in every e-mail: unsubscribes and shows a plain confirmation page.
 * POST /api/unsubscribe?token=... — RFC 8058 one-click (body `List-Unsubscribe=One-Click`) sent by mail clients.
 * A missing or tampered token answers 400 and changes nothing. Unsubscribing twice keeps the first time.
 */
export default handler(async (req) => {
  allowMethods(req, 'GET', 'POST');
  const env = getEnv();
  let token = new URL(req.url).searchParams.get('token');
  if (!token && req.method === 'POST') {
    const form = await req.formData().catch(() => null);
    const value = form?.get('token');
    token = typeof value === 'string' ? value : null;
  }
  const id = await verifyUnsubscribeToken(token, env.SESSION_SECRET);
  if (!id) return page('invalid', 400, env.SITE_URL);
  await markUnsubscribed(id);
  return page('done', 200, env.SITE_URL);
});

function page(outcome: UnsubscribeOutcome, status: number, siteUrl: string): Response {
  return new Response(unsubscribePage(outcome, siteUrl), {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' },
  });
}

export const config: Config = {
  path: '/api/unsubscribe',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
