/**
 * The signup use cases behind POST /api/waitlist and POST /api/newsletter/subscribe:
 * store first, then mail. Server only.
 */
import { CONSENT_FORMS } from './constants';
import { sendSubscriberMail, type MailOutcome } from './mail';
import type { Signup } from './merge';
import type { NewsletterPayload } from './newsletter-schema';
import type { Subscriber, WaitlistPayload } from './schemas';
import { saveSignup } from './store';

export interface SignupResult {
  subscriber: Subscriber;
  mail: MailOutcome;
}

/** Stores the signup (create or merge), then sends the list's confirmation; a mail failure leaves the record in place. */
async function storeThenMail(signup: Signup): Promise<SignupResult> {
  // One clock reading per signup: the record's times and its consent time are the same instant.
  const subscriber = await saveSignup(signup, signup.consent.at);
  const mail = await sendSubscriberMail(subscriber, signup.list === 'waitlist' ? 'waitlist-confirmation' : 'newsletter-welcome');
  return { subscriber, mail };
}

/** A validated waitlist payload: stored with its consent record, then the waitlist confirmation is sent. */
export function joinWaitlist(p: WaitlistPayload, now = new Date().toISOString()): Promise<SignupResult> {
  return storeThenMail({
    list: 'waitlist',
    name: p.name,
    email: p.email,
    interest: p.interests,
    source: p.source,
    referrer: p.referrer,
    consent: { at: now, wording: CONSENT_FORMS.waitlist.wording, form: 'waitlist', page: p.page ?? '', source: p.source },
  });
}

/** A validated newsletter payload (consent is true by schema): stored, then the newsletter welcome is sent. */
export function subscribeNewsletter(p: NewsletterPayload, now = new Date().toISOString()): Promise<SignupResult> {
  return storeThenMail({
    list: 'newsletter',
    name: p.name,
    email: p.email,
    phoneModel: p.phoneModel,
    source: p.source,
    referrer: p.referrer,
    consent: { at: now, wording: CONSENT_FORMS[p.form].wording, form: p.form, page: p.page ?? '', source: p.source },
  });
}
