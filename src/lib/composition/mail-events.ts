/**
 * Applies a verified batch of SendGrid events to our records, idempotently: each event is keyed on its
 * `sg_event_id` (a processed marker, src/lib/email/events/store.ts), so a retry or a replay of a batch changes nothing and
 * adds nothing to any ledger; every effect is itself a no-op when already applied, so an event whose
 * marker was never written (the run died) is safely applied again. What each event does:
 * src/lib/email/events/model.ts (`effectOf`) and docs/consent-and-mail.md, "Provider events". Server only.
 */
import { getStore } from '@netlify/blobs';
import { mapLimit } from '../server/storage';
import { getSubscriber, markSuppressed, markUnsubscribed, recordMailStatus, subscriberId } from '../subscribers/store';
import type { LedgerEvent } from '../subscribers/ledger';
import { entrySchema, finalKey, isEntryKey, parseKey, QUEUE_STORE } from '../email/queue/model';
import { LEDGER_EVENT } from '../email/subscriber-mail';
import { controlSend } from '../campaigns/service';
import { CAMPAIGN_ID } from '../campaigns/store';
import {
  BLOCKED_THRESHOLD,
  blockedMessageOf,
  campaignOutcome,
  complaintRatePassed,
  effectOf,
  providerEventSchema,
  sourceOf,
  type ProviderEvent,
} from '../email/events/model';
import {
  campaignProviderCounts,
  isPastMarkerLifetime,
  keyPart,
  markerKey,
  markProcessed,
  noteAutoPause,
  noteBlocked,
  noteCampaignOutcome,
  noteSuppressed,
  readAutoPause,
  wasProcessed,
} from '../email/events/store';

/** What a batch did. */
export interface BatchReport {
  /** Events applied now. */
  applied: number;
  /** Events seen before (their id was processed): nothing changed. */
  repeated: number;
  /** Events that change nothing here (deferred, open, an address we do not hold). */
  ignored: number;
  /** Elements that are not events (skipped, logged). */
  invalid: number;
}

/** Events of one batch applied at once. */
const CONCURRENCY = 8;

/** The events of a parsed body; null when it holds none (the caller answers 400). */
export function readEvents(body: unknown): ProviderEvent[] | null {
  if (!Array.isArray(body) || body.length === 0) return null;
  const events = body.flatMap((e) => {
    const parsed = providerEventSchema.safeParse(e);
    return parsed.success ? [parsed.data] : [];
  });
  return events.length ? events : null;
}

/** Applies `elements` (a verified body's array). */
export async function applyEventBatch(elements: unknown[], now = Date.now()): Promise<BatchReport> {
  const report: BatchReport = { applied: 0, repeated: 0, ignored: 0, invalid: 0 };
  // One event id once per batch: a copy in the same post is a repeat (applied side by side, both
  // would miss the marker the other is about to write).
  const seen = new Set<string>();
  const events: ProviderEvent[] = [];
  for (const raw of elements) {
    const parsed = providerEventSchema.safeParse(raw);
    if (!parsed.success) report.invalid += 1;
    else {
      const id = `${parsed.data.event}|${await eventId(parsed.data)}`;
      if (seen.has(id)) report.repeated += 1;
      else {
        seen.add(id);
        events.push(parsed.data);
      }
    }
  }
  await mapLimit(events, CONCURRENCY, async (e) => {
    report[await applyEvent(e, now)] += 1;
  });
  if (report.invalid) console.warn(`[mail-events] ${report.invalid} element(s) of a batch were not events; skipped`);
  return report;
}

/** The event's own id: `sg_event_id`, else a hash of the event (so a repeat still matches). */
async function eventId(e: ProviderEvent): Promise<string> {
  return keyPart(e.sg_event_id ?? `${e.event}|${e.email}|${e.timestamp}|${e.sg_message_id ?? ''}|${e.mail_key ?? ''}`);
}

