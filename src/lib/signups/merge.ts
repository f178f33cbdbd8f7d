/**
 * How a signup becomes (or updates) a subscriber record. Pure: no storage, no clock.
 */
import type { Interest, List } from './constants';
import type { ConsentRecord, Subscriber } from './schemas';

/** Consent events kept per subscriber (the latest is also in `consent`). */
export const CONSENT_LOG_MAX = 50;

/** One validated signup, from either form. */
export interface Signup {
  list: 'waitlist' | 'newsletter';
  name: string;
  /** Normalised e-mail. */
  email: string;
  /** Waitlist interest (newsletter signups carry none). */
  interest?: Interest;
  phoneModel?: string;
  source: string;
  referrer: string;
  consent: ConsentRecord;
}

/**
 * Interests after adding `next`: a set in the fixed order of INTERESTS; 'all', or all three topics,
 * collapse to ['all'].
 */
export function mergeInterests(current: readonly Interest[], next?: Interest): Interest[] {
  const set = new Set<Interest>(current);
  if (next) set.add(next);
  const topics: Interest[] = ['tech_news', 'phone_recommendations', 'smartphone_tutorials'];
  if (set.has('all') || topics.every((t) => set.has(t))) return ['all'];
  return topics.filter((t) => set.has(t));
}

function mergeList(current: List, next: 'waitlist' | 'newsletter'): List {
  return current === next ? current : 'both';
}

/**
 * The record after `signup`: a new record when `existing` is null; otherwise the same id and
 * createdAt, interests merged, list widened (waitlist + newsletter = both), the newest non-empty
 * name/phone model, the first non-empty source/referrer, the new consent appended, and a previous
 * unsubscribe cleared (a new express consent re-subscribes).
 * @param id blob key for a new record (hash of the normalised e-mail)
 * @param now ISO time of the signup
 */
export function applySignup(existing: Subscriber | null, signup: Signup, id: string, now: string): Subscriber {
  if (!existing) {
    return {
      id,
      name: signup.name,
      email: signup.email,
      interests: mergeInterests([], signup.interest),
      source: signup.source,
      referrer: signup.referrer,
      createdAt: now,
      updatedAt: now,
      list: signup.list,
      phoneModel: signup.phoneModel ?? '',
      consent: signup.consent,
      consentLog: [signup.consent],
      unsubscribedAt: null,
      mail: null,
    };
  }
  return {
    ...existing,
    name: signup.name || existing.name,
    interests: mergeInterests(existing.interests, signup.interest),
    source: existing.source || signup.source,
    referrer: existing.referrer || signup.referrer,
    updatedAt: now,
    list: mergeList(existing.list, signup.list),
    phoneModel: signup.phoneModel || existing.phoneModel,
    consent: signup.consent,
    consentLog: [...existing.consentLog, signup.consent].slice(-CONSENT_LOG_MAX),
    unsubscribedAt: null,
  };
}
