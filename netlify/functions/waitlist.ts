import type { Config } from '@netlify/functions';
import { signupHandler } from '../../src/lib/signups/handler';
import { waitlistPayloadSchema } from '../../src/lib/signups/schemas';
import { waitlistDraft } from '../../src/lib/signups/service';
import { SIGNUP_OK } from '../../src/lib/signups/responses';
import { answerWaitlistFormPost, refuseForeignFormPost } from '../../src/lib/signups/form-post';

/**
 * POST /api/waitlist {name, email, interests, source?, referrer?} — stores a pending signup (or records
 * the request on a known address), then sends the double opt-in confirmation when one is due.
 * The answer is the same in every case. See src/lib/signups/handler.ts.
 */
export default signupHandler({
  name: 'waitlist',
  schema: waitlistPayloadSchema,
  toDraft: waitlistDraft,
  ok: SIGNUP_OK.waitlist,
  // The form posted without JavaScript (form-encoded): same schema, limits and service, answered
  // with a page or a redirect instead of JSON.
  formPost: answerWaitlistFormPost,
  refuseForeignFormPost,
});

export const config: Config = {
  path: '/api/waitlist',
  // Production: Netlify's own per-IP limit, counted across every instance before the function runs
  // (the in-memory one is per instance). The same 10 a minute as SIGNUP_RATE_LIMIT's default.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