async function applyEvent(e: ProviderEvent, nowMs: number): Promise<'applied' | 'repeated' | 'ignored'> {
  const effect = effectOf(e);
  const outcome = campaignOutcome(e);
  if (effect.kind === 'none' && !outcome) return 'ignored';
  // Older than the markers kept: no genuine post (SendGrid retries for 24 hours after an event), and
  // its marker may be pruned, so applying it could count it twice.
  if (isPastMarkerLifetime(e.timestamp, nowMs)) return 'ignored';
  const id = await eventId(e);
  const day = new Date(e.timestamp * 1000).toISOString().slice(0, 10);
  const marker = markerKey(day, e.event, id);
  if (await wasProcessed(marker)) return 'repeated';
  const email = e.email.trim().toLowerCase();
  const subId = await subscriberId(email);
  const now = new Date(nowMs).toISOString();
  const source: Omit<LedgerEvent, 'at' | 'type'> = {
    providerEvent: e.event,
    providerEventId: e.sg_event_id ?? id,
    providerAt: new Date(e.timestamp * 1000).toISOString(),
  };
  let held = false;
  if (effect.kind === 'suppress' || effect.kind === 'blocked' || effect.kind === 'unsubscribe') {
    const sub = await getSubscriber(subId);
    // An address we do not hold (or a tombstone, which has no address): nothing is created.
    if (sub && !sub.deletedAt && sub.email === email) {
      held = true;
      const suppress = async (detail: string) => {
        // The staff filter's note first: a record suppressed without it could not be found there.
        await noteSuppressed(subId, now);
        await markSuppressed(subId, now, { ...source, detail: `${detail} (${sourceOf(e, source.providerEventId!)})` });
      };
      if (effect.kind === 'suppress') await suppress(effect.reason);
      else if (effect.kind === 'blocked') {
        const message = blockedMessageOf(e);
        const blocks = await noteBlocked(subId, message ? await keyPart(message) : id);
        if (blocks >= BLOCKED_THRESHOLD) await suppress(`blocked ${blocks} times, last: ${effect.reason}`);
      } else
        await markUnsubscribed(subId, now, {
          ...source,
          detail: `${effect.how} (${sourceOf(e, source.providerEventId!)})`,
        });
    }
  }
  if (effect.kind === 'delivered' && e.mail_key && isEntryKey(e.mail_key))
    held = (await settleDelivered(e.mail_key, e, source, now)) || held;
  const campaign = e.campaign_id && CAMPAIGN_ID.test(e.campaign_id) ? e.campaign_id : null;
  if (campaign && outcome && e.subscriber_id === subId) {
    held = true;
    await noteCampaignOutcome(campaign, outcome, subId);
    if (outcome === 'complained') await pauseOnComplaints(campaign, now);
  }
  if (!held) return 'ignored';
  await markProcessed(marker, { subscriber: subId, ...(campaign ? { campaign } : {}) });
  return 'applied';
}

const queue = () => getStore({ name: QUEUE_STORE, consistency: 'strong' });

/**
 * A delivered or processed event of a queued mail: an attempt whose outcome is `unknown` (or still
 * without one, cut off) becomes `sent`, with the event in the subscriber's ledger. A mail with a known
 * outcome is left as it is. True when the entry exists.
 */
async function settleDelivered(
  key: string,
  e: ProviderEvent,
  source: Omit<LedgerEvent, 'at' | 'type'>,
  now: string,
): Promise<boolean> {
  const q = queue();
  // The common case, a mail already known as sent: one metadata read, nothing else.
  if (await q.getMetadata(finalKey(key, 'sent'))) return true;
  const found = await q.get(key, { type: 'json' }).catch(() => null);
  const entry = entrySchema.safeParse(found);
  if (!entry.success) return false;
  // Waiting for a retry or never claimed: the queue decides (only a claimed attempt can have reached SendGrid).
  if (entry.data.state !== 'sending') return true;
  const { blobs } = await q.list({ prefix: `${key}~` });
  const finals = blobs.flatMap((b) => {
    const k = parseKey(b.key);
    return k.type === 'final' && k.entryKey === key ? [k.state] : [];
  });
  if (finals.some((f) => f !== 'unknown')) return true;
  // processed: SendGrid has the mail (what an unknown outcome could not tell); delivered: so has the inbox.
  const detail = `${e.event === 'processed' ? 'accepted by SendGrid' : 'delivered'} (${sourceOf(e, source.providerEventId!)})`;
  // Once: the same event posted twice at the same moment writes the outcome, and its ledger event, once.
  const wrote = await q.setJSON(finalKey(key, 'sent'), { state: 'sent', at: now, detail }, { onlyIfNew: true });
  if (finals.includes('unknown')) await q.delete(finalKey(key, 'unknown'));
  if (!wrote.modified) return true;
  const subject = entry.data.subscriberId;
  const type = LEDGER_EVENT[entry.data.kind];
  if (subject && type) {
    const attempts = entry.data.attempts.length + 1;
    await recordMailStatus(
      subject,
      { status: 'sent', kind: entry.data.kind, attempts, lastAttemptAt: now, lastError: null, sentAt: now },
      { ...source, at: now, type, outcome: 'sent', detail, mailId: entry.data.id },
    );
  }
  return true;
}

/**
 * After a complaint in `campaign`: when complaints pass COMPLAINT_PAUSE_RATE of the copies delivered,
 * the campaign is paused with the staff's own pause (once), and the reason is kept for staff.
 */
async function pauseOnComplaints(campaign: string, now: string): Promise<void> {
  // Once: after staff resume it, the campaign is theirs to judge.
  if (await readAutoPause(campaign)) return;
  const counts = await campaignProviderCounts(campaign);
  if (!complaintRatePassed(counts.complained, counts.delivered)) return;
  const rate = ((counts.complained / Math.max(counts.delivered, counts.complained)) * 100).toFixed(2);
  const reason =
    `Paused by itself: ${counts.complained} spam ${counts.complained === 1 ? 'complaint' : 'complaints'} for ` +
    `${counts.delivered} delivered ${counts.delivered === 1 ? 'copy' : 'copies'} ` +
    `(${rate} %), past the 0.1 % at which mailbox providers warn. Check the content and the audience before resuming.`;
  try {
    await controlSend(campaign, 'pause', '');
  } catch {
    return; // not sending (sent already, cancelled): nothing to pause
  }
  if (await noteAutoPause(campaign, { at: now, reason })) console.warn(`[mail-events] campaign ${campaign}: ${reason}`);
}
