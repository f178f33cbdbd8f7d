/**
 * Checks a request of SendGrid's signed Event Webhook: an ECDSA (P-256, SHA-256) signature, base64 of
 * its DER form, over the timestamp header followed by the raw body, made with the key pair whose public
 * half SendGrid's settings page shows (base64 of the DER SubjectPublicKeyInfo). Node's crypto only, no
 * dependency. The window and why it is that wide: docs/consent-and-mail.md, "Provider events".
 * Server only.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** The request headers SendGrid signs with. */
export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/**
 * Oldest signed timestamp accepted: SendGrid retries a failed post for up to 24 hours; 25 hours keeps
 * every genuine retry even if a retry carried its first timestamp. A replay inside the window changes
 * nothing: every event is processed once (keyed on `sg_event_id`).
 */
export const MAX_AGE_MS = 25 * 60 * 60 * 1000;
/** Newest accepted: a little clock skew between SendGrid and us. */
export const MAX_SKEW_MS = 5 * 60 * 1000;

/**
 * Largest body accepted. SendGrid posts its events in batches of many events (a thousand events of
 * about 500 bytes each is half a megabyte); 2 MB leaves room, far above the 16 KB cap of the site's own
 * API. A bigger body gets 413 before its signature is checked (SendGrid retries it, and the retries
 * keep failing until staff raise the cap: the log says so).
 */
export const MAX_EVENTS_BODY_BYTES = 2 * 1024 * 1024;

/** The public key from the variable's text (base64 DER, or a PEM block); null when it is not a P-256 key. */
export function parsePublicKey(text: string | undefined | null): KeyObject | null {
  if (!text) return null;
  const b64 = text
    .replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return null;
  try {
    const key = createPublicKey({ key: Buffer.from(b64, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : null;
  } catch {
    return null;
  }
}

/** Why a request was refused, or 'ok'. */
export type Verdict = 'ok' | 'missing' | 'malformed' | 'forged' | 'stale';

/**
 * Checks `signature` over `timestamp` + `body` with `key`, and the timestamp's age.
 * @param timestamp the header as sent (Unix seconds)
 */
export function verifyEventRequest(
  key: KeyObject,
  body: string,
  signature: string | null,
  timestamp: string | null,
  now = Date.now(),
): Verdict {
  if (!signature || !timestamp) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp) || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature.trim())) return 'malformed';
  let good = false;
  try {
    good = verify('sha256', Buffer.from(timestamp + body, 'utf8'), key, Buffer.from(signature.trim(), 'base64'));
  } catch {
    return 'forged';
  }
  if (!good) return 'forged';
  const at = Number(timestamp) * 1000;
  if (at < now - MAX_AGE_MS || at > now + MAX_SKEW_MS) return 'stale';
  return 'ok';
}
