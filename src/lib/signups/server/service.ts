/**
 * The signup use cases behind POST /api/waitlist, POST /api/newsletter/subscribe and the
 * confirmation page: store first, then mail. Server only.
 */
import { requireConfig } from '../../server/env';
import { CONSENT_FORMS, type ConsentForm } from '../constants';
import { hashIp, wordingVersion } from '../../subscribers/ledger';
import {
  sendConfirmationRequest,
  sendSubscriberMail,
  welcomeTemplateFor,
  type SubscriberMailOutcome,
} from '../../email/subscriber-mail';
import type { Signup } from '../../subscribers/merge';
import type { NewsletterPayload } from '../newsletter-schema';
import type { WaitlistPayload } from '../schemas';
import type { Subscriber } from '../../subscribers/record';
import { confirmSubscriber, saveSignup } from '../../subscribers/store';
import { newConfirmNonce, verifyConfirmToken } from '../../subscribers/confirm-token';
import type { Defer } from '../../email/queue/queue';

export interface SignupResult {
  subscriber: Subscriber;
  /** null when no mail was due (already confirmed for this list, or a confirmation went out in the last 24 h). */
  mail: SubscriberMailOutcome | null;
}

/** What the signup function knows about the request besides the payload. */
export interface SignupRequest {
  /** Client address: hashed into the ledger, and counted in the per-client mail limit. */
  ip: string;
  now?: string;
  /** Hands the confirmation's provider call to the platform, to run after the answer (`context.waitUntil`). */
  defer?: Defer;
}

/** The form-independent part of a signup, before hashing. */
export type SignupDraft = Omit<Signup, 'consent' | 'ipHash' | 'wordingVersion'> & {
  form: ConsentForm;
  page: string;
  /** The consent note shown, when the form has more than one (already checked by the schema). */
  wording?: string;
};

/**
 * How long a signup that recorded its confirmation mail takes, as a running average of this instance's
 * recent ones (ms). A signup that sends nothing (a known address, a filled honeypot) answers faster;
 * held until this long, its answer cannot tell anyone whether an address is already on the list.
 */
let mailedSignupMs = 20;

/** Waits until a signup started at `startedAt` (performance.now()) took as long as one that sent mail. */
export async function holdLikeAMailedSignup(startedAt: number): Promise<void> {
  const wait = mailedSignupMs - (performance.now() - startedAt);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/**
 * Stores the signup (pending record, or the request recorded on the existing one), then sends the
 * confirmation request when one is due. A mail failure or limit leaves the record in place; the
 * visitor's answer does not depend on any of it, not even in its timing (`holdLikeAMailedSignup`).
 */
export async function signUp(draft: SignupDraft, request: SignupRequest): Promise<SignupResult> {
  const startedAt = performance.now();
  const secret = requireConfig('SESSION_SECRET');
  requireConfig('SITE_URL');
  // One clock reading per signup: the record's times and its ledger time are the same instant.
  const now = request.now ?? new Date().toISOString();
  const { form, page, wording: shown, ...rest } = draft;
  const wording = shown ?? CONSENT_FORMS[form].wording;
  const signup: Signup = {
    ...rest,
    consent: { at: now, wording, form, page, source: draft.source },
    ipHash: await hashIp(request.ip, secret),
    wordingVersion: await wordingVersion(wording),
  };
  const { subscriber, etag, sendConfirmation } = await saveSignup(signup, now, newConfirmNonce());
  const mail = sendConfirmation ? await sendConfirmationRequest({ subscriber, etag }, { defer: request.defer }) : null;
  if (mail && mail.state !== 'limited') mailedSignupMs = 0.8 * mailedSignupMs + 0.2 * (performance.now() - startedAt);
  else await holdLikeAMailedSignup(startedAt);
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
    // After launch the form shows a note without the launch notification: record that one.
    ...(p.consentText === CONSENT_FORMS.waitlist.launchedWording ? { wording: p.consentText } : {}),
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
  | { outcome: 'confirmed'; subscriber: Subscriber; welcome: SubscriberMailOutcome | null }
  | { outcome: 'invalid' | 'expired' };

/**
 * The confirm button: checks the signed link, confirms the subscription (express consent in the
 * ledger), then sends the list's welcome when something new was confirmed. Signups of the address
 * made after the confirmed mail was decided are not confirmed by it (a stranger may have made them);
 * they get a confirmation mail of their own, so a visitor who joined a second list meanwhile is asked
 * about it instead of waiting for a mail that never comes.
 */
export async function confirmFromToken(
  token: string | null,
  ip: string,
  now = new Date().toISOString(),
): Promise<ConfirmResult> {
  const secret = requireConfig('SESSION_SECRET');
  const check = await verifyConfirmToken(token, secret, Date.parse(now));
  if (!check.ok) return { outcome: check.reason };
  const result = await confirmSubscriber(check.id, check.nonce, await hashIp(ip, secret), now, newConfirmNonce());
  if (result.status !== 'confirmed') return { outcome: 'invalid' };
  const welcome = result.changed
    ? await sendSubscriberMail(
        { subscriber: result.subscriber, etag: result.etag },
        welcomeTemplateFor(result.subscriber),
        'welcome',
      )
    : null;
  if (result.askAgain) await sendConfirmationRequest({ subscriber: result.subscriber, etag: null });
  return { outcome: 'confirmed', subscriber: result.subscriber, welcome };
}
