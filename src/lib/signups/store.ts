/**
 * Subscriber storage: one blob per subscriber in the `subscribers` store, keyed by the SHA-256 of
 * the normalised e-mail, so concurrent signups of different people never touch the same blob and a
 * second signup of the same address lands on the same record. Every record write goes through the
 * functions here; each keeps `status` equal to `subscriberStatus(record)`. Server only.
 */
import { hashKey, recordStore } from '../server/storage';
import { applyConfirmation, applySignup, appendEvent, type Signup } from './merge';
import { subscriberSchema, type LedgerEvent, type MailStatus, type Subscriber } from './schemas';
import { subscriberStatus } from './status';

export const subscriberStore = recordStore('subscribers', subscriberSchema);

/** Trimmed, lower-cased e-mail (the identity of a subscriber). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The subscriber id (= blob key) of an e-mail address. */
export function subscriberId(email: string): Promise<string> {
  return hashKey(normaliseEmail(email));
}

async function write(next: Subscriber): Promise<Subscriber> {
  const record = { ...next, status: subscriberStatus(next) };
  await subscriberStore.set(record.id, record);
  return record;
}

/**
 * Stores a signup: creates the pending record or records the request on the existing one (see
 * `applySignup`). The caller does not learn which happened, and neither does the visitor.
 * @returns the stored record and whether a confirmation mail should be sent now
 */
export async function saveSignup(signup: Signup, now = new Date().toISOString()): Promise<{ subscriber: Subscriber; sendConfirmation: boolean }> {
  const email = normaliseEmail(signup.email);
  const id = await subscriberId(email);
  const existing = await subscriberStore.get(id);
  const { record, sendConfirmation } = applySignup(existing, { ...signup, email }, id, now);
  return { subscriber: await write(record), sendConfirmation };
}

export function getSubscriber(id: string): Promise<Subscriber | null> {
  return subscriberStore.get(id);
}

export async function getSubscriberByEmail(email: string): Promise<Subscriber | null> {
  return subscriberStore.get(await subscriberId(email));
}

/** Every stored record (unordered), staff-deleted tombstones included. */
export function listSubscribers(): Promise<Subscriber[]> {
  return subscriberStore.all();
}

/**
 * Staff delete: the record becomes a tombstone that keeps what the consent law asks to keep — the
 * ledger (when consent was given and withdrawn, with wording, page and hashed client address) and
 * the hashed address (the id) — and drops the personal data (name, address, phone, referrer,
 * interests). Mail stops for good (it counts as an unsubscribe). Returns null if there is no live record.
 */
export async function tombstoneSubscriber(id: string, now = new Date().toISOString()): Promise<Subscriber | null> {
  const sub = await subscriberStore.get(id);
  if (!sub || sub.deletedAt) return null;
  return write({
    ...sub,
    name: '',
    email: '',
    phoneModel: '',
    referrer: '',
    interests: [],
    mail: null,
    confirmNonce: null,
    unsubscribedAt: sub.unsubscribedAt ?? now,
    deletedAt: now,
    updatedAt: now,
    history: appendEvent(sub.history, { at: now, type: 'staff-deleted', detail: 'personal data removed; ledger kept' }),
  });
}

/** Removes a record entirely (tests and data-erasure requests handled by hand; staff use `tombstoneSubscriber`). */
export function deleteSubscriber(id: string): Promise<void> {
  return subscriberStore.delete(id);
}

/**
 * Marks a subscriber unsubscribed at once (keeping the first time if already set) and writes the
 * ledger. Returns the record, or null when there is none — the address gets no mail either way.
 * @param detail how: 'page' (the link's button) or 'one-click' (RFC 8058)
 */
export async function markUnsubscribed(id: string, now = new Date().toISOString(), event: Partial<LedgerEvent> = {}): Promise<Subscriber | null> {
  const sub = await subscriberStore.get(id);
  if (!sub) return null;
  if (subscriberStatus(sub) === 'unsubscribed' && sub.unsubscribedAt) return sub;
  return write({
    ...sub,
    unsubscribedAt: sub.unsubscribedAt ?? now,
    confirmNonce: null,
    updatedAt: now,
    history: appendEvent(sub.history, { ...event, at: now, type: 'unsubscribed' }),
  });
}

/** Stores the nonce of the confirmation link being sent (older links stop working). */
export async function setConfirmNonce(id: string, nonce: string): Promise<Subscriber | null> {
  const sub = await subscriberStore.get(id);
  if (!sub) return null;
  return write({ ...sub, confirmNonce: nonce });
}

export type ConfirmOutcome = { status: 'confirmed'; subscriber: Subscriber; changed: boolean } | { status: 'invalid' };

/**
 * Confirms the subscription of `id` when `nonce` is the outstanding link's (see `applyConfirmation`).
 * A spent or superseded link of an already confirmed subscriber still answers 'confirmed' (unchanged),
 * so a second click shows the same page.
 */
export async function confirmSubscriber(id: string, nonce: string, ipHash: string, now = new Date().toISOString()): Promise<ConfirmOutcome> {
  const sub = await subscriberStore.get(id);
  if (!sub || sub.deletedAt) return { status: 'invalid' };
  if (sub.confirmNonce !== nonce) {
    return subscriberStatus(sub) === 'confirmed' ? { status: 'confirmed', subscriber: sub, changed: false } : { status: 'invalid' };
  }
  const { record, changed } = applyConfirmation(sub, now, ipHash);
  return { status: 'confirmed', subscriber: await write(record), changed };
}

/** Appends one ledger event to the (freshly read) record; no-op if the record is gone. */
export async function recordEvent(id: string, event: LedgerEvent): Promise<Subscriber | null> {
  const sub = await subscriberStore.get(id);
  if (!sub) return null;
  return write({ ...sub, history: appendEvent(sub.history, event) });
}

/** Records the outcome of a send on the (freshly read) record, with its ledger event; no-op if the record is gone. */
export async function recordMailStatus(
  id: string,
  status: Omit<MailStatus, 'attempts' | 'sentAt'> & { sentAt?: string | null },
  event?: LedgerEvent,
): Promise<Subscriber | null> {
  const sub = await subscriberStore.get(id);
  if (!sub) return null;
  const mail: MailStatus = {
    status: status.status,
    kind: status.kind,
    lastAttemptAt: status.lastAttemptAt,
    lastError: status.lastError,
    attempts: (sub.mail?.attempts ?? 0) + (status.status === 'skipped' ? 0 : 1),
    sentAt: status.sentAt ?? sub.mail?.sentAt ?? null,
  };
  return write({ ...sub, mail, history: event ? appendEvent(sub.history, event) : sub.history });
}
