/**
 * Index keys of the subscriber store: the key names that serve the staff screens, derived from a
 * record by one pure function. The record blob (`subscribers/<id>`) stays the unit of truth; the
 * index (`subscriber-index` store) only lets a screen find rows, count facets and write the CSV
 * export without reading every record. Layout and reasons: docs/storage.md.
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
 * Keys written before the times part existed (`...<facets>.<text>` with `[name, email, source]`)
 * still parse, as `legacy`: the maintenance pass rewrites them.
 *
 * Pure: no storage, no clock. Imports only types, the pure status rule and the day rule (days.ts), so
 * scripts can bundle it.
 */
import type { Interest, List } from './vocabulary';
import type { Subscriber } from './record';
import { lastConfirmedAt, subscriberStatus, SUBSCRIBER_STATUSES, type SubscriberStatus } from './status';
import { dayOf } from './days';
import { fromBase64Url, toBase64Url } from '../base64url';

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

function interestsFromCode(code: string): Interest[] {
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
  /** '' when left out (see `partial`) or in a legacy key. */
  referrer: string;
  /** Consent, unsubscribe and latest confirmation times as ISO text (null: none, or not in the key). */
  consentAt: string | null;
  unsubscribedAt: string | null;
  confirmedAt: string | null;
  /** True when name/email/source were cut or the interests' order differs: read the record for an exact search answer. */
  cut: boolean;
  /** True when the key cannot give the export row exactly (the CSV export reads the record). */
  partial: boolean;
  /** A key written before the times part existed (the maintenance pass rewrites it). */
  legacy: boolean;
}

/** A key's position `t/<bucket>/<time>.<id>` (groups: bucket, time, id). */
const POSITION = String.raw`t\/(\d{8})\/([0-9a-z]{9})\.([A-Za-z0-9_-]{43})`;
/** A key's facets (groups: status, interests, list, flag t, flag r). */
const FACETS = String.raw`([cpu])([0-9a-f])([wnb])(t?)(r?)`;
/** A time of the times part: 9 base-36 digits, or `-`. */
const KEY_TIME = String.raw`([0-9a-z]{9}|-)`;
const KEY_PATTERN = new RegExp(`^${POSITION}\\.${FACETS}\\.(?:${KEY_TIME}${KEY_TIME}${KEY_TIME}\\.)?([A-Za-z0-9_-]*)$`);
/** A position alone, or followed by the rest of a key. */
const POSITION_OR_KEY = new RegExp(`^${POSITION}(?:\\.[A-Za-z0-9_.-]*)?$`);
const STATUS_BY_CODE: Record<string, SubscriberStatus> = { p: 'pending', c: 'confirmed', u: 'unsubscribed' };
const LIST_BY_CODE: Record<string, List> = { w: 'waitlist', n: 'newsletter', b: 'both' };

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
  const legacy = consent === undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(decodeText(text));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== (legacy ? 3 : 4) || !fields.every((f) => typeof f === 'string'))
    return null;
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
    referrer: legacy ? '' : fields[3],
    consentAt: legacy ? null : timeFromCode(consent),
    unsubscribedAt: legacy ? null : timeFromCode(unsub),
    confirmedAt: legacy ? null : timeFromCode(confirmed),
    cut: cut === 't',
    partial: partial === 'r' || legacy,
    legacy,
  };
}

/** True when the export row can be written from the key alone (no record read). */
export function rowComplete(e: Pick<IndexEntry, 'cut' | 'partial'>): boolean {
  return !e.cut && !e.partial;
}

/**
 * One row of the search digest (docs/storage.md, "Search"): where the subscriber is in the index
 * (`<time>.<id>` of its key), its facets as the key has them, and the searchable text. Kept
 * decoded, so a search matches 100,000 rows without decoding 100,000 keys.
 */
export type DigestRow = [tail: string, facets: string, name: string, email: string, source: string];

/** A digest row read back: what search matches on, and where the key is (`<time>.<id>` in `bucket`). */
export type DigestEntry = Pick<
  IndexEntry,
  'bucket' | 'status' | 'interests' | 'list' | 'name' | 'email' | 'source' | 'cut'
