/**
 * How a signup and a confirmation change a subscriber record (double opt-in). Pure: no storage,
 * no clock, no crypto (the caller passes the time, the IP hash and the wording version).
 *
 * A signup is only a *request*: on a new address it makes a pending record; on a known one it is
 * written to the ledger and changes nothing a confirmation did not approve. Confirming applies every
 * signup since the last confirmation (lists widened, interests merged) and records express consent.
 */
import type { ConsentForm, Interest, List } from './constants';
import type { ConsentRecord, LedgerEvent, Subscriber } from './schemas';
import { subscriberStatus } from './status';

/** Consent events kept in `consentLog` (the ledger in `history` keeps everything). */
export const CONSENT_LOG_MAX = 50;
/** A confirmation mail is re-sent to one address at most once per this many ms. */
export const CONFIRMATION_RESEND_MS = 24 * 60 * 60 * 1000;
/**
 * Ledger size at which further repeat `signup` events stop being appended (they change nothing);
 * consent events (confirmed, unsubscribed, deleted) are always appended. Bounds one blob's growth
 * under a flood of repeat signups.
 */
export const HISTORY_SOFT_MAX = 500;

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
  /** Keyed hash of the client address ('' when unknown). */
  ipHash: string;
  /** Version of the consent wording shown. */
  wordingVersion: string;
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

function listCovers(current: List, next: 'waitlist' | 'newsletter'): boolean {
  return current === 'both' || current === next;
}

function interestCovered(current: readonly Interest[], next?: Interest): boolean {
  return !next || current.includes('all') || current.includes(next);
}

/** The ledger entry of a signup. */
export function signupEvent(signup: Signup): LedgerEvent {
  return {
    at: signup.consent.at,
    type: 'signup',
    list: signup.list,
    ...(signup.interest ? { interest: signup.interest } : {}),
    form: signup.consent.form,
    wording: signup.consent.wording,
    wordingVersion: signup.wordingVersion,
    page: signup.consent.page,
    source: signup.consent.source,
    ipHash: signup.ipHash,
  };
}

/** Appends `event` unless it is a repeat signup on an over-long ledger. */
export function appendEvent(history: readonly LedgerEvent[], event: LedgerEvent): LedgerEvent[] {
  if (event.type === 'signup' && history.length >= HISTORY_SOFT_MAX) return [...history];
  return [...history, event];
}

/**
 * True when a confirmation mail went out, or was decided on, within CONFIRMATION_RESEND_MS. The
 * decision is stored with the signup that made it (`confirmRequestedAt`, one conditional write), so
 * of any number of signups of one address at the same moment exactly one sends the mail: the record
 * itself caps confirmation requests at one per address and 24 h, and they need no per-recipient mail
 * limit (docs/consent-and-mail.md, "Mail limits"). A mail a limit stopped does not count.
 */
export function confirmationRequestedRecently(
  sub: Pick<Subscriber, 'history' | 'confirmRequestedAt'>,
  now: string,
): boolean {
  const since = Date.parse(now) - CONFIRMATION_RESEND_MS;
  if (sub.confirmRequestedAt && Date.parse(sub.confirmRequestedAt) > since) return true;
  return sub.history.some((e) => e.type === 'confirmation-sent' && e.outcome !== 'limited' && Date.parse(e.at) > since);
}

/**
 * The record after `signup`, and whether a confirmation mail should go out now.
 * - new address: a pending record;
 * - pending record: request data merged (first name kept, lists widened, interests merged);
 * - confirmed or unsubscribed record: only the ledger grows — name, lists, consent and unsubscribe
 *   stay as they are until the owner of the address confirms;
 * - staff-deleted tombstone: the data of this signup, still unsubscribed until confirmed.
 * A confirmation is wanted unless the record is confirmed and already covers the request, and is
 * sent at most once per CONFIRMATION_RESEND_MS.
 * @param id blob key for a new record (hash of the normalised e-mail)
 * @param now ISO time of the signup
 */
