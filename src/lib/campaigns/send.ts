/**
 * Sending a campaign: a job of the one job mechanism (src/lib/jobs, docs/jobs.md), one batch per
 * step. The design and its reasons are in docs/campaigns.md, "Sending"; in short:
 * - **plan** (one step): the audience is read from the subscriber index (the search digest and the
 *   hours changed since: a few dozen requests, never a read per subscriber), ordered by signup time,
 *   and written up front as batches of up to 1,000 (`prepared`). The audience is fixed from then on.
 * - **send** (a step per batch): each recipient's receipt is created once (`r/<subscriber>/<campaign>`;
 *   an early-access wave also its invitation, once per subscriber); anyone whose receipt another
 *   batch holds, who was invited by another wave, or who stopped wanting mail since the plan (an
 *   unsubscribe or a staff delete) is skipped. The batch becomes `submitting`, goes to SendGrid in
 *   one request (personalizations), and becomes `submitted`. A batch found `submitting` when its step
 *   runs again (the runner died during the provider call) may have been accepted: it becomes
 *   `unknown` and is never sent again. A provider answer that refuses the batch for now (429, 5xx)
 *   puts it back to `prepared` and the step fails, so the runner tries again later.
 * The counts live in the job's state, written at each checkpoint, so a step run twice from the same
 * state counts its batch once. Server only.
 */
import { getEnv, requireConfig } from '../server/env';
import { mapLimit } from '../server/storage';
import { isRetryable } from '../email/queue/model';
import { sendBatch, MAX_BATCH, type BatchRecipient as ProviderRecipient } from '../email/transport';
import { unsubscribeUrl } from '../email/subscriber-mail';
import { subscriberStore } from '../subscribers/store';
import { stoppedSince } from '../subscribers/stops';
import { digestPosition, type DigestEntry } from '../subscribers/digest-rows';
import { idOfPosition } from '../subscribers/index-keys';
import { deletedPositions } from '../subscribers/delete-notes';
import { scanDigest } from '../subscribers/digest-scan';
import { subscriberStatus } from '../subscribers/status';
import type { JobType, StepContext } from '../jobs/runner';
import { readJob } from '../jobs/store';
import type { Job, StepResult } from '../jobs/model';
import { inAudience, type Campaign, type CampaignCounts } from './model';
import { PASS_TTL_MS, signPass } from './pass';
import { isSiteOpen } from '../gate/launch';
import { renderCampaignBatch, substitutionsFor } from './campaign-email';
import {
  claimInvitation,
  claimLaunchNotice,
  claimReceipt,
  listInvitedIds,
  listNotifiedIds,
  readBatch,
  readCampaign,
  updateCampaign,
  writeBatch,
  type Batch,
  type BatchRecipient,
} from './store';

export const CAMPAIGN_JOB = 'campaign';

/** The job's input: which campaign. */
export interface CampaignJobInput {
  campaignId: string;
}

/** Where a send is. */
export interface CampaignJobState {
  /** wait: scheduled for later; plan: the audience is read next; send: batches go out. */
  phase: 'wait' | 'plan' | 'send';
  batches: number;
  /** The next batch to send. */
  next: number;
  total: number | null;
  sent: number;
  failed: number;
  skipped: number;
  unknown: number;
  /** Batches whose outcome is unknown (their recipients are shown to staff). */
  unknownBatches: number[];
  startedAt: number | null;
}

export function newCampaignState(phase: 'wait' | 'plan'): CampaignJobState {
  return {
    phase,
    batches: 0,
    next: 0,
    total: null,
    sent: 0,
    failed: 0,
    skipped: 0,
    unknown: 0,
    unknownBatches: [],
    startedAt: null,
  };
}

const progressOf = (s: CampaignJobState) => ({
  done: s.sent + s.failed + s.skipped + s.unknown,
  total: s.total,
});

/** The counts a job state gives (the campaign view merges them in). */
export function countsOf(s: CampaignJobState): CampaignCounts {
  return { total: s.total, sent: s.sent, failed: s.failed, skipped: s.skipped, unknown: s.unknown };
}

/**
 * The campaign's audience now, oldest signup first: confirmed subscribers of its lists and
 * interests, read from the index (a record only where the index holds a cut text or a deleted
 * subscriber's position), less anyone an earlier early-access wave invited, at most `limit`.
 */
export async function audienceOf(
  campaign: Pick<Campaign, 'audience' | 'kind' | 'limit' | 'includeNotified'>,
): Promise<BatchRecipient[]> {
  return (await audienceAndNotified(campaign)).recipients;
}

/**
 * The audience, and (a launch notification) who in it an earlier launch notification already
 * reached: they are left out of `recipients` unless `includeNotified`.
 */
