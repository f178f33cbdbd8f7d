import type { Config } from '@netlify/functions';
import { handler, type FnContext } from '../../src/lib/server/http';
import { shopApi } from '../../src/lib/shop/server/api';

/**
 * The shop (POST /api/checkout is netlify/functions/checkout.ts): Stripe's webhook, stock status, downloads and the local test checkout.
 * Routing, limits and validation live in src/lib/shop/server/api.ts (docs/shop.md#endpoints).
 */
export default handler((req: Request, context: FnContext) => shopApi(req, context));

export const config: Config = {
  path: ['/api/stripe/webhook', '/api/shop/*'],
};
