/**
 * Signup e-mail: renders the stored template for a subscriber, adds the unsubscribe headers
 * (RFC 2369 List-Unsubscribe, RFC 8058 one-click), sends, and records the outcome on the
 * subscriber. Unsubscribed addresses get nothing. Never throws for a provider failure. Server only.
 */
import { getEnv } from '../server/env';
import { sendMail } from '../server/mailer';
import { getTemplate } from '../email/template-store';
import { interestMessage, renderTemplate, type TemplateId } from '../email/templates';
import { recordMailStatus } from './store';
import { signUnsubscribeToken } from './unsubscribe-token';
import type { Subscriber } from './schemas';

export type MailOutcome =
  | { status: 'sent'; provider: string }
  | { status: 'failed'; error: string }
  | { status: 'skipped'; reason: 'unsubscribed' };

/** The welcome template that fits a subscriber's list (waitlist or both -> the waitlist confirmation). */
export function welcomeTemplateFor(sub: Pick<Subscriber, 'list'>): TemplateId {
  return sub.list === 'newsletter' ? 'newsletter-welcome' : 'waitlist-confirmation';
}

/** The one-click unsubscribe address of a subscriber. */
export async function unsubscribeUrl(id: string): Promise<string> {
  const env = getEnv();
  const token = await signUnsubscribeToken(id, env.SESSION_SECRET);
  return new URL(`/api/unsubscribe?token=${encodeURIComponent(token)}`, env.SITE_URL).href;
}

/**
 * Sends template `templateId` to `sub` and records the result on the stored record
 * (status, time, attempts, provider error) so staff can see failures and resend.
 */
export async function sendSubscriberMail(sub: Subscriber, templateId: TemplateId, now = () => new Date().toISOString()): Promise<MailOutcome> {
  if (sub.unsubscribedAt) {
    await recordMailStatus(sub.id, { status: 'skipped', kind: templateId, lastAttemptAt: now(), lastError: null });
    return { status: 'skipped', reason: 'unsubscribed' };
  }
  const env = getEnv();
  const url = await unsubscribeUrl(sub.id);
  const template = await getTemplate(templateId);
  const rendered = renderTemplate(template, {
    name: sub.name,
    interestMessage: interestMessage({ interests: sub.interests, phoneModel: sub.phoneModel }),
    unsubscribeUrl: url,
    siteUrl: env.SITE_URL,
  });
  const result = await sendMail({
    to: sub.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    kind: templateId,
  });
  const at = now();
  try {
    if (result.ok) {
      await recordMailStatus(sub.id, { status: 'sent', kind: templateId, lastAttemptAt: at, lastError: null, sentAt: at });
    } else {
      console.error(`[signup] ${templateId} to subscriber ${sub.id} failed; the signup is kept:`, result.error);
      await recordMailStatus(sub.id, { status: 'failed', kind: templateId, lastAttemptAt: at, lastError: result.error.slice(0, 1000) });
    }
  } catch (err) {
    console.error(`[signup] could not record the mail status of subscriber ${sub.id}`, err);
  }
  return result.ok ? { status: 'sent', provider: result.provider } : { status: 'failed', error: result.error };
}
