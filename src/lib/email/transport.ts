/**
 * Hands one rendered message to the provider: the real @sendgrid/mail client when SENDGRID_API_KEY is
 * set, else the local outbox (./outbox.ts). Never throws: the answer says whether it was accepted and,
 * if not, what the provider said, so the queue can decide between a retry and a final failure
 * (./queue/model.ts, `afterAttempt`). Only the queue's worker calls it. Server only.
 */
import sgMail from '@sendgrid/mail';
import { Client } from '@sendgrid/client';
import type { ClientRequest } from '@sendgrid/client/src/request';
import { getEnv } from '../server/env';
import { mapLimit } from '../server/storage';
import type { SendResult } from './queue/model';
import { writeOutbox } from './outbox';
import type { RenderedEmail } from './templates';

/** A message ready to send. */
export interface OutgoingMessage extends RenderedEmail {
  to: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The kind of mail (a SendGrid category). */
  kind: string;
  /** The queue entry's id, sent along as a custom argument so the provider's events name it. */
  mailId: string;
  /** More custom arguments (the entry's key, its subscriber), returned in the provider's events. */
  customArgs?: Record<string, string>;
}

/**
 * How long one provider call may take. A call that times out after its request was sent may still
 * have been accepted: the queue records it as unknown and never sends it again by itself
 * (docs/consent-and-mail.md, "The unknown outcome"). It runs after the visitor's answer.
 */
export const PROVIDER_TIMEOUT_MS = 15_000;

let configuredFor: string | undefined;

function sendgrid(apiKey: string, baseUrl: string | undefined) {
  const key = `${apiKey}|${baseUrl ?? ''}`;
  if (configuredFor !== key) {
    const client = new Client();
    client.setApiKey(apiKey); // must come first: it resets the base URL
    if (baseUrl) client.setDefaultRequest('baseUrl', baseUrl);
    // The client passes its default request to axios as is; its types do not list `timeout`.
    client.setDefaultRequest({ timeout: PROVIDER_TIMEOUT_MS } as unknown as ClientRequest);
    sgMail.setClient(client);
    configuredFor = key;
  }
  return sgMail;
}

/** Seconds a 429 asks us to wait: `Retry-After` (seconds or a date) or SendGrid's `X-RateLimit-Reset` (epoch s). */
export function retryAfterSeconds(headers: Record<string, unknown> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const get = (name: string) => {
    const found = Object.entries(headers).find(([k]) => k.toLowerCase() === name);
    return found ? String(found[1]) : undefined;
  };
  const retryAfter = get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const reset = Number(get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, Math.ceil(reset - now / 1000));
  return undefined;
}

/**
 * A call that ran out of time (axios: ECONNABORTED or ETIMEDOUT, "timeout of N ms exceeded"): the
 * request was on its way or delivered, so the provider may have accepted it. A refused or reset
 * connection (ECONNREFUSED, ENOTFOUND, ...) is not one: nothing was delivered, a retry is safe.
 */
function isTimeout(e: { code?: number | string; message?: string }): boolean {
  return e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '');
}

/** A failed provider call as a SendResult: its status, what it said, and how long a 429 asks to wait. */
function providerFailure(err: unknown, kind: string, what: string): Extract<SendResult, { ok: false }> {
  const e = err as {
    code?: number | string;
    message?: string;
    response?: { body?: unknown; headers?: Record<string, unknown> };
  };
  const status = typeof e.code === 'number' ? e.code : undefined;
  const detail = e.response?.body ? JSON.stringify(e.response.body).slice(0, 500) : (e.message ?? String(err));
  console.error(`[mail] SendGrid ${status ?? `error ${e.code ?? ''}`.trim()} sending "${kind}" ${what}:`, detail);
  const retryAfter = retryAfterSeconds(e.response?.headers);
  return {
    ok: false,
    ...(status !== undefined ? { status } : {}),
    ...(status === undefined && isTimeout(e) ? { unknown: true } : {}),
    error: `SendGrid ${status ?? e.code ?? 'error'}: ${detail}`,
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  };
}

