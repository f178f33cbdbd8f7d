/**
 * How a signup, a confirmation and an unsubscribe change a subscriber record (double opt-in). Pure
 * functions: they read no storage, clock or secret (the caller passes the time, the IP hash and the
 * wording version); store.ts writes what they return.
 *
 * A signup is only a *request*: on a new address it makes a pending record; on a known one it is
 * written to the ledger and changes nothing a confirmation did not approve. Confirming applies every
 * signup since the last confirmation (lists widened, interests merged) and records express consent.
 */
import type { ConsentForm, Interest, List } from './vocabulary';
import type { ConsentRecord, Subscriber } from './record';
import { appendEvent, type LedgerEvent } from './ledger';
import { lastConfirmedAt, subscriberStatus } from './status';

/** A confirmation mail is re-sent to one address at most once per this many ms. */
export const CONFIRMATION_RESEND_MS = 24 * 60 * 60 * 1000;
/** Requests whose typed details a record keeps until a confirmation uses them (the newest). */
export const PENDING_DETAILS_MAX = 20;

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

/**
 * How long a signup's decision to send a confirmation stands without its mail being recorded in the
 * ledger: the signup is still running (it records the mail's first attempt within seconds). Past
 * this, the request died between storing the record and recording the mail, and the next signup of
 * the address may ask again. Equal to the mail queue's claim lease.
 */
export const CONFIRMATION_DECISION_GRACE_MS = 2 * 60 * 1000;

/**
 * True when a confirmation request to this address is out or on its way: its mail was recorded in
 * the ledger within CONFIRMATION_RESEND_MS (sent, waiting or retrying; not one that finally failed
 * or that an allowance refused), or a signup decided on one within the last
 * CONFIRMATION_DECISION_GRACE_MS and is still recording it. The decision is stored with the signup
 * that made it (`confirmRequestedAt`, one conditional write), so of any number of signups of one
 * address at the same moment exactly one sends the mail: the record itself caps confirmation
 * requests at one per address and 24 h (docs/consent-and-mail.md, "Mail limits"). A request the
 * owner has answered since (a confirmation after it) is spent and holds nothing back: only the
 * owner of the inbox can lift the cap, so it still bounds what strangers can send there.
 */
export function confirmationRequestedRecently(
  sub: Pick<Subscriber, 'history' | 'confirmRequestedAt'>,
  now: string,
): boolean {
  const t = Date.parse(now);
  const confirmed = lastConfirmedAt(sub.history);
  const since = Math.max(t - CONFIRMATION_RESEND_MS, confirmed ? Date.parse(confirmed) : -Infinity);
  const recorded = sub.history.some(
    (e) =>
      e.type === 'confirmation-sent' && e.outcome !== 'limited' && e.outcome !== 'failed' && Date.parse(e.at) > since,
  );
  if (recorded) return true;
  const decided = sub.confirmRequestedAt ? Date.parse(sub.confirmRequestedAt) : -Infinity;
  return decided > since && decided > t - CONFIRMATION_DECISION_GRACE_MS;
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
  const details = { at: now, ipHash: signup.ipHash, name: signup.name, phoneModel: signup.phoneModel ?? '' };
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
      unsubscribedAt: null,
      mail: null,
      history: [event],
      confirmNonce: null,
      confirmRequestedAt: now,
      deletedAt: null,
      pendingDetails: [details],
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
  const pendingDetails = [...(existing.deletedAt ? [] : base.pendingDetails), details].slice(-PENDING_DETAILS_MAX);
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
          pendingDetails,
        }
      : { ...base, updatedAt: now, history, pendingDetails };
  const covered =
    status === 'confirmed' && listCovers(base.list, signup.list) && interestCovered(base.interests, signup.interest);
  const sendConfirmation = !covered && !confirmationRequestedRecently(base, now);
  if (sendConfirmation) record.confirmRequestedAt = now;
  return { record, sendConfirmation };
}

/**
 * Signup events no confirmation has confirmed yet, oldest first: those after the last confirmation's
 * cut (`upTo`, the moment its mail was decided; its own time for confirmations recorded without one).
 */
function requestsSinceConfirmation(history: readonly LedgerEvent[]): LedgerEvent[] {
  let cut = -Infinity;
  for (const e of history) if (e.type === 'confirmed') cut = Math.max(cut, Date.parse(e.upTo ?? e.at));
  return history.filter((e) => e.type === 'signup' && Date.parse(e.at) > cut);
}

