/**
 * The key format of the subscriber index: the key names that serve the staff screens, derived from
 * a record by one pure function, and read back. The record blob (`subscribers/<id>`) stays the unit
 * of truth; the index (`subscriber-index` store) only lets a screen find rows, count facets and write
 * the CSV export without reading every record. Layout and reasons: docs/storage.md.
 *
 * One index key per subscriber, under an hour bucket of its signup time, newest first:
 *   `t/<bucket>/<time>.<id>.<facets>.<times>.<text>`
 * - bucket: 8 digits, 99999999 minus the hour since 1970 (newer hours sort first; a prefix of fewer
 *   digits covers 10, 100, ... hours, so a page lists a widening range with one call);
 * - time: milliseconds, inverted, 9 base-36 digits (newest first inside an hour);
 * - id: the record id (SHA-256 of the e-mail), as 43 base64url characters;
 * - facets: status (c/p/u), interests (one hex digit: bits of the three topics, 8 = 'all', 0 = none),
 *   list (w/n/b), then the flags: `t` when the searchable part is not complete (text cut, or interests
 *   stored in another order than the key gives back), `r` when the export row is not (the referrer
 *   left out to fit, or a time the key cannot give back to the character);
 * - times: consent, unsubscribe and latest confirmation, each 9 base-36 digits of epoch milliseconds
 *   or `-` (none, or not exact: then `r`);
 * - text: base64url of the JSON `[name, email, source, referrer]`, cut to fit a file name (255 bytes
 *   on the local store). Search, the source statistics and the CSV export read it. base64url only
 *   keeps it out of plain sight in paths and logs; the protection is the store's access control.
 *
 * Built on it, each pure too: the search digest's rows (digest-rows.ts), the statistics rule
 * (tally.ts), the change markers (change-markers.ts) and range planning (index-ranges.ts); the store
 * around it is subscriber-index.ts.
 *
 * Pure: no storage, no clock. Imports only types, the pure status rule and base64url, so scripts
 * can bundle it.
 */
import { fromBase64Url, toBase64Url } from '../base64url';
import type { Interest, List } from './vocabulary';
import type { Subscriber } from './record';
import { lastConfirmedAt, subscriberStatus, type SubscriberStatus } from './status';

/** Prefix of the time-ordered index keys. */
export const TIME_PREFIX = 't/';

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
const STATUS_CODE: Record<SubscriberStatus, string> = { pending: 'p', confirmed: 'c', unsubscribed: 'u' };
const LIST_CODE: Record<List, string> = { waitlist: 'w', newsletter: 'n', both: 'b' };

/** Hour bucket (8 digits, newest first) of an epoch-millisecond time. */
export function bucketOf(ms: number): string {
  return String(BUCKET_MAX - Math.floor(ms / HOUR_MS)).padStart(8, '0');
}

/** First millisecond of a bucket's hour. */
export function bucketStart(bucket: string): number {
  return (BUCKET_MAX - Number(bucket)) * HOUR_MS;
}

/** A time as 9 base-36 digits that sort newest first (index keys, snapshot keys). */
export function invertTime(ms: number): string {
  return (TIME_MAX - ms).toString(36).padStart(9, '0');
}

function hexToB64url(hex: string): string {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return toBase64Url(bytes);
}

/** The hex of base64url text; the patterns that find it in a key accept only base64url characters. */
function b64urlToHex(text: string): string {
  let hex = '';
  for (const b of fromBase64Url(text) ?? []) hex += b.toString(16).padStart(2, '0');
  return hex;
}

function encodeText(value: string): string {
  return toBase64Url(new TextEncoder().encode(value));
}

/** The text of base64url `text`; throws when it is not base64url. */
function decodeText(text: string): string {
  const bytes = fromBase64Url(text);
  if (!bytes) throw new Error('not base64url');
  return new TextDecoder().decode(bytes);
}

/** Interests as one hex digit: bits of the three topics, 8 for 'all', 0 for none (newsletter only). */
function interestCode(interests: readonly Interest[]): string {
  let bits = 0;
  for (const i of interests) bits |= i === 'all' ? 8 : INTEREST_BITS[i];
  return bits.toString(16);
}

