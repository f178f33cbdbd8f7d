/**
 * Subscriber storage: one blob per subscriber in the `subscribers` store, keyed by the SHA-256 of
 * the normalised e-mail, so concurrent signups of different people never touch the same blob and a
 * second signup of the same address lands on the same record. Server only.
 *
 * Every record write and delete goes through `writeRecord` / `removeRecord`, which keep the index
 * keys of the staff screens in step (subscriber-index.ts): record first, then its index keys.
 */
import { hashKey, recordStore } from '../server/storage';
import { subscriberIndexKeys } from './index-keys';
import { removeIndexKeys, scanIndex, syncIndex, takeSnapshot, type Snapshot } from './subscriber-index';
import { mapLimit } from '../server/storage';
import { applySignup, type Signup } from './merge';
import { subscriberSchema, type MailStatus, type Subscriber } from './schemas';

export const subscriberStore = recordStore('subscribers', subscriberSchema);

/** Writes a record and brings its index keys in line (`before` = the record as read, null if new). */
async function writeRecord(before: Subscriber | null, next: Subscriber): Promise<void> {
  await subscriberStore.set(next.id, next);
  await syncIndex(before, next);
}

/** Deletes a record and its index keys. */
async function removeRecord(sub: Subscriber): Promise<void> {
  await subscriberStore.delete(sub.id);
  await syncIndex(sub, null);
}

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
  await writeRecord(existing, next);
  return next;
}

export function getSubscriber(id: string): Promise<Subscriber | null> {
  return subscriberStore.get(id);
}

export async function getSubscriberByEmail(email: string): Promise<Subscriber | null> {
  return subscriberStore.get(await subscriberId(email));
}

/** Every subscriber (unordered; reads every record: for tests and small stores only). */
export function listSubscribers(): Promise<Subscriber[]> {
  return subscriberStore.all();
}

/**
 * Deletes a subscriber and its index keys. A record that cannot be read is deleted by id; its
 * index key is then removed by the maintenance run (see subscriber-index.ts `reconcileIndex`).
 */
export async function deleteSubscriber(subOrId: Subscriber | string): Promise<void> {
  if (typeof subOrId !== 'string') return removeRecord(subOrId);
  const sub = await subscriberStore.get(subOrId);
  if (sub) return removeRecord(sub);
  await subscriberStore.delete(subOrId);
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
  await writeRecord(sub, next);
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
  await writeRecord(sub, next);
  return next;
}

/** What a maintenance run changed in the index. */
export interface ReconcileReport {
  /** Records that had no index key (e.g. a crash between the two writes, or data from before the index). */
  indexed: number;
  /** Index keys removed: their record is gone, or a lost concurrent write left a second key. */
  removed: number;
  /** Records that could not be read (left alone, logged). */
  unreadable: number;
}

/**
 * Repairs the index against the records (the unit of truth): indexes records without a key, drops
 * keys of deleted records and duplicate keys of one record. Each fix re-reads the record first, so
 * a signup running at the same time is never undone. Run by the maintenance function.
 */
export async function reconcileSubscriberIndex(now = Date.now()): Promise<ReconcileReport> {
  const [ids, entries] = await Promise.all([subscriberStore.keys(), scanIndex()]);
  const byId = new Map<string, string[]>();
  for (const e of entries) byId.set(e.id, [...(byId.get(e.id) ?? []), e.key]);
  const recordIds = new Set(ids);
  const suspects = new Set<string>();
  for (const id of ids) if ((byId.get(id)?.length ?? 0) !== 1) suspects.add(id);
  for (const id of byId.keys()) if (!recordIds.has(id)) suspects.add(id);
  const report: ReconcileReport = { indexed: 0, removed: 0, unreadable: 0 };
  await mapLimit([...suspects], 8, async (id) => {
    const r = await subscriberStore.read(id);
    if (r.status === 'unreadable') {
      report.unreadable += 1;
      return;
    }
    const present = byId.get(id) ?? [];
    const sub = r.status === 'ok' ? r.value : null;
    const wanted = sub ? subscriberIndexKeys(sub) : [];
    const stray = present.filter((k) => !wanted.includes(k));
    const missing = wanted.filter((k) => !present.includes(k));
    if (!stray.length && !missing.length) return;
    await removeIndexKeys(stray, now);
    if (missing.length && sub) await syncIndex(null, sub, now);
    report.removed += stray.length;
    report.indexed += missing.length ? 1 : 0;
  });
  return report;
}

/** A statistics snapshot of the whole index (sources of cut keys read from their records). */
export function snapshotSubscriberStats(now = Date.now()): Promise<Snapshot> {
  return takeSnapshot(async (id) => (await subscriberStore.get(id))?.source.trim() ?? null, now);
}
