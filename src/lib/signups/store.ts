/**
 * Subscriber storage: one blob per subscriber in the `subscribers` store, keyed by the SHA-256 of
 * the normalised e-mail, so concurrent signups of different people never touch the same blob and a
 * second signup of the same address lands on the same record. Server only.
 */
import { hashKey, recordStore } from '../server/storage';
import { applySignup, type Signup } from './merge';
import { subscriberSchema, type MailStatus, type Subscriber } from './schemas';

export const subscriberStore = recordStore('subscribers', subscriberSchema);

/** Trimmed, lower-cased e-mail (the identity of a subscriber). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The subscriber id (= blob key) of an e-mail address. */
export function subscriberId(email: string): Promise<string> {
  return hashKey(normaliseEmail(email));
}

/**
 * Stores a signup: creates the record or merges into the existing one (see `applySignup`).
 * The caller does not learn which happened, and neither does the visitor.
 */
export async function saveSignup(signup: Signup, now = new Date().toISOString()): Promise<Subscriber> {
  const email = normaliseEmail(signup.email);
  const id = await subscriberId(email);
  const existing = await subscriberStore.get(id);
  const next = applySignup(existing, { ...signup, email }, id, now);
  await subscriberStore.set(id, next);
  return next;
}

export function getSubscriber(id: string): Promise<Subscriber | null> {
  return subscriberStore.get(id);
}

export async function getSubscriberByEmail(email: string): Promise<Subscriber | null> {
  return subscriberStore.get(await subscriberId(email));
}

/** Every subscriber (unordered). */
export function listSubscribers(): Promise<Subscriber[]> {
  return subscriberStore.all();
}

export function deleteSubscriber(id: string): Promise<void> {
  return subscriberStore.delete(id);
}

/**
 * Marks a subscriber unsubscribed (keeping the first time if already set). Returns the record,
 * or null when there is none (e.g. deleted by staff) — the address gets no mail either way.
 */
export async function markUnsubscribed(id: string, now = new Date().toISOString()): Promise<Subscriber | null> {
  const sub = await subscriberStore.get(id);
  if (!sub) return null;
  if (sub.unsubscribedAt) return sub;
  const next = { ...sub, unsubscribedAt: now, updatedAt: now };
  await subscriberStore.set(id, next);
  return next;
}

/** Records the outcome of a send on the (freshly read) record; no-op if the record is gone. */
export async function recordMailStatus(id: string, status: Omit<MailStatus, 'attempts' | 'sentAt'> & { sentAt?: string | null }): Promise<Subscriber | null> {
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
  const next = { ...sub, mail };
  await subscriberStore.set(id, next);
  return next;
}
