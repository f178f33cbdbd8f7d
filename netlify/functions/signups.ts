import type { Config } from '@netlify/functions';
import type { FnContext } from '../../src/lib/server/http';
import { signupHandler } from '../../src/lib/signups/server/handler';
import { waitlistPayloadSchema } from '../../src/lib/signups/schemas';
import { newsletterPayloadSchema } from '../../src/lib/signups/newsletter-schema';
import { phoneModelNames } from '../../src/lib/signups/phone-models';
import { newsletterDraft, waitlistDraft } from '../../src/lib/signups/server/service';
import { SIGNUP_OK } from '../../src/lib/signups/responses';
import { answerWaitlistFormPost, refuseForeignFormPost } from '../../src/lib/signups/server/form-post';

/**
 * Both signup endpoints in one function, so one client's signups are counted together: the per-IP
 * limit in this instance's memory and Netlify's rule below both see the two routes as one (two
 * functions would each allow SIGNUP_RATE_LIMIT a minute). See src/lib/signups/server/handler.ts.
 *
 * POST /api/waitlist {name, email, interests, source?, referrer?}; the form posted without
 * JavaScript (form-encoded) is answered with a page or a redirect instead of JSON.
 * POST /api/newsletter/subscribe {name, email, phoneModel, consent}; the phone-model check is the
 * form's, over the catalogue's names (built once per instance).
 *
 * Each stores a pending signup (or records the request on a known address), then sends the double
 * opt-in confirmation when one is due. The answer is the same in every case.
 */
const NEWSLETTER_PATH = '/api/newsletter/subscribe';

const waitlist = signupHandler({
  name: 'waitlist',
  schema: waitlistPayloadSchema,
  toDraft: waitlistDraft,
  ok: SIGNUP_OK.waitlist,
  formPost: answerWaitlistFormPost,
  refuseForeignFormPost,
});

const newsletter = signupHandler({
  name: 'newsletter',
  schema: newsletterPayloadSchema(phoneModelNames()),
  toDraft: newsletterDraft,
  ok: SIGNUP_OK.newsletter,
});

export default (req: Request, context: FnContext): Promise<Response> => {
  const path = new URL(req.url).pathname.replace(/\/$/, '');
  return (path === NEWSLETTER_PATH ? newsletter : waitlist)(req, context);
};

export const config: Config = {
  path: ['/api/waitlist', '/api/newsletter/subscribe'],
  // Production: Netlify's own per-IP limit over both routes, counted across every instance before
  // the function runs (the in-memory one is per instance). The same 10 a minute as SIGNUP_RATE_LIMIT's default.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
