/**
 * The flood limits of the signup endpoints, counted in Netlify Blobs with the shared limiter's slots
 * (src/lib/server/shared-ratelimit.ts), so they hold across every function instance:
 * - per network (IPv4 /24, IPv6 /64: `networkKey`), SIGNUP_NETWORK_LIMIT signups per 10 minutes: one
 *   network cannot fill the mail queue ahead of everyone else's confirmations;
 * - site-wide, SIGNUP_SITE_DAILY_LIMIT signups per day (UTC): the queue never grows without bound
 *   (one slot per SITE_BLOCK signups of an instance).
 * Every signup may ask for a confirmation mail, so counting signups counts the mail asked for; the
 * count comes before the body is read and is the same for new and known addresses (a refusal tells
 * nobody who is subscribed). Past a limit: 429 with Retry-After. The per-address limit
 * (SIGNUP_RATE_LIMIT, in memory) runs before these. docs/consent-and-mail.md, "Flood limits".
 * Server only.
 */
import { getEnv } from '../../server/env';
import { networkKey, tooManyRequests } from '../../server/http';
import { clearHits, secondsToWindowEnd, takeSlot } from '../../server/shared-ratelimit';

/** The per-network window. */
export const NETWORK_WINDOW_MS = 10 * 60_000;
/** The site-wide window. */
export const SITE_WINDOW_MS = 24 * 60 * 60_000;
/** Random slots the site-wide count tries before it lists its window (it is shared by every client). */
const SITE_TRIES = 4;
/**
 * Signups one site-wide slot stands for: an instance takes a slot per SITE_BLOCK signups and counts
 * the rest in memory, so the site-wide count costs one write per SITE_BLOCK signups instead of one
 * each. A limit of N is N / SITE_BLOCK slots (rounded up); each instance can leave at most
 * SITE_BLOCK - 1 signups of its last slot unused, so the site accepts at most N, and at least N minus
 * that much per instance.
 */
export const SITE_BLOCK = 10;

/** This instance's current site-wide slot: its window and how many signups it still covers. */
let siteBlock = { windowEnd: 0, left: 0 };
/**
 * The slot this instance is taking now, if any. Signups that find the block used up wait for this one
 * take instead of each taking a slot of their own: under a burst, a hundred signups arrive while one
 * take is in flight, and without it each took a slot, so a slot stood for about one signup, the day's
 * count filled ten times too early and its nearly full window was listed again and again.
 */
let refill: { windowEnd: number; taken: Promise<boolean> } | null = null;

/** Takes one signup of the site-wide count: from this instance's slot, or a new slot. */
async function takeSiteSignup(limit: number, now: number): Promise<boolean> {
  const windowEnd = (Math.floor(now / SITE_WINDOW_MS) + 1) * SITE_WINDOW_MS;
  for (;;) {
    if (siteBlock.windowEnd === windowEnd && siteBlock.left > 0) {
      siteBlock.left -= 1;
      return true;
    }
    if (refill?.windowEnd !== windowEnd) {
      const current = {
        windowEnd,
        taken: takeSlot('signup-site', 'site', Math.ceil(limit / SITE_BLOCK), SITE_WINDOW_MS, now, SITE_TRIES).then(
          (slot) => {
            if (slot) {
              const left = siteBlock.windowEnd === windowEnd ? siteBlock.left : 0;
              siteBlock = { windowEnd, left: left + SITE_BLOCK };
            }
            return slot !== null;
          },
        ),
      };
      refill = current;
      void current.taken.then(
        () => refill === current && (refill = null),
        () => refill === current && (refill = null),
      );
    }
    // A full window refuses everyone waiting; otherwise the new block serves the waiters in turn,
    // and those it cannot serve take the next slot.
    if (!(await refill.taken)) return false;
  }
}

/** What a visitor reads when a flood limit refuses a signup (then "Please try again later."). */
export const FLOOD_MESSAGES = {
  network: 'Too many signups came from your network.',
  site: 'We are receiving more signups than we can confirm today.',
} as const;

/** What a visitor reads when a flood limit refuses a mail they asked for (recommendations). */
export const MAIL_FLOOD_MESSAGES = {
  network: 'Too many e-mails were requested from your network.',
  site: 'We are receiving more requests than we can send today.',
} as const;

/** What a flood limit counts: a signup, or a mail a visitor asks for (recommendations). */
export type FloodKind = 'signup' | 'mail';

/**
 * Counts one signup from `ip` in its network's and the site's windows, at once; throws the 429 when
 * either is full. A refusal gives back the network's slot; a site-wide signup it took from this
 * instance's slot stays counted (the site's count is a bound, not a tally).
 */
export async function takeSignupAllowance(ip: string, now = Date.now()): Promise<void> {
  await takeFloodAllowance(ip, 'signup', now);
}

/**
 * Counts one signup or one mail a visitor asks for from `ip` in the same two windows as a signup:
 * per network (SIGNUP_NETWORK_LIMIT per 10 minutes) and site-wide (SIGNUP_SITE_DAILY_LIMIT per day).
 * Both ask the mail queue for a mail, so one network's signups and recommendation mails together hold
 * at most that many of the queue's send slots. Throws the 429 when either window is full. Returns
 * `release`, which gives the network's slot back (a later check refused the request).
 */
export async function takeFloodAllowance(
  ip: string,
  kind: FloodKind,
  now = Date.now(),
): Promise<{ release: () => Promise<void> }> {
  const env = getEnv();
  const [net, site] = await Promise.all([
    takeSlot('signup-net', networkKey(ip), env.SIGNUP_NETWORK_LIMIT, NETWORK_WINDOW_MS, now),
    takeSiteSignup(env.SIGNUP_SITE_DAILY_LIMIT, now),
  ]);
  if (net && site) return { release: () => clearHits([net]) };
  // A refused signup uses up nothing: the network's slot is given back (a site-wide signup taken
  // from this instance's slot is not; at most one per refusal).
  if (net) await clearHits([net]);
  const scope = net ? 'site' : 'network';
  if (scope === 'network') console.warn(`[${kind}] network ${networkKey(ip)} reached SIGNUP_NETWORK_LIMIT; refused`);
  else console.warn(`[${kind}] the site reached SIGNUP_SITE_DAILY_LIMIT; refused`);
  const windowMs = scope === 'network' ? NETWORK_WINDOW_MS : SITE_WINDOW_MS;
  const messages = kind === 'signup' ? FLOOD_MESSAGES : MAIL_FLOOD_MESSAGES;
  throw tooManyRequests('mail_limited', secondsToWindowEnd(windowMs, now), messages[scope]);
}
