/**
 * Typed storage over Netlify Blobs: one blob per record, validated on the way in and out.
 *
 * Rules: never keep a counter or an array of records in a single blob — concurrent
 * read-modify-write loses updates (measured locally: 199 of 200 lost). Aggregates come from
 * `list()` or from immutable snapshots (docs/storage.md).
 *
 * Reads are defensive everywhere: a torn write can leave a 0-byte blob and any blob may fail its
 * schema. Such a record is reported as `unreadable` (and logged with its key), never thrown, so
 * one bad record cannot take a screen down.
 */
import { getStore } from '@netlify/blobs';
import type { z } from 'zod';

/** The outcome of reading one record. */
export type ReadResult<T> =
  | { status: 'ok'; value: T; /** The blob's ETag, for a conditional `replace`. */ etag?: string }
  | { status: 'missing' }
  | { status: 'unreadable'; reason: string };

export interface RecordStore<T> {
  /** The record, or null when it is missing or unreadable (unreadable ones are logged). */
  get(key: string): Promise<T | null>;
  /** The record, telling a missing record from an unreadable one. */
  read(key: string): Promise<ReadResult<T>>;
  set(key: string, value: T): Promise<void>;
  /**
   * Writes the record only if no blob has the key yet (a conditional write: Netlify Blobs'
   * `onlyIfNew`); null when another writer got there first, and nothing was written.
   * @returns the ETag of the written blob (for a later `replace`)
   */
  create(key: string, value: T): Promise<{ etag: string } | null>;
  /**
   * Writes the record only if the blob is still the one with `etag` (Netlify Blobs' `onlyIfMatch`):
   * a read-modify-write that cannot overwrite someone else's change. Null when it changed since.
   * @returns the new ETag
   */
  replace(key: string, value: T, etag: string): Promise<{ etag: string } | null>;
  delete(key: string): Promise<void>;
  /** Keys, optionally under a prefix. */
  keys(prefix?: string): Promise<string[]>;
  /**
   * Reads many keys with at most `concurrency` requests in flight; the answer keeps the order of
   * `keys` and leaves out missing records; `unreadable` lists the keys that could not be read.
   */
  getMany(keys: readonly string[], concurrency?: number): Promise<{ values: T[]; unreadable: string[] }>;
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the input order. */
export async function mapLimit<I, O>(
  items: readonly I[],
  limit: number,
  fn: (item: I, index: number) => Promise<O>,
): Promise<O[]> {
  const out = new Array<O>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * A store named `name` whose records are validated by `schema`.
 * Uses strong consistency so a write is visible to the next read.
 */
export function recordStore<S extends z.ZodType>(name: string, schema: S): RecordStore<z.output<S>> {
  type T = z.output<S>;
  const store = () => getStore({ name, consistency: 'strong' });
  const decode = (key: string, value: unknown): ReadResult<T> => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { status: 'ok', value: parsed.data };
    const reason = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    console.error(`[storage] ${name}/${key} does not match its schema: ${reason.slice(0, 300)}`);
    return { status: 'unreadable', reason: 'does not match its schema' };
  };
  const read = async (key: string): Promise<ReadResult<T>> => {
    const found = await store().getWithMetadata(key, { type: 'text' });
    if (!found) return { status: 'missing' };
    const { data: text, etag } = found;
    if (text === null || text === undefined) return { status: 'missing' };
    if (text === '') {
      console.error(`[storage] ${name}/${key} is empty (0 bytes, e.g. a torn write): skipped`);
      return { status: 'unreadable', reason: 'empty' };
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      console.error(`[storage] ${name}/${key} is not valid JSON (${text.length} bytes): skipped`);
      return { status: 'unreadable', reason: 'not JSON' };
    }
    const decoded = decode(key, value);
    return decoded.status === 'ok' ? { ...decoded, etag } : decoded;
  };
  const self: RecordStore<T> = {
    read,
    async get(key) {
      const r = await read(key);
      return r.status === 'ok' ? r.value : null;
    },
    async set(key, value) {
      await store().setJSON(key, schema.parse(value));
    },
    async create(key, value) {
      const { modified, etag } = await store().setJSON(key, schema.parse(value), { onlyIfNew: true });
      return modified ? { etag: etag ?? '' } : null;
    },
    async replace(key, value, etag) {
      if (!etag) return null;
      const result = await store().setJSON(key, schema.parse(value), { onlyIfMatch: etag });
      return result.modified ? { etag: result.etag ?? '' } : null;
    },
    async delete(key) {
      await store().delete(key);
    },
    async keys(prefix) {
      const { blobs } = await store().list(prefix ? { prefix } : undefined);
      return blobs.map((b) => b.key);
    },
    async getMany(keys, concurrency = 32) {
      const results = await mapLimit(keys, concurrency, (k) => read(k));
      const values: T[] = [];
      const unreadable: string[] = [];
      results.forEach((r, i) => {
        if (r.status === 'ok') values.push(r.value);
        else if (r.status === 'unreadable') unreadable.push(keys[i]);
      });
      return { values, unreadable };
    },
  };
  return self;
}

/** SHA-256 hex of a string: stable blob keys that do not expose personal data in key names. */
export async function hashKey(value: string): Promise<string> {
  const bytes = new TextEncoder().encode(value);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
