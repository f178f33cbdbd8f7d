/**
 * The mailer: the real @sendgrid/mail client when SENDGRID_API_KEY is set, otherwise a local
 * outbox (one blob per message) that can be read back — never a silent success.
 *
 * `sendMail` never throws: it answers { ok: false, error } so callers can store first,
 * send second, and record a failure instead of losing the visitor's submission.
 */
import sgMail from '@sendgrid/mail';
import { Client } from '@sendgrid/client';
import { z } from 'zod';
import { getEnv } from './env';
import { recordStore } from './storage';
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
}

export type SendResult =
  | { ok: true; provider: 'sendgrid' | 'outbox'; id: string }
  | { ok: false; provider: 'sendgrid' | 'outbox'; error: string; limited?: { scope: MailLimitScope; retryAfter: number } };

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
  const hit = await takeMailAllowance(message.to, message.clientIp);
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
    await outbox.set(id, { id, to: message.to, from, subject: message.subject, text: message.text, html: message.html, headers: message.headers ?? {}, kind: message.kind, createdAt });
    console.info(`[mail] no SENDGRID_API_KEY: "${message.kind}" to ${message.to} written to the outbox (${id})`);
    return { ok: true, provider: 'outbox', id };
  } catch (err) {
    console.error('[mail] could not write to the outbox', err);
    return { ok: false, provider: 'outbox', error: `Outbox write failed: ${(err as Error).message}` };
  }
}

/** Messages in the local outbox, newest first. */
export async function readOutbox(): Promise<OutboxEntry[]> {
  const all = await outbox.all();
  return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
