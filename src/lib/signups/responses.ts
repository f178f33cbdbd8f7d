/**
 * Success answers of the signup endpoints. Identical for a new address, a known address and a
 * filled honeypot, so the API never reveals whether an address is already subscribed.
 */
export const SIGNUP_OK = {
  waitlist: { ok: true, message: "You're on the waitlist! Check your email for a confirmation message." },
  newsletter: { ok: true, message: 'Thank you for subscribing to our newsletter!' },
} as const;
