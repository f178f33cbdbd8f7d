/**
 * E-mail templates: the stored model, the default templates and a pure renderer.
 *
 * Placeholders are written in double curly braces: `{{name}}`, `{{interestMessage}}` and
 * `{{unsubscribeUrl}}` (required in both parts, so staff edits cannot drop the unsubscribe link),
 * plus the optional `{{siteUrl}}`. Values are HTML-escaped in the HTML part. Every rendered
 * message ends with the sender's identification (CASL: name, mailing address, contact e-mail),
 * which is not part of the editable template.
 *
 * Pure and client-safe (the admin editor may import the schema and the placeholder list).
 */
import { isSafeSubject, linkInSubjectMessage, linkPlaceholderIn, UNSAFE_SUBJECT_MESSAGE } from './subject';
import { z } from '../zod';
import { SITE } from '../../config/site';
import { INTEREST_LABELS, type Interest } from '../subscribers/vocabulary';

/**
 * Ids of the built-in templates, in the editor's order: the confirmation request (the double opt-in
 * mail everyone gets first), the waitlist welcome before and after launch, the newsletter welcome.
 */
export const TEMPLATE_IDS = [
  'confirmation-request',
  'waitlist-confirmation',
  'waitlist-welcome-launched',
  'newsletter-welcome',
] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];
/** The list mail templates (rendered by `renderTemplate`; every one but the confirmation request). */
export const LIST_TEMPLATE_IDS = TEMPLATE_IDS.filter((id) => id !== 'confirmation-request');

/** The confirmation request's template: its own placeholders and rules (`templateRulesOf`). */
export const CONFIRM_TEMPLATE_ID = 'confirmation-request' satisfies TemplateId;
/**
 * The waitlist welcome's wording once the site is open (launched): sent instead of
 * `waitlist-confirmation`, which promises the launch notification (docs/staff.md, "E-mail templates").
 */
export const LAUNCHED_WELCOME_ID = 'waitlist-welcome-launched' satisfies TemplateId;

