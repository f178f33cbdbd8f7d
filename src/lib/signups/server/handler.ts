/**
 * The one signup handler behind POST /api/waitlist and POST /api/newsletter/subscribe (both served
 * by netlify/functions/signups.ts, so they share one per-IP count): method check, the per-IP limit,
 * the shared payload schema, the honeypot, then `signUp`. The answer is the
 * same for a new address, a known one, a limited mail and a filled honeypot, so nobody can probe
 * who is subscribed. Server only.
 */
import type { z } from 'zod';
import { getEnv } from '../../server/env';
import { allowMethods, clientIp, handler, json, rateLimitKey, readJson, type FnContext } from '../../server/http';
import { enforceRateLimit } from '../../server/ratelimit';
import { HONEYPOT_FIELD } from '../constants';
import { answerWaitlistFormPost, isFormPost, refuseForeignFormPost, type FormPostContext } from './form-post';
import { holdLikeAMailedSignup, newsletterDraft, signUp, waitlistDraft, type SignupDraft } from './service';
import { takeSignupAllowance } from './flood-limits';
import { waitlistPayloadSchema } from '../schemas';
import { newsletterPayloadSchema } from '../newsletter-schema';
import { phoneModelNames } from '../phone-models';
import { SIGNUP_OK } from '../responses';

export interface SignupHandlerOptions<S extends z.ZodType> {
  /** For log lines: 'waitlist' or 'newsletter'. */
  name: string;
  /** The shared zod schema of the payload (the form uses the same one). */
  schema: S;
  /** The payload as a signup draft. */
  toDraft: (payload: z.output<S>) => SignupDraft;
  /** The success answer (identical in every case). */
  ok: unknown;
  /**
   * Answers a form-encoded body (a page's form posted without JavaScript); without it such a body
   * is refused like any non-JSON body.
   */
  formPost?: (req: Request, signup: FormPostContext) => Promise<Response>;
  /** The 403 page for such a form posted from another site. */
  refuseForeignFormPost?: () => Response;
}

/** A Netlify Functions v2 handler for one signup form. */
export function signupHandler<S extends z.ZodType>(options: SignupHandlerOptions<S>) {
  return handler(
    async (req: Request, context: FnContext) => {
      const startedAt = performance.now();
      allowMethods(req, 'POST');
      // Per IP and minute, in memory, one count for both endpoints (one function serves them): exact
      // in the local runtime (one process), per instance on Netlify, where the platform's own per-IP
      // rule in the function's config counts across instances before the function runs. No Blobs
      // write: docs/storage.md, "What a signup costs".
      const ip = clientIp(req, context);
      const limit = getEnv().SIGNUP_RATE_LIMIT;
      // Then the flood limits per network and site-wide, in Blobs (./flood-limits.ts).
      const enforceLimits = async () => {
        enforceRateLimit('signup', rateLimitKey(ip), limit, 60_000);
        await takeSignupAllowance(ip);
      };
      // The confirmation's provider call runs after the answer (the visitor never waits on it).
      const defer = context.waitUntil ? (p: Promise<unknown>) => context.waitUntil!(p) : undefined;
      if (options.formPost && isFormPost(req)) return options.formPost(req, { ip, enforceLimits, defer });
      await enforceLimits();
      const payload = await readJson(req, options.schema);
      if ((payload as Record<string, unknown>)[HONEYPOT_FIELD]) {
        console.info(`[signup] ${options.name} honeypot filled; nothing stored`);
        await holdLikeAMailedSignup(startedAt);
        return json(options.ok);
      }
      await signUp(options.toDraft(payload), { ip, defer });
      return json(options.ok);
    },
    {
      refuseForeign: (req) => (options.formPost && isFormPost(req) ? options.refuseForeignFormPost?.() : undefined),
    },
  );
}

/** The newsletter form's route; every other path of the signups function is the waitlist's. */
export const NEWSLETTER_PATH = '/api/newsletter/subscribe';

/**
 * POST /api/waitlist {name, email, interests, source?, referrer?}; the form posted without
 * JavaScript (form-encoded) is answered with a page or a redirect instead of JSON.
 */
const waitlistSignup = signupHandler({
  name: 'waitlist',
  schema: waitlistPayloadSchema,
  toDraft: waitlistDraft,
  ok: SIGNUP_OK.waitlist,
  formPost: answerWaitlistFormPost,
  refuseForeignFormPost,
});

/**
 * POST /api/newsletter/subscribe {name, email, phoneModel, consent}; the phone-model check is the
 * form's, over the catalogue's names (built once per instance).
 */
const newsletterSignup = signupHandler({
  name: 'newsletter',
  schema: newsletterPayloadSchema(phoneModelNames()),
  toDraft: newsletterDraft,
  ok: SIGNUP_OK.newsletter,
});

/**
 * Both signup routes behind one function (netlify/functions/signups.ts), chosen by path, so one
 * client's signups are counted together: the per-IP limit in this instance's memory and the
 * platform's rule in the function's config both see the two routes as one.
 */
export function signupsEndpoint(req: Request, context: FnContext): Promise<Response> {
  const path = new URL(req.url).pathname.replace(/\/$/, '');
  return (path === NEWSLETTER_PATH ? newsletterSignup : waitlistSignup)(req, context);
}
