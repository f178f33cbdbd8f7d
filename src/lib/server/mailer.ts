/**
 * The mailer: the real @sendgrid/mail client when SENDGRID_API_KEY is set, otherwise a local
 * outbox (one blob per message) that can be read back — never a silent success.
 *
 * `sendMail` never throws: it answers { ok: false, error } so callers can store first,
 * send second, and record a failure instead of losing the visitor's submission.
 *
 * The outbox keeps OUTBOX_RETENTION_DAYS days: keys are `<YYYY-MM-DD>/<id>`, so the maintenance
 * function removes whole old days, and staff read it a page at a time (newest first).
 */
import sgMail from '@sendgrid/mail';
import { Client } from '@sendgrid/client';
import { z } from 'zod';
import { getEnv } from './env';
import { getStore } from '@netlify/blobs';
import { mapLimit, recordStore } from './storage';
import { takeMailAllowance, type MailLimitScope } from './mail-limits';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** What kind of mail this is (waitlist-confirmation, newsletter-welcome, recommendations, ...). */
  kind: string;
  /** Client address of the visitor whose request triggers this mail (counts in the per-client limit). */
  clientIp?: string;
  /**
   * True for a mail the subscriber record already allows at most once per address and 24 h (the
   * confirmation request, see `confirmationRequestedRecently`): it takes no per-recipient slot.
   */
  cappedByRecord?: boolean;
}

export type SendResult =
  | { ok: true; provider: 'sendgrid' | 'outbox'; id: string }
  | {
      ok: false;
      provider: 'sendgrid' | 'outbox';
      error: string;
      limited?: { scope: MailLimitScope; retryAfter: number };
    };

export const outboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
  kind: z.string(),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** The local outbox: every message that would have been sent when no mail key is configured. */
export const outbox = recordStore('outbox', outboxEntrySchema);

/** Days a message stays in the outbox. */
export const OUTBOX_RETENTION_DAYS = 30;
const OUTBOX_KEY = /^\d{4}-\d{2}-\d{2}\/[\w:.-]{1,120}$/;

/** Blob key of an outbox message: its day, then its id (ISO time + uuid, so newest sorts last). */
export function outboxKey(id: string): string {
  return `${id.slice(0, 10)}/${id}`;
}

let configuredFor: string | undefined;

function sendgrid(apiKey: string, baseUrl: string | undefined) {
  const key = `${apiKey}|${baseUrl ?? ''}`;
  if (configuredFor !== key) {
    const client = new Client();
    client.setApiKey(apiKey); // must come first: it resets the base URL
    if (baseUrl) client.setDefaultRequest('baseUrl', baseUrl);
    sgMail.setClient(client);
    configuredFor = key;
  }
  return sgMail;
}

/**
 * Sends one message through SendGrid or into the outbox, once the mail limits allow it
 * (src/lib/server/mail-limits.ts; a refused mail answers `limited`). Never throws.
 */
export async function sendMail(message: MailMessage): Promise<SendResult> {
  const env = getEnv();
  const from = `${env.MAIL_FROM_NAME} <${env.MAIL_FROM}>`;
  const provider = env.SENDGRID_API_KEY ? 'sendgrid' : 'outbox';
  const hit = await takeMailAllowance(message.to, message.clientIp, { recipient: !message.cappedByRecord });
  if (hit) {
    console.warn(`[mail] "${message.kind}" not sent: ${hit.scope} mail limit reached`);
    return { ok: false, provider, error: `Not sent: the ${hit.scope} mail limit was reached.`, limited: hit };
  }
  if (env.SENDGRID_API_KEY) {
    try {
      const [res] = await sendgrid(env.SENDGRID_API_KEY, env.SENDGRID_BASE_URL).send({
        to: message.to,
        from: { email: env.MAIL_FROM, name: env.MAIL_FROM_NAME },
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        categories: [message.kind],
      });
      return { ok: true, provider: 'sendgrid', id: String(res.headers?.['x-message-id'] ?? '') };
    } catch (err) {
      const e = err as { code?: number; message?: string; response?: { body?: unknown } };
      const detail = e.response?.body ? JSON.stringify(e.response.body).slice(0, 500) : (e.message ?? String(err));
      console.error(`[mail] SendGrid failed (${e.code ?? 'no status'}) sending "${message.kind}":`, detail);
      return { ok: false, provider: 'sendgrid', error: `SendGrid ${e.code ?? 'error'}: ${detail}` };
    }
  }
  const createdAt = new Date().toISOString();
  const id = `${createdAt}-${crypto.randomUUID()}`;
  try {
    await outbox.set(outboxKey(id), {
      id,
      to: message.to,
      from,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ?? {},
      kind: message.kind,
      createdAt,
    });
    console.info(`[mail] no SENDGRID_API_KEY: "${message.kind}" to ${message.to} written to the outbox (${id})`);
    return { ok: true, provider: 'outbox', id };
  } catch (err) {
    console.error('[mail] could not write to the outbox', err);
    return { ok: false, provider: 'outbox', error: `Outbox write failed: ${(err as Error).message}` };
  }
}

const outboxBlobs = () => getStore({ name: 'outbox', consistency: 'strong' });

async function outboxDays(): Promise<string[]> {
  const { directories } = await outboxBlobs().list({ directories: true });
  return directories
    .map((d) => d.replace(/\/$/, ''))
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort()
    .reverse();
}

/** Messages in the local outbox, newest first (all kept days; tests and small outboxes). */
export async function readOutbox(): Promise<OutboxEntry[]> {
  const all = await outbox.all();
  return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** True for a key `readOutboxPage` may continue after. */
export function isOutboxCursor(key: string): boolean {
  return OUTBOX_KEY.test(key);
}

/**
 * One page of the outbox, newest first, after the message key `after`: lists day by day from the
 * newest and reads only the messages shown. Unreadable messages are skipped and counted.
 */
export async function readOutboxPage(
  after: string | null,
  limit: number,
): Promise<{ entries: OutboxEntry[]; next: string | null; unreadable: number }> {
  const days = (await outboxDays()).filter((d) => !after || d <= after.slice(0, 10));
  const keys: string[] = [];
  for (const day of days) {
    const { blobs } = await outboxBlobs().list({ prefix: `${day}/` });
    keys.push(
      ...blobs
        .map((b) => b.key)
        .filter((k) => !after || k < after)
        .sort()
        .reverse(),
    );
    if (keys.length > limit) break;
  }
  const shown = keys.slice(0, limit);
  const { values, unreadable } = await outbox.getMany(shown, 16);
  return { entries: values, next: keys.length > limit ? shown[shown.length - 1] : null, unreadable: unreadable.length };
}

/** Removes outbox days older than `days` days (whole days, by key). Returns messages removed. */
export async function pruneOutbox(now = Date.now(), days = OUTBOX_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(now - days * 86_400_000).toISOString().slice(0, 10);
  const old = (await outboxDays()).filter((d) => d < cutoff);
  let removed = 0;
  for (const day of old) {
    const { blobs } = await outboxBlobs().list({ prefix: `${day}/` });
    await mapLimit(blobs, 16, (b) => outboxBlobs().delete(b.key));
    removed += blobs.length;
  }
  // Messages stored before keys had a day (flat ids): removed once past retention too.
  const { blobs: flat } = await outboxBlobs().list({ directories: true });
  const stale = flat.filter((b) => !b.key.includes('/') && b.key.slice(0, 10) < cutoff);
  await mapLimit(stale, 16, (b) => outboxBlobs().delete(b.key));
  return removed + stale.length;
}
