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
 * pending until a `confirmed` event; `unsubscribed` after an unsubscribe or a staff delete, until a
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
    else if (event.type === 'unsubscribed' || event.type === 'staff-deleted') status = 'unsubscribed';
  }
  return status;
}

/** Only confirmed subscribers get list mail (welcome, staff sends). */
export function mayReceiveListMail(s: Parameters<typeof subscriberStatus>[0] & { deletedAt?: string | null }): boolean {
  return !s.deletedAt && subscriberStatus(s) === 'confirmed';
}

/** Time of the latest confirmation in the ledger (null while never confirmed). */
export function lastConfirmedAt(history: readonly Pick<LedgerEvent, 'type' | 'at'>[]): string | null {
  for (let i = history.length - 1; i >= 0; i--) if (history[i].type === 'confirmed') return history[i].at;
  return null;
}
