/**
 * A campaign as a mail: the Markdown body in the site's mail frame, the sender identification and a
 * personal unsubscribe link in every copy (CASL). One rendering serves a whole batch: the per-person
 * values are SendGrid substitution tags (`{{name}}` in the text part, `{{name_html}}`, already
 * escaped, in the HTML part), filled by the provider from each recipient's personalization. A single
 * copy (a test send, the preview) fills them here. Pure.
 */
import {
  DEFAULT_SENDER,
  escapeHtml,
  mailFrame,
  senderFooter,
  withFooter,
  type RenderedEmail,
  type Sender,
} from '../email/templates';
import { renderMarkdown } from './markdown';
import type { Campaign } from './model';

/** The values one recipient's copy carries. */
export interface RecipientValues {
  /** Greeting name; '' greets "there". */
  name: string;
  unsubscribeUrl: string;
  /** Early access: the personal pass link. */
  passUrl?: string;
  /** The site's origin (SITE_URL), for `{{siteUrl}}`. */
  siteUrl?: string;
}

/** Substitution keys of a batch: text part and HTML part apart, so the HTML gets escaped values. */
export const SUBSTITUTION_KEYS = {
  name: { text: 'name', html: 'name_html' },
  unsubscribeUrl: { text: 'unsubscribe_url', html: 'unsubscribe_url_html' },
  passUrl: { text: 'pass_url', html: 'pass_url_html' },
  siteUrl: { text: 'site_url', html: 'site_url_html' },
} as const;
type Placeholder = keyof typeof SUBSTITUTION_KEYS;

const tag = (key: string) => `{{${key}}}`;

/** Replaces `{{placeholder}}` with `value(placeholder)`; unknown ones stay (the schema refuses them). */
function fill(text: string, value: (p: Placeholder) => string): string {
  return text.replace(/\{\{\s*(name|unsubscribeUrl|passUrl|siteUrl)\s*\}\}/g, (_w, p: Placeholder) => value(p));
}

/** The mail with substitution tags in place of every per-recipient value. */
export function renderCampaignBatch(
  campaign: Pick<Campaign, 'subject' | 'body' | 'kind'>,
  sender: Sender = DEFAULT_SENDER,
): RenderedEmail {
  const { html, text } = renderMarkdown(campaign.body);
  const passButton =
    campaign.kind === 'early-access' && !/\{\{\s*passUrl\s*\}\}/.test(campaign.body)
      ? {
          html: `<p style="margin:24px 0;"><a href="{{passUrl}}" style="display:inline-block;background:#b42318;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px;">Open Maple Tech with my pass</a></p>`,
          text: 'Your pass: {{passUrl}}',
        }
      : null;
  const subject = fill(campaign.subject, (p) => tag(SUBSTITUTION_KEYS[p].text))
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const identity = `${sender.name} · ${sender.mailingAddress} · ${sender.email}`;
  const textBody = fill([text, passButton?.text ?? ''].filter(Boolean).join('\n\n'), (p) =>
    tag(SUBSTITUTION_KEYS[p].text),
  );
  const fullText = `${textBody}\n\n--\n${identity}\nUnsubscribe with one click: ${tag(SUBSTITUTION_KEYS.unsubscribeUrl.text)}\n`;
  // The Markdown is escaped HTML: a placeholder in it is still `{{…}}`, now an HTML tag key.
  const bodyHtml = fill(html + (passButton ? `\n${passButton.html}` : ''), (p) => tag(SUBSTITUTION_KEYS[p].html));
  const footer = senderFooter(sender, tag(SUBSTITUTION_KEYS.unsubscribeUrl.html));
  // The subject again as the HTML part's <title>: its own text escaped, its placeholders the HTML
  // keys (escaped values). The subject header's text keys must never reach the HTML part.
  const title = fill(escapeHtml(campaign.subject.replace(/[\r\n]+/g, ' ').trim()), (p) =>
    tag(SUBSTITUTION_KEYS[p].html),
  );
  return { subject, text: fullText, html: withFooter(mailFrame(title, bodyHtml), footer) };
}

/** The substitutions of one recipient for a batch rendered by `renderCampaignBatch`. */
export function substitutionsFor(values: RecipientValues): Record<string, string> {
  const name = values.name.trim() || 'there';
  const pass = values.passUrl ?? '';
  const site = values.siteUrl ?? '';
  return {
    [SUBSTITUTION_KEYS.name.text]: name,
    [SUBSTITUTION_KEYS.name.html]: escapeHtml(name),
    [SUBSTITUTION_KEYS.unsubscribeUrl.text]: values.unsubscribeUrl,
    [SUBSTITUTION_KEYS.unsubscribeUrl.html]: escapeHtml(values.unsubscribeUrl),
    [SUBSTITUTION_KEYS.passUrl.text]: pass,
    [SUBSTITUTION_KEYS.passUrl.html]: escapeHtml(pass),
    [SUBSTITUTION_KEYS.siteUrl.text]: site,
    [SUBSTITUTION_KEYS.siteUrl.html]: escapeHtml(site),
  };
}

/** One recipient's copy, values filled (a test send, the preview): what the provider makes of a batch. */
export function renderCampaignCopy(
  campaign: Pick<Campaign, 'subject' | 'body' | 'kind'>,
  values: RecipientValues,
  sender: Sender = DEFAULT_SENDER,
): RenderedEmail {
  const batch = renderCampaignBatch(campaign, sender);
  const subs = substitutionsFor(values);
  const apply = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => subs[key] ?? whole);
  return { subject: apply(batch.subject), text: apply(batch.text), html: apply(batch.html) };
}
