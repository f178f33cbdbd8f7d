import type { Config } from '@netlify/functions';
import { handler, type FnContext } from '../../src/lib/server/http';
import { shopApi } from '../../src/lib/shop/server/api';

/**
 * POST /api/checkout {items:[{id, quantity}]} -> {url} (docs/shop.md#endpoints). Its own function so
 * that Netlify's per-IP rule below limits checkouts only, never Stripe's webhook.
 */
export default handler((req: Request, context: FnContext) => shopApi(req, context));

export const config: Config = {
  path: '/api/checkout',
  // The signups' limit: 10 a minute per IP, counted by Netlify across instances before the function runs.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
