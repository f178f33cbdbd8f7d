/**
 * The plain HTML pages behind the links in our e-mails: confirm a subscription (double opt-in) and
 * unsubscribe. Inline styles only, light and dark as the visitor chose on the site. Opening a link (GET) only shows a
 * page with one button; the button POSTs a plain form, so a mail scanner that follows links changes
 * nothing. Served by functions under /api/, which the pre-launch gate never blocks. Referrer policy
 * `same-origin`: the token in the address never leaks to another site, and the button's POST still
 * carries our Origin (with `no-referrer`, browsers send `Origin: null`, which the API refuses). Pure.
 */
import { SITE } from '../../../config/site';
import { escapeHtml } from '../../email/templates';
import { PLAIN_PAGE_CSP, plainPage } from './plain-page';

export type ConfirmPageState = 'ask' | 'done' | 'invalid' | 'expired';
/** 'already': a link whose address is unsubscribed (the link was used, or staff removed the address). */
export type UnsubscribePageState = 'ask' | 'done' | 'already' | 'invalid';

interface PageInput {
  /** A constant of this module (never visitor text): written as is. */
  title: string;
  body: string;
  siteUrl: string;
}

const e = escapeHtml;

/** Rules of the link pages, after the shared ones (plain-page.ts). */
const LINK_PAGE_CSS = `
  main { margin-top: 4rem; padding: 2rem; line-height: 1.6; }
  @media (max-width: 36rem) { main { margin: 1rem; padding: 1.5rem; } }
  .brand { display: block; font-weight: 700; margin: 0 0 1.5rem; }
  form { margin: 1.5rem 0; }
  footer { margin-top: 2rem; }`;

function layout({ title, body, siteUrl }: PageInput): string {
  return plainPage({
    title,
    meta: '\n<meta name="referrer" content="same-origin">',
    css: LINK_PAGE_CSS,
    body: `<p class="brand">${e(SITE.name)}</p>
<h1>${title}</h1>
${body}
<p><a href="${e(siteUrl)}">Back to ${e(SITE.name)}</a></p>
<footer>${e(SITE.name)} · ${e(SITE.mailingAddress)} · ${e(SITE.email)}</footer>`,
  });
}

function button(action: string, token: string, label: string): string {
  return `<form method="post" action="${e(action)}">
<input type="hidden" name="token" value="${e(token)}">
<button type="submit">${e(label)}</button>
</form>`;
}

const brokenLink = `<p>The link may have been shortened or changed by your e-mail program. Please open the link from the e-mail again, or write to <a href="mailto:${e(SITE.email)}">${e(SITE.email)}</a>.</p>`;

/** The confirmation page (GET: the button; POST: the outcome). */
export function confirmPage(state: ConfirmPageState, siteUrl: string, token = ''): string {
  switch (state) {
    case 'ask':
      return layout({
        title: 'Confirm your subscription',
        body: `<p>Press the button to confirm that you want e-mails from ${e(SITE.name)} at this address. Nothing is sent to you until you do.</p>
${button('/api/confirm', token, 'Confirm my subscription')}
<p>Did not sign up? Close this page: without your confirmation you will not hear from us.</p>`,
        siteUrl,
      });
    case 'done':
      return layout({
        title: "You're subscribed!",
        body: `<p>Thank you for confirming. Your welcome e-mail is on its way, and every e-mail from us has a link to unsubscribe.</p>`,
        siteUrl,
      });
    case 'expired':
      return layout({
        title: 'This confirmation link has expired',
        body: `<p>Confirmation links work for 7 days. Sign up again on our site and we will send you a new one.</p>`,
        siteUrl,
      });
    default:
      return layout({
        title: 'This confirmation link is not valid',
        body: `<p>It may have been used already or replaced by a newer one.</p>${brokenLink}`,
        siteUrl,
      });
  }
}

/** The unsubscribe page (GET: the button; POST: the outcome). */
export function unsubscribePage(state: UnsubscribePageState, siteUrl: string, token = ''): string {
  switch (state) {
    case 'ask':
      return layout({
        title: 'Unsubscribe from our e-mails?',
        body: `<p>Press the button and you will not receive any more e-mails from ${e(SITE.name)} at this address. It takes effect at once.</p>
${button('/api/unsubscribe', token, 'Unsubscribe')}`,
        siteUrl,
      });
    case 'done':
      return layout({
        title: "You're unsubscribed",
        body: `<p>You will not receive any more e-mails from ${e(SITE.name)} at this address.</p>
<p>Changed your mind? You can sign up again on our site at any time; we will ask you to confirm.</p>`,
        siteUrl,
      });
    case 'already':
      return layout({
        title: "You're already unsubscribed",
        body: `<p>This address is already unsubscribed: you will not receive any more e-mails from ${e(SITE.name)} at it. There is nothing more to do.</p>
<p>Changed your mind? You can sign up again on our site at any time; we will ask you to confirm.</p>`,
        siteUrl,
      });
    default:
      return layout({
        title: 'This unsubscribe link is not valid',
        body: `${brokenLink.replace('</p>', ' We will remove your address.</p>')}`,
        siteUrl,
      });
  }
}

/** What an early-access pass link can show instead of opening the site. */
export type PassPageState = 'invalid' | 'expired' | 'revoked';

/** The page of an early-access pass link that does not open the site (docs/campaigns.md, "Early access"). */
export function passPage(state: PassPageState, siteUrl: string): string {
  const join = new URL('/join', siteUrl).href;
  const title = {
    invalid: 'This early-access link is not valid',
    expired: 'This early-access link has expired',
    revoked: 'This early-access pass is no longer active',
  }[state];
  const why = {
    invalid: brokenLink,
    expired: `<p>Early-access passes work for 30 days. Write to <a href="mailto:${e(SITE.email)}">${e(SITE.email)}</a> and we will look into it.</p>`,
    revoked: `<p>Early access through this pass has ended. You are still on the waitlist: we will write when we launch.</p>`,
  }[state];
  return layout({ title, body: `${why}\n<p><a href="${e(join)}">Join the waitlist</a></p>`, siteUrl });
}

/** An HTML response for a plain page (never cached or indexed; no script but the theme's). */
export function htmlPage(html: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      'referrer-policy': 'same-origin',
      'content-security-policy': PLAIN_PAGE_CSP,
      ...headers,
    },
  });
}
