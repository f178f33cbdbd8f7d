/**
 * The signup use cases behind POST /api/waitlist, POST /api/newsletter/subscribe and the
 * confirmation page: store first, then mail. Server only.
 */
import { requireConfig } from '../server/env';
import { CONSENT_FORMS, type ConsentForm } from './constants';
import { hashIp, wordingVersion } from './ledger';
import { sendConfirmationRequest, sendSubscriberMail, welcomeTemplateFor, type MailOutcome } from './mail';
import type { Signup } from './merge';
import type { NewsletterPayload } from './newsletter-schema';
import type { Subscriber, WaitlistPayload } from './schemas';
import { confirmSubscriber, saveSignup } from './store';
import { newConfirmNonce, verifyConfirmToken } from './confirm-token';

export interface SignupResult {
  subscriber: Subscriber;
  /** null when no mail was due (already confirmed for this list, or a confirmation went out in the last 24 h). */
  mail: MailOutcome | null;
}

/** What the signup function knows about the request besides the payload. */
export interface SignupRequest {
  /** Client address: hashed into the ledger, and counted in the per-client mail limit. */
  ip: string;
  now?: string;
}

/** The form-independent part of a signup, before hashing. */
export type SignupDraft = Omit<Signup, 'consent' | 'ipHash' | 'wordingVersion'> & { form: ConsentForm; page: string };

/**
 * Stores the signup (pending record, or the request recorded on the existing one), then sends the
 * confirmation request when one is due. A mail failure or limit leaves the record in place; the
 * visitor's answer does not depend on any of it.
 */
export async function signUp(draft: SignupDraft, request: SignupRequest): Promise<SignupResult> {
  const secret = requireConfig('SESSION_SECRET');
  requireConfig('SITE_URL');
  // One clock reading per signup: the record's times and its ledger time are the same instant.
  const now = request.now ?? new Date().toISOString();
  const wording = CONSENT_FORMS[draft.form].wording;
  const { form, page, ...rest } = draft;
  const signup: Signup = {
    ...rest,
    consent: { at: now, wording, form, page, source: draft.source },
    ipHash: await hashIp(request.ip, secret),
    wordingVersion: await wordingVersion(wording),
  };
  const { subscriber, etag, sendConfirmation } = await saveSignup(signup, now, newConfirmNonce());
  const mail = sendConfirmation
    ? await sendConfirmationRequest(subscriber, { clientIp: request.ip, storedNonce: subscriber.confirmNonce, etag })
    : null;
  return { subscriber, mail };
}

/** A validated waitlist payload as a signup draft. */
export function waitlistDraft(p: WaitlistPayload): SignupDraft {
  return {
    list: 'waitlist',
    form: 'waitlist',
    name: p.name,
    email: p.email,
    interest: p.interests,
    source: p.source,
    referrer: p.referrer,
    page: p.page ?? '',
  };
}

/** A validated newsletter payload (consent is true by schema) as a signup draft. */
export function newsletterDraft(p: NewsletterPayload): SignupDraft {
  return {
    list: 'newsletter',
    form: p.form,
    name: p.name,
    email: p.email,
    phoneModel: p.phoneModel,
    source: p.source,
    referrer: p.referrer,
    page: p.page ?? '',
  };
}

export type ConfirmResult =
  { outcome: 'confirmed'; subscriber: Subscriber; welcome: MailOutcome | null } | { outcome: 'invalid' | 'expired' };

/**
 * The confirm button: checks the signed link, confirms the subscription (express consent in the
 * ledger), then sends the list's welcome when something new was confirmed.
 */
export async function confirmFromToken(
  token: string | null,
  ip: string,
  now = new Date().toISOString(),
): Promise<ConfirmResult> {
  const secret = requireConfig('SESSION_SECRET');
  const check = await verifyConfirmToken(token, secret, Date.parse(now));
  if (!check.ok) return { outcome: check.reason };
  const result = await confirmSubscriber(check.id, check.nonce, await hashIp(ip, secret), now);
  if (result.status !== 'confirmed') return { outcome: 'invalid' };
  const welcome = result.changed
    ? await sendSubscriberMail(result.subscriber, welcomeTemplateFor(result.subscriber), 'welcome-sent')
    : null;
  return { outcome: 'confirmed', subscriber: result.subscriber, welcome };
}
