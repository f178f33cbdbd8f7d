import type { Config } from '@netlify/functions';
import { allowMethods, clientIp, handler, readFormOrJson, type FnContext } from '../../src/lib/server/http';
import { requireConfig } from '../../src/lib/server/env';
import { hashIp } from '../../src/lib/subscribers/ledger';
import { getSubscriber, markUnsubscribed } from '../../src/lib/subscribers/store';
import { subscriberStatus } from '../../src/lib/subscribers/status';
import { verifyUnsubscribeToken } from '../../src/lib/subscribers/unsubscribe-token';
import { htmlPage, unsubscribePage } from '../../src/lib/signups/server/link-pages';

/**
 * GET  /api/unsubscribe?token=... — the link in every e-mail: shows a page with one button; changes nothing
 *      (mail scanners follow links).
 * POST /api/unsubscribe — the button (form body `token=...`), or RFC 8058 one-click from mail clients
 *      (`?token=...` with body `List-Unsubscribe=One-Click`): unsubscribes at once, recorded in the ledger.
 * A missing or tampered token answers 400 and changes nothing. A link whose address is unsubscribed already
 * says so (GET and POST) instead of asking again; unsubscribing twice keeps the first time.
 */
export default handler(async (req, context: FnContext) => {
  allowMethods(req, 'GET', 'POST');
  const secret = requireConfig('SESSION_SECRET');
  const siteUrl = requireConfig('SITE_URL');
  const query = new URL(req.url).searchParams.get('token');
  if (req.method === 'GET') {
    const id = await verifyUnsubscribeToken(query, secret);
    if (!id) return htmlPage(unsubscribePage('invalid', siteUrl), 400);
    return htmlPage(unsubscribePage((await unsubscribed(id)) ? 'already' : 'ask', siteUrl, query!), 200);
  }
  const form = await readFormOrJson(req);
  const oneClick = form['List-Unsubscribe'] === 'One-Click';
  const token = query ?? form.token ?? null;
  const id = await verifyUnsubscribeToken(token, secret);
  if (!id) return htmlPage(unsubscribePage('invalid', siteUrl), 400);
  if (await unsubscribed(id)) return htmlPage(unsubscribePage('already', siteUrl), 200);
  await markUnsubscribed(id, new Date().toISOString(), {
    ipHash: await hashIp(clientIp(req, context), secret),
    detail: oneClick ? 'one-click (RFC 8058)' : 'unsubscribe page button',
  });
  return htmlPage(unsubscribePage('done', siteUrl), 200);
});

/** True when the address behind a link is unsubscribed already (a used link: nothing to ask). */
async function unsubscribed(id: string): Promise<boolean> {
  const sub = await getSubscriber(id);
  return sub !== null && subscriberStatus(sub) === 'unsubscribed';
}

export const config: Config = {
  path: '/api/unsubscribe',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
