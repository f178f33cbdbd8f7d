import type { Config } from '@netlify/functions';
import { signupsEndpoint } from '../../src/lib/signups/server/handler';

/**
 * POST /api/waitlist and POST /api/newsletter/subscribe in one function, so one client's signups are
 * counted together (src/lib/signups/server/handler.ts). Each stores a pending signup (or records the
 * request on a known address), then sends the double opt-in confirmation when one is due. The answer
 * is the same in every case.
 */
export default signupsEndpoint;

export const config: Config = {
  path: ['/api/waitlist', '/api/newsletter/subscribe'],
  // Production: Netlify's own per-IP limit over both routes, counted across every instance before
  // the function runs (the in-memory one is per instance). The same 10 a minute as SIGNUP_RATE_LIMIT's default.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