/**
 * The list(s) the requests waiting for a confirmation ask for: what the confirmation mail describes.
 * Falls back to the record's list when no request is waiting.
 */
export function requestedList(sub: Pick<Subscriber, 'history' | 'list'>): List {
  let list: List | null = null;
  for (const r of requestsSinceConfirmation(sub.history)) if (r.list) list = list ? mergeList(list, r.list) : r.list;
  return list ?? sub.list;
}

/**
 * The record after its owner pressed the confirm button. A confirmation confirms what its mail
 * described: the requests made up to the moment that mail was decided (`confirmRequestedAt`), not
 * ones that came after it. Those requests are applied (lists widened, interests merged, the newest
 * consent wording recorded), any unsubscribe is lifted and the outstanding link spent.
 *
 * Typed text reaches mail only when the confirmed owner typed it: the name and phone model are taken
 * from the newest confirmed request made from the client address that confirms (`ipHash`); without
 * one, a record confirmed for the first time keeps no name or phone (mail greets "Hi there"), and a
 * record confirmed before keeps the ones its earlier confirmation gave it. `changed` is false when
 * there was nothing to confirm.
 */
export function applyConfirmation(
  sub: Subscriber,
  now: string,
  ipHash: string,
  nextNonce: string | null = null,
): { record: Subscriber; changed: boolean; askAgain: boolean } {
  const waiting = requestsSinceConfirmation(sub.history);
  const cut = sub.confirmRequestedAt ? Date.parse(sub.confirmRequestedAt) : Infinity;
  const covered = (at: string) => Date.parse(at) <= cut;
  const requests = waiting.filter((r) => covered(r.at));
  if (subscriberStatus(sub) === 'confirmed' && requests.length === 0)
    return { record: { ...sub, confirmNonce: null }, changed: false, askAgain: false };
  const confirmedBefore = sub.history.some((e) => e.type === 'confirmed');
  // A pending record shows every request; what becomes confirmed is the covered ones only.
  let list: List | null = confirmedBefore || requests.length === 0 ? sub.list : null;
  let interests: Interest[] = confirmedBefore || requests.length === 0 ? sub.interests : [];
  for (const r of requests) {
    if (r.list) list = list ? mergeList(list, r.list) : r.list;
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
  const own = ipHash ? sub.pendingDetails.filter((d) => covered(d.at) && d.ipHash === ipHash).at(-1) : undefined;
  const typed = own
    ? { name: own.name, phoneModel: own.phoneModel }
    : confirmedBefore
      ? { name: sub.name, phoneModel: sub.phoneModel }
      : { name: '', phoneModel: '' };
  const record: Subscriber = {
    ...sub,
    ...typed,
    list: list ?? sub.list,
    interests,
    consent,
    unsubscribedAt: null,
    confirmNonce: null,
    updatedAt: now,
    pendingDetails: sub.pendingDetails.filter((d) => !covered(d.at)),
    history: appendEvent(sub.history, {
      at: now,
      type: 'confirmed',
      ipHash,
      upTo: sub.confirmRequestedAt ?? now,
      ...(latest?.wordingVersion ? { wordingVersion: latest.wordingVersion } : {}),
    }),
  };
  // Requests made after this mail was decided are not confirmed by it; the link just used is spent,
  // so they get a confirmation mail of their own now (the caller sends it).
  const askAgain = nextNonce !== null && waiting.length > requests.length;
  if (askAgain) {
    record.confirmRequestedAt = now;
    record.confirmNonce = nextNonce;
  }
  return { record, changed: true, askAgain };
}

/**
 * The record after an unsubscribe (the link's button, a one-click request): unsubscribed at once,
 * keeping the first time if already set, the outstanding confirmation link spent, the ledger written.
 */
export function applyUnsubscribe(sub: Subscriber, now: string, event: Partial<LedgerEvent> = {}): Subscriber {
  return {
    ...sub,
    unsubscribedAt: sub.unsubscribedAt ?? now,
    confirmNonce: null,
    updatedAt: now,
    history: appendEvent(sub.history, { ...event, at: now, type: 'unsubscribed' }),
  };
}
