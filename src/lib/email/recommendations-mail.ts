/**
 * The recommendations mail as a kind of the mail queue (src/lib/email/queue): the entry keeps the
 * visitor's structured answers, the catalogue name of their phone and the name they gave (greeted only
 * when it reads as a name, `greetingName`), never other text from the request,
 * and the phones, scores and reasons are computed from the catalogue when the mail goes out.
 * Server only.
 */
import { findPhoneByText, PHONES } from '../catalogue';
import type { MailHandler } from './queue/queue';
import { requireConfig } from '../server/env';
import { renderRecommendationsEmail } from './recommendations-email';
import { preferencesSchema } from '../recommender/schemas';
import { recommend } from '../recommender/recommend';
import { toRecommendationSummary } from '../recommender/recommendation';
import { isSuppressedAddress, SUPPRESSED_SKIP } from './events/suppression';

/** Renders a queued recommendations mail from its stored answers. */
export const recommendationsMailHandler: MailHandler = {
  async render(entry) {
    const preferences = preferencesSchema.safeParse(entry.render.preferences);
    if (!preferences.success) return { skip: 'the stored answers are no longer valid' };
    if (await isSuppressedAddress(entry.to)) return { skip: SUPPRESSED_SKIP };
    // The same engine, catalogue and date as the visitor's page, on the day the mail goes out.
    const picks = recommend(PHONES, preferences.data, { today: new Date() });
    if (picks.length === 0) return { skip: 'no phone matches these answers any more' };
    const current = typeof entry.render.phoneModel === 'string' ? findPhoneByText(entry.render.phoneModel) : null;
    return renderRecommendationsEmail({
      name: typeof entry.render.name === 'string' ? entry.render.name : '',
      phoneModel: current ? `${current.brand} ${current.model}` : null,
      preferences: preferences.data,
      recommendations: picks.map(toRecommendationSummary),
      phones: picks.map((r) => r.phone),
      siteUrl: requireConfig('SITE_URL'),
    });
  },
};
