/**
 * What the provider's events leave in Netlify Blobs (`mail-events` store), one small blob per fact so
 * concurrent posts never write one blob twice (docs/consent-and-mail.md, "Provider events"):
 * - `p/<day>/<event>/<event id>`: the event was processed (the day is the event's own time, UTC). A
 *   repeat of the id finds it and changes nothing. The statistics count these per day. Kept
 *   MARKER_LIFETIME_DAYS, then the maintenance run deletes the day whole (`pruneEventMarkers`).
 * - `k/<subscriber>/<message>`: one blocked message of an address (BLOCKED_THRESHOLD of them suppress
 *   it; `blockedMessageOf`, else the event id).
 * - `o/<campaign>/<delivered|bounced|complained>/<subscriber>`: a campaign's report counts, once per
 *   recipient and kind.
 * - `a/<campaign>`: why a campaign paused itself (its complaint rate).
 * - `b/<subscriber>`: an address was suppressed (the staff filter "bounced" lists these, then reads
 *   each record: a confirmation since lifts the suppression, and the record says so).
 * Server only.
 */
import { getStore } from '@netlify/blobs';
import { mapLimit } from '../../server/storage';
import { RATE_KINDS, type RateKind } from './model';

export const EVENTS_STORE = 'mail-events';
const store = () => getStore({ name: EVENTS_STORE, consistency: 'strong' });

/** A blob key part from a provider id: kept when it is plain, else replaced by its SHA-256 (hex). */
export async function keyPart(id: string): Promise<string> {
  if (/^[A-Za-z0-9_-]{1,128}$/.test(id)) return id;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
  return `h${Buffer.from(digest).toString('hex')}`;
}

/**
 * How long a processed marker is kept, counted from its event's own day: far longer than SendGrid's
 * retries (up to 24 hours after the event occurred), so a retry always finds its marker, and longer
 * than the statistics' 30 days, which count the markers. An event older than this is not applied
 * (`isPastMarkerLifetime`): SendGrid never posts one, and its marker may be gone.
 * docs/consent-and-mail.md, "Once per event".
 */
export const MARKER_LIFETIME_DAYS = 35;

