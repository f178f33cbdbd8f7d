import type { Config } from '@netlify/functions';
import { allowMethods, clientIp, handler, json, readJson, type FnContext } from '../../src/lib/server/http';
import { enforceRateLimit } from '../../src/lib/server/ratelimit';
import { enforceSharedRateLimit } from '../../src/lib/server/shared-ratelimit';
import { getEnv } from '../../src/lib/server/env';
import { HONEYPOT_FIELD } from '../../src/lib/signups/constants';
import { waitlistPayloadSchema } from '../../src/lib/signups/schemas';
import { joinWaitlist } from '../../src/lib/signups/service';
import { SIGNUP_OK } from '../../src/lib/signups/responses';
import { answerWaitlistFormPost, isFormPost } from '../../src/lib/signups/form-post';

/**
 * POST /api/waitlist {name, email, interests, source?, referrer?} — stores the signup (new or merged),
 * then sends the waitlist confirmation. The answer is the same whether the address was new or not.
 */
export default handler(async (req, context: FnContext) => {
  allowMethods(req, 'POST');
  // Per IP and minute: in memory (cheap, per instance), then shared through Blobs (all instances,
  // and the local runtime, which starts a fresh worker per request).
  const ip = clientIp(req, context);
  const limit = getEnv().SIGNUP_RATE_LIMIT;
  const enforceLimits = async () => {
    enforceRateLimit('signup', ip, limit, 60_000);
    await enforceSharedRateLimit('signup', ip, limit, 60_000);
  };
  // The form posted without JavaScript (form-encoded): same schema, limits and service, answered
  // with a page or a redirect instead of JSON.
  if (isFormPost(req)) return answerWaitlistFormPost(req, enforceLimits);
  await enforceLimits();
  const payload = await readJson(req, waitlistPayloadSchema);
  if (payload[HONEYPOT_FIELD]) {
    console.info('[signup] waitlist honeypot filled; nothing stored');
    return json(SIGNUP_OK.waitlist);
  }
  await joinWaitlist(payload);
  return json(SIGNUP_OK.waitlist);
});

export const config: Config = {
  path: '/api/waitlist',
  // Production: Netlify's own per-IP limit in front of the function (the in-memory limit is per instance).
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
