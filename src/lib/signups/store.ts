/**
 * Subscriber storage: one blob per subscriber in the `subscribers` store, keyed by the SHA-256 of
 * the normalised e-mail, so concurrent signups of different people never touch the same blob and a
 * second signup of the same address lands on the same record. Server only.
 *
 * Every record write and delete goes through `create` / `update` / `write` / `removeRecord`, which
 * keep `status` equal to `subscriberStatus(record)` and the index keys of the staff screens in step
 * (subscriber-index.ts): record first, then its index keys. A change to an existing record is a
 * conditional write on the ETag it was read with (`update`), so two requests changing one record at
 * the same moment both land: the second is applied to the first one's result, never written over it.
 * When such a change moved index keys and the record changed again meanwhile, the writer checks its
 * keys against the newest record (`settleIndex`), so a late index write never leaves a key behind.
 */
import { hashKey, recordStore, type ReadResult } from '../server/storage';
import { subscriberIndexKeys } from './index-keys';
import {
  changeIndexKeys,
  noteDeleted,
  syncIndex,
  takeSnapshot,
  type IndexChange,
  type RecordFacts,
  type Snapshot,
} from './subscriber-index';
import { applyConfirmation, applySignup, applyUnsubscribe, appendEvent, type Signup } from './merge';
import { subscriberSchema, type LedgerEvent, type MailStatus, type Subscriber } from './schemas';
import { lastConfirmedAt, subscriberStatus } from './status';
import { noteStop } from './stops';

export const subscriberStore = recordStore('subscribers', subscriberSchema);

/** Deletes a record and its index keys, noting the delete for readers of keys (`noteDeleted`). */
async function removeRecord(sub: Subscriber): Promise<void> {
  await subscriberStore.delete(sub.id);
  const { removed } = await syncIndex(sub, null);
  await noteDeleted(removed);
}

/** Trimmed, lower-cased e-mail (the identity of a subscriber). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The subscriber id (= blob key) of an e-mail address. */
export function subscriberId(email: string): Promise<string> {
  return hashKey(normaliseEmail(email));
}

async function write(next: Subscriber, before: Subscriber | null): Promise<Subscriber> {
  const record = { ...next, status: subscriberStatus(next) };
  await subscriberStore.set(record.id, record);
  await syncIndex(before, record);
  return record;
}

/**
 * How often `update` reads again when another write got in between, before it gives up. Each round
 * has one winner, so this bounds how many writers of one record at the same moment all get through.
 */
const UPDATE_ATTEMPTS = 32;

/**
 * Read-modify-write of one record that loses no concurrent change: reads the record with its ETag,
 * applies `change`, and writes only if the blob is still the one read (`onlyIfMatch`); otherwise it
 * reads again and applies `change` to the newer record. `change` returns null to leave the record
 * as it is. Null when there is no readable record.
 * @param from the record as this request last wrote it, with that write's ETag: the first round
 *   starts from it instead of a read (a signup's mail status is then one conditional write)
 * @returns the record as stored (`changed` false when `change` left it alone) and the ETag of the write
 */
async function update(
  id: string,
  change: (sub: Subscriber) => Subscriber | null,
  from?: StoredRecord,
): Promise<{ subscriber: Subscriber; etag: string | null; changed: boolean } | null> {
  for (let attempt = 1; attempt <= UPDATE_ATTEMPTS; attempt++) {
    const found: ReadResult<Subscriber> =
      attempt === 1 && from?.etag && from.subscriber.id === id
        ? { status: 'ok', value: from.subscriber, etag: from.etag }
        : await subscriberStore.read(id);
    if (found.status !== 'ok') return null;
    const next = change(found.value);
    if (!next) return { subscriber: found.value, etag: found.etag ?? null, changed: false };
    const record = { ...next, status: subscriberStatus(next) };
    if (!found.etag) {
      // A store that gives no ETag on reads: the write cannot be conditional.
      await subscriberStore.set(id, record);
      await syncIndex(found.value, record);
      return { subscriber: record, etag: null, changed: true };
    }
    const written = await subscriberStore.replace(id, record, found.etag);
    if (written) {
      const change = await syncIndex(found.value, record);
      if (change.added.length || change.removed.length) await settleIndex(id, written.etag, change);
      return { subscriber: record, etag: written.etag, changed: true };
    }
    // Lost to another writer: wait a little (random, growing) so racing writers spread out.
    await new Promise((r) => setTimeout(r, Math.random() * 4 * attempt));
  }
  throw new Error(`Subscriber ${id} changed ${UPDATE_ATTEMPTS} times while being updated; nothing written.`);
}

/** Rounds of `settleIndex` before the maintenance pass is left to repair what remains. */
const SETTLE_ROUNDS = 4;

/**
 * After an update moved index keys (`change`), makes sure they match the newest record. Another
 * writer may have changed the record after this one, and its index change may have landed before
 * this one's: then a key this write added could outlive the record it belongs to (a staff-deleted
 * subscriber's key put back), or a key it removed could be one the newest record wants. So: read the
 * record; if it is still the one written (`etag`), every later writer's index change comes after
 * ours and nothing is left to do (one read). Otherwise put back the removed keys the newest record
 * wants, delete the added keys it does not want, and check again against the record just read.
 * A record that cannot be read is left to the maintenance pass.
 */