> & {
  tail: string;
};

const FACETS_PATTERN = new RegExp(`^${FACETS}$`);
type Facets = Pick<IndexEntry, 'status' | 'interests' | 'list' | 'cut'>;
/** Facets read back, by their text: a few dozen distinct values, so a search reads each once. */
const facetsSeen = new Map<string, Facets | null>();

function facetsOf(code: string): Facets | null {
  let facets = facetsSeen.get(code);
  if (facets === undefined) {
    const m = FACETS_PATTERN.exec(code);
    facets = m
      ? {
          status: STATUS_BY_CODE[m[1]],
          interests: interestsFromCode(m[2]),
          list: LIST_BY_CODE[m[3]],
          cut: m[4] === 't',
        }
      : null;
    if (facetsSeen.size < 1024) facetsSeen.set(code, facets);
  }
  return facets;
}

/** The digest row of an index entry. */
export function digestRowOf(e: IndexEntry): DigestRow {
  const facets = e.key.slice(POSITION_LENGTH + 1, e.key.indexOf('.', POSITION_LENGTH + 1));
  return [e.key.slice(TIME_PREFIX.length + 9, POSITION_LENGTH), facets, e.name, e.email, e.source];
}

/** A digest row of hour `bucket` read back; null when it is damaged. */
export function digestEntryOf(bucket: string, row: DigestRow): DigestEntry | null {
  const facets = typeof row[1] === 'string' ? facetsOf(row[1]) : null;
  if (!facets || typeof row[0] !== 'string' || row[0].length !== 53) return null;
  return {
    bucket,
    tail: row[0],
    status: facets.status,
    interests: facets.interests,
    list: facets.list,
    cut: facets.cut,
    name: row[2],
    email: row[3],
    source: row[4],
  };
}

/** The key position of a digest entry. */
export function digestPosition(e: Pick<DigestEntry, 'bucket' | 'tail'>): string {
  return `${TIME_PREFIX}${e.bucket}/${e.tail}`;
}

/** The record id (64 hex) at a key position. */
export function idOfPosition(position: string): string {
  return b64urlToHex(position.slice(TIME_PREFIX.length + 19, POSITION_LENGTH));
}

/** The id part (43 base64url characters) of a record id, as keys hold it. */
export function keyIdOf(id: string): string {
  return hexToB64url(id);
}

/** Counts over index entries (the statistics screen). */
export interface Tally {
  total: number;
  interests: Record<string, number>;
  sources: Record<string, number>;
  status: Record<SubscriberStatus, number>;
  /** Subscribers by the day they signed up ('YYYY-MM-DD' in SITE.timeZone, see days.ts), whatever their status now. */
  signupDays: Record<string, number>;
  /** Subscribers by the day of their latest confirmation, whatever their status now (never confirmed: not in it). */
  confirmationDays: Record<string, number>;
}

/** An empty tally. */
export function emptyTally(): Tally {
  return {
    total: 0,
    interests: {},
    sources: {},
    status: { pending: 0, confirmed: 0, unsubscribed: 0 },
    signupDays: {},
    confirmationDays: {},
  };
}

/**
 * True when a tally holds the counts by day. A snapshot written before they existed lacks them:
 * its hours must be counted afresh, never read as zeros.
 */
export function tallyHasDays(t: Partial<Tally> | null | undefined): boolean {
  return (
    typeof t?.signupDays === 'object' &&
    t.signupDays !== null &&
    typeof t.confirmationDays === 'object' &&
    t.confirmationDays !== null
  );
}

/**
 * True when an entry's key cannot say whether or when the subscriber last confirmed: a key with
 * no confirmation time that is marked `r` (a time not exact to the character, or a legacy key),
 * for a subscriber who may have confirmed (pending means never). The statistics read its record.
 */
export function confirmationUnknown(e: Pick<IndexEntry, 'confirmedAt' | 'partial' | 'status'>): boolean {
  return e.confirmedAt === null && e.partial && e.status !== 'pending';
}

