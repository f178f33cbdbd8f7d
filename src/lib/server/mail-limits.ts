/**
 * Mail limits that hold across every function instance, counted in Netlify Blobs with the shared
 * limiter's windows and slots (one blob per mail and limit, never a counter in one blob):
 * - per recipient: MAIL_RECIPIENT_DAILY_LIMIT mails per 24 h window, whatever endpoint sends them,
 *   except the double opt-in request, which the subscriber record itself allows once per address
 *   and 24 h (exactly, also under concurrent signups), so it takes no slot here;
 * - per client address: MAIL_CLIENT_HOURLY_LIMIT visitor-triggered mails per hour;
 * - globally: MAIL_GLOBAL_HOURLY_LIMIT mails per hour for the whole site.
 * Windows are fixed (aligned to the clock), see docs/consent-and-mail.md, "Mail limits". Server only.
 */
import { getEnv } from './env';
import { HttpError } from './http';
import { clearHits, rateLimited, takeSlot } from './shared-ratelimit';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type MailLimitScope = 'recipient' | 'client' | 'global';

export interface MailLimitHit {
  scope: MailLimitScope;
  /** Seconds until the window reopens. */
  retryAfter: number;
}

interface Allowance {
  scope: MailLimitScope;
  bucket: string;
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one mail to `to` (and from `clientIp` when a visitor triggered it); returns the limit hit,
 * or null when the mail may go. A slot is taken in each window at once (usually one write each, in
 * parallel); when one window is full the slots taken in the others are given back, so a refused
 * mail uses up nothing. A storage failure refuses the mail (fail closed), as 'global'.
 * @param options.recipient false for a mail the subscriber record caps at one per address and 24 h
 *   (the confirmation request): no per-recipient slot
 */
export async function takeMailAllowance(
  to: string,
  clientIp?: string,
  { recipient = true }: { recipient?: boolean } = {},
): Promise<MailLimitHit | null> {
  const env = getEnv();
  const now = Date.now();
  const allowances: Allowance[] = [
    { scope: 'global', bucket: 'mail-global', key: 'all', limit: env.MAIL_GLOBAL_HOURLY_LIMIT, windowMs: HOUR },
  ];
  if (recipient) {
    allowances.unshift({
      scope: 'recipient',
      bucket: 'mail-recipient',
      key: to.trim().toLowerCase(),
      limit: env.MAIL_RECIPIENT_DAILY_LIMIT,
      windowMs: DAY,
    });
  }
  if (clientIp) {
    allowances.unshift({
      scope: 'client',
      bucket: 'mail-client',
      key: clientIp,
      limit: env.MAIL_CLIENT_HOURLY_LIMIT,
      windowMs: HOUR,
    });
  }
  try {
    const slots = await Promise.all(allowances.map((a) => takeSlot(a.bucket, a.key, a.limit, a.windowMs, now)));
    const full = allowances.find((_, i) => slots[i] === null);
    if (!full) return null;
    await clearHits(slots.filter((k): k is string => k !== null));
    const retryAfter = Number(rateLimited(full.windowMs, now).headers?.['retry-after'] ?? '60');
    return { scope: full.scope, retryAfter };
  } catch (err) {
    console.error('[mail] could not count the mail limits; not sending', err);
    return { scope: 'global', retryAfter: 60 };
  }
}

/** The 429 a visitor or staff member sees when a limit stops a mail they asked for. */
export function mailLimitError(hit: MailLimitHit): HttpError {
  const what = {
    recipient: 'This address has received the most e-mails we send in a day.',
    client: 'Too many e-mails were requested from your connection.',
    global: 'We are sending too many e-mails right now.',
  }[hit.scope];
  return new HttpError(429, 'mail_limited', `${what} Please try again later.`, undefined, {
    'retry-after': String(hit.retryAfter),
  });
}
