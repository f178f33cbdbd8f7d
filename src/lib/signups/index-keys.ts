/**
 * Index keys of the subscriber store: the key names that serve the staff screens, derived from a
 * record by one pure function. The record blob (`subscribers/<id>`) stays the unit of truth; the
 * index (`subscriber-index` store) only lets a screen find rows and count facets without reading
 * every record. Layout and reasons: docs/storage.md.
 *
 * One index key per subscriber, under an hour bucket of its signup time, newest first:
 *   `t/<bucket>/<time>.<id>.<facets>.<text>`
 * - bucket: 8 digits, 99999999 minus the hour since 1970 (newer hours sort first; a prefix of fewer
 *   digits covers 10, 100, ... hours, so a page lists a widening range with one call);
 * - time: milliseconds, inverted, 9 base-36 digits (newest first inside an hour);
 * - id: the record id (SHA-256 of the e-mail), as 43 base64url characters;
 * - facets: status (c/p/u), interests (one hex digit: bits of the three topics, 8 = 'all', 0 = none),
 *   list (w/n/b), `t` if `text` was cut;
 * - text: base64url of the JSON `[name, email, source]`, cut to fit a file name (255 bytes on the
 *   local store). It is what substring search and the source statistics read. base64url only keeps
 *   it out of plain sight in paths and logs; the protection is the store's access control.
 *
 * Pure: no storage, no clock. Imports only types and the pure status rule, so scripts can bundle it.
 */
import type { Interest, List } from './constants';
import type { Subscriber } from './schemas';
import { subscriberStatus } from './status';

/** Status facet of a subscriber (the stats shape carries all three). */
export type IndexStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** Prefix of the time-ordered index keys. */
export const TIME_PREFIX = 't/';
/** Prefix of the change markers (see subscriber-index.ts). */
export const MARKER_PREFIX = 'd/';
/** Prefix of the statistics snapshots. */
export const SNAPSHOT_PREFIX = 's/';

const HOUR_MS = 3_600_000;
const BUCKET_MAX = 99_999_999;
const TIME_MAX = 36 ** 9 - 1;
/** Longest index file name the local Blobs store accepts (one path segment). */
const MAX_SEGMENT = 240;

const INTEREST_BITS: Record<Exclude<Interest, 'all'>, number> = {
  tech_news: 1,
  phone_recommendations: 2,
  smartphone_tutorials: 4,
};
const STATUS_CODE: Record<IndexStatus, string> = { pending: 'p', confirmed: 'c', unsubscribed: 'u' };
const LIST_CODE: Record<List, string> = { waitlist: 'w', newsletter: 'n', both: 'b' };

/** The status facet: the consent ledger's state (see status.ts). */
export function indexStatusOf(sub: Pick<Subscriber, 'unsubscribedAt' | 'history'>): IndexStatus {
  return subscriberStatus(sub);
}

/** Hour bucket (8 digits, newest first) of an epoch-millisecond time. */
export function bucketOf(ms: number): string {
  return String(BUCKET_MAX - Math.floor(ms / HOUR_MS)).padStart(8, '0');
}

/** First millisecond of a bucket's hour. */
export function bucketStart(bucket: string): number {
  return (BUCKET_MAX - Number(bucket)) * HOUR_MS;
}

function invertTime(ms: number): string {
  return (TIME_MAX - ms).toString(36).padStart(9, '0');
}