/** What the statistics count of one subscriber: its index entry's facts, or its record's (`tallyEntryOf`). */
export type TallyEntry = Pick<IndexEntry, 'interests' | 'source' | 'status' | 'createdAtMs' | 'confirmedAt'>;

/** What the statistics count of a subscriber, read from its record: what its index key stands for. */
export function tallyEntryOf(
  sub: Pick<Subscriber, 'interests' | 'source' | 'createdAt' | 'history' | 'unsubscribedAt'>,
): TallyEntry {
  const ms = Date.parse(sub.createdAt);
  return {
    interests: sub.interests,
    source: sub.source,
    status: subscriberStatus(sub),
    createdAtMs: Number.isFinite(ms) ? ms : 0,
    confirmedAt: lastConfirmedAt(sub.history),
  };
}

/**
 * The one statistics rule. Adds one entry to a tally (mutates `t`): every entry counts in `total`,
 * its status, the day it signed up and the day of its latest confirmation; the interests and sources
 * count confirmed subscribers only (pending and unsubscribed ones are shown apart): each interest
 * once, none counted as 'all', the source trimmed ('' = direct). `source` and `confirmedAt` may come
 * from the record when the key cannot give them (`cut`, `confirmationUnknown`).
 */
export function addToTally(t: Tally, e: TallyEntry): Tally {
  t.total += 1;
  t.status[e.status] += 1;
  const signed = dayOf(e.createdAtMs);
  t.signupDays[signed] = (t.signupDays[signed] ?? 0) + 1;
  const confirmedMs = e.confirmedAt === null ? NaN : Date.parse(e.confirmedAt);
  if (Number.isFinite(confirmedMs)) {
    const confirmed = dayOf(confirmedMs);
    t.confirmationDays[confirmed] = (t.confirmationDays[confirmed] ?? 0) + 1;
  }
  if (e.status !== 'confirmed') return t;
  for (const i of e.interests.length ? new Set(e.interests) : ['all']) t.interests[i] = (t.interests[i] ?? 0) + 1;
  const source = e.source.trim();
  t.sources[source] = (t.sources[source] ?? 0) + 1;
  return t;
}

function addCounts(into: Record<string, number>, from: Record<string, number> | undefined) {
  for (const [k, v] of Object.entries(from ?? {})) into[k] = (into[k] ?? 0) + v;
}

/** Sum of tallies (a new object). */
export function mergeTallies(...tallies: Tally[]): Tally {
  const out = emptyTally();
  for (const t of tallies) {
    out.total += t.total;
    addCounts(out.interests, t.interests);
    addCounts(out.sources, t.sources);
    addCounts(out.signupDays, t.signupDays);
    addCounts(out.confirmationDays, t.confirmationDays);
    for (const s of SUBSCRIBER_STATUSES) out.status[s] += t.status[s] ?? 0;
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

/**
 * Bucket prefixes to list one after another (the CSV export), newest first, each expected to hold at most `target` keys by
 * the newest snapshot's tallies: the widest aligned range (100 hours, 10 hours, one hour) that fits
 * and starts where the last one ended. Hours the snapshot does not know are listed one at a time.
 */
export function planRanges(buckets: readonly string[], counts: ReadonlyMap<string, number>, target: number): string[] {
  const sorted = [...buckets].sort();
  const ranges: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    const b = sorted[i];
    let chosen = b;
    for (const digits of [6, 7]) {
      const prefix = b.slice(0, digits);
      let end = i;
      let sum = 0;
      while (end < sorted.length && sorted[end].startsWith(prefix)) {
        sum += counts.get(sorted[end]) ?? target;
        end++;
      }
      // Aligned, starting at this hour (no hour of the range was listed before), and small enough.
      const startsHere = i === 0 || !sorted[i - 1].startsWith(prefix);
      if (startsHere && sum <= target) {
        chosen = prefix;
        break;
      }
    }
    ranges.push(chosen);
    while (i < sorted.length && sorted[i].startsWith(chosen)) i++;
  }
  return ranges;
}
