import type { Config } from '@netlify/functions';
import { findPhoneByText, recommendablePhones } from '../../src/lib/catalogue';
import { renderRecommendationsEmail } from '../../src/lib/recommender/email';
import { recommendationsPayloadSchema } from '../../src/lib/recommender/schemas';
import { recommend, toRecommendationSummary } from '../../src/lib/recommender/scoring';
import { getEnv, requireConfig } from '../../src/lib/server/env';
import { allowMethods, clientIp, handler, HttpError, json, readJson, type FnContext } from '../../src/lib/server/http';
import { mailLimitError } from '../../src/lib/server/mail-limits';
import { sendMail } from '../../src/lib/server/mailer';
import { enforceRateLimit } from '../../src/lib/server/ratelimit';

/**
 * POST /api/recommendations (payload: { name, email, phoneModel, preferences (JSON string),
 * recommendations (JSON string) }): e-mails the visitor their recommendations.
 *
 * Not a relay: the mail holds only what the server renders from the catalogue — the phones, scores and
 * reasons are recomputed here from the visitor's answers (`preferences`, structured values only), the
 * current phone appears only when it names a catalogue phone, and the typed name is not used. The
 * mail limits (per recipient, per client address, site-wide; counted in Blobs) answer 429.
 * 200 { ok: true } once the provider accepted the message; 4xx for bad input; 502 when the provider fails.
 */
export default handler(async (req, context: FnContext) => {
  allowMethods(req, 'POST');
  const ip = clientIp(req, context);
  enforceRateLimit('recommendations', ip, getEnv().SIGNUP_RATE_LIMIT, 60_000);
  const payload = await readJson(req, recommendationsPayloadSchema);

  const fields: Record<string, string> = {};
  payload.recommendations.forEach((rec, i) => {
    if (!findPhoneByText(`${rec.brand} ${rec.model}`))
      fields[`recommendations.${i}.model`] = `${rec.brand} ${rec.model} is not a phone in our catalogue`;
  });
  if (Object.keys(fields).length)
    throw new HttpError(400, 'invalid_input', 'Some fields are missing or invalid.', fields);

  const picks = recommend(recommendablePhones(), payload.preferences);
  if (picks.length === 0)
    throw new HttpError(400, 'invalid_input', 'No phone matches these answers.', {
      preferences: 'No phone matches these answers',
    });
  const current = findPhoneByText(payload.phoneModel);
  const email = renderRecommendationsEmail({
    name: '',
    phoneModel: current ? `${current.brand} ${current.model}` : null,
    preferences: payload.preferences,
    recommendations: picks.map(toRecommendationSummary),
    phones: picks.map((r) => r.phone),
    siteUrl: requireConfig('SITE_URL'),
  });
  const sent = await sendMail({ to: payload.email, ...email, kind: 'recommendations', clientIp: ip });
  if (!sent.ok && sent.limited) throw mailLimitError(sent.limited);
  if (!sent.ok)
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
