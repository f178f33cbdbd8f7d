import type { Config } from '@netlify/functions';
import { findPhoneByText, type Phone } from '../../src/lib/catalogue';
import { renderRecommendationsEmail } from '../../src/lib/recommender/email';
import { recommendationsPayloadSchema } from '../../src/lib/recommender/schemas';
import { getEnv } from '../../src/lib/server/env';
import { allowMethods, clientIp, handler, HttpError, json, readJson, type FnContext } from '../../src/lib/server/http';
import { sendMail } from '../../src/lib/server/mailer';
import { enforceRateLimit } from '../../src/lib/server/ratelimit';

/**
 * POST /api/recommendations (spec §7): e-mails the visitor the recommendations they asked for.
 * Body: { name, email, phoneModel, preferences (JSON string), recommendations (JSON string of
 * [{model, brand, matchScore, reasons}]) }, validated by the shared schema; every recommended phone
 * must be in the catalogue. 200 { ok: true } once the provider accepted the message; 4xx for bad
 * input; 429 over the per-IP limit; 502 when the mail provider fails.
 */
export default handler(async (req, context: FnContext) => {
  allowMethods(req, 'POST');
  const env = getEnv();
  enforceRateLimit('recommendations', clientIp(req, context), env.SIGNUP_RATE_LIMIT, 60_000);
  const payload = await readJson(req, recommendationsPayloadSchema);

  const fields: Record<string, string> = {};
  const phones: Phone[] = [];
  payload.recommendations.forEach((rec, i) => {
    const phone = findPhoneByText(`${rec.brand} ${rec.model}`);
    if (phone) phones.push(phone);
    else fields[`recommendations.${i}.model`] = `${rec.brand} ${rec.model} is not a phone in our catalogue`;
  });
  if (Object.keys(fields).length) throw new HttpError(400, 'invalid_input', 'Some fields are missing or invalid.', fields);

  const email = renderRecommendationsEmail({ ...payload, phones, siteUrl: env.SITE_URL });
  const sent = await sendMail({ to: payload.email, ...email, kind: 'recommendations' });
  if (!sent.ok) {
    throw new HttpError(502, 'mail_failed', 'We could not send the e-mail right now. Please try again in a few minutes.');
  }
  return json({ ok: true });
});

export const config: Config = {
  path: '/api/recommendations',
  // Netlify's own limit across instances (the in-memory limit above is per instance).
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
