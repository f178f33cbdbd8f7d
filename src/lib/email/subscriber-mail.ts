/**
 * A subscriber's mail, through the mail queue (src/lib/email/queue): the double opt-in request, the
 * welcome after a confirmation, and staff sends. Each is rendered when it goes out, from the record
 * as it is then (a mail that waited for the send rate is not sent to someone who unsubscribed
 * meanwhile), and every attempt is written to the subscriber's ledger with the record's mail status.
 * List mail (welcome, staff sends) goes only to confirmed subscribers. Server only.
 */
import { requireConfig } from '../server/env';
import {
  sendMail,
  type Defer,
  type MailEvent,
  type MailHandler,
  type MailHandlers,
  type QueuedMail,
} from './queue/queue';
import type { Entry } from './queue/model';
import { takeConfirmationAllowance } from './limits';
import { getTemplate } from './template-store';
import {
  CONFIRM_TEMPLATE_ID,
  interestMessage,
  isTemplateId,
  LAUNCHED_WELCOME_ID,
  renderTemplate,
  type TemplateId,
} from './templates';
import { isSiteOpen } from '../gate/launch';
import { renderConfirmEmail } from './confirm-email';
import { requestedList } from '../subscribers/merge';
import { getSubscriber, recordMailStatus, type MailStatusUpdate, type StoredRecord } from '../subscribers/store';
import { signUnsubscribeToken } from '../subscribers/unsubscribe-token';
import { CONFIRM_TTL_MS, signConfirmToken } from '../subscribers/confirm-token';
import { mayReceiveListMail, suppressionOf } from '../subscribers/status';
import { SUPPRESSED_SKIP } from './events/suppression';
import type { Subscriber } from '../subscribers/record';
import type { LedgerEvent } from '../subscribers/ledger';
import type { List } from '../subscribers/vocabulary';

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

/** The ledger event a kind of subscriber mail writes. */
export const LEDGER_EVENT: Record<string, LedgerEvent['type']> = {
  [CONFIRM_KIND]: 'confirmation-sent',
  welcome: 'welcome-sent',
  'staff-resend': 'staff-resend',
};

/** The record's mail status after a queue event. */
function mailStatus(entry: Entry, event: MailEvent): MailStatusUpdate {
  const kind = typeof entry.render.templateId === 'string' ? entry.render.templateId : entry.kind;
  const status = (
    {
      sent: 'sent',
      queued: 'waiting',
      retry: 'waiting',
      failed: 'failed',
      skipped: 'skipped',
      unknown: 'unknown',
    } as const
  )[event.outcome];
  return {
    status,
    kind,
    attempts: event.attempt,
    lastAttemptAt: event.at,
    lastError: event.outcome === 'sent' ? null : event.detail.slice(0, 1000),
    ...(event.outcome === 'sent' ? { sentAt: event.at } : {}),
  };
}

/**
 * Subscriber mail of one kind: rendered from the record (the one this request holds, or a fresh
 * read in the worker), recorded on it (one conditional write on the ETag this request holds).
 */
function subscriberHandler(
  render: (sub: Subscriber, entry: Entry) => Promise<Awaited<ReturnType<MailHandler['render']>>>,
  held?: StoredRecord,
): MailHandler {
  let stored = held;
  return {
    async render(entry) {
      const id = entry.subscriberId ?? '';
      const sub = stored?.subscriber.id === id ? stored.subscriber : await getSubscriber(id);
      if (!sub || sub.deletedAt) return { skip: 'the subscriber no longer exists' };
      if (suppressionOf(sub.history)) return { skip: SUPPRESSED_SKIP };
      return render(sub, entry);
    },
    async record(entry, event) {
      if (!entry.subscriberId) return;
      const type = LEDGER_EVENT[entry.kind];
      const detail = `${event.outcome === 'queued' ? '' : `attempt ${event.attempt}: `}${event.detail}`.slice(0, 500);
      await recordMailStatus(
        entry.subscriberId,
        mailStatus(entry, event),
        { at: event.at, type, outcome: event.outcome, detail, mailId: entry.id },
        stored,
      );
      // The held ETag is spent: a later event of this mail reads the record afresh.
      stored = undefined;
    },
  };
}