/** The interests of a key's interest digit (see `interestCode`). */
export function interestsFromCode(code: string): Interest[] {
  const bits = parseInt(code, 16);
  const topics = (Object.keys(INTEREST_BITS) as (keyof typeof INTEREST_BITS)[]).filter((k) => bits & INTEREST_BITS[k]);
  return bits & 8 ? [...topics, 'all'] : topics;
}

/**
 * The text part `[name, email, source, referrer]`: whole when it fits; else without the referrer
 * (`partial`), then with name, e-mail and source cut (longest first) until it fits (`cut`).
 */
function textPart(
  name: string,
  email: string,
  source: string,
  referrer: string,
  room: number,
): { text: string; cut: boolean; partial: boolean } {
  let text = encodeText(JSON.stringify([name, email, source, referrer]));
  if (text.length <= room) return { text, cut: false, partial: false };
  const fields = [name, email, source];
  text = encodeText(JSON.stringify([...fields, '']));
  if (text.length <= room) return { text, cut: false, partial: referrer !== '' };
  while (text.length > room) {
    const longest = fields.reduce((best, f, i) => (f.length > fields[best].length ? i : best), 0);
    fields[longest] = fields[longest].slice(
      0,
      Math.max(0, fields[longest].length - Math.ceil((text.length - room) / 1.3) - 1),
    );
    text = encodeText(JSON.stringify([...fields, '']));
  }
  return { text, cut: true, partial: referrer !== '' };
}

/** A time as 9 base-36 digits of epoch ms, when that gives the ISO text back exactly; null otherwise. */
function exactTime(iso: string): string | null {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms) || ms < 0 || ms > TIME_MAX) return null;
  return new Date(ms).toISOString() === iso ? ms.toString(36).padStart(9, '0') : null;
}

function timeFromCode(code: string): string | null {
  return code === '-' ? null : new Date(parseInt(code, 36)).toISOString();
}

/** The fields of a subscriber the index keys are made from. */
export type IndexedFields = Pick<
  Subscriber,
  | 'id'
  | 'name'
  | 'email'
  | 'source'
  | 'referrer'
  | 'interests'
  | 'list'
  | 'createdAt'
  | 'unsubscribedAt'
  | 'history'
  | 'deletedAt'
> & { consent: Pick<Subscriber['consent'], 'at'> };