function hexToB64url(hex: string): string {
  let bin = '';
  for (let i = 0; i < hex.length; i += 2) bin += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function b64urlToHex(text: string): string {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  let hex = '';
  for (let i = 0; i < bin.length; i++) hex += bin.charCodeAt(i).toString(16).padStart(2, '0');
  return hex;
}

function encodeText(value: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(value)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeText(text: string): string {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

/** Interests as one hex digit: bits of the three topics, 8 for 'all', 0 for none (newsletter only). */
function interestCode(interests: readonly Interest[]): string {
  let bits = 0;
  for (const i of interests) bits |= i === 'all' ? 8 : INTEREST_BITS[i];
  return bits.toString(16);
}

function interestsFromCode(code: string): Interest[] {
  const bits = parseInt(code, 16);
  const topics = (Object.keys(INTEREST_BITS) as (keyof typeof INTEREST_BITS)[]).filter((k) => bits & INTEREST_BITS[k]);
  return bits & 8 ? [...topics, 'all'] : topics;
}

/** Searchable text `[name, email, source]`, cut (per field, longest first) until the key fits. */
function textPart(name: string, email: string, source: string, room: number): { text: string; cut: boolean } {
  const fields = [name, email, source];
  let text = encodeText(JSON.stringify(fields));
  if (text.length <= room) return { text, cut: false };
  while (text.length > room) {
    const longest = fields.reduce((best, f, i) => (f.length > fields[best].length ? i : best), 0);
    fields[longest] = fields[longest].slice(
      0,
      Math.max(0, fields[longest].length - Math.ceil((text.length - room) / 1.3) - 1),
    );
    text = encodeText(JSON.stringify(fields));
  }
  return { text, cut: true };
}

/** The fields of a subscriber the index keys are made from. */
export type IndexedFields = Pick<
  Subscriber,
  'id' | 'name' | 'email' | 'source' | 'interests' | 'list' | 'createdAt' | 'unsubscribedAt' | 'history' | 'deletedAt'
>;

/**
 * Every index key of a subscriber (one; none for a staff-deleted tombstone, which no screen lists).
 * Equal records give equal keys, so a writer can compare the keys before and after a change and
 * touch only what differs.
 */
export function subscriberIndexKeys(sub: IndexedFields): string[] {
  if (sub.deletedAt) return [];
  const ms = Date.parse(sub.createdAt);
  const at = Number.isFinite(ms) ? ms : 0;
  const head = `${invertTime(at)}.${hexToB64url(sub.id)}.`;
  const facets = `${STATUS_CODE[indexStatusOf(sub)]}${interestCode(sub.interests)}${LIST_CODE[sub.list]}`;
  const room = MAX_SEGMENT - head.length - facets.length - 2;
  const { text, cut } = textPart(sub.name, sub.email, sub.source.trim(), room);
  return [`${TIME_PREFIX}${bucketOf(at)}/${head}${facets}${cut ? 't' : ''}.${text}`];
}

/** What one index key says about its subscriber. */
export interface IndexEntry {
  /** The whole key (also the paging position). */
  key: string;
  bucket: string;
  /** Record id (64 hex). */
  id: string;
  createdAtMs: number;
  status: IndexStatus;
  interests: Interest[];
  list: List;
  name: string;
  email: string;
  source: string;
  /** True when name/email/source were cut to fit: read the record for an exact answer. */
  cut: boolean;
}

const KEY_PATTERN = /^t\/(\d{8})\/([0-9a-z]{9})\.([A-Za-z0-9_-]{43})\.([cpu])([0-9a-f])([wnb])(t?)\.([A-Za-z0-9_-]*)$/;
const STATUS_BY_CODE: Record<string, IndexStatus> = { p: 'pending', c: 'confirmed', u: 'unsubscribed' };
const LIST_BY_CODE: Record<string, List> = { w: 'waitlist', n: 'newsletter', b: 'both' };

/** Reads an index key; null for anything that is not one (a stray or damaged key is skipped, never thrown on). */
export function parseIndexKey(key: string): IndexEntry | null {
  const m = KEY_PATTERN.exec(key);
  if (!m) return null;
  const [, bucket, time, id, status, interests, list, cut, text] = m;
  let fields: unknown;
  try {
    fields = JSON.parse(decodeText(text));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 3 || !fields.every((f) => typeof f === 'string')) return null;
  return {
    key,
    bucket,
    id: b64urlToHex(id),
    createdAtMs: TIME_MAX - parseInt(time, 36),
    status: STATUS_BY_CODE[status],
    interests: interestsFromCode(interests),
    list: LIST_BY_CODE[list],
    name: fields[0],
    email: fields[1],
    source: fields[2],
    cut: cut === 't',
  };
}

/** Counts over index entries (the statistics screen). */
export interface Tally {
  total: number;
  interests: Record<string, number>;
  sources: Record<string, number>;
  status: Record<IndexStatus, number>;
}

/** An empty tally. */
export function emptyTally(): Tally {
  return { total: 0, interests: {}, sources: {}, status: { pending: 0, confirmed: 0, unsubscribed: 0 } };
}

/**
 * Adds one entry to a tally (mutates `t`): every entry counts in `total` and its status; the
 * interests and sources count confirmed subscribers only (pending and unsubscribed ones are shown
 * apart): each interest once, none counted as 'all', the source trimmed ('' = direct). `source`
 * may come from the record when the key's text was cut.
 */
export function addToTally(t: Tally, e: Pick<IndexEntry, 'interests' | 'source' | 'status'>): Tally {
  t.total += 1;
  t.status[e.status] += 1;
  if (e.status !== 'confirmed') return t;
  for (const i of e.interests.length ? new Set(e.interests) : ['all']) t.interests[i] = (t.interests[i] ?? 0) + 1;
  t.sources[e.source] = (t.sources[e.source] ?? 0) + 1;
  return t;
}

/** Sum of tallies (a new object). */
export function mergeTallies(...tallies: Tally[]): Tally {
  const out = emptyTally();
  for (const t of tallies) {
    out.total += t.total;
    for (const [k, v] of Object.entries(t.interests)) out.interests[k] = (out.interests[k] ?? 0) + v;
    for (const [k, v] of Object.entries(t.sources)) out.sources[k] = (out.sources[k] ?? 0) + v;
    for (const s of Object.keys(out.status) as IndexStatus[]) out.status[s] += t.status[s] ?? 0;
  }
  return out;
}

/**
 * Key of a change marker: written after an index change in `bucket`, so a statistics snapshot
 * taken before it knows that bucket must be counted again.
 */
export function markerKey(bucket: string, nowMs: number, unique: string): string {
  return `${MARKER_PREFIX}${bucket}/${nowMs.toString(36)}-${unique}`;
}

/** The bucket a marker key points at, or null. */
export function markerBucket(key: string): string | null {
  const m = /^d\/(\d{8})\//.exec(key);
  return m ? m[1] : null;
}

/**
 * Prefixes to list, newest first, from the bucket `from` on: the bucket itself, then the 10-hour,
 * 100-hour, ... range around it, then everything. Each call widens tenfold, so a page finds its
 * rows in a few list calls whether signups are dense or sparse. Ranges overlap; callers skip keys
 * at or before their position.
 */
export function widening(from: string): string[] {
  const out: string[] = [];
  for (let digits = 8; digits >= 0; digits--)
    out.push(`${TIME_PREFIX}${from.slice(0, digits)}${digits === 8 ? '/' : ''}`);
  return out;
}