/** Sends `message` once. Never throws. */
export async function sendMessage(message: OutgoingMessage): Promise<SendResult> {
  const env = getEnv();
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
        customArgs: { ...message.customArgs, mail_id: message.mailId },
      });
      return { ok: true, providerId: String(res.headers?.['x-message-id'] ?? ''), status: res.statusCode };
    } catch (err) {
      return providerFailure(err, message.kind, message.mailId);
    }
  }
  try {
    const id = await writeOutbox({
      to: message.to,
      from: `${env.MAIL_FROM_NAME} <${env.MAIL_FROM}>`,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ?? {},
      kind: message.kind,
    });
    console.info(`[mail] no SENDGRID_API_KEY: "${message.kind}" to ${message.to} written to the outbox (${id})`);
    return { ok: true, providerId: id };
  } catch (err) {
    console.error('[mail] could not write to the outbox', err);
    return { ok: false, error: `Outbox write failed: ${(err as Error).message}` };
  }
}

/** One recipient of a batch: the address and the values its copy carries. */
export interface BatchRecipient {
  to: string;
  /** SendGrid substitutions (tag key -> value) for this copy. */
  substitutions: Record<string, string>;
  /** Headers of this copy only (its List-Unsubscribe). */
  headers: Record<string, string>;
  /** Custom arguments the provider's events carry back (campaign and subscriber ids). */
  customArgs: Record<string, string>;
}

/** Most recipients one provider request may carry (SendGrid's personalizations per request). */
export const MAX_BATCH = 1000;

/**
 * Sends one message to many recipients in one provider request, each copy with its own substitutions
 * (SendGrid personalizations, `{{key}}` tags). Without a SendGrid key, each copy is rendered here and
 * stored in the local outbox. Never throws.
 */
export async function sendBatch(
  message: RenderedEmail & { kind: string },
  recipients: readonly BatchRecipient[],
): Promise<SendResult> {
  if (recipients.length === 0) return { ok: true, providerId: '' };
  if (recipients.length > MAX_BATCH)
    return { ok: false, status: 400, error: `At most ${MAX_BATCH} recipients per batch` };
  const env = getEnv();
  if (env.SENDGRID_API_KEY) {
    try {
      const [res] = await sendgrid(env.SENDGRID_API_KEY, env.SENDGRID_BASE_URL).send({
        from: { email: env.MAIL_FROM, name: env.MAIL_FROM_NAME },
        subject: message.subject,
        text: message.text,
        html: message.html,
        categories: [message.kind],
        substitutionWrappers: ['{{', '}}'],
        personalizations: recipients.map((r) => ({
          to: r.to,
          substitutions: r.substitutions,
          headers: r.headers,
          customArgs: r.customArgs,
        })),
      });
      return { ok: true, providerId: String(res.headers?.['x-message-id'] ?? ''), status: res.statusCode };
    } catch (err) {
      return providerFailure(err, message.kind, `batch of ${recipients.length}`);
    }
  }
  const fill = (text: string, subs: Record<string, string>) =>
    text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => subs[key] ?? whole);
  try {
    let last = '';
    await mapLimit(recipients, 16, async (r) => {
      last = await writeOutbox({
        to: r.to,
        from: `${env.MAIL_FROM_NAME} <${env.MAIL_FROM}>`,
        subject: fill(message.subject, r.substitutions),
        text: fill(message.text, r.substitutions),
        html: fill(message.html, r.substitutions),
        headers: r.headers,
        kind: message.kind,
      });
    });
    return { ok: true, providerId: last };
  } catch (err) {
    console.error('[mail] could not write a batch to the outbox', err);
    return { ok: false, error: `Outbox write failed: ${(err as Error).message}` };
  }
}