function sameInterests(a: readonly Interest[], b: readonly Interest[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Every index key of a subscriber (one; none for a staff-deleted tombstone, which no screen lists).
 * Equal records give equal keys, so a writer can compare the keys before and after a change and
 * touch only what differs. A change to anything the staff screens or the export show changes the key.
 */
export function subscriberIndexKeys(sub: IndexedFields): string[] {
  if (sub.deletedAt) return [];
  const ms = Date.parse(sub.createdAt);
  const at = Number.isFinite(ms) ? ms : 0;
  let partial = exactTime(sub.createdAt) === null;
  // Interests the key cannot give back in their stored order: search and export read the record.
  const code = interestCode(sub.interests);
  const interestsExact = sameInterests(interestsFromCode(code), sub.interests);
  const times = [sub.consent.at, sub.unsubscribedAt, lastConfirmedAt(sub.history)].map((iso) => {
    if (iso === null) return '-';
    const exact = exactTime(iso);
    if (exact === null) partial = true;
    return exact ?? '-';
  });
  const head = `${invertTime(at)}.${hexToB64url(sub.id)}.`;
  const facets = `${STATUS_CODE[subscriberStatus(sub)]}${code}${LIST_CODE[sub.list]}`;
  const timesPart = times.join('');
  // Two characters kept for the flags, two for the dots around the times.
  const room = MAX_SEGMENT - head.length - facets.length - 2 - timesPart.length - 2;
  const text = textPart(sub.name, sub.email, sub.source, sub.referrer, room);
  const cut = text.cut || !interestsExact;
  partial = partial || text.partial || !interestsExact;
  const flags = `${cut ? 't' : ''}${partial ? 'r' : ''}`;
  return [`${TIME_PREFIX}${bucketOf(at)}/${head}${facets}${flags}.${timesPart}.${text.text}`];
}

/** What one index key says about its subscriber. */
export interface IndexEntry {
  /** The whole key. */
  key: string;
  bucket: string;
  /** Record id (64 hex). */
  id: string;
  createdAtMs: number;
  status: SubscriberStatus;
  interests: Interest[];
  list: List;
  name: string;
  email: string;
  /** As stored (the statistics trim it). */
  source: string;
  /** '' when left out (see `partial`). */
  referrer: string;
  /** Consent, unsubscribe and latest confirmation times as ISO text (null: none, or not in the key). */
  consentAt: string | null;
  unsubscribedAt: string | null;
  confirmedAt: string | null;
  /** True when name/email/source were cut or the interests' order differs: read the record for an exact search answer. */
  cut: boolean;
  /** True when the key cannot give the export row exactly (the CSV export reads the record). */
  partial: boolean;
}

/** A key's position `t/<bucket>/<time>.<id>` (groups: bucket, time, id). */
const POSITION = String.raw`t\/(\d{8})\/([0-9a-z]{9})\.([A-Za-z0-9_-]{43})`;
/** A key's facets (groups: status, interests, list, flag t, flag r). */
export const FACETS = String.raw`([cpu])([0-9a-f])([wnb])(t?)(r?)`;
/** A time of the times part: 9 base-36 digits, or `-`. */
const KEY_TIME = String.raw`([0-9a-z]{9}|-)`;
const KEY_PATTERN = new RegExp(`^${POSITION}\\.${FACETS}\\.${KEY_TIME}${KEY_TIME}${KEY_TIME}\\.([A-Za-z0-9_-]*)$`);
/** A position alone, or followed by the rest of a key. */
const POSITION_OR_KEY = new RegExp(`^${POSITION}(?:\\.[A-Za-z0-9_.-]*)?$`);
/** The status and the list of a key's facet codes. */
export const STATUS_BY_CODE: Record<string, SubscriberStatus> = { p: 'pending', c: 'confirmed', u: 'unsubscribed' };
export const LIST_BY_CODE: Record<string, List> = { w: 'waitlist', n: 'newsletter', b: 'both' };

/** Length of a key's position `t/<bucket>/<time>.<id>`: what orders keys and what a cursor holds. */
export const POSITION_LENGTH = TIME_PREFIX.length + 8 + 1 + 9 + 1 + 43;

/** The position of an index key (or of a cursor): its bucket, time and id. */
export function positionOf(key: string): string {
  return key.slice(0, POSITION_LENGTH);
}

/** The position `text` holds when it is a key position or a whole index key (a cursor); else null. */
export function readPosition(text: string): string | null {
  return POSITION_OR_KEY.test(text) ? positionOf(text) : null;
}

/** Reads an index key; null for anything that is not one (a stray or damaged key is skipped, never thrown on). */
export function parseIndexKey(key: string): IndexEntry | null {
  const m = KEY_PATTERN.exec(key);
  if (!m) return null;
  const [, bucket, time, id, status, interests, list, cut, partial, consent, unsub, confirmed, text] = m;
  let fields: unknown;
  try {
    fields = JSON.parse(decodeText(text));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 4 || !fields.every((f) => typeof f === 'string')) return null;
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
    referrer: fields[3],
    consentAt: timeFromCode(consent),
    unsubscribedAt: timeFromCode(unsub),
    confirmedAt: timeFromCode(confirmed),
    cut: cut === 't',
    partial: partial === 'r',
  };
}

/** True when the export row can be written from the key alone (no record read). */
export function rowComplete(e: Pick<IndexEntry, 'cut' | 'partial'>): boolean {
  return !e.cut && !e.partial;
}

/** The record id (64 hex) at a key position. */
export function idOfPosition(position: string): string {
  return b64urlToHex(position.slice(TIME_PREFIX.length + 19, POSITION_LENGTH));
}

/** The id part (43 base64url characters) of a record id, as keys hold it. */
export function keyIdOf(id: string): string {
  return hexToB64url(id);
}
