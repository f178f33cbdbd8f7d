/**
 * A subscriber's state, decided in one place from its consent ledger. The state is never stored:
 * every reader (list mail, the index keys, the staff screens, campaigns) calls `subscriberStatus`.
 * Pure, client-safe.
 */
import type { LedgerEvent } from './ledger';

/** The states of a subscriber. */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/**
 * pending until a `confirmed` event; `unsubscribed` after an unsubscribe, a staff delete or a bounce
 * (suppression, see `suppressionOf`), until a
 * later confirmation. A `signup` never changes the state by itself: re-subscribing after an
 * unsubscribe needs a fresh confirmation. A record without a ledger (stored before double opt-in)
 * is unsubscribed when `unsubscribedAt` says so, else pending.
 */
export function subscriberStatus(s: {
  history: readonly Pick<LedgerEvent, 'type'>[];
  unsubscribedAt: string | null;
}): SubscriberStatus {
  if (s.history.length === 0) return s.unsubscribedAt ? 'unsubscribed' : 'pending';
  let status: SubscriberStatus = 'pending';
  for (const event of s.history) {
    if (event.type === 'confirmed') status = 'confirmed';
    else if (event.type === 'unsubscribed' || event.type === 'staff-deleted' || event.type === 'bounced')
      status = 'unsubscribed';
  }
  return status;
}

/** Only confirmed subscribers get list mail (welcome, staff sends). */
export function mayReceiveListMail(s: Parameters<typeof subscriberStatus>[0] & { deletedAt?: string | null }): boolean {
  return !s.deletedAt && subscriberStatus(s) === 'confirmed';
}

/**
 * The latest `bounced` event when the address is suppressed (a provider event said mail cannot reach
 * it), else null. It gets no mail of any kind. Only a confirmation made after it (the owner pressing a
 * link that did reach them) lifts it. Staff see such a subscriber as bounced.
 */
export function suppressionOf<E extends Pick<LedgerEvent, 'type'>>(history: readonly E[]): E | null {
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].type === 'confirmed') return null;
    if (history[i].type === 'bounced') return history[i];
  }
  return null;
}

/** Time of the latest confirmation in the ledger (null while never confirmed). */
export function lastConfirmedAt(history: readonly Pick<LedgerEvent, 'type' | 'at'>[]): string | null {
  for (let i = history.length - 1; i >= 0; i--) if (history[i].type === 'confirmed') return history[i].at;
  return null;
}