export function applySignup(
  existing: Subscriber | null,
  signup: Signup,
  id: string,
  now: string,
): { record: Subscriber; sendConfirmation: boolean } {
  const event = signupEvent(signup);
  if (!existing) {
    const record: Subscriber = {
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
      consentLog: [],
      unsubscribedAt: null,
      mail: null,
      status: 'pending',
      history: [event],
      confirmNonce: null,
      confirmRequestedAt: now,
      deletedAt: null,
    };
    return { record, sendConfirmation: true };
  }
  const base: Subscriber = existing.deletedAt
    ? {
        ...existing,
        name: signup.name,
        email: signup.email,
        phoneModel: signup.phoneModel ?? '',
        referrer: signup.referrer,
        source: signup.source,
        interests: mergeInterests([], signup.interest),
        list: signup.list,
        deletedAt: null,
      }
    : existing;
  const status = subscriberStatus(base);
  const history = appendEvent(base.history, event);
  const record: Subscriber =
    status === 'pending'
      ? {
          ...base,
          name: base.name || signup.name,
          interests: mergeInterests(base.interests, signup.interest),
          list: mergeList(base.list, signup.list),
          phoneModel: base.phoneModel || (signup.phoneModel ?? ''),
          source: base.source || signup.source,
          referrer: base.referrer || signup.referrer,
          updatedAt: now,
          history,
        }
      : { ...base, updatedAt: now, history };
  record.status = subscriberStatus(record);
  const covered =
    status === 'confirmed' && listCovers(base.list, signup.list) && interestCovered(base.interests, signup.interest);
  const sendConfirmation = !covered && !confirmationRequestedRecently(base, now);
  if (sendConfirmation) record.confirmRequestedAt = now;
  return { record, sendConfirmation };
}

/**
 * The record after its owner pressed the confirm button: every signup since the last confirmation
 * applied (lists widened, interests merged, the newest consent wording recorded), any unsubscribe
 * lifted, the outstanding link spent. `changed` is false when there was nothing to confirm.
 */
export function applyConfirmation(
  sub: Subscriber,
  now: string,
  ipHash: string,
): { record: Subscriber; changed: boolean } {
  let last = -1;
  sub.history.forEach((e, i) => {
    if (e.type === 'confirmed') last = i;
  });
  const requests = sub.history.slice(last + 1).filter((e) => e.type === 'signup');
  if (sub.status === 'confirmed' && requests.length === 0)
    return { record: { ...sub, confirmNonce: null }, changed: false };
  let list = sub.list;
  let interests = sub.interests;
  for (const r of requests) {
    if (r.list) list = mergeList(list, r.list);
    interests = mergeInterests(interests, r.interest);
  }
  const latest = requests[requests.length - 1];
  const consent: ConsentRecord = latest
    ? {
        at: now,
        wording: latest.wording ?? '',
        form: (latest.form ?? sub.consent.form) as ConsentForm,
        page: latest.page ?? '',
        source: latest.source ?? '',
      }
    : { ...sub.consent, at: now };
  const record: Subscriber = {
    ...sub,
    list,
    interests,
    consent,
    consentLog: [...sub.consentLog, consent].slice(-CONSENT_LOG_MAX),
    unsubscribedAt: null,
    confirmNonce: null,
    updatedAt: now,
    history: appendEvent(sub.history, {
      at: now,
      type: 'confirmed',
      ipHash,
      ...(latest?.wordingVersion ? { wordingVersion: latest.wordingVersion } : {}),
    }),
  };
  record.status = subscriberStatus(record);
  return { record, changed: true };
}

/**
 * The record after an unsubscribe (the link's button, a one-click request): unsubscribed at once,
 * keeping the first time if already set, the outstanding confirmation link spent, the ledger written.
 */
export function applyUnsubscribe(sub: Subscriber, now: string, event: Partial<LedgerEvent> = {}): Subscriber {
  const record: Subscriber = {
    ...sub,
    unsubscribedAt: sub.unsubscribedAt ?? now,
    confirmNonce: null,
    updatedAt: now,
    history: appendEvent(sub.history, { ...event, at: now, type: 'unsubscribed' }),
  };
  record.status = subscriberStatus(record);
  return record;
}
