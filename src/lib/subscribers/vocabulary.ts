/**
 * The subscriber's vocabulary: the interests and lists a subscriber can have, and every form that
 * collects consent with the wording it shows (CASL: proof of express consent). The forms (signups),
 * the record (subscribers), the mail (email) and staff screens (admin) all speak it, so it lives at
 * the lowest of those layers (docs/architecture.md).
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 */
import { SITE } from '../../config/site';
import { z } from '../zod';

/** Interest values of the waitlist (docs/site.md#validation). */
export const INTERESTS = ['tech_news', 'phone_recommendations', 'smartphone_tutorials', 'all'] as const;
export type Interest = (typeof INTERESTS)[number];

/** Button labels of the interest choice, in display order. */
export const INTEREST_LABELS: Record<Interest, string> = {
  tech_news: 'Tech News',
  phone_recommendations: 'Phone Recommender',
  smartphone_tutorials: 'Smartphone Tutorials',
  all: 'All of the above',
};

/** Interests default to all. */
export const DEFAULT_INTEREST: Interest = 'all';

/** The message for an interest outside INTERESTS (docs/site.md#validation). */
export const INTERESTS_MESSAGE = 'Please select your interests';

/** An interest field of a payload or a stored record. */
export const interestField = z.enum(INTERESTS, { error: INTERESTS_MESSAGE });

/** Lists a subscriber can be on. */
export const LISTS = ['waitlist', 'newsletter', 'both'] as const;
export type List = (typeof LISTS)[number];

/** Who the mail comes from, as a visitor reads it in a consent statement (CASL: name, mailing address, contact). */
const SENDER = `${SITE.name}, ${SITE.mailingAddress} (${SITE.email})`;

/** The one-line statement under the header and about subscribe buttons. */
const COMPACT_CONSENT = `By subscribing you agree to receive tech updates by e-mail from ${SENDER}. Unsubscribe any time.`;

/**
 * Every form that collects consent, with the wording it shows. Keys are the `form` value sent by the client.
 * `list` is the list the form signs up to.
 */
export const CONSENT_FORMS = {
  /** Newsletter block ('Join Our Community'): the checkbox label plus the privacy line under it. */
  newsletter: {
    list: 'newsletter',
    label: 'Newsletter block',
    checkbox: `I agree to receive newsletters from ${SITE.name}`,
    note: `We respect your privacy. E-mails come from ${SENDER}; unsubscribe any time.`,
    wording: `I agree to receive newsletters from ${SITE.name}. We respect your privacy. E-mails come from ${SENDER}; unsubscribe any time.`,
  },
  /** Header 'Tap here' popover (desktop). */
  header: { list: 'newsletter', label: 'Header subscribe form', wording: COMPACT_CONSENT },
  /** Header subscribe section of the mobile menu. */
  'header-mobile': { list: 'newsletter', label: 'Mobile menu subscribe form', wording: COMPACT_CONSENT },
  /** About page subscribe box. */
  about: { list: 'newsletter', label: 'About page subscribe box', wording: COMPACT_CONSENT },
  /** Waitlist form on /waitlist and /join: the privacy note under the button. */
  waitlist: {
    list: 'waitlist',
    label: 'Waitlist form',
    wording: `By joining you agree to receive the launch notification, early-access news and exclusive content by e-mail from ${SENDER}. We respect your privacy: we never share your address, and you can unsubscribe at any time.`,
    /**
     * The same note once the site is launched (docs/site.md#launching): no launch notification
     * promised. The server accepts either and records the one the visitor was shown.
     */
    launchedWording: `By joining you agree to receive news and exclusive content by e-mail from ${SENDER}. We respect your privacy: we never share your address, and you can unsubscribe at any time.`,
  },
} as const;

export type ConsentForm = keyof typeof CONSENT_FORMS;
export const NEWSLETTER_FORMS = [
  'newsletter',
  'header',
  'header-mobile',
  'about',
] as const satisfies readonly ConsentForm[];
export type NewsletterForm = (typeof NEWSLETTER_FORMS)[number];

/** The wording a form shows (what the client sends and the server records). */
export function consentWording(form: ConsentForm): string {
  return CONSENT_FORMS[form].wording;
}
