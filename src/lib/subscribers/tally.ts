/**
 * The statistics rule: what the statistics count of one subscriber (from its index entry, or from its
 * record when the key cannot say), adding it to a tally, and summing tallies. Pure: no storage, no
 * clock.
 */
import { dayOf } from './days';
import type { IndexEntry } from './index-keys';
import type { Subscriber } from './record';
import { lastConfirmedAt, SUBSCRIBER_STATUSES, subscriberStatus, type SubscriberStatus } from './status';

/** Counts over index entries (the statistics screen). */
export interface Tally {
  total: number;
  interests: Record<string, number>;
  sources: Record<string, number>;
  status: Record<SubscriberStatus, number>;
  /** Subscribers by the day they signed up ('YYYY-MM-DD' in SITE.timeZone, see days.ts), whatever their status now. */
  signupDays: Record<string, number>;
  /** Subscribers by the day of their latest confirmation, whatever their status now (never confirmed: not in it). */
  confirmationDays: Record<string, number>;
}

/** An empty tally. */
export function emptyTally(): Tally {
  return {
    total: 0,
    interests: {},
    sources: {},
    status: { pending: 0, confirmed: 0, unsubscribed: 0 },
    signupDays: {},
    confirmationDays: {},
  };
}

/**
 * True when a tally holds the counts by day. A snapshot written before they existed lacks them:
 * its hours must be counted afresh, never read as zeros.
 */
export function tallyHasDays(t: Partial<Tally> | null | undefined): boolean {
  return (
    typeof t?.signupDays === 'object' &&
    t.signupDays !== null &&
    typeof t.confirmationDays === 'object' &&
    t.confirmationDays !== null
  );
}

/**
 * True when an entry's key cannot say whether or when the subscriber last confirmed: a key with
 * no confirmation time that is marked `r` (a time not exact to the character),
 * for a subscriber who may have confirmed (pending means never). The statistics read its record.
 */
export function confirmationUnknown(e: Pick<IndexEntry, 'confirmedAt' | 'partial' | 'status'>): boolean {
  return e.confirmedAt === null && e.partial && e.status !== 'pending';
}

/** What the statistics count of one subscriber: its index entry's facts, or its record's (`tallyEntryOf`). */
export type TallyEntry = Pick<IndexEntry, 'interests' | 'source' | 'status' | 'createdAtMs' | 'confirmedAt'>;

/** What the statistics count of a subscriber, read from its record: what its index key stands for. */
export function tallyEntryOf(
  sub: Pick<Subscriber, 'interests' | 'source' | 'createdAt' | 'history' | 'unsubscribedAt'>,
): TallyEntry {
  const ms = Date.parse(sub.createdAt);
  return {
    interests: sub.interests,
    source: sub.source,
    status: subscriberStatus(sub),
    createdAtMs: Number.isFinite(ms) ? ms : 0,
    confirmedAt: lastConfirmedAt(sub.history),
  };
}

/**
 * The one statistics rule. Adds one entry to a tally (mutates `t`): every entry counts in `total`,
 * its status, the day it signed up and the day of its latest confirmation; the interests and sources
 * count confirmed subscribers only (pending and unsubscribed ones are shown apart): each interest
 * once, none counted as 'all', the source trimmed ('' = direct). `source` and `confirmedAt` may come
 * from the record when the key cannot give them (`cut`, `confirmationUnknown`).
 */
export function addToTally(t: Tally, e: TallyEntry): Tally {
  t.total += 1;
  t.status[e.status] += 1;
  const signed = dayOf(e.createdAtMs);
  t.signupDays[signed] = (t.signupDays[signed] ?? 0) + 1;
  const confirmedMs = e.confirmedAt === null ? NaN : Date.parse(e.confirmedAt);
  if (Number.isFinite(confirmedMs)) {
    const confirmed = dayOf(confirmedMs);
    t.confirmationDays[confirmed] = (t.confirmationDays[confirmed] ?? 0) + 1;
  }
  if (e.status !== 'confirmed') return t;
  for (const i of e.interests.length ? new Set(e.interests) : ['all']) t.interests[i] = (t.interests[i] ?? 0) + 1;
  const source = e.source.trim();
  t.sources[source] = (t.sources[source] ?? 0) + 1;
  return t;
}

function addCounts(into: Record<string, number>, from: Record<string, number> | undefined) {
  for (const [k, v] of Object.entries(from ?? {})) into[k] = (into[k] ?? 0) + v;
}

/** Sum of tallies (a new object). */
export function mergeTallies(...tallies: Tally[]): Tally {
  const out = emptyTally();
  for (const t of tallies) {
    out.total += t.total;
    addCounts(out.interests, t.interests);
    addCounts(out.sources, t.sources);
    addCounts(out.signupDays, t.signupDays);
    addCounts(out.confirmationDays, t.confirmationDays);
    for (const s of SUBSCRIBER_STATUSES) out.status[s] += t.status[s] ?? 0;
  }
  return out;
}
