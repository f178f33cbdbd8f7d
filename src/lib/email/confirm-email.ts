/**
 * The double opt-in mail: one button that opens the confirmation page. Not editable by staff (it
 * must always carry the confirmation link and nothing else).
 *
 * It carries no text typed by the visitor (not even the name): the address is not confirmed yet,
 * so anything from the form would let a stranger put words into someone else's inbox.
 * Pure and client-safe.
 */
import { SITE } from '../../config/site';
import { escapeHtml, DEFAULT_SENDER, type RenderedEmail, type Sender } from './templates';

/** Which list the visitor asked for, as the mail names it. */
const LIST_NAMES = {
  waitlist: `the ${SITE.name} waitlist`,
  newsletter: `the ${SITE.name} newsletter`,
  both: `the ${SITE.name} waitlist and newsletter`,
} as const;

export interface ConfirmEmailInput {
  list: keyof typeof LIST_NAMES;
  /** The signed confirmation page address. */
  confirmUrl: string;
  /** Days the link works. */
  validDays: number;
}

/** Renders the confirmation request (subject, text, HTML), with the sender identification. */
export function renderConfirmEmail(input: ConfirmEmailInput, sender: Sender = DEFAULT_SENDER): RenderedEmail {
  const list = LIST_NAMES[input.list];
  const subject = `Please confirm your subscription to ${list}`;
  const identity = `${sender.name} · ${sender.mailingAddress} · ${sender.email}`;
  const ignore = `If you did not sign up, ignore this e-mail: without your confirmation you will not hear from us.`;
  const text = [
    'Hi,',
    '',
    `Someone, hopefully you, asked to join ${list} with this address.`,
    `Please confirm it by opening this link and pressing the button (the link works for ${input.validDays} days):`,
    '',
    input.confirmUrl,
    '',
    ignore,
    '',
    '--',
    identity,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f7f9;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827;">
<div style="max-width:560px;margin:0 auto;padding:32px 20px;">
<div style="background:#ffffff;border:1px solid #e5e7eb;border-radius:16px;padding:32px;">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#c2362b;">${e(SITE.name)}</p>
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;">Please confirm your subscription</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.6;">Someone, hopefully you, asked to join ${e(list)} with this address.</p>
<p style="margin:0 0 24px;"><a href="${e(input.confirmUrl)}" style="display:inline-block;background:#b42318;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px;">Confirm my subscription</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:#4b5563;">The link works for ${input.validDays} days. ${e(ignore)}</p>
</div>
<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#4b5563;text-align:center;">${e(identity)}</p>
</div>
</body></html>`;
  return { subject, text, html };
}