async function settleIndex(id: string, etag: string, change: IndexChange): Promise<void> {
  let expected: string | null = etag;
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const current = await subscriberStore.read(id);
    if (current.status === 'unreadable') return;
    const currentEtag = current.status === 'ok' ? (current.etag ?? null) : null;
    if (current.status === 'ok' && currentEtag !== null && currentEtag === expected) return;
    const wanted = current.status === 'ok' ? subscriberIndexKeys(current.value) : [];
    const add = [...change.added, ...change.removed].filter((k) => wanted.includes(k));
    const remove = change.added.filter((k) => !wanted.includes(k));
    await changeIndexKeys(add, remove);
    if (current.status === 'missing' || currentEtag === null) return;
    expected = currentEtag;
  }
}

/**
 * Writes a new record and its index keys, unless a record with its id exists already (a known
 * address, or two signups of one address at the same moment): then null, and nothing is written,
 * so the address never gets two index entries.
 */
async function create(next: Subscriber): Promise<StoredRecord | null> {
  const record = { ...next, status: subscriberStatus(next) };
  const created = await subscriberStore.create(record.id, record);
  if (!created) return null;
  await syncIndex(null, record);
  return { subscriber: record, etag: created.etag };
}

/** A record as stored, with the ETag of that write when known (for a conditional update). */
export interface StoredRecord {
  subscriber: Subscriber;
  etag: string | null;
}

/**
 * Stores a signup: creates the pending record or records the request on the existing one (see
 * `applySignup`). The caller does not learn which happened, and neither does the visitor.
 * A new address (the common case) costs one conditional write and its index key, no read.
 * @param confirmNonce stored as the outstanding link's nonce when a confirmation is due
 * @returns the stored record (with its ETag when it was created now) and whether a confirmation
 *   mail should be sent now
 */
export async function saveSignup(
  signup: Signup,
  now = new Date().toISOString(),
  confirmNonce?: string,
): Promise<StoredRecord & { sendConfirmation: boolean }> {
  const email = normaliseEmail(signup.email);
  const id = await subscriberId(email);
  const apply = (existing: Subscriber | null) => {
    const { record, sendConfirmation } = applySignup(existing, { ...signup, email }, id, now);
    // The nonce of the confirmation link about to be sent goes in with the record: one write, not two.
    if (sendConfirmation && confirmNonce) record.confirmNonce = confirmNonce;
    return { record, sendConfirmation };
  };
  const fresh = apply(null);
  const created = await create(fresh.record);
  if (created) return { ...created, sendConfirmation: fresh.sendConfirmation };
  // The address is known, or another signup of it created the record a moment ago: apply this one
  // to that record, without losing a change made meanwhile.
  let sendConfirmation = false;
  const updated = await update(id, (existing) => {
    const applied = apply(existing);
    sendConfirmation = applied.sendConfirmation;
    return applied.record;
  });
  if (updated) return { subscriber: updated.subscriber, etag: updated.etag, sendConfirmation };
  // No readable record there (e.g. a 0-byte blob left by a torn write): this signup replaces it.
  return { subscriber: await write(fresh.record, null), etag: null, sendConfirmation: fresh.sendConfirmation };
}

export function getSubscriber(id: string): Promise<Subscriber | null> {
  return subscriberStore.get(id);
}

export async function getSubscriberByEmail(email: string): Promise<Subscriber | null> {
  return subscriberStore.get(await subscriberId(email));
}

/** Every stored record (unordered; reads every record: for tests and small stores only), tombstones included. */
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
  let live = false;
  let keys: string[] = [];
  const result = await update(id, (sub) => {
    live = !sub.deletedAt;
    if (!live) return null;
    keys = subscriberIndexKeys(sub);
    return {
      ...sub,
      name: '',
      email: '',
      phoneModel: '',
      referrer: '',
      interests: [],
      mail: null,
      confirmNonce: null,
      pendingDetails: [],
      unsubscribedAt: sub.unsubscribedAt ?? now,
      deletedAt: now,
      updatedAt: now,
      history: appendEvent(sub.history, {
        at: now,
        type: 'staff-deleted',
        detail: 'personal data removed; ledger kept',
      }),
    };
  });
  if (!result || !live) return null;
  await Promise.all([noteDeleted(keys), noteStop(id, Date.parse(now))]);
  return result.subscriber;
}

/**
 * Removes a record entirely, with its index keys (tests and data-erasure requests handled by hand;
 * staff use `tombstoneSubscriber`). A record that cannot be read is deleted by id; its index key is
 * then removed by the maintenance pass (index-pass.ts).
 */
export async function deleteSubscriber(subOrId: Subscriber | string): Promise<void> {
  if (typeof subOrId !== 'string') return removeRecord(subOrId);
  const sub = await subscriberStore.get(subOrId);
  if (sub) return removeRecord(sub);
  await subscriberStore.delete(subOrId);
}