export const PLACEHOLDERS = ['name', 'interestMessage', 'unsubscribeUrl', 'siteUrl'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
/**
 * The confirmation request's placeholders. Nothing typed on the form (not even the name): the address
 * is not confirmed yet, so form text would let a stranger put words into someone else's inbox.
 */
export const CONFIRM_PLACEHOLDERS = ['confirmUrl', 'listName', 'validDays', 'siteUrl'] as const;
/** Must appear in the text and the HTML part of every list mail template. */
export const REQUIRED_PLACEHOLDER = '{{unsubscribeUrl}}';

/** What a template may use and must keep: its placeholders, and the one required in both parts. */
export interface TemplateRules {
  placeholders: readonly string[];
  required: string;
}

/** The rules of template `id` (the confirmation request's, or the list mail's). */
export function templateRulesOf(id: string): TemplateRules {
  return id === CONFIRM_TEMPLATE_ID
    ? { placeholders: CONFIRM_PLACEHOLDERS, required: 'confirmUrl' }
    : { placeholders: PLACEHOLDERS, required: 'unsubscribeUrl' };
}

/** Caps keep a whole update under the API's 16 KB body limit. */
export const TEMPLATE_LIMITS = { subject: 200, text: 5000, html: 10000 } as const;

/** A stored template: id, name, subject, text and HTML content, last update. */
export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  textContent: z.string(),
  htmlContent: z.string(),
  /** ISO time of the last save (or of initialisation). */
  lastUpdated: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** True when `s` holds placeholder `name` (`{{name}}`, spaces allowed inside the braces). */
const hasPlaceholder = (name: string) => (s: string) => new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`).test(s);
const hasUnsubscribe = hasPlaceholder('unsubscribeUrl');
/** HTML without its comments (an unclosed comment hides everything after it, as in a mail client). */
export function stripHtmlComments(html: string): string {
  return html.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
}
/** The unsubscribe placeholder must be in the part a reader sees: an HTML comment does not count. */
const hasVisibleUnsubscribe = (html: string) => hasUnsubscribe(stripHtmlComments(html));

/** Why the required placeholder must stay, by placeholder: a working link, then a visible one. */
const REQUIRED_WHY: Record<string, { working: string; visible: string }> = {
  unsubscribeUrl: {
    working: 'every e-mail needs a working unsubscribe link',
    visible: 'every e-mail needs a visible unsubscribe link',
  },
  confirmUrl: {
    working: 'the confirmation request needs a working confirmation link',
    visible: 'the confirmation request needs a visible confirmation link',
  },
};

/** The update payload's rules for a template whose parts must both keep placeholder `required`. */
function updateSchemaRequiring(required: string) {
  const has = hasPlaceholder(required);
  const why = REQUIRED_WHY[required];
  const missing = `Keep the {{${required}}} placeholder: ${why.working}`;
  const hidden = `Keep the {{${required}}} placeholder outside HTML comments: ${why.visible}`;
  return z.object({
    subject: z
      .string({ error: 'Subject is required' })
      .trim()
      .min(1, 'Subject is required')
      .max(TEMPLATE_LIMITS.subject, `Subject must be at most ${TEMPLATE_LIMITS.subject} characters`)
      .refine((s) => !/[\r\n]/.test(s), 'Subject must be a single line')
      .refine(isSafeSubject, UNSAFE_SUBJECT_MESSAGE)
      .superRefine((s, ctx) => {
        const link = linkPlaceholderIn(s);
        if (link) ctx.addIssue({ code: 'custom', message: linkInSubjectMessage(link) });
      }),
    text_content: z
      .string({ error: 'Text content is required' })
      .min(1, 'Text content is required')
      .max(TEMPLATE_LIMITS.text, `Text content must be at most ${TEMPLATE_LIMITS.text} characters`)
      .refine(has, missing),
    html_content: z
      .string({ error: 'HTML content is required' })
      .min(1, 'HTML content is required')
      .max(TEMPLATE_LIMITS.html, `HTML content must be at most ${TEMPLATE_LIMITS.html} characters`)
      .refine(has, missing)
      .refine((html) => !has(html) || has(stripHtmlComments(html)), hidden),
  });
}

/** PUT /api/admin/email-templates/{id} payload of a list mail template: subject, text_content, html_content. */
export const templateUpdateSchema = updateSchemaRequiring('unsubscribeUrl');
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;
/** The same payload for the confirmation request: `{{confirmUrl}}` required in both parts. */
export const confirmTemplateUpdateSchema = updateSchemaRequiring('confirmUrl');

/** The update payload's schema of template `id`. */
export function templateUpdateSchemaFor(id: string) {
  return id === CONFIRM_TEMPLATE_ID ? confirmTemplateUpdateSchema : templateUpdateSchema;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The site's mail frame: an HTML document around `body` (already HTML), with the brand on top. */
export const mailFrame = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f6f7f9;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827;">
<div style="max-width:560px;margin:0 auto;padding:32px 20px;">
<div style="background:#ffffff;border:1px solid #e5e7eb;border-radius:16px;padding:32px;">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#c2362b;">${SITE.name}</p>
${body}
</div>
</div>
</body>
</html>`;

const p = (html: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;">${html}</p>`;
const unsubscribeHtml = `<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#4b5563;">Don't want these e-mails? <a href="{{unsubscribeUrl}}" style="color:#4b5563;">Unsubscribe</a> with one click.</p>`;

const CONFIRM_IGNORE =
  'If you did not sign up, ignore this e-mail: without your confirmation you will not hear from us.';

/** The templates shipped with the site; stored copies (edited by staff) take precedence. */
export const DEFAULT_TEMPLATES: Record<TemplateId, Omit<EmailTemplate, 'lastUpdated'>> = {
  'confirmation-request': {
    id: 'confirmation-request',
    name: 'Confirmation request',
    subject: 'Please confirm your subscription to {{listName}}',
    textContent: `Hi,

Someone, hopefully you, asked to join {{listName}} with this address.
Please confirm it by opening this link and pressing the button (the link works for {{validDays}} days):

{{confirmUrl}}

${CONFIRM_IGNORE}`,
    htmlContent: mailFrame(
      'Please confirm your subscription',
      [
        `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;">Please confirm your subscription</h1>`,
        p('Someone, hopefully you, asked to join {{listName}} with this address.'),
        `<p style="margin:0 0 24px;"><a href="{{confirmUrl}}" style="display:inline-block;background:#b42318;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px;">Confirm my subscription</a></p>`,
        `<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:#4b5563;">The link works for {{validDays}} days. ${CONFIRM_IGNORE}</p>`,
      ].join('\n'),
    ),
  },
  'waitlist-confirmation': {
    id: 'waitlist-confirmation',
    name: 'Waitlist welcome',
    subject: `You're on the ${SITE.name} waitlist`,
    textContent: `Hi {{name}},

Thanks for joining the ${SITE.name} waitlist! You're on the list for early access, the launch notification and exclusive content.

{{interestMessage}}

We'll be in touch as soon as we launch.

The ${SITE.name} team

Don't want these e-mails? Unsubscribe with one click: {{unsubscribeUrl}}`,
    htmlContent: mailFrame(
      `You're on the ${SITE.name} waitlist`,
      [
        `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;">You're on the waitlist!</h1>`,
        p('Hi {{name}},'),
        p(
          `Thanks for joining the ${SITE.name} waitlist! You're on the list for <strong>early access</strong>, the <strong>launch notification</strong> and <strong>exclusive content</strong>.`,
        ),
        p('{{interestMessage}}'),
        p(`We'll be in touch as soon as we launch.`),
        p(`The ${SITE.name} team`),
        unsubscribeHtml,
      ].join('\n'),
    ),
  },
  'waitlist-welcome-launched': {
    id: 'waitlist-welcome-launched',
    name: 'Welcome after launch (waitlist)',
    subject: `You're on the ${SITE.name} list`,
    textContent: `Hi {{name}},

Thanks for joining the ${SITE.name} waitlist! The site is open: everything is at {{siteUrl}}. You'll get our news and exclusive content by e-mail.

{{interestMessage}}

The ${SITE.name} team

Don't want these e-mails? Unsubscribe with one click: {{unsubscribeUrl}}`,
    htmlContent: mailFrame(
      `You're on the ${SITE.name} list`,
      [
        `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;">Welcome, we're live!</h1>`,
        p('Hi {{name}},'),
        p(
          `Thanks for joining the ${SITE.name} waitlist! The site is open: <a href="{{siteUrl}}" style="color:#b42318;">everything is here</a>. You'll get our <strong>news</strong> and <strong>exclusive content</strong> by e-mail.`,
        ),
        p('{{interestMessage}}'),
        p(`The ${SITE.name} team`),
        unsubscribeHtml,
      ].join('\n'),
    ),
  },
  'newsletter-welcome': {
    id: 'newsletter-welcome',
    name: 'Newsletter welcome',
    subject: `Welcome to the ${SITE.name} newsletter`,
    textContent: `Hi {{name}},

Welcome to the ${SITE.name} community! You'll get our tutorials and tech updates by e-mail.

{{interestMessage}}

See you in your inbox,
The ${SITE.name} team

Don't want these e-mails? Unsubscribe with one click: {{unsubscribeUrl}}`,
    htmlContent: mailFrame(
      `Welcome to the ${SITE.name} newsletter`,
      [
        `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;">Welcome to the community!</h1>`,
        p('Hi {{name}},'),
        p(`Welcome to the ${SITE.name} community! You'll get our tutorials and tech updates by e-mail.`),
        p('{{interestMessage}}'),
        p(`See you in your inbox,<br>The ${SITE.name} team`),
        unsubscribeHtml,
      ].join('\n'),
    ),
  },
};

/** A default template stamped with a time (what initialisation stores). */
export function defaultTemplate(id: TemplateId, now: string): EmailTemplate {
  return { ...DEFAULT_TEMPLATES[id], lastUpdated: now };
}

export function isTemplateId(id: string): id is TemplateId {
  return (TEMPLATE_IDS as readonly string[]).includes(id);
}

const ONE_INTEREST: Record<Exclude<Interest, 'all'>, string> = {
  tech_news: `We'll keep you posted on the latest tech news.`,
  phone_recommendations: `We'll let you know as soon as the phone recommender is ready for you.`,
  smartphone_tutorials: `We'll send you our newest smartphone tutorials.`,
};

/**
 * The `{{interestMessage}}` sentence: for waitlist interests, or for a newsletter subscriber's phone.
 */
export function interestMessage(input: { interests?: readonly Interest[]; phoneModel?: string }): string {
  const phone = input.phoneModel?.trim();
  const interests = input.interests ?? [];
  if (interests.length === 0 && phone) return `We'll send tips and updates for your ${phone}.`;
  if (interests.length === 0 || interests.includes('all')) {
    return `You'll hear about everything we do: tech news, phone recommendations and smartphone tutorials.`;
  }
  if (interests.length === 1) return ONE_INTEREST[interests[0] as Exclude<Interest, 'all'>];
  const labels = interests.map((i) => INTEREST_LABELS[i]);
  return `We'll send you updates about ${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}.`;
}

export interface TemplateValues {
  /** Subscriber name; empty becomes 'there' ('Hi there'). */
  name: string;
  interestMessage: string;
  unsubscribeUrl: string;
  siteUrl: string;
}

/** Who sends the mail (CASL identification); defaults to the site config. */
export interface Sender {
  name: string;
  mailingAddress: string;
  email: string;
}
export const DEFAULT_SENDER: Sender = { name: SITE.name, mailingAddress: SITE.mailingAddress, email: SITE.email };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function fill(template: string, values: Record<string, string>, escape: (s: string) => string): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    key in values ? escape(values[key]) : whole,
  );
}

