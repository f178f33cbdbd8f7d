/**
 * Signup e-mail: the double opt-in confirmation request, and list mail (welcome, staff sends) with
 * the unsubscribe headers (RFC 2369 List-Unsubscribe, RFC 8058 one-click). List mail goes only to
 * confirmed subscribers. Every attempt is recorded on the subscriber (mail status and consent
 * ledger). Never throws for a provider failure or a mail limit. Server only.
 */
import { requireConfig } from '../server/env';
import { sendMail, type MailMessage } from '../server/mailer';
import { getTemplate } from '../email/template-store';
import { interestMessage, renderTemplate, type TemplateId } from '../email/templates';
import { renderConfirmEmail } from '../email/confirm-email';
import { recordMailStatus, setConfirmNonce, type StoredRecord } from './store';
import { signUnsubscribeToken } from './unsubscribe-token';
import { CONFIRM_TTL_MS, newConfirmNonce, signConfirmToken } from './confirm-token';
import { subscriberStatus } from './status';
import type { LedgerEvent, Subscriber } from './schemas';

export type MailOutcome =
  | { status: 'sent'; provider: string }
  | { status: 'failed'; error: string }
  | { status: 'limited'; error: string; retryAfter: number }
  | { status: 'skipped'; reason: 'unsubscribed' | 'not-confirmed' };

/** Mail kind of the double opt-in request. */
export const CONFIRM_KIND = 'confirm-subscription';

/** The welcome template that fits a subscriber's list (waitlist or both -> the waitlist confirmation). */
export function welcomeTemplateFor(sub: Pick<Subscriber, 'list'>): TemplateId {
  return sub.list === 'newsletter' ? 'newsletter-welcome' : 'waitlist-confirmation';
}

/** The unsubscribe page address of a subscriber (a GET shows a button; nothing changes until it is pressed). */
export async function unsubscribeUrl(id: string): Promise<string> {
  const token = await signUnsubscribeToken(id, requireConfig('SESSION_SECRET'));
  return new URL(`/api/unsubscribe?token=${encodeURIComponent(token)}`, requireConfig('SITE_URL')).href;
}

/** The confirmation page address for subscriber `id` and link nonce `nonce`. */
export async function confirmUrl(id: string, nonce: string, now = Date.now()): Promise<string> {
  const token = await signConfirmToken(id, nonce, requireConfig('SESSION_SECRET'), now);
  return new URL(`/api/confirm?token=${encodeURIComponent(token)}`, requireConfig('SITE_URL')).href;
}

async function deliver(
  sub: Subscriber,
  message: MailMessage,
  event: LedgerEvent['type'],
  detail: string,
  at: string,
  stored?: StoredRecord,
): Promise<MailOutcome> {
  const result = await sendMail(message);
  const kind = message.kind;
  try {
    if (result.ok) {
      await recordMailStatus(
        sub.id,
        { status: 'sent', kind, lastAttemptAt: at, lastError: null, sentAt: at },
        { at, type: event, outcome: 'sent', detail },
        stored,
      );
    } else if (result.limited) {
      await recordMailStatus(
        sub.id,
        { status: 'skipped', kind, lastAttemptAt: at, lastError: result.error },
        { at, type: event, outcome: 'limited', detail: `${detail}; ${result.error}` },
        stored,
      );
    } else {
      console.error(`[signup] ${kind} to subscriber ${sub.id} failed; the record is kept:`, result.error);
      const error = result.error.slice(0, 1000);
      await recordMailStatus(
        sub.id,
        { status: 'failed', kind, lastAttemptAt: at, lastError: error },
        { at, type: event, outcome: 'failed', detail: `${detail}; ${error.slice(0, 300)}` },
        stored,
      );
    }
  } catch (err) {
    console.error(`[signup] could not record the mail status of subscriber ${sub.id}`, err);
  }
  if (result.ok) return { status: 'sent', provider: result.provider };
  if (result.limited) return { status: 'limited', error: result.error, retryAfter: result.limited.retryAfter };
  return { status: 'failed', error: result.error };
}

/**
 * Sends the double opt-in request: the link's nonce is stored (older links stop working), then
 * the mail with the signed, expiring confirmation link.
 * @param options.clientIp the visitor whose signup triggers it (per-client mail limit)
 */
export async function sendConfirmationRequest(
  sub: Subscriber,
  {
    clientIp,
    storedNonce,
    etag,
    now = () => new Date().toISOString(),
  }: {
    clientIp?: string;
    /** The nonce the signup already stored with the record (one write, not two); else a new one is stored. */
    storedNonce?: string | null;
    /** The ETag of the signup's write of `sub`: the mail status is then one conditional write, no read. */
    etag?: string | null;
    now?: () => string;
  } = {},
): Promise<MailOutcome> {
  let nonce = storedNonce;
  if (!nonce) {
    nonce = newConfirmNonce();
    await setConfirmNonce(sub.id, nonce);
  }
  const url = await confirmUrl(sub.id, nonce);
  const rendered = renderConfirmEmail({
    list: sub.list,
    confirmUrl: url,
    validDays: Math.round(CONFIRM_TTL_MS / 86_400_000),
  });
  return deliver(
    sub,
    // A request the signup decided with its record write (the stored nonce) is the one the record
    // allows per address and 24 h (confirmationRequestedRecently): it takes no recipient slot.
    { to: sub.email, ...rendered, kind: CONFIRM_KIND, clientIp, cappedByRecord: nonce === storedNonce },
    'confirmation-sent',
    CONFIRM_KIND,
    now(),
    nonce === storedNonce ? { subscriber: sub, etag: etag ?? null } : undefined,
  );
}

/**
 * Sends template `templateId` to a confirmed subscriber and records the result (status, time,
 * attempts, provider error, ledger event) so staff can see failures and resend.
 * Pending and unsubscribed subscribers get nothing ('skipped').
 * @param event 'welcome-sent' after a confirmation, 'staff-resend' when staff press Send Email
 */
export async function sendSubscriberMail(
  sub: Subscriber,
  templateId: TemplateId,
  event: 'welcome-sent' | 'staff-resend' = 'welcome-sent',
  now = () => new Date().toISOString(),
): Promise<MailOutcome> {
  const status = subscriberStatus(sub);
  if (status !== 'confirmed' || sub.deletedAt) {
    const reason = status === 'pending' ? 'not-confirmed' : 'unsubscribed';
    await recordMailStatus(sub.id, { status: 'skipped', kind: templateId, lastAttemptAt: now(), lastError: null });
    return { status: 'skipped', reason };
  }
  const url = await unsubscribeUrl(sub.id);
  const template = await getTemplate(templateId);
  const rendered = renderTemplate(template, {
    name: sub.name,
    interestMessage: interestMessage({ interests: sub.interests, phoneModel: sub.phoneModel }),
    unsubscribeUrl: url,
    siteUrl: requireConfig('SITE_URL'),
  });
  const message: MailMessage = {
    to: sub.email,
    ...rendered,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    kind: templateId,
  };
  return deliver(sub, message, event, templateId, now());
}