/**
 * Marks a subscriber unsubscribed at once (keeping the first time if already set) and writes the
 * ledger. Returns the record, or null when there is none — the address gets no mail either way.
 * @param detail how: 'page' (the link's button) or 'one-click' (RFC 8058)
 */
export async function markUnsubscribed(
  id: string,
  now = new Date().toISOString(),
  event: Partial<LedgerEvent> = {},
): Promise<Subscriber | null> {
  // Noted first: a campaign sending right now leaves them out from its next batch on, even if this
  // request dies before the record is written (then the stop only holds back mail they still want).
  await noteStop(id, Date.parse(now));
  const result = await update(id, (sub) =>
    subscriberStatus(sub) === 'unsubscribed' && sub.unsubscribedAt ? null : applyUnsubscribe(sub, now, event),
  );
  return result?.subscriber ?? null;
}

export type ConfirmOutcome =
  | { status: 'confirmed'; subscriber: Subscriber; etag: string | null; changed: boolean; askAgain: boolean }
  | { status: 'invalid' };

/**
 * Confirms the subscription of `id` when `nonce` is the outstanding link's (see `applyConfirmation`).
 * A spent or superseded link of an already confirmed subscriber still answers 'confirmed' (unchanged),
 * so a second click shows the same page. `askAgain`: requests came in after the confirmed mail was
 * decided; the record now holds `nextNonce` for the confirmation mail that asks about them.
 */
export async function confirmSubscriber(
  id: string,
  nonce: string,
  ipHash: string,
  now = new Date().toISOString(),
  nextNonce: string | null = null,
): Promise<ConfirmOutcome> {
  let outcome: 'confirm' | 'already-confirmed' | 'invalid' = 'invalid';
  let changed = false;
  let askAgain = false;
  const result = await update(id, (sub) => {
    if (sub.deletedAt) outcome = 'invalid';
    else if (sub.confirmNonce !== nonce)
      outcome = subscriberStatus(sub) === 'confirmed' ? 'already-confirmed' : 'invalid';
    else outcome = 'confirm';
    if (outcome !== 'confirm') return null;
    const applied = applyConfirmation(sub, now, ipHash, nextNonce);
    changed = applied.changed;
    askAgain = applied.askAgain;
    return applied.record;
  });
  if (!result || outcome === 'invalid') return { status: 'invalid' };
  return {
    status: 'confirmed',
    subscriber: result.subscriber,
    etag: result.etag,
    changed: outcome === 'confirm' && changed,
    askAgain: outcome === 'confirm' && askAgain,
  };
}

/** Appends one ledger event to the (freshly read) record; no-op if the record is gone. */
export async function recordEvent(id: string, event: LedgerEvent): Promise<Subscriber | null> {
  return (await update(id, (sub) => ({ ...sub, history: appendEvent(sub.history, event) })))?.subscriber ?? null;
}

/** A send's outcome as the record keeps it (`sentAt` kept from before unless given). */
export type MailStatusUpdate = Omit<MailStatus, 'sentAt'> & { sentAt?: string | null };

function withMailStatus(sub: Subscriber, status: MailStatusUpdate, event?: LedgerEvent): Subscriber {
  const mail: MailStatus = { ...status, sentAt: status.sentAt ?? sub.mail?.sentAt ?? null };
  // A confirmation request that will not go (refused by an allowance, or given up after its
  // attempts) does not count as asked: the next signup of the address may ask again.
  const stopped = event?.type === 'confirmation-sent' && (event.outcome === 'limited' || event.outcome === 'failed');
  return {
    ...sub,
    mail,
    history: event ? appendEvent(sub.history, event) : sub.history,
    ...(stopped ? { confirmRequestedAt: null } : {}),
  };
}

/**
 * Records the outcome of a send on the record, with its ledger event; no-op if the record is gone.
 * With `stored` (the record as this request wrote it, and that write's ETag) it is one conditional
 * write; when the record changed since (another request of the address), it is read afresh.
 */
export async function recordMailStatus(
  id: string,
  status: MailStatusUpdate,
  event?: LedgerEvent,
  stored?: StoredRecord,
): Promise<Subscriber | null> {
  return (await update(id, (sub) => withMailStatus(sub, status, event), stored))?.subscriber ?? null;
}

/**
 * What the statistics read from a record whose index key cannot say it (a cut source, a confirmation
 * time the key does not hold); null when the record is missing or unreadable.
 */
export async function indexedRecordFacts(id: string): Promise<RecordFacts | null> {
  const sub = await subscriberStore.get(id);
  return sub ? { source: sub.source.trim(), confirmedAt: lastConfirmedAt(sub.history) } : null;
}

/** A statistics snapshot of the whole index (what keys cannot say read from their records). */
export function snapshotSubscriberStats(now = Date.now()): Promise<Snapshot> {
  return takeSnapshot(indexedRecordFacts, now);
}