/**
 * Renders a template: placeholders filled (HTML-escaped in the HTML part; the subject kept on one
 * line), then the sender identification appended to both parts, with an unsubscribe line added if
 * the template somehow lacks `{{unsubscribeUrl}}`.
 */
export function renderTemplate(
  template: Pick<EmailTemplate, 'subject' | 'textContent' | 'htmlContent'>,
  values: TemplateValues,
  sender: Sender = DEFAULT_SENDER,
): RenderedEmail {
  const v: Record<string, string> = { ...values, name: values.name.trim() || 'there' };
  const subject = fill(template.subject, v, (s) => s)
    .replace(/[\r\n]+/g, ' ')
    .trim();

  const identity = `${sender.name} · ${sender.mailingAddress} · ${sender.email}`;
  const textUnsub = hasUnsubscribe(template.textContent)
    ? ''
    : `\nUnsubscribe with one click: ${values.unsubscribeUrl}`;
  const text = `${fill(template.textContent, v, (s) => s).trimEnd()}\n\n--\n${identity}${textUnsub}\n`;

  const footer = senderFooter(sender, hasVisibleUnsubscribe(template.htmlContent) ? null : values.unsubscribeUrl);
  return { subject, text, html: withFooter(fill(template.htmlContent, v, escapeHtml), footer) };
}

