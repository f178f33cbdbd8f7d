import type { Config } from '@netlify/functions';
import { allowMethods, clientIp, handler, readFormOrJson, type FnContext } from '../../src/lib/server/http';
import { requireConfig } from '../../src/lib/server/env';
import { verifyConfirmToken } from '../../src/lib/subscribers/confirm-token';
import { confirmFromToken } from '../../src/lib/signups/server/service';
import { confirmPage, htmlPage } from '../../src/lib/signups/server/link-pages';

/**
 * GET  /api/confirm?token=... — the link of the double opt-in mail: a page with one button; changes nothing.
 * POST /api/confirm — the button (form body `token=...`): confirms the subscription (express consent,
 *      recorded in the ledger), then sends the welcome. Invalid links answer 400, expired ones 410.
 */
export default handler(async (req, context: FnContext) => {
  allowMethods(req, 'GET', 'POST');
  const secret = requireConfig('SESSION_SECRET');
  const siteUrl = requireConfig('SITE_URL');
  if (req.method === 'GET') {
    const token = new URL(req.url).searchParams.get('token');
    const check = await verifyConfirmToken(token, secret);
    if (!check.ok) return htmlPage(confirmPage(check.reason, siteUrl), check.reason === 'expired' ? 410 : 400);
    return htmlPage(confirmPage('ask', siteUrl, token!), 200);
  }
  const form = await readFormOrJson(req);
  const result = await confirmFromToken(form.token ?? null, clientIp(req, context));
  if (result.outcome === 'confirmed') return htmlPage(confirmPage('done', siteUrl), 200);
  return htmlPage(confirmPage(result.outcome, siteUrl), result.outcome === 'expired' ? 410 : 400);
});

export const config: Config = {
  path: '/api/confirm',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