export async function audienceAndNotified(
  campaign: Pick<Campaign, 'audience' | 'kind' | 'limit' | 'includeNotified'>,
): Promise<{ recipients: BatchRecipient[]; notified: BatchRecipient[] }> {
  const deleted = await deletedPositions();
  const onRecord = (e: DigestEntry) => e.cut || (deleted.size > 0 && deleted.has(digestPosition(e)));
  const wanted = (e: DigestEntry) =>
    inAudience(
      { id: '', email: e.email, name: e.name, status: e.status, list: e.list, interests: e.interests },
      campaign.audience,
    );
  const scan = await scanDigest((e) => wanted(e) || (onRecord(e) && e.status === 'confirmed'));
  const seen = new Set<string>();
  const out: BatchRecipient[] = [];
  // Positions sort newest first; the audience goes oldest first (an early-access wave takes the first).
  const entries = [...scan.entries].reverse();
  const checked = new Map<string, BatchRecipient | null>();
  await mapLimit(
    entries.filter((e) => onRecord(e)),
    16,
    async (e) => {
      const sub = await subscriberStore.get(idOfPosition(e.position));
      const ok = sub && !sub.deletedAt && inAudience({ ...sub, status: subscriberStatus(sub) }, campaign.audience);
      checked.set(e.position, ok ? { id: sub.id, email: sub.email, name: sub.name } : null);
    },
  );
  const invited = campaign.kind === 'early-access' ? await listInvitedIds() : new Set<string>();
  const notifiedIds = campaign.kind === 'launch' ? await listNotifiedIds() : new Set<string>();
  const notified: BatchRecipient[] = [];
  for (const e of entries) {
    const id = idOfPosition(e.position);
    if (seen.has(id) || invited.has(id)) continue;
    const r = onRecord(e) ? checked.get(e.position) : wanted(e) ? { id, email: e.email, name: e.name } : null;
    if (!r) continue;
    seen.add(id);
    if (notifiedIds.has(id)) {
      notified.push(r);
      if (!campaign.includeNotified) continue;
    }
    out.push(r);
    if (campaign.kind === 'early-access' && campaign.limit !== null && out.length >= campaign.limit) break;
  }
  return { recipients: out, notified };
}

/** Reads the audience and writes it as batches (the plan); returns how many. */
async function plan(campaign: Campaign): Promise<{ batches: number; total: number }> {
  const audience = await audienceOf(campaign);
  const size = Math.min(MAX_BATCH, getEnv().CAMPAIGN_BATCH_SIZE);
  const batches: BatchRecipient[][] = [];
  for (let i = 0; i < audience.length; i += size) batches.push(audience.slice(i, i + size));
  const at = Date.now();
  await mapLimit(batches, 8, async (recipients, n) => {
    const batch: Batch = { n, status: 'prepared', recipients, send: null, skipped: 0, at };
    // Nothing was sent yet: a plan made again after a cut-off run replaces an older one.
    const existing = await readBatch(campaign.id, n);
    await writeBatch(campaign.id, batch, existing ? existing.etag : null);
  });
  return { batches: batches.length, total: audience.length };
}

/** The provider personalization of one recipient. */
async function personalization(
  campaign: Campaign,
  r: BatchRecipient,
  secret: string,
  siteUrl: string,
  now: number,
): Promise<ProviderRecipient> {
  const unsubscribe = await unsubscribeUrl(r.id);
  const pass =
    campaign.kind === 'early-access'
      ? new URL(
          `/api/pass?token=${encodeURIComponent(
            await signPass({ subscriberId: r.id, waveId: campaign.id, expiresAt: now + PASS_TTL_MS }, secret),
          )}`,
          siteUrl,
        ).href
      : undefined;
  return {
    to: r.email,
    substitutions: substitutionsFor({
      name: r.name,
      unsubscribeUrl: unsubscribe,
      passUrl: pass,
      siteUrl: new URL('/', siteUrl).href,
    }),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    customArgs: { campaign_id: campaign.id, subscriber_id: r.id },
  };
}

/** A batch's outcome as counts. */
function tally(batch: Batch): Pick<CampaignJobState, 'sent' | 'failed' | 'unknown' | 'skipped'> {
  const n = batch.send?.length ?? 0;
  return {
    sent: batch.status === 'submitted' ? n : 0,
    failed: batch.status === 'failed' ? n : 0,
    unknown: batch.status === 'unknown' ? n : 0,
    skipped: batch.skipped,
  };
}

