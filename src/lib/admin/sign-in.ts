/**
 * Passwordless staff sign-in (docs/staff.md, "Signing in"): the invitation and login mails, their
 * limits, and the page behind a mailed link. Server only.
 *
 * - POST /api/admin/login counts every request against the per-address limit (`countLoginRequest`,
 *   the same work for any address), answers, and only then, for a staff address, counts the mail
 *   against its network's limit, stores a one-time link and mails it (`mailLoginLinkIfStaff`): the
 *   answer and its timing are the same for every address. The network counts mails, not requests:
 *   a stranger on the office network asking for links for made-up addresses uses up nothing a
 *   named person needs.
 * - The link opens a page with a Sign in button (a GET never signs in: mail scanners open links); the
 *   button posts the token back, which uses the link up (src/lib/admin/staff.ts, `consumeLink`).
 */
import { SITE } from '../../config/site';
import { escapeHtml } from '../email/templates';
import { sendMail, type MailHandler, type QueuedMail } from '../email/queue/queue';
import { requireConfig } from '../server/env';
import { takeSlot } from '../server/shared-ratelimit';
import { plainPage } from '../signups/server/plain-page';
import { htmlPage } from '../signups/server/link-pages';
import { networkOf } from './network';
import { createLinkToken, INVITE_LINK_TTL_MS, LOGIN_LINK_TTL_MS, staffByEmail } from './staff';
import type { StaffMember } from './staff-schemas';

/** Login mails per address (any address, staff or not) per window. */
export const LOGIN_MAILS_PER_ADDRESS = 5;
/** Login mails (links actually mailed to staff) asked for from one network (IPv4 /24, IPv6 /64) per window. */
export const LOGIN_MAILS_PER_NETWORK = 30;
export const LOGIN_WINDOW_MS = 15 * 60_000;

/** Where a mailed link points. */
export const LINK_PATH = '/api/admin/login/link';

const e = escapeHtml;

function linkUrl(token: string): string {
  const url = new URL(LINK_PATH, requireConfig('SITE_URL'));
  url.searchParams.set('token', token);
  return url.href;
}

/** The invitation and login mails, as a kind of the mail queue. The token lives only in the entry and the mail. */
export const staffSignInMailHandler: MailHandler = {
  async render(entry) {
    const token = typeof entry.render.token === 'string' ? entry.render.token : '';
    if (!token) return { skip: 'no sign-in link' };
    const name = typeof entry.render.name === 'string' && entry.render.name ? entry.render.name : 'there';
    const invite = entry.render.invite === true;
    const url = linkUrl(token);
    const lasts = invite ? '24 hours' : '15 minutes';
    const subject = invite ? `You are invited to the ${SITE.name} staff area` : `Your ${SITE.name} sign-in link`;
    const intro = invite
      ? `You have been given a staff account on ${SITE.name}. Open this link and press "Sign in":`
      : `Open this link and press "Sign in" to reach the ${SITE.name} staff area:`;
    const after = `The link works once, for ${lasts}. Afterwards, ask for a new one on the staff sign-in page (/admin). If you did not ask for this, ignore this e-mail: nobody can sign in without the link.`;
    return {
      subject,
      text: `Hello ${name},\n\n${intro}\n\n${url}\n\n${after}\n\n${SITE.name} · ${SITE.mailingAddress} · ${SITE.email}`,
      html: `<p>Hello ${e(name)},</p><p>${e(intro)}</p><p><a href="${e(url)}">${e(url)}</a></p><p>${e(after)}</p><p style="color:#6b7280;font-size:12px">${e(SITE.name)} · ${e(SITE.mailingAddress)} · ${e(SITE.email)}</p>`,
      category: 'staff-sign-in',
    };
  },
};

/** Stores a link for `staff` and mails it (the invitation, or a login link). */
export async function mailSignInLink(staff: StaffMember, invite: boolean): Promise<QueuedMail> {
  const token = await createLinkToken(staff.id, invite ? INVITE_LINK_TTL_MS : LOGIN_LINK_TTL_MS);
  return sendMail(
    { to: staff.email, kind: 'staff-sign-in', render: { token, name: staff.name, invite } },
    staffSignInMailHandler,
  );
}

/**
 * Counts one POST /api/admin/login against the per-address limit; false when it is used up. Runs
 * before the answer, and costs the same for every address, staff or not.
 */
export async function countLoginRequest(email: string): Promise<boolean> {
  if (!(await takeSlot('staff-login-addr', email, LOGIN_MAILS_PER_ADDRESS, LOGIN_WINDOW_MS))) {
    console.warn('[staff] login link refused: too many requests for one address');
    return false;
  }
  return true;
}

/**
 * The work after the answer: a staff address gets a one-time link, unless its network has asked for
 * LOGIN_MAILS_PER_NETWORK links in the window; any other address gets nothing and counts toward
 * nothing more (so requests for made-up addresses never keep a named person's link from them).
 */
export async function mailLoginLinkIfStaff(email: string, ip: string): Promise<void> {
  const staff = await staffByEmail(email);
  if (!staff) return;
  const network = networkOf(ip);
  if (!(await takeSlot('staff-login-net', network, LOGIN_MAILS_PER_NETWORK, LOGIN_WINDOW_MS))) {
    console.warn(`[staff] login link for ${staff.id} refused: ${network} asked for too many links`);
    return;
  }
  const mail = await mailSignInLink(staff, false);
  console.info(`[staff] login link for ${staff.id}: ${mail.state}`);
}

/** The pages behind a mailed link: the Sign in button, or why the link no longer works. */
export function linkPage(state: 'ask' | 'invalid' | 'expired', token = '', status = 200): Response {
  const body =
    state === 'ask'
      ? `<h1>Sign in to the staff area</h1>
<p>Press the button to sign in to ${e(SITE.name)}'s staff area in this browser. The link works once.</p>
<form method="post" action="${LINK_PATH}">
<input type="hidden" name="token" value="${e(token)}">
<button type="submit">Sign in</button>
</form>`
      : `<h1>${state === 'expired' ? 'This sign-in link has expired' : 'This sign-in link does not work'}</h1>
<p>A sign-in link works once, for 15 minutes (an invitation's for 24 hours). Ask for a new one on the <a href="/admin/sign-in">staff sign-in page</a>.</p>`;
  return htmlPage(
    plainPage({
      title: state === 'ask' ? 'Sign in' : 'Sign-in link',
      meta: '\n<meta name="referrer" content="same-origin">',
      css: '\n  form { margin: 1.5rem 0; }',
      body: `<p class="brand">${e(SITE.name)}</p>\n${body}`,
    }),
    status,
  );
}
