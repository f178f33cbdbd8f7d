/**
 * Signup constants shared by the forms (browser) and the functions (server).
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 *
 * The consent wordings are what the visitor sees next to the submit button or checkbox. The client
 * sends the wording it showed; the server accepts only a wording listed here for that form and
 * stores it in the subscriber's consent record (CASL: proof of express consent).
 */
import { CONSENT_FORMS, INTERESTS_MESSAGE } from '../subscribers/vocabulary';

// The subscriber's vocabulary (interests, lists, consent forms) lives in src/lib/subscribers/vocabulary.ts;
// re-exported here for the forms.
export {
  CONSENT_FORMS,
  consentWording,
  DEFAULT_INTEREST,
  INTEREST_LABELS,
  INTERESTS,
  INTERESTS_MESSAGE,
  LISTS,
  NEWSLETTER_FORMS,
  type ConsentForm,
  type Interest,
  type List,
  type NewsletterForm,
} from '../subscribers/vocabulary';

/**
 * The benefit cards of the waitlist pages (docs/site.md#signups): on /join and /waitlist, and on the
 * page a form posted without JavaScript comes back to with its errors. `icon` names an icon of src/lib/icons.ts.
 */
/**
 * After launch (docs/site.md#launching) the waitlist pages stop promising a launch: these replace
 * the pre-launch words, card by card (same order as WAITLIST_BENEFITS) and line by line.
 */
export const LAUNCHED_COPY = {
  badge: 'Now open in Kitchener, Ontario',
  intro:
    "Smartphone recommendations you can trust, honest reviews and easy tutorials from a local tech team. We're live: join the list for news and members-only picks.",
  benefits: [
    { title: 'First Looks', text: 'Be among the first to read new guides, phone picks and shop arrivals.' },
    {
      title: 'Occasional News',
      text: "A short e-mail when there's something worth your time. Unsubscribe in one click.",
    },
    {
      title: 'Exclusive Content',
      text: 'Members-only tutorials, phone picks and local tech events in Kitchener-Waterloo.',
    },
  ],
  description: 'Join the Maple Tech list for news, first looks and exclusive content.',
} as const;

export const WAITLIST_BENEFITS = [
  {
    title: 'Early Access',
    text: 'Be among the first to try the phone recommender, our guides and the shop before everyone else.',
    icon: 'bolt',
  },
  {
    title: 'Launch Notification',
    text: 'One e-mail the moment we go live, so you never miss the launch.',
    icon: 'bell',
  },
  {
    title: 'Exclusive Content',
    text: 'Members-only tutorials, phone picks and local tech events in Kitchener-Waterloo.',
    icon: 'star',
  },
] as const;

/** Field length caps (server-side too: nothing unbounded is stored). */
export const LIMITS = {
  name: 100,
  email: 254,
  phoneModel: 100,
  source: 100,
  referrer: 2000,
  page: 200,
  honeypot: 500,
  /** Newsletter type-ahead: at most this many suggestions (docs/site.md#limits). */
  suggestions: 5,
  /** Waitlist name minimum (docs/site.md#validation). */
  waitlistNameMin: 2,
} as const;

/** Validation messages, word for word as in docs/site.md#validation. */
export const MESSAGES = {
  nameRequired: 'Name is required',
  waitlistNameMin: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  phoneRequired: 'Phone model is required',
  phoneUnknown: 'Please enter a valid phone model (e.g., iPhone 15, Galaxy S24)',
  consent: 'You must consent to receive newsletters',
  interests: INTERESTS_MESSAGE,
  nameTooLong: `Name must be at most ${LIMITS.name} characters`,
  emailTooLong: `Email address must be at most ${LIMITS.email} characters`,
  phoneTooLong: `Phone model must be at most ${LIMITS.phoneModel} characters`,
  sourceInvalid: `Source must be text of at most ${LIMITS.source} characters`,
  referrerInvalid: `Referrer must be text of at most ${LIMITS.referrer} characters`,
  pageInvalid: 'Page must be a site path such as /join',
  formInvalid: 'Unknown form',
  nameUnsafe: 'Name must not contain control, invisible or text-direction characters, or piled-up accents',
  phoneUnsafe: 'Phone model must not contain control, invisible or text-direction characters, or piled-up accents',
  textUnsafe: 'This field must not contain control, invisible or text-direction characters, or piled-up accents',
  consentWording: 'The consent wording does not match the one shown on this form',
} as const;

/** Toasts (docs/site.md#messages). */
export const TOASTS = {
  waitlistSuccess: {
    title: 'Successfully joined the waitlist!',
    description: 'Check your email for a confirmation message.',
  },
  waitlistFailure: { title: 'Something went wrong', description: 'Please try again later.' },
  newsletterSuccess: { title: 'Subscription successful', description: 'Thank you for subscribing to our newsletter!' },
  newsletterFailure: { title: 'Error', description: 'There was a problem with your subscription. Please try again.' },
} as const;

export { HONEYPOT_FIELD } from './honeypot';

/**
 * The waitlist form's consent note as the page shows it now: the after-launch one once the page's
 * launch-state check marked the document (`data-site-launched`, WaitlistPage.astro). Browser only.
 */
export function shownWaitlistWording(): string {
  const launched = typeof document !== 'undefined' && document.documentElement.hasAttribute('data-site-launched');
  return launched ? CONSENT_FORMS.waitlist.launchedWording : CONSENT_FORMS.waitlist.wording;
}
