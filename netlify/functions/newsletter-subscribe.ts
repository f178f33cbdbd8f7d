import type { Config } from '@netlify/functions';
import { allowMethods, clientIp, handler, json, readJson, type FnContext } from '../../src/lib/server/http';
import { enforceRateLimit } from '../../src/lib/server/ratelimit';
import { enforceSharedRateLimit } from '../../src/lib/server/shared-ratelimit';
import { getEnv } from '../../src/lib/server/env';
import { HONEYPOT_FIELD } from '../../src/lib/signups/constants';
import { newsletterPayloadSchema } from '../../src/lib/signups/newsletter-schema';
import { phoneModelNames } from '../../src/lib/signups/phone-models';
import { subscribeNewsletter } from '../../src/lib/signups/service';
import { SIGNUP_OK } from '../../src/lib/signups/responses';

/**
 * POST /api/newsletter/subscribe {name, email, phoneModel, consent} — stores the signup (new or merged),
 * then sends the newsletter welcome. The answer is the same whether the address was new or not.
 */
/** Built once per instance: the same phone-model check as the form, over the catalogue's names. */
const payloadSchema = newsletterPayloadSchema(phoneModelNames());

export default handler(async (req, context: FnContext) => {
  allowMethods(req, 'POST');
  // Per IP and minute: in memory (cheap, per instance), then shared through Blobs (all instances,
  // and the local runtime, which starts a fresh worker per request).
  const ip = clientIp(req, context);
  const limit = getEnv().SIGNUP_RATE_LIMIT;
  enforceRateLimit('signup', ip, limit, 60_000);
  await enforceSharedRateLimit('signup', ip, limit, 60_000);
  const payload = await readJson(req, payloadSchema);
  if (payload[HONEYPOT_FIELD]) {
    console.info('[signup] newsletter honeypot filled; nothing stored');
    return json(SIGNUP_OK.newsletter);
  }
  await subscribeNewsletter(payload);
  return json(SIGNUP_OK.newsletter);
});

export const config: Config = {
  path: '/api/newsletter/subscribe',
  // Production: Netlify's own per-IP limit in front of the function (the in-memory limit is per instance).
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
