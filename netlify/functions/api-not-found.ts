import type { Config } from '@netlify/functions';
import { errorResponse, handler } from '../../src/lib/server/http';

/**
 * Any /api/* address no other function serves, and bare /api: a JSON 404 in the shared error shape,
 * so API clients never receive the site's HTML 404 page. Every other function's route is listed in `excludedPath`
 * (Netlify, and its local emulator, skip this function for those paths whatever the function order):
 * a new function under /api/ must add its path here too (tests/api/consent-attacks.test.ts checks it).
 * The list is written out rather than imported: Netlify reads a function's `config` by parsing its
 * source at deploy time, without running it, so only literal values count.
 */
export default handler(async (req) => {
  const path = new URL(req.url).pathname.slice(0, 200);
  return errorResponse(404, 'not_found', `No API endpoint at ${path}.`);
});

export const config: Config = {
  // '/api/*' does not match '/api' itself (nor '/api?x=1').
  path: ['/api', '/api/*'],
  excludedPath: [
    '/api/admin/*',
    '/api/confirm',
    '/api/health',
    '/api/newsletter/subscribe',
    '/api/pass',
    '/api/pass/check',
    '/api/phone-specs',
    '/api/phone-specs/*',
    '/api/recommendations',
    '/api/search-phones',
    '/api/sendgrid/events',
    '/api/unsubscribe',
    '/api/waitlist',
    // The shop (netlify/functions/checkout.ts, shop.ts).
    '/api/checkout',
    '/api/stripe/webhook',
    '/api/shop/*',
    // The launch state (netlify/functions/site-state.ts).
    '/api/site-state',
  ],
};
