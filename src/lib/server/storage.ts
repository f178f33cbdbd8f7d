/**
 * Typed storage over Netlify Blobs: one blob per record, validated on the way in and out.
 *
 * Rules (see STACK.md): never keep a counter or an array of records in a single blob —
 * concurrent read-modify-write loses updates. Aggregates are computed from `list()`.
 */
import { getStore } from '@netlify/blobs';
import type { z } from 'zod';

export interface RecordStore<T> {
  get(key: string): Promise<T | null>;
  set(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** Keys, optionally under a prefix. */
  keys(prefix?: string): Promise<string[]>;
  /** Every record, optionally under a prefix (records failing validation are skipped and logged). */
  all(prefix?: string): Promise<T[]>;
}

/**
 * A store named `name` whose records are validated by `schema`.
 * Uses strong consistency so a write is visible to the next read.
 */
export function recordStore<S extends z.ZodType>(name: string, schema: S): RecordStore<z.output<S>> {
  type T = z.output<S>;
  const store = () => getStore({ name, consistency: 'strong' });
  const decode = (key: string, value: unknown): T | null => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    console.error(`[storage] ${name}/${key} does not match its schema`, parsed.error.issues);
    return null;
  };
  return {
    async get(key) {
      const value = await store().get(key, { type: 'json' });
      return value === null || value === undefined ? null : decode(key, value);
    },
    async set(key, value) {
      await store().setJSON(key, schema.parse(value));
    },
    async delete(key) {
      await store().delete(key);
    },
    async keys(prefix) {
      const { blobs } = await store().list(prefix ? { prefix } : undefined);
      return blobs.map((b) => b.key);
    },
    async all(prefix) {
      const keys = await this.keys(prefix);
      const values = await Promise.all(keys.map(async (k) => [k, await store().get(k, { type: 'json' })] as const));
      return values.flatMap(([k, v]) => {
        if (v === null || v === undefined) return [];
        const d = decode(k, v);
        return d === null ? [] : [d];
      });
    },
  };
}

/** SHA-256 hex of a string: stable blob keys that do not expose personal data in key names. */
export async function hashKey(value: string): Promise<string> {
  const bytes = new TextEncoder().encode(value);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
