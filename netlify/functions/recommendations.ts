import type { Config } from '@netlify/functions';
import { findPhoneByText, PHONES } from '../../src/lib/catalogue';
import { mailLimitError, takeVisitorMailAllowance } from '../../src/lib/email/limits';
import { sendMail } from '../../src/lib/email/queue/queue';
import { recommendationsMailHandler } from '../../src/lib/email/recommendations-mail';
import { recommendationsPayloadSchema } from '../../src/lib/recommender/schemas';
import { recommend } from '../../src/lib/recommender/recommend';
import { getEnv, requireConfig } from '../../src/lib/server/env';
import {
  allowMethods,
  clientIp,
  handler,
  HttpError,
  json,
  rateLimitKey,
  readJson,
  type FnContext,
} from '../../src/lib/server/http';
import { enforceRateLimit } from '../../src/lib/server/ratelimit';
import { takeFloodAllowance } from '../../src/lib/signups/server/flood-limits';

/**
 * POST /api/recommendations (payload: { name, email, phoneModel, preferences (JSON string),
 * recommendations (JSON string) }): e-mails the visitor their recommendations.
 *
 * Not a relay: the mail holds only what the server renders from the catalogue — the phones, scores and
 * reasons are recomputed from the visitor's answers (`preferences`, structured values only) when the
 * mail goes out, the current phone appears only when it names a catalogue phone, and the typed name
 * greets the visitor only when it reads as a name (`greetingName`; else 'Hi there,'). The visitor allowances (per client address, per inbox; src/lib/email/limits.ts) answer
 * 429. 200 { ok: true } once the mail is accepted by the provider, waiting in the mail queue, or still
 * at the provider after PROVIDER_WAIT_MS (it goes on after the answer); 4xx for bad input; 502 when the
 * provider refused it for good within that time. A suppressed address gets the same 200 (its mail is
 * skipped in the queue).
 */
/** The longest a visitor's answer waits on the provider (the mail goes on after the answer). */
const PROVIDER_WAIT_MS = 3_000;

export default handler(async (req, context: FnContext) => {
  allowMethods(req, 'POST');
  const ip = clientIp(req, context);
  enforceRateLimit('recommendations', rateLimitKey(ip), getEnv().SIGNUP_RATE_LIMIT, 60_000);
  const payload = await readJson(req, recommendationsPayloadSchema);
  requireConfig('SITE_URL');

  const fields: Record<string, string> = {};
  payload.recommendations.forEach((rec, i) => {
    if (!findPhoneByText(`${rec.brand} ${rec.model}`))
      fields[`recommendations.${i}.model`] = `${rec.brand} ${rec.model} is not a phone in our catalogue`;
  });
  if (Object.keys(fields).length)
    throw new HttpError(400, 'invalid_input', 'Some fields are missing or invalid.', fields);
  // The same engine, catalogue and date as the visitor's page (the whole catalogue: their phone is compared too).
  if (recommend(PHONES, payload.preferences, { today: new Date() }).length === 0)
    throw new HttpError(400, 'invalid_input', 'No phone matches these answers.', {
      preferences: 'No phone matches these answers',
    });

  // One network's mail requests and signups share its flood allowance, and the site's day
  // (docs/consent-and-mail.md, "Flood limits"): a flood never fills the queue ahead of others' mail.
  const flood = await takeFloodAllowance(ip, 'mail');
  const hit = await takeVisitorMailAllowance(payload.email, rateLimitKey(ip));
  if (hit) {
    await flood.release();
    throw mailLimitError(hit);
  }
  const current = findPhoneByText(payload.phoneModel);
  // The provider call goes on after the answer (context.waitUntil); the visitor waits for it at most
  // PROVIDER_WAIT_MS, so a quick refusal still shows as a failure and a slow provider never holds the
  // answer (docs/consent-and-mail.md, "The mail queue").
  let attempt: Promise<unknown> | null = null;
  const defer = context.waitUntil
    ? (work: Promise<unknown>) => {
        attempt = work;
        context.waitUntil!(work);
      }
    : undefined;
  const queued = await sendMail(
    {
      to: payload.email,
      kind: 'recommendations',
      render: {
        preferences: payload.preferences,
        phoneModel: current ? `${current.brand} ${current.model}` : null,
        name: payload.name,
      },
    },
    recommendationsMailHandler,
    { defer },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = attempt
    ? await Promise.race([attempt, new Promise((r) => (timer = setTimeout(() => r(null), PROVIDER_WAIT_MS)))])
    : null;
  clearTimeout(timer);
  const mail = (settled as Awaited<typeof queued> | null | undefined) ?? queued;
  // Skipped: the address is suppressed (it bounced). The answer is everyone's, so it tells no visitor
  // which addresses are on the list; the skip is in the mail queue (docs/consent-and-mail.md, "Suppressed").
  if (mail.state === 'failed')
    throw new HttpError(
      502,
      'mail_failed',
      'We could not send the e-mail right now. Please try again in a few minutes.',
    );
  return json({ ok: true });
});

export const config: Config = {
  path: '/api/recommendations',
  // Netlify's own limit across instances (the in-memory limit above is per instance).
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