/** What the confirmation request's placeholders are filled with. */
export interface ConfirmTemplateValues {
  confirmUrl: string;
  /** 'the Maple Tech waitlist', ... */
  listName: string;
  validDays: number;
  siteUrl: string;
}

/**
 * Renders the confirmation request's template: placeholders filled (HTML-escaped in the HTML part),
 * the sender identification appended to both parts, no unsubscribe link (nobody is subscribed yet).
 * A template that somehow lacks `{{confirmUrl}}` still carries the link, after its text.
 */
export function renderConfirmTemplate(
  template: Pick<EmailTemplate, 'subject' | 'textContent' | 'htmlContent'>,
  values: ConfirmTemplateValues,
  sender: Sender = DEFAULT_SENDER,
): RenderedEmail {
  const v: Record<string, string> = { ...values, validDays: String(values.validDays) };
  const subject = fill(template.subject, v, (s) => s)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const identity = `${sender.name} · ${sender.mailingAddress} · ${sender.email}`;
  const hasLink = hasPlaceholder('confirmUrl');
  const textLink = hasLink(template.textContent) ? '' : `\n\n${values.confirmUrl}`;
  const text = `${fill(template.textContent, v, (s) => s).trimEnd()}${textLink}\n\n--\n${identity}\n`;
  const htmlLink = hasLink(stripHtmlComments(template.htmlContent))
    ? ''
    : `<p style="margin:0;text-align:center;"><a href="${escapeHtml(values.confirmUrl)}">Confirm my subscription</a></p>`;
  const footer = htmlLink + senderFooter(sender, null);
  return { subject, text, html: withFooter(fill(template.htmlContent, v, escapeHtml), footer) };
}

/**
 * The sender identification under every mail (CASL: name, mailing address, contact e-mail), with an
 * unsubscribe link when `unsubscribeUrl` is given (already HTML-safe or a placeholder tag).
 */
export function senderFooter(sender: Sender, unsubscribeUrl: string | null): string {
  return (
    `<div style="max-width:560px;margin:0 auto;padding:0 20px 32px;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:12px;line-height:1.5;color:#4b5563;text-align:center;">` +
    `<p style="margin:0;">${escapeHtml(sender.name)} · ${escapeHtml(sender.mailingAddress)} · <a href="mailto:${escapeHtml(sender.email)}" style="color:#4b5563;">${escapeHtml(sender.email)}</a></p>` +
    (unsubscribeUrl === null
      ? ''
      : `<p style="margin:8px 0 0;"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#4b5563;">Unsubscribe</a></p>`) +
    `</div>`
  );
}

/** `body` (a mail document) with `footer` placed before its end. */
export function withFooter(body: string, footer: string): string {
  return /<\/body>/i.test(body) ? body.replace(/<\/body>/i, `${footer}\n</body>`) : `${body}\n${footer}`;
}
