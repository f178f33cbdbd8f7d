import type { Config } from '@netlify/functions';
import { signupHandler } from '../../src/lib/signups/handler';
import { newsletterPayloadSchema } from '../../src/lib/signups/newsletter-schema';
import { phoneModelNames } from '../../src/lib/signups/phone-models';
import { newsletterDraft } from '../../src/lib/signups/service';
import { SIGNUP_OK } from '../../src/lib/signups/responses';

/**
 * POST /api/newsletter/subscribe {name, email, phoneModel, consent} — stores a pending signup (or records
 * the request on a known address), then sends the double opt-in confirmation when one is due.
 * The answer is the same in every case. See src/lib/signups/handler.ts.
 * The schema is built once per instance: the same phone-model check as the form, over the catalogue's names.
 */
export default signupHandler({
  name: 'newsletter',
  schema: newsletterPayloadSchema(phoneModelNames()),
  toDraft: newsletterDraft,
  ok: SIGNUP_OK.newsletter,
});

export const config: Config = {
  path: '/api/newsletter/subscribe',
  // Production: Netlify's own per-IP limit, counted across every instance before the function runs
  // (the in-memory one is per instance). The same 10 a minute as SIGNUP_RATE_LIMIT's default.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
