/**
 * The flood limits of the signup endpoints, counted in Netlify Blobs with the shared limiter's slots
 * (src/lib/server/shared-ratelimit.ts), so they hold across every function instance:
 * - per network (IPv4 /24, IPv6 /64: `networkKey`), SIGNUP_NETWORK_LIMIT signups per 10 minutes: one
 *   network cannot fill the mail queue ahead of everyone else's confirmations;
 * - site-wide, SIGNUP_SITE_DAILY_LIMIT signups per day (UTC): the queue never grows without bound.
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

/** What a visitor reads when a flood limit refuses a signup (then "Please try again later."). */
export const FLOOD_MESSAGES = {
  network: 'Too many signups came from your network.',
  site: 'We are receiving more signups than we can confirm today.',
} as const;

/**
 * Counts one signup from `ip` in its network's and the site's windows; throws the 429 when either
 * is full (the slot taken in the other is given back, so a refused signup uses up nothing).
 */
export async function takeSignupAllowance(ip: string, now = Date.now()): Promise<void> {
  const env = getEnv();
  const [net, site] = await Promise.all([
    takeSlot('signup-net', networkKey(ip), env.SIGNUP_NETWORK_LIMIT, NETWORK_WINDOW_MS, now),
    takeSlot('signup-site', 'site', env.SIGNUP_SITE_DAILY_LIMIT, SITE_WINDOW_MS, now, SITE_TRIES),
  ]);
  if (net && site) return;
  await clearHits([net, site].filter((k): k is string => k !== null));
  const scope = net ? 'site' : 'network';
  if (scope === 'network') console.warn(`[signup] network ${networkKey(ip)} reached SIGNUP_NETWORK_LIMIT; refused`);
  else console.warn('[signup] the site reached SIGNUP_SITE_DAILY_LIMIT; refused');
  const windowMs = scope === 'network' ? NETWORK_WINDOW_MS : SITE_WINDOW_MS;
  throw tooManyRequests('mail_limited', secondsToWindowEnd(windowMs, now), FLOOD_MESSAGES[scope]);
}