/** The first day (UTC, `YYYY-MM-DD`) whose markers are still kept at `now`. */
export function oldestKeptDay(now: number): string {
  return new Date(now - MARKER_LIFETIME_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** True when an event of `eventSeconds` (its own time) is older than the markers kept at `now`. */
export function isPastMarkerLifetime(eventSeconds: number, now: number): boolean {
  return new Date(eventSeconds * 1000).toISOString().slice(0, 10) < oldestKeptDay(now);
}

/** Markers deleted per maintenance run at most (the rest wait for the next run, 5 minutes later). */
export const MARKER_PRUNE_PER_RUN = 2_000;

/**
 * Deletes the processed markers of days past MARKER_LIFETIME_DAYS, oldest day first, at most
 * MARKER_PRUNE_PER_RUN and not past `deadline`, so the run keeps its budget for the steps after it.
 * @returns how many markers were deleted
 */
export async function pruneEventMarkers(now = Date.now(), deadline = Infinity): Promise<number> {
  const s = store();
  const cutoff = `p/${oldestKeptDay(now)}`;
  const { directories } = await s.list({ prefix: 'p/', directories: true });
  const old = directories
    .map((d) => d.replace(/\/$/, ''))
    .filter((d) => /^p\/\d{4}-\d{2}-\d{2}$/.test(d) && d < cutoff)
    .sort();
  let removed = 0;
  for (const day of old)
    for await (const page of s.list({ prefix: `${day}/`, paginate: true })) {
      if (removed >= MARKER_PRUNE_PER_RUN || Date.now() >= deadline) return removed;
      const keys = page.blobs.map((b) => b.key).slice(0, MARKER_PRUNE_PER_RUN - removed);
      await mapLimit(keys, 16, (k) => s.delete(k));
      removed += keys.length;
    }
  return removed;
}

/** The processed marker of an event. */
export function markerKey(day: string, event: string, id: string): string {
  return `p/${day}/${event.replace(/[^a-z_]/g, '').slice(0, 30) || 'other'}/${id}`;
}

export async function wasProcessed(key: string): Promise<boolean> {
  return (await store().getMetadata(key)) !== null;
}

export async function markProcessed(key: string, value: Record<string, string>): Promise<void> {
  await store().setJSON(key, value);
}

/** Notes one blocked message of `subscriber`; returns how many are noted now. */
export async function noteBlocked(subscriber: string, id: string): Promise<number> {
  const s = store();
  await s.setJSON(`k/${subscriber}/${id}`, {});
  const { blobs } = await s.list({ prefix: `k/${subscriber}/` });
  return blobs.length;
}

/** Counts `kind` for `subscriber` in `campaign`'s report (once per recipient). */
export async function noteCampaignOutcome(campaign: string, kind: RateKind, subscriber: string): Promise<void> {
  await store().setJSON(`o/${campaign}/${kind}/${subscriber}`, {});
}

async function count(prefix: string): Promise<number> {
  let n = 0;
  for await (const page of store().list({ prefix, paginate: true })) n += page.blobs.length;
  return n;
}

/** A campaign's report: recipients delivered, bounced and who complained, from the provider's events. */
export type ProviderCounts = Record<RateKind, number>;

export async function campaignProviderCounts(campaign: string): Promise<ProviderCounts> {
  const [delivered, bounced, complained] = await Promise.all(RATE_KINDS.map((k) => count(`o/${campaign}/${k}/`)));
  return { delivered, bounced, complained };
}

/** Why a campaign paused itself, once (null: it did not). */
export interface AutoPause {
  at: string;
  reason: string;
}

export async function readAutoPause(campaign: string): Promise<AutoPause | null> {
  const v = (await store()
    .get(`a/${campaign}`, { type: 'json' })
    .catch(() => null)) as AutoPause | null;
  return v && typeof v.reason === 'string' ? v : null;
}

/** Records the auto-pause; false when one was recorded already. */
export async function noteAutoPause(campaign: string, pause: AutoPause): Promise<boolean> {
  return (await store().setJSON(`a/${campaign}`, pause, { onlyIfNew: true })).modified;
}

/** The event names whose markers count towards each rate of a day. */
const RATE_EVENTS: Record<RateKind, string[]> = {
  delivered: ['delivered'],
  bounced: ['bounce', 'blocked', 'dropped'],
  complained: ['spamreport'],
};

/** One day of the statistics' mail rates. */
export interface DayRates {
  day: string;
  delivered: number;
  bounced: number;
  complained: number;
}

/** Delivered, bounced and complaint counts of the last `days` days (UTC), oldest first. */
export async function dailyRates(days = 30, now = Date.now()): Promise<DayRates[]> {
  const list = Array.from({ length: days }, (_, i) =>
    new Date(now - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  return mapLimit(list, 4, async (day) => {
    const out: DayRates = { day, delivered: 0, bounced: 0, complained: 0 };
    for (const kind of RATE_KINDS)
      for (const event of RATE_EVENTS[kind]) out[kind] += await count(`p/${day}/${event}/`);
    return out;
  });
}

/** Notes that `subscriber` was suppressed (for the staff filter). */
export async function noteSuppressed(subscriber: string, at: string): Promise<void> {
  await store().setJSON(`b/${subscriber}`, { at });
}

/** Every subscriber ever suppressed (read each record for whether it still is). */
export async function suppressedIds(): Promise<string[]> {
  const out: string[] = [];
  for await (const page of store().list({ prefix: 'b/', paginate: true }))
    for (const b of page.blobs) if (/^b\/[0-9a-f]{64}$/.test(b.key)) out.push(b.key.slice(2));
  return out;
}
