/**
 * The audit trail of staff actions (docs/staff.md, "Audit trail"). Server only.
 *
 * Append-only: this module writes and reads, nothing deletes (no endpoint, no upkeep), the owner key
 * included. Store `audit` (strong consistency), one blob per entry, never a list in one blob:
 * - `e/<inverted time>.<actor>.<random>`: the entry. Inverted time (`9999999999999 - ms`, 13 digits)
 *   makes a plain key listing newest first; the actor in the key lets "filter by person" skip the
 *   other entries without reading them.
 * - `t/<target type>/<target id>/<inverted time>.<random>`: the same entry again, under what it was
 *   done to, so a subscriber's or a campaign's own staff history is one small listing.
 */
import { getStore } from '@netlify/blobs';
import { mapLimit } from '../server/storage';
import type { AuditActor, AuditEntry, AuditPage } from './staff-schemas';

const store = () => getStore({ name: 'audit', consistency: 'strong' });
const MAX_TIME = 9_999_999_999_999;
const TARGET_ID = /^[A-Za-z0-9_-]{1,80}$/;

function inverted(ms: number): string {
  return String(MAX_TIME - ms).padStart(13, '0');
}

function randomPart(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 8);
}

/** What an action was done to. */
export interface AuditTarget {
  type: string;
  id: string | null;
  label?: string;
}

/**
 * Appends one entry (and its copy under the target). Never throws: a trail that cannot be written is
 * logged loudly, but the action it describes has already happened.
 */
export async function recordAudit(
  input: { actor: AuditActor; network: string; action: string; target: AuditTarget; status: number },
  now = Date.now(),
): Promise<AuditEntry | null> {
  const rand = randomPart();
  const key = `e/${inverted(now)}.${input.actor.id}.${rand}`;
  const entry: AuditEntry = {
    id: key,
    at: new Date(now).toISOString(),
    actor: input.actor,
    network: input.network,
    action: input.action,
    target: input.target,
    status: input.status,
  };
  try {
    await store().setJSON(key, entry, { onlyIfNew: true });
    if (input.target.id && TARGET_ID.test(input.target.id) && /^[a-z-]{1,30}$/.test(input.target.type)) {
      await store().setJSON(`t/${input.target.type}/${input.target.id}/${inverted(now)}.${rand}`, entry);
    }
    return entry;
  } catch (err) {
    console.error(`[audit] could not record ${input.action} by ${input.actor.name}`, err);
    return null;
  }
}

async function readEntries(keys: string[]): Promise<AuditEntry[]> {
  const found = await mapLimit(keys, 16, async (key) => {
    try {
      return ((await store().get(key, { type: 'json' })) as AuditEntry | null) ?? null;
    } catch {
      console.error(`[audit] entry ${key} could not be read`);
      return null;
    }
  });
  return found.filter((e): e is AuditEntry => e !== null);
}

/**
 * One page of the trail, newest first, optionally of one person (`owner` or a staff id).
 * `cursor` is the last key of the previous page.
 */
export async function auditPage(
  options: { person?: string; cursor?: string; limit?: number } = {},
): Promise<AuditPage> {
  const limit = options.limit ?? 50;
  const { blobs } = await store().list({ prefix: 'e/' });
  const keys = blobs
    .map((b) => b.key)
    .filter((k) => !options.person || k.split('.')[1] === options.person)
    .filter((k) => !options.cursor || k > options.cursor)
    .sort();
  const page = keys.slice(0, limit);
  return { entries: await readEntries(page), next: keys.length > limit ? page[page.length - 1] : null };
}

/** The staff history of one target (e.g. a campaign, a subscriber), newest first. */
export async function auditOf(type: string, id: string, limit = 50): Promise<AuditEntry[]> {
  if (!TARGET_ID.test(id)) return [];
  const { blobs } = await store().list({ prefix: `t/${type}/${id}/` });
  return readEntries(
    blobs
      .map((b) => b.key)
      .sort()
      .slice(0, limit),
  );
}
