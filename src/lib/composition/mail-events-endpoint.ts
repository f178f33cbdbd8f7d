/**
 * POST /api/sendgrid/events: SendGrid's signed Event Webhook. Verifies the request (src/lib/email/events/verify.ts),
 * then applies its events (./mail-events.ts) and answers 200 with what it did. Who may call it: whoever
 * holds the private key of SENDGRID_WEBHOOK_PUBLIC_KEY (SendGrid), from no browser (no Origin);
 * how often: as SendGrid posts (no per-client limit: a refused signature costs one verification and
 * no storage); what body: a JSON array of events, at most MAX_EVENTS_BODY_BYTES.
 * docs/consent-and-mail.md, "Provider events". Server only.
 */
import { allowMethods, errorResponse, HttpError, json, readCapped } from '../server/http';
import { getEnv } from '../server/env';
import { applyEventBatch, readEvents } from './mail-events';
import {
  MAX_EVENTS_BODY_BYTES,
  parsePublicKey,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyEventRequest,
  type Verdict,
} from '../email/events/verify';

/** The variable holding SendGrid's public key (base64 of its DER form, as the settings page shows it). */
export const PUBLIC_KEY_VARIABLE = 'SENDGRID_WEBHOOK_PUBLIC_KEY';

const REFUSALS: Record<Exclude<Verdict, 'ok'>, [number, string, string]> = {
  missing: [401, 'signature_required', 'This endpoint only accepts signed SendGrid events.'],
  malformed: [401, 'signature_invalid', 'The signature or its timestamp is malformed.'],
  forged: [403, 'signature_invalid', 'The signature does not match this request.'],
  stale: [403, 'signature_expired', 'The signed timestamp is outside the accepted window.'],
};

/** The raw body, at most MAX_EVENTS_BODY_BYTES (413 beyond), as UTF-8 text (400 when it is not). */
async function readBody(req: Request): Promise<string> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_EVENTS_BODY_BYTES) throw tooLarge();
  return readCapped(req, { limit: MAX_EVENTS_BODY_BYTES, refuse: tooLarge });
}

function tooLarge(): HttpError {
  console.error(`[mail-events] a post larger than ${MAX_EVENTS_BODY_BYTES} bytes was refused (413)`);
  return new HttpError(
    413,
    'payload_too_large',
    `The request body is larger than ${MAX_EVENTS_BODY_BYTES / 1024 / 1024} MB.`,
  );
}

/** The webhook's answer to `req`. */
export async function sendgridEvents(req: Request, now = Date.now()): Promise<Response> {
  allowMethods(req, 'POST');
  const text = getEnv().SENDGRID_WEBHOOK_PUBLIC_KEY;
  const key = parsePublicKey(text);
  if (!key) {
    console.error(
      `[config] ${PUBLIC_KEY_VARIABLE} ${text ? 'is not a P-256 public key (base64 of DER)' : 'is not set'}: refusing SendGrid events (503).`,
    );
    return errorResponse(503, 'not_configured', 'This feature is not configured on this deployment yet.');
  }
  const body = await readBody(req);
  const verdict = verifyEventRequest(
    key,
    body,
    req.headers.get(SIGNATURE_HEADER),
    req.headers.get(TIMESTAMP_HEADER),
    now,
  );
  if (verdict !== 'ok') {
    const [status, code, message] = REFUSALS[verdict];
    console.warn(`[mail-events] refused a post: ${verdict}`);
    return errorResponse(status, code, message);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return errorResponse(400, 'invalid_json', 'The body is not JSON.');
  }
  if (!readEvents(parsed))
    return errorResponse(400, 'invalid_events', 'The body is not a list of events (email, event, timestamp).');
  const report = await applyEventBatch(parsed as unknown[], now);
  return json({ ok: true, ...report });
}
