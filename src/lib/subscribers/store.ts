/**
 * Subscriber storage: one blob per subscriber in the `subscribers` store, keyed by the SHA-256 of
 * the normalised e-mail, so concurrent signups of different people never touch the same blob and a
 * second signup of the same address lands on the same record. Server only.
 *
 * Every record write and delete goes through `create` / `update` / `write` / `removeRecord`, which
 * keep the index keys of the staff screens in step (subscriber-index.ts): record first, then its
 * index keys. A change to an existing record is a conditional write on the ETag it was read with
 * (`update`), so two requests changing one record at the same moment both land: the second is
 * applied to the first one's result, never written over it. When such a change moved index keys and
 * the record changed again meanwhile, the writer checks its keys against the newest record
 * (`settleIndex`), so a late index write never leaves a key behind. docs/storage.md, "The record".
 */
import { hashKey, recordStore, type ReadResult } from '../server/storage';
import { subscriberIndexKeys } from './index-keys';
import { tallyEntryOf } from './tally';
import { noteDeleted } from './delete-notes';
import { takeSnapshot, type RecordFacts, type Snapshot } from './snapshots';
import { changeIndexKeys, syncIndex, type IndexChange } from './subscriber-index';
import { applyConfirmation, applySignup, applyUnsubscribe, type Signup } from './merge';
import { subscriberSchema, type MailStatus, type Subscriber } from './record';
import { appendEvent, type LedgerEvent } from './ledger';
import { subscriberStatus, suppressionOf } from './status';
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

/** Writes a record unconditionally, then its index keys (`before`: the record it replaces, if any). */
async function write(record: Subscriber, before: Subscriber | null): Promise<Subscriber> {
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
 * What a change function decides about the record it is given: the record to write (null: leave it
 * as it is) and `result`, what its caller needs to know from the round that was written.
 */
interface Change<R> {
  record: Subscriber | null;
  result: R;
}

/** What `update` did: the record as stored (written now or left as it was) and the change's result. */
interface Updated<R> {
  stored: StoredRecord;
  result: R;
}

/** A change whose caller needs nothing but the stored record. */
const recordOnly = (record: Subscriber | null): Change<void> => ({ record, result: undefined });

/**
 * Read-modify-write of one record that loses no concurrent change: reads the record (`readForUpdate`),
 * applies `change`, and writes only if the blob is still the one read (`replaceRecord`); when another
 * writer got in between, waits a little (`backOff`), reads again and applies `change` to the newer
 * record. The answer carries the `result` of the round that was written (or left the record alone).
 * Null when there is no readable record.
 * @param from the record as this request last wrote it, with that write's ETag: the first round
 *   starts from it instead of a read (a signup's mail status is then one conditional write)
 */
async function update<R>(
  id: string,
  change: (sub: Subscriber) => Change<R>,
  from?: StoredRecord,
): Promise<Updated<R> | null> {
  for (let attempt = 1; attempt <= UPDATE_ATTEMPTS; attempt++) {
    const found = await readForUpdate(id, attempt === 1 ? from : undefined);
    if (found.status !== 'ok') return null;
    const { record, result } = change(found.value);
    if (!record) return { stored: { subscriber: found.value, etag: found.etag ?? null }, result };
    const stored = await replaceRecord(id, found, record);
    if (stored) return { stored, result };
    await backOff(attempt);
  }
  throw new Error(`Subscriber ${id} changed ${UPDATE_ATTEMPTS} times while being updated; nothing written.`);
}

/** The record to change, with its ETag: `from` when it is this record as last written, else read. */
async function readForUpdate(id: string, from?: StoredRecord): Promise<ReadResult<Subscriber>> {
  if (from?.etag && from.subscriber.id === id) return { status: 'ok', value: from.subscriber, etag: from.etag };
  return subscriberStore.read(id);
}

/**
 * Writes `record` over the blob `found` was read from, only if it is still that blob (`onlyIfMatch`),
 * then brings the index keys in step: `syncIndex`, and `settleIndex` when keys moved. Null when
 * another writer got in first (nothing written).
 */
async function replaceRecord(
  id: string,
  found: { value: Subscriber; etag?: string },
  record: Subscriber,
): Promise<StoredRecord | null> {
  if (!found.etag) {
    // A store that gives no ETag on reads: the write cannot be conditional.
    await subscriberStore.set(id, record);
    await syncIndex(found.value, record);
    return { subscriber: record, etag: null };
  }
  const written = await subscriberStore.replace(id, record, found.etag);
  if (!written) return null;
  const moved = await syncIndex(found.value, record);
  if (moved.added.length || moved.removed.length) await settleIndex(id, written.etag, moved);
  return { subscriber: record, etag: written.etag };
}

/** A short random wait, growing with each lost round, so writers racing for one record spread out. */
function backOff(attempt: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.random() * 4 * attempt));
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
async function create(record: Subscriber): Promise<StoredRecord | null> {
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
  // The change of this signup; its result: whether a confirmation mail should be sent now.
  const apply = (existing: Subscriber | null): Change<boolean> & { record: Subscriber } => {
    const { record, sendConfirmation } = applySignup(existing, { ...signup, email }, id, now);
    // The nonce of the confirmation link about to be sent goes in with the record: one write, not two.
    if (sendConfirmation && confirmNonce) record.confirmNonce = confirmNonce;
    return { record, result: sendConfirmation };
  };
  const fresh = apply(null);
  const created = await create(fresh.record);
  if (created) return { ...created, sendConfirmation: fresh.result };
  // The address is known, or another signup of it created the record a moment ago: apply this one
  // to that record, without losing a change made meanwhile.
  const updated = await update(id, apply);
  if (updated) return { ...updated.stored, sendConfirmation: updated.result };
  // No readable record there (e.g. a 0-byte blob left by a torn write): this signup replaces it.
  return { subscriber: await write(fresh.record, null), etag: null, sendConfirmation: fresh.result };
}