const renderConfirmation = async (sub: Subscriber, entry: Entry) => {
  const nonce = String(entry.render.nonce ?? '');
  // A newer link (or the confirmation itself) spent this one: the mail would only confuse.
  if (!nonce || sub.confirmNonce !== nonce) return { skip: 'a newer confirmation link replaced this one' };
  const list = (entry.render.list as List | undefined) ?? requestedList(sub);
  return renderConfirmEmail(
    {
      list,
      confirmUrl: await confirmUrl(sub.id, nonce, Date.parse(entry.createdAt)),
      validDays: Math.round(CONFIRM_TTL_MS / 86_400_000),
      siteUrl: requireConfig('SITE_URL'),
    },
    undefined,
    await getTemplate(CONFIRM_TEMPLATE_ID),
  );
};

const renderListMail = async (sub: Subscriber, entry: Entry) => {
  if (!mayReceiveListMail(sub)) return { skip: 'the subscriber is not confirmed or has unsubscribed' };
  const asked = isTemplateId(String(entry.render.templateId))
    ? (entry.render.templateId as TemplateId)
    : welcomeTemplateFor(sub);
  // The waitlist welcome promises the launch notification: once the site is open, its after-launch wording goes.
  const templateId = asked === 'waitlist-confirmation' && (await isSiteOpen()) ? LAUNCHED_WELCOME_ID : asked;
  const url = await unsubscribeUrl(sub.id);
  const rendered = renderTemplate(await getTemplate(templateId), {
    name: sub.name,
    interestMessage: interestMessage({ interests: sub.interests, phoneModel: sub.phoneModel }),
    unsubscribeUrl: url,
    siteUrl: requireConfig('SITE_URL'),
  });
  return {
    ...rendered,
    category: templateId,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
};

/** The subscriber mail kinds, for the queue's worker (records are read fresh there). */
export const subscriberMailHandlers: MailHandlers = {
  'confirm-subscription': subscriberHandler(renderConfirmation),
  welcome: subscriberHandler(renderListMail),
  'staff-resend': subscriberHandler(renderListMail),
};

/** What became of a subscriber mail this request asked for: queued (with its state), or refused by an allowance. */
export type SubscriberMailOutcome = QueuedMail | { state: 'limited'; detail: string; retryAfter: number };

/**
 * Queues the double opt-in request for the link nonce the signup stored with the record, and sends
 * it at once when the send rate allows (after the answer, with `defer`). Confirmation requests to an alias of an inbox take one of the
 * inbox's alias allowances (src/lib/email/limits.ts); a refusal is recorded in the ledger and frees
 * the record to ask again later.
 * @param stored the record as the signup wrote it, with that write's ETag (no read needed)
 */
export async function sendConfirmationRequest(
  stored: StoredRecord & { subscriber: { confirmNonce: string | null } },
  { defer }: { defer?: Defer } = {},
): Promise<SubscriberMailOutcome> {
  const sub = stored.subscriber;
  const hit = await takeConfirmationAllowance(sub.email);
  if (hit) {
    const at = new Date().toISOString();
    const detail = 'not sent: this inbox has had the most confirmation requests for its aliases today';
    await recordMailStatus(
      sub.id,
      { status: 'skipped', kind: CONFIRM_KIND, attempts: 0, lastAttemptAt: at, lastError: detail },
      { at, type: 'confirmation-sent', outcome: 'limited', detail },
      stored,
    );
    return { state: 'limited', detail, retryAfter: hit.retryAfter };
  }
  return sendMail(
    {
      to: sub.email,
      kind: CONFIRM_KIND,
      subscriberId: sub.id,
      render: { nonce: sub.confirmNonce, list: requestedList(sub) },
    },
    subscriberHandler(renderConfirmation, stored),
    { defer },
  );
}

/**
 * Queues list mail to a confirmed subscriber (the welcome after a confirmation, or a staff send) and
 * sends it at once when the send rate allows. Pending and unsubscribed subscribers get nothing.
 * @param stored the record as this request holds it, with its ETag when known
 */
export async function sendSubscriberMail(
  stored: StoredRecord,
  templateId: TemplateId,
  kind: 'welcome' | 'staff-resend',
): Promise<QueuedMail> {
  const sub = stored.subscriber;
  return sendMail(
    { to: sub.email, kind, subscriberId: sub.id, render: { templateId } },
    subscriberHandler(renderListMail, stored),
  );
}
