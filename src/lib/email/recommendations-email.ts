/**
 * The e-mail a visitor asks for with "send my recommendations" (POST /api/recommendations).
 *
 * It is a transactional message requested by the visitor: their results and nothing else — no
 * offers, no newsletter pitch — and it identifies the sender (name, mailing address, contact e-mail).
 * Every visitor-supplied value is HTML-escaped. Pure; no server imports.
 */
import { SITE } from '../../config/site';
import type { Phone } from '../catalogue/schema';
import { escapeHtml } from './templates';
import { formatCad } from '../money';
import { PRICE_RANGE_NAMES } from '../recommender/budget';
import type { Preferences } from '../recommender/preferences';
import { preferenceSummary, type WizardMode } from '../recommender/questions';
import type { RecommendationSummary } from '../recommender/schemas';

export interface RecommendationsEmailInput {
  /** Greeting name as the visitor gave it; '' (or a name `greetingName` refuses) greets 'there'. */
  name: string;
  /** Current phone as the catalogue names it, or null to leave the line out. */
  phoneModel: string | null;
  preferences: Preferences;
  /** What the visitor saw, in order (top pick first). */
  recommendations: RecommendationSummary[];
  /** The catalogue phone of each recommendation (same order), for price and official page. */
  phones: Phone[];
  /** Public origin of the site, e.g. https://mapletech.ca (server's SITE_URL). */
  siteUrl: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const ADVANCED_KEYS = ['processorSpeed', 'advancedFeatures', 'environment'] as const;

function modeOf(prefs: Preferences): WizardMode {
  return ADVANCED_KEYS.some((k) => prefs[k] !== undefined) ? 'advanced' : 'basic';
}

function priceLine(phone: Phone): string | null {
  // Only a Canadian list price: a conversion (phone not sold in Canada) is not quoted in an e-mail.
  return phone.priceEstimated ? null : `${formatCad(phone.price)} CAD`;
}

/**
 * The name to greet, or '' for 'Hi there,': the name the visitor typed, when it reads as a name
 * (letters, apostrophes, hyphens and dots, at most four words and 60 characters). Anything else —
 * digits, symbols, a sentence — is not mailed, so the form cannot carry a message to a stranger's inbox.
 */
export function greetingName(name: string | null | undefined): string {
  const n = (name ?? '').trim().replace(/\s+/g, ' ');
  const nameLike = /^[\p{L}\p{M}][\p{L}\p{M}' .\u2019-]{0,59}$/u.test(n) && n.split(' ').length <= 4;
  return nameLike ? n : '';
}

/** Renders the recommendations e-mail (subject, plain text and HTML). */
export function renderRecommendationsEmail(input: RecommendationsEmailInput): RenderedEmail {
  const recommenderUrl = `${input.siteUrl.replace(/\/+$/, '')}/phone-recommender`;
  const answers = preferenceSummary(input.preferences, modeOf(input.preferences)).filter(
    (a) => a.id !== 'currentPhone',
  );
  const subject = `Your phone recommendations from ${SITE.name}`;
  const picks = input.recommendations.map((rec, i) => ({
    rec,
    phone: input.phones[i],
    label: i === 0 ? 'Top pick' : 'Alternative',
  }));

  const text = [
    `Hi ${greetingName(input.name) || 'there'},`,
    '',
    `Here are the phone recommendations you asked us to send from the ${SITE.name} phone recommender.`,
    ...(input.phoneModel ? [`Your current phone: ${input.phoneModel}`] : []),
    '',
    ...picks.flatMap(({ rec, phone, label }) => [
      `${label}: ${rec.brand} ${rec.model} (${rec.matchScore}% match)`,
      ...(phone
        ? [`${PRICE_RANGE_NAMES[phone.priceRange]} tier${priceLine(phone) ? `, ${priceLine(phone)}` : ''}`]
        : []),
      ...rec.reasons.map((r) => `  - ${r}`),
      ...(phone?.purchaseLink ? [`  Official page: ${phone.purchaseLink}`] : []),
      '',
    ]),
    ...(answers.length ? ['Your answers:', ...answers.map((a) => `  ${a.stepName}: ${a.answer}`), ''] : []),
    `Change your answers any time: ${recommenderUrl}`,
    '',
    '—',
    `You received this one-time e-mail because you asked for your results on our website. We will not e-mail you again unless you sign up.`,
    `${SITE.name} · ${SITE.mailingAddress} · ${SITE.email}`,
  ].join('\n');

  const e = escapeHtml;
  const pickHtml = picks
    .map(({ rec, phone, label }) => {
      const price = phone ? priceLine(phone) : null;
      const meta = phone
        ? `<p style="margin:0 0 8px;color:#475569">${e(PRICE_RANGE_NAMES[phone.priceRange])} tier${price ? ` · ${e(price)}` : ''}</p>`
        : '';
      const reasons = rec.reasons.length
        ? `<ul style="margin:0 0 8px;padding-left:20px">${rec.reasons.map((r) => `<li>${e(r)}</li>`).join('')}</ul>`
        : '';
      const link = phone?.purchaseLink
        ? `<p style="margin:0"><a href="${e(phone.purchaseLink)}">View official page</a></p>`
        : '';
      return `<div style="border:1px solid #e2e8f0;border-radius:16px;padding:16px;margin:0 0 16px">
<p style="margin:0 0 4px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#64748b">${e(label)}</p>
<h2 style="margin:0 0 4px;font-size:18px">${e(`${rec.brand} ${rec.model}`)} <span style="font-weight:normal;color:#0f766e">${rec.matchScore}% match</span></h2>
${meta}${reasons}${link}</div>`;
    })
    .join('\n');
  const answersHtml = answers.length
    ? `<h3 style="font-size:15px;margin:24px 0 8px">Your answers</h3><table style="border-collapse:collapse;font-size:14px">${answers
        .map(
          (a) =>
            `<tr><td style="padding:2px 16px 2px 0;color:#64748b">${e(a.stepName)}</td><td style="padding:2px 0">${e(a.answer)}</td></tr>`,
        )
        .join('')}</table>`
    : '';

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
<p>Hi ${e(greetingName(input.name) || 'there')},</p>
<p>Here are the phone recommendations you asked us to send from the ${e(SITE.name)} phone recommender.</p>
${input.phoneModel ? `<p><strong>Your current phone:</strong> ${e(input.phoneModel)}</p>` : ''}
${pickHtml}
${answersHtml}
<p style="margin-top:24px"><a href="${e(recommenderUrl)}">Change your answers any time</a></p>
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="font-size:12px;color:#64748b">You received this one-time e-mail because you asked for your results on our website. We will not e-mail you again unless you sign up.<br>
${e(SITE.name)} · ${e(SITE.mailingAddress)} · <a href="mailto:${e(SITE.email)}">${e(SITE.email)}</a></p>
</div></body></html>`;

  return { subject, text, html };
}