export function getSubscriber(id: string): Promise<Subscriber | null> {
  return subscriberStore.get(id);
}

/**
 * Staff delete: the record becomes a tombstone that keeps what the consent law asks to keep — the
 * ledger (when consent was given and withdrawn, with wording, page and hashed client address) and
 * the hashed address (the id) — and drops the personal data (name, address, phone, referrer,
 * interests). Mail stops for good (it counts as an unsubscribe). Returns null if there is no live record.
 */
export async function tombstoneSubscriber(
  id: string,
  now = new Date().toISOString(),
  /** Who deleted it (a staff member's name and role, or 'owner key'), kept on the ledger event. */
  by?: string,
): Promise<Subscriber | null> {
  // The result: the index keys the live record had (their positions are noted as deleted).
  const updated = await update(id, (sub): Change<string[] | null> => {
    if (sub.deletedAt) return { record: null, result: null };
    const record: Subscriber = {
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
        detail: by ? `personal data removed; ledger kept; by ${by}` : 'personal data removed; ledger kept',
      }),
    };
    return { record, result: subscriberIndexKeys(sub) };
  });
  if (!updated?.result) return null;
  await Promise.all([noteDeleted(updated.result), noteStop(id, Date.parse(now))]);
  return updated.stored.subscriber;
}

/**
 * Expires a signup never confirmed whose last change is older than `before` (epoch ms): the record
 * becomes a tombstone like a staff delete (personal data dropped, index key removed, ledger kept),
 * with an `expired` event in its ledger. Nothing changes when the record was confirmed at any time,
 * is deleted already, or changed since `before` (a newer signup sent a newer link). True when expired.
 */
