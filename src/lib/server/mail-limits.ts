/**
 * Mail limits that hold across every function instance, counted in Netlify Blobs through
 * `enforceSharedRateLimit` (one blob per mail, never a counter in one blob):
 * - per recipient: MAIL_RECIPIENT_DAILY_LIMIT mails per 24 h window, whatever endpoint sends them;
 * - per client address: MAIL_CLIENT_HOURLY_LIMIT visitor-triggered mails per hour;
 * - globally: MAIL_GLOBAL_HOURLY_LIMIT mails per hour for the whole site.
 * Windows are fixed (aligned to the clock), see docs/consent-and-mail.md, "Mail limits". Server only.
 */
import { getEnv } from './env';
import { HttpError } from './http';
import { enforceSharedRateLimit } from './shared-ratelimit';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type MailLimitScope = 'recipient' | 'client' | 'global';

export interface MailLimitHit {
  scope: MailLimitScope;
  /** Seconds until the window reopens. */
  retryAfter: number;
}

async function count(
  scope: MailLimitScope,
  key: string,
  limit: number,
  windowMs: number,
): Promise<MailLimitHit | null> {
  try {
    await enforceSharedRateLimit(`mail-${scope}`, key, limit, windowMs);
    return null;
  } catch (err) {
    if (err instanceof HttpError && err.status === 429)
      return { scope, retryAfter: Number(err.headers?.['retry-after'] ?? '60') };
    throw err;
  }
}

/**
 * Counts one mail to `to` (and from `clientIp` when a visitor triggered it); returns the limit hit,
 * or null when the mail may go. A storage failure refuses the mail (fail closed), as 'global'.
 */
export async function takeMailAllowance(to: string, clientIp?: string): Promise<MailLimitHit | null> {
  const env = getEnv();
  try {
    if (clientIp) {
      const client = await count('client', clientIp, env.MAIL_CLIENT_HOURLY_LIMIT, HOUR);
      if (client) return client;
    }
    const recipient = await count('recipient', to.trim().toLowerCase(), env.MAIL_RECIPIENT_DAILY_LIMIT, DAY);
    if (recipient) return recipient;
    return await count('global', 'all', env.MAIL_GLOBAL_HOURLY_LIMIT, HOUR);
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
