/**
 * Browser session storage of the recommender (preferences and recommended phones are kept
 * in session storage as JSON). The storage object is passed in, so this stays pure and testable.
 */

/** Session storage keys (our own names). */
export const SESSION_KEYS = {
  preferences: 'mapletech.recommender.preferences',
  recommendations: 'mapletech.recommender.recommendations',
  /** A toast to show on the next page (set before a redirect). */
  flash: 'mapletech.recommender.flash',
} as const;

/** Minimal storage surface (window.sessionStorage satisfies it). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type StoredRead<T> = { status: 'ok'; value: T } | { status: 'missing' } | { status: 'corrupt' };

/** Reads and parses one JSON value. `check` rejects a value of the wrong shape (treated as corrupt). */
export function readJson<T>(store: KeyValueStore | null, key: string, check: (v: unknown) => v is T): StoredRead<T> {
  let raw: string | null;
  try {
    raw = store ? store.getItem(key) : null;
  } catch {
    return { status: 'missing' };
  }
  if (raw === null || raw === '') return { status: 'missing' };
  try {
    const value: unknown = JSON.parse(raw);
    return check(value) ? { status: 'ok', value } : { status: 'corrupt' };
  } catch {
    return { status: 'corrupt' };
  }
}

/** Writes a JSON value; storage errors (quota, private mode) are ignored: the page still works. */
export function writeJson(store: KeyValueStore | null, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: nothing to keep */
  }
}

/** Removes keys, ignoring storage errors. */
export function removeKeys(store: KeyValueStore | null, keys: string[]): void {
  for (const k of keys) {
    try {
      store?.removeItem(k);
    } catch {
      /* ignore */
    }
  }
}

export interface FlashToast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const isFlash = (v: unknown): v is FlashToast =>
  typeof v === 'object' && v !== null && typeof (v as FlashToast).title === 'string';

/** Keeps a toast for the next page (the results page redirects to the wizard with a message). */
export function setFlash(store: KeyValueStore | null, flash: FlashToast): void {
  writeJson(store, SESSION_KEYS.flash, flash);
}

/** Takes (reads and removes) the pending toast, if any. */
export function takeFlash(store: KeyValueStore | null): FlashToast | null {
  const read = readJson(store, SESSION_KEYS.flash, isFlash);
  removeKeys(store, [SESSION_KEYS.flash]);
  return read.status === 'ok' ? read.value : null;
}

/** The browser's session storage, or null where it is unavailable (SSR, blocked storage). */
export function browserSession(): KeyValueStore | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}