export async function expireUnconfirmed(id: string, before: number, now = new Date().toISOString()): Promise<boolean> {
  const updated = await update(id, (sub): Change<string[] | null> => {
    const never =
      !sub.deletedAt && subscriberStatus(sub) === 'pending' && !sub.history.some((e) => e.type === 'confirmed');
    if (!never || !(Date.parse(sub.updatedAt) < before)) return { record: null, result: null };
    const record: Subscriber = {
      ...sub,
      name: '',
      email: '',
      phoneModel: '',
      referrer: '',
      interests: [],
      mail: null,
      confirmNonce: null,
      pendingDetails: [],
      deletedAt: now,
      updatedAt: now,
      history: appendEvent(sub.history, {
        at: now,
        type: 'expired',
        detail: 'not confirmed in time; personal data removed; ledger kept',
      }),
    };
    return { record, result: subscriberIndexKeys(sub) };
  });
  if (!updated?.result) return false;
  await noteDeleted(updated.result);
  return true;
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
  const updated = await update(id, (sub) =>
    recordOnly(
      subscriberStatus(sub) === 'unsubscribed' && sub.unsubscribedAt ? null : applyUnsubscribe(sub, now, event),
    ),
  );
  return updated?.stored.subscriber ?? null;
}

/**
 * Suppresses an address after a provider event said mail cannot reach it (a hard bounce, a drop,
 * repeated blocks): a `bounced` ledger event, and no mail of any kind from now on (it counts as an
 * unsubscribe for every list). A campaign sending now leaves it out from its next batch (a stop is
 * noted first, as for an unsubscribe). Already suppressed, or a tombstone: nothing changes.
 * @returns whether this call suppressed it (null: no record)
 */
export async function markSuppressed(
  id: string,
  now: string,
  event: Omit<LedgerEvent, 'at' | 'type'>,
): Promise<{ changed: boolean } | null> {
  const found = await subscriberStore.get(id);
  if (!found || found.deletedAt || suppressionOf(found.history)) return found ? { changed: false } : null;
  await noteStop(id, Date.parse(now));
  const updated = await update(id, (sub): Change<boolean> => {
    if (sub.deletedAt || suppressionOf(sub.history)) return { record: null, result: false };
    const record: Subscriber = {
      ...sub,
      unsubscribedAt: sub.unsubscribedAt ?? now,
      confirmNonce: null,
      updatedAt: now,
      history: appendEvent(sub.history, { ...event, at: now, type: 'bounced' }),
    };
    return { record, result: true };
  });
  return updated ? { changed: updated.result } : null;
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
  // The result: whether the link is valid for this record, and what pressing it changed.
  const unchanged = { valid: true, changed: false, askAgain: false };
  const invalid = { ...unchanged, valid: false };
  const updated = await update(id, (sub) => {
    if (sub.deletedAt) return { record: null, result: invalid };
    if (sub.confirmNonce !== nonce)
      return { record: null, result: subscriberStatus(sub) === 'confirmed' ? unchanged : invalid };
    const { record, changed, askAgain } = applyConfirmation(sub, now, ipHash, nextNonce);
    return { record, result: { valid: true, changed, askAgain } };
  });
  if (!updated?.result.valid) return { status: 'invalid' };
  const { changed, askAgain } = updated.result;
  return { status: 'confirmed', ...updated.stored, changed, askAgain };
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
  return (await update(id, (sub) => recordOnly(withMailStatus(sub, status, event)), stored))?.stored.subscriber ?? null;
}

/**
 * What the statistics read from a record whose index key cannot say it (a cut source, a confirmation
 * time the key does not hold): its `tallyEntryOf`; null when the record is missing or unreadable.
 */
export async function indexedRecordFacts(id: string): Promise<RecordFacts | null> {
  const sub = await subscriberStore.get(id);
  return sub ? tallyEntryOf(sub) : null;
}

/** A statistics snapshot of the whole index (what keys cannot say read from their records). */
export function snapshotSubscriberStats(now = Date.now()): Promise<Snapshot> {
  return takeSnapshot(indexedRecordFacts, now);
}