/** Sends batch `n` (or settles it, when an earlier run got it past the provider call). */
async function sendOne(campaign: Campaign, n: number, startedAt: number): Promise<Batch> {
  const found = await readBatch(campaign.id, n);
  if (!found) throw new Error(`Batch ${n} of campaign ${campaign.id} is missing`);
  const { batch } = found;
  let { etag } = found;
  if (batch.status === 'submitting') {
    // The run died during the provider call: it may have been accepted. Never sent again.
    const settled: Batch = { ...batch, status: 'unknown' };
    if ((await writeBatch(campaign.id, settled, etag)) === null) throw new Error(`Batch ${n} changed meanwhile`);
    console.warn(`[campaign] ${campaign.id} batch ${n}: outcome unknown (${batch.send?.length ?? 0} recipients)`);
    return settled;
  }
  if (batch.status !== 'prepared') return batch;

  const secret = requireConfig('SESSION_SECRET');
  const siteUrl = requireConfig('SITE_URL');
  const stopped = await stoppedSince(startedAt - 60_000);
  const now = Date.now();
  const held = await mapLimit(batch.recipients, 32, async (r, i) => {
    if (stopped.has(r.id)) return false;
    const receipt = await claimReceipt(r.id, {
      campaign: campaign.id,
      batch: n,
      at: now,
      subject: campaign.subject,
      kind: campaign.kind,
    });
    if (!receipt) return false;
    if (campaign.kind === 'launch') {
      // At most one launch notification per person, unless staff chose to send this one again.
      const first = await claimLaunchNotice(r.id, { campaign: campaign.id, batch: n, at: now });
      return first || campaign.includeNotified === true;
    }
    if (campaign.kind !== 'early-access') return true;
    return claimInvitation(r.id, { wave: campaign.id, at: now, email: r.email, name: r.name, rank: n * MAX_BATCH + i });
  });
  const send = batch.recipients.filter((_, i) => held[i]);
  const submitting: Batch = {
    ...batch,
    status: 'submitting',
    send: send.map((r) => r.id),
    skipped: batch.recipients.length - send.length,
  };
  const nextEtag = await writeBatch(campaign.id, submitting, etag);
  if (nextEtag === null) throw new Error(`Batch ${n} changed meanwhile`);
  etag = nextEtag;

  const personalizations = await mapLimit(send, 32, (r) => personalization(campaign, r, secret, siteUrl, now));
  const result = await sendBatch(
    { ...renderCampaignBatch(campaign), kind: `campaign-${campaign.kind}` },
    personalizations,
  );
  if (result.ok) {
    const done: Batch = { ...submitting, status: 'submitted', providerId: result.providerId };
    await writeBatch(campaign.id, done, etag);
    return done;
  }
  if (result.status !== undefined && !isRetryable(result)) {
    const failed: Batch = { ...submitting, status: 'failed', error: result.error.slice(0, 500) };
    await writeBatch(campaign.id, failed, etag);
    return failed;
  }
  if (result.status === undefined) {
    // No answer (a timeout, the connection dropped): the provider may have the batch. Never resent.
    const unknown: Batch = { ...submitting, status: 'unknown', error: result.error.slice(0, 500) };
    await writeBatch(campaign.id, unknown, etag);
    return unknown;
  }
  // Refused for now (429, 5xx): back to prepared, and the step fails so the runner tries again later.
  await writeBatch(campaign.id, { ...submitting, status: 'prepared', error: result.error.slice(0, 500) }, etag);
  throw new Error(`The provider refused batch ${n} for now: ${result.error.slice(0, 300)}`);
}

/** The campaign job type: wait for its time, plan, then one batch per step. */
export const campaignJob: JobType<CampaignJobState, CampaignJobInput> = {
  maxAttempts: 5,
  retentionMs: 365 * 24 * 60 * 60 * 1000,
  async step(job: Job<CampaignJobState, CampaignJobInput>, ctx: StepContext): Promise<StepResult<CampaignJobState>> {
    const found = await readCampaign(job.input.campaignId);
    if (!found) throw new Error(`Campaign ${job.input.campaignId} is missing`);
    const campaign = found.campaign;
    let state = job.state;
    if (state.phase === 'wait') {
      if (campaign.sendAt && Date.parse(campaign.sendAt) > ctx.now())
        return { state, progress: progressOf(state), rest: true };
      state = { ...state, phase: 'plan' };
    }
    if (state.phase === 'plan') {
      // A launch notification scheduled before launch waits (and retries) until the site is open.
      if (campaign.kind === 'launch' && !(await isSiteOpen()))
        throw new Error('The site is still closed: launch it before the launch notification goes out');
      const startedAt = ctx.now();
      const planned = await plan(campaign);
      state = { ...state, phase: 'send', batches: planned.batches, total: planned.total, startedAt };
      await updateCampaign(campaign.id, (c) => ({
        ...c,
        startedAt: new Date(startedAt).toISOString(),
        total: planned.total,
      }));
      if (planned.batches > 0) return { state, progress: progressOf(state) };
    }
    if (state.next < state.batches) {
      // A cancel asked for since this run's last checkpoint: no batch starts (the runner carries the
      // cancel out after this step). One read per batch; a batch already at the provider still goes.
      if ((await readJob(job.id))?.job.control === 'cancel') return { state, progress: progressOf(state) };
      const batch = await sendOne(campaign, state.next, state.startedAt ?? ctx.now());
      const t = tally(batch);
      state = {
        ...state,
        next: state.next + 1,
        sent: state.sent + t.sent,
        failed: state.failed + t.failed,
        unknown: state.unknown + t.unknown,
        skipped: state.skipped + t.skipped,
        unknownBatches: batch.status === 'unknown' ? [...state.unknownBatches, batch.n] : state.unknownBatches,
      };
    }
    if (state.next < state.batches) return { state, progress: progressOf(state) };
    const finishedAt = new Date(ctx.now()).toISOString();
    await updateCampaign(campaign.id, (c) => ({ ...c, ...countsOf(state), status: 'sent', finishedAt }));
    return { state, progress: progressOf(state), done: true, result: countsOf(state) };
  },
};
