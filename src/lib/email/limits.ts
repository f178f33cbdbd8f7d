/**
 * Per-recipient and per-client mail allowances, counted in Netlify Blobs with the shared limiter's
 * slots (src/lib/server/shared-ratelimit.ts), so they hold across every function instance and under
 * bursts. Which mail counts where (docs/consent-and-mail.md, "Mail limits"):
 * - a subscriber's own confirmation request and welcome take no allowance: the record allows one
 *   confirmation request per address and 24 h, and a welcome only follows a confirmation;
 * - confirmation requests to an alias of an inbox (`x+a@gmail.com` for `x@gmail.com`) share
 *   MAIL_RECIPIENT_DAILY_LIMIT - 1 a day per inbox (the address that is the inbox itself keeps its own
 *   one), so aliases cannot multiply a person's confirmation mails;
 * - mail a visitor asks for someone (recommendations): MAIL_RECIPIENT_DAILY_LIMIT per inbox and day,
 *   and MAIL_CLIENT_HOURLY_LIMIT per client address and hour;
 * - staff sends: MAIL_RECIPIENT_DAILY_LIMIT per inbox and day, an allowance of their own.
 * The site-wide limit is a send rate that delays instead of refusing (the mail queue). Server only.
 */
import { getEnv } from '../server/env';
import { tooManyRequests, type HttpError } from '../server/http';
import { clearHits, secondsToWindowEnd, takeSlot } from '../server/shared-ratelimit';
import { canonicalInbox } from './canonical';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Which allowance refused a mail. */
export type MailLimitScope = 'recipient' | 'client' | 'staff' | 'aliases';

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
 * Takes one slot in each allowance at once; when one is full, gives back the slots taken in the
 * others (a refused mail uses up nothing) and answers the hit. A storage failure refuses (fail closed).
 */
async function take(allowances: Allowance[], now = Date.now()): Promise<MailLimitHit | null> {
  try {
    const slots = await Promise.all(allowances.map((a) => takeSlot(a.bucket, a.key, a.limit, a.windowMs, now)));
    const full = allowances.find((_, i) => slots[i] === null);
    if (!full) return null;
    await clearHits(slots.filter((k): k is string => k !== null));
    return { scope: full.scope, retryAfter: secondsToWindowEnd(full.windowMs, now) };
  } catch (err) {
    console.error('[mail] could not count the mail limits; not sending', err);
    return { scope: allowances[0]?.scope ?? 'recipient', retryAfter: 60 };
  }
}

/** Mail a visitor asks for (recommendations): per inbox and day, and per client address and hour. */
export function takeVisitorMailAllowance(to: string, clientIp: string, now = Date.now()): Promise<MailLimitHit | null> {
  const env = getEnv();
  return take(
    [
      { scope: 'client', bucket: 'mail-client', key: clientIp, limit: env.MAIL_CLIENT_HOURLY_LIMIT, windowMs: HOUR },
      {
        scope: 'recipient',
        bucket: 'mail-visitor',
        key: canonicalInbox(to),
        limit: env.MAIL_RECIPIENT_DAILY_LIMIT,
        windowMs: DAY,
      },
    ],
    now,
  );
}

/** A staff send to one subscriber: per inbox and day, apart from what visitors asked for. */
export function takeStaffMailAllowance(to: string, now = Date.now()): Promise<MailLimitHit | null> {
  return take(
    [
      {
        scope: 'staff',
        bucket: 'mail-staff',
        key: canonicalInbox(to),
        limit: getEnv().MAIL_RECIPIENT_DAILY_LIMIT,
        windowMs: DAY,
      },
    ],
    now,
  );
}

/**
 * A confirmation request: free for an address that is its own inbox (its record caps it); an alias
 * takes one of the inbox's MAIL_RECIPIENT_DAILY_LIMIT - 1 alias slots of the day.
 */
export async function takeConfirmationAllowance(to: string, now = Date.now()): Promise<MailLimitHit | null> {
  const inbox = canonicalInbox(to);
  if (inbox === to.trim().toLowerCase()) return null;
  const limit = getEnv().MAIL_RECIPIENT_DAILY_LIMIT - 1;
  if (limit < 1) return { scope: 'aliases', retryAfter: secondsToWindowEnd(DAY, now) };
  return take([{ scope: 'aliases', bucket: 'mail-aliases', key: inbox, limit, windowMs: DAY }], now);
}

/** The 429 a visitor or staff member sees when an allowance stops a mail they asked for. */
export function mailLimitError(hit: MailLimitHit): HttpError {
  const what = {
    recipient: 'This address has received the most e-mails we send on request in a day.',
    client: 'Too many e-mails were requested from your connection.',
    staff: 'This address has already received the most staff e-mails we send in a day.',
    aliases: 'This inbox has received the most confirmation e-mails we send in a day.',
  }[hit.scope];
  return tooManyRequests('mail_limited', hit.retryAfter, what);
}
