/**
 * What staff do with campaigns (the routes under /api/admin/campaigns call these): make a draft or
 * schedule one, send a test copy, send, pause, resume, cancel, revoke an early-access wave, and read a
 * campaign with its live figures (the campaign record merged with its send job's state).
 * docs/campaigns.md. Server only.
 */
import { HttpError } from '../server/http';
import { kickJobs } from '../jobs/kick';
import { requestJobChange, startJob } from '../jobs/runner';
import { readJob } from '../jobs/store';
import type { Job } from '../jobs/model';
import { sendMail, type MailHandler, type QueuedMail } from '../email/queue/queue';
import { requireConfig } from '../server/env';
import { isSiteOpen } from '../gate/launch';
import { mapLimit } from '../server/storage';
import { withAction, type CampaignActor, type CampaignCreate, type Campaign, type CampaignStatus } from './model';
import { renderCampaignCopy } from './campaign-email';
import {
  audienceOf,
  CAMPAIGN_JOB,
  countsOf,
  newCampaignState,
  type CampaignJobInput,
  type CampaignJobState,
} from './send';
import {
  createCampaign,
  listCampaigns,
  newCampaignId,
  readBatch,
  readCampaign,
  revokePass,
  updateCampaign,
  waveMembers,
} from './store';

import { isSuppressedAddress, SUPPRESSED_SKIP } from '../email/events/suppression';
import { campaignProviderCounts, readAutoPause, type AutoPause, type ProviderCounts } from '../email/events/store';

type CampaignJob = Job<CampaignJobState, CampaignJobInput>;

/** A campaign as staff see it: the record with its send's figures, status and error. */
export interface CampaignView extends Campaign {
  /** Why the send stopped, when it did (staff may resume). */
  error: string | null;
  /** Recipients of batches whose outcome is unknown (at most 1,000 shown). */
  unknownRecipients?: string[];
  /** The provider's report (SendGrid's events): recipients delivered, bounced, who complained. */
  provider?: ProviderCounts;
  /** Why the campaign paused itself (its complaint rate), if it did. */
  autoPause?: AutoPause | null;
}

/**
 * The one place a campaign's status is decided. Before a send job exists, the record says (draft,
 * scheduled, or a draft cancelled before it was sent); from then on the job does, and a cancel asked
 * for counts as done at once: the runner carries it out before its next batch, and nothing can take
 * it back (`request` in src/lib/jobs/model.ts), so staff never see a cancelled send as pausable.
 */
export function statusOf(
  campaign: Pick<Campaign, 'status'>,
  job: Pick<CampaignJob, 'status' | 'control' | 'state'> | null,
): CampaignStatus {
  if (!job) return campaign.status;
  if (job.control === 'cancel') return 'cancelled';
  switch (job.status) {
    case 'queued':
    case 'running':
      return job.state.phase === 'wait' ? 'scheduled' : 'sending';
    case 'paused':
    case 'failed':
      return 'paused';
    case 'done':
      return 'sent';
    case 'cancelled':
      return 'cancelled';
  }
}

/** The campaign with its job's live figures. */
function view(campaign: Campaign, job: CampaignJob | null): CampaignView {
  const counts = job ? countsOf(job.state) : null;
  return {
    ...campaign,
    ...(counts ?? {}),
    status: statusOf(campaign, job),
    startedAt: job?.state.startedAt ? new Date(job.state.startedAt).toISOString() : campaign.startedAt,
    finishedAt: job?.finishedAt ? new Date(job.finishedAt).toISOString() : campaign.finishedAt,
    error: job?.status === 'failed' ? (job.error ?? 'The send stopped') : (job?.error ?? null),
  };
}

async function jobOf(campaign: Campaign): Promise<CampaignJob | null> {
  return campaign.jobId ? ((await readJob<CampaignJobState, CampaignJobInput>(campaign.jobId))?.job ?? null) : null;
}

/** The campaign `id` as staff see it, or 404. With `details`, the recipients of unknown batches too. */
export async function campaignView(id: string, details = false): Promise<CampaignView> {
  const found = await readCampaign(id);
  if (!found) throw new HttpError(404, 'not_found', 'No campaign with this id.');
  const job = await jobOf(found.campaign);
  const v = view(found.campaign, job);
  const [provider, autoPause] = await Promise.all([campaignProviderCounts(id), readAutoPause(id)]);
  Object.assign(v, { provider, autoPause });
  if (v.status === 'paused' && autoPause && !v.error) v.error = autoPause.reason;
  if (details && job?.state.unknownBatches.length) {
    const batches = await mapLimit(job.state.unknownBatches.slice(0, 10), 4, (n) => readBatch(id, n));
    v.unknownRecipients = batches
      .flatMap((b) => {
        const send = new Set(b?.batch.send ?? []);
        return (b?.batch.recipients ?? []).filter((r) => send.has(r.id)).map((r) => r.email);
      })
      .slice(0, 1000);
  }
  return v;
}

/** Every campaign, newest first (the archive). */
export async function campaignArchive(): Promise<CampaignView[]> {
  const campaigns = await listCampaigns();
  return mapLimit(campaigns, 8, async (c) => view(c, await jobOf(c)));
}

/**
 * A new campaign: a draft, or scheduled when `sendAt` is given (its job waits for that time). The
 * audience is counted now, from the index, for staff to see before they send. `by`: who made it,
 * kept in the record (`actions`) for the archive.
 */
export async function createDraft(
  payload: CampaignCreate,
  now = Date.now(),
  by: CampaignActor | null = null,
): Promise<CampaignView> {
  if (payload.sendAt && Date.parse(payload.sendAt) < now - 60_000)
    throw new HttpError(400, 'invalid_input', 'Some fields are missing or invalid.', {
      sendAt: 'The send time is in the past',
    });
  const audience =
    payload.kind === 'launch' && !payload.audience.lists?.length
      ? { ...payload.audience, lists: ['waitlist' as const] }
      : payload.audience;
  const limit = payload.kind === 'early-access' ? (payload.limit ?? null) : null;
  const includeNotified = payload.kind === 'launch' && payload.includeNotified === true;
  if (payload.kind === 'launch' && payload.sendAt) await requireOpenSite();
  const id = newCampaignId(now);
  const audienceCount = (await audienceOf({ audience, kind: payload.kind, limit, includeNotified })).length;
  const made: Campaign = {
    id,
    kind: payload.kind,
    subject: payload.subject,
    body: payload.body,
    audience,
    limit,
    status: payload.sendAt ? 'scheduled' : 'draft',
    createdAt: new Date(now).toISOString(),
    sendAt: payload.sendAt ? new Date(payload.sendAt).toISOString() : null,
    startedAt: null,
    finishedAt: null,
    audienceCount,
    jobId: payload.sendAt ? id : null,
    revokedAt: null,
    total: null,
    sent: 0,
    failed: 0,
    skipped: 0,
    unknown: 0,
    ...(includeNotified ? { includeNotified } : {}),
    actions: [],
  };
  const campaign = withAction<Campaign>(made, 'create', by, made.createdAt);
  if (!(await createCampaign(campaign))) throw new HttpError(409, 'conflict', 'Try again.');
  if (payload.sendAt) await startSendJob(campaign, 'wait');
  return view(campaign, null);
}

async function startSendJob(campaign: Campaign, phase: 'wait' | 'plan'): Promise<void> {
  const job = await startJob<CampaignJobState, CampaignJobInput>(
    CAMPAIGN_JOB,
    { campaignId: campaign.id },
    newCampaignState(phase),
    {
      id: campaign.id,
    },
  );
  if (!job) throw new HttpError(409, 'already_sending', 'This campaign is already sending or scheduled.');
  await kickJobs(job.id);
}

/** A launch notification goes out only once the site is open: 409 `site_closed` before. */
async function requireOpenSite(): Promise<void> {
  if (!(await isSiteOpen()))
    throw new HttpError(
      409,
      'site_closed',
      'The site is still closed: launch it first (Dashboard, "Launch the site"), then send the launch notification.',
    );
}

/**
 * Send now: a draft starts sending; a scheduled campaign goes now instead of later. `by` is recorded
 * in the same write that starts it (nothing is recorded when another Send got in first).
 */
export async function sendNow(id: string, by: CampaignActor | null = null): Promise<CampaignView> {
  const found = await readCampaign(id);
  if (!found) throw new HttpError(404, 'not_found', 'No campaign with this id.');
  const c = found.campaign;
  if (c.status === 'cancelled') throw new HttpError(409, 'cancelled', 'This campaign was cancelled.');
  if (c.kind === 'launch') await requireOpenSite();
  if (c.jobId) {
    const job = await jobOf(c);
    if (!job || job.state.phase !== 'wait')
      throw new HttpError(409, 'already_sending', 'This campaign is already sending or sent.');
    const at = new Date().toISOString();
    await updateCampaign(id, (x) => withAction<Campaign>({ ...x, sendAt: at }, 'send', by, at));
    await kickJobs(c.jobId);
  } else {
    const at = new Date().toISOString();
    const after = await updateCampaign(id, (x) =>
      x.jobId || x.status === 'cancelled'
        ? null
        : withAction<Campaign>({ ...x, jobId: id, status: 'sending' }, 'send', by, at),
    );
    if (after?.status === 'cancelled') throw new HttpError(409, 'cancelled', 'This campaign was cancelled.');
    await startSendJob(c, 'plan');
  }
  return campaignView(id);
}

/**
 * Pause, resume or cancel the send (a draft can only be cancelled). What applies is decided by the
 * send job's state machine (`request` in src/lib/jobs/model.ts), in the same write that changes it:
 * a request that does not apply (anything after a cancel, a pause of a finished send, a resume of a
 * send that is not paused) is refused with 409 and changes nothing. Cancel is final. `by` (staff, or
 * the owner key) is recorded in the campaign once the change applied; an automatic pause has none.
 */
export async function controlSend(
  id: string,
  what: 'pause' | 'resume' | 'cancel',
  /** Not used (kept for callers): the runner is kicked at SITE_URL, never at a request's origin. */
  _origin?: string,
  by: CampaignActor | null = null,
): Promise<CampaignView> {
  const found = await readCampaign(id);
  if (!found) throw new HttpError(404, 'not_found', 'No campaign with this id.');
  const c = found.campaign;
  if (!c.jobId) {
    if (what !== 'cancel' || c.status !== 'draft')
      throw new HttpError(409, c.status === 'cancelled' ? 'cancelled' : 'not_sending', `This campaign is ${c.status}.`);
    // Only a draft that still has no send job: a Send that got in first wins, and the cancel is refused.
    const at = new Date().toISOString();
    const after = await updateCampaign(id, (x) =>
      x.jobId || x.status !== 'draft'
        ? null
        : withAction<Campaign>({ ...x, status: 'cancelled', finishedAt: at }, 'cancel', by, at),
    );
    if (after?.status !== 'cancelled') return controlSend(id, what, _origin, by);
    return campaignView(id);
  }
  const changed = await requestJobChange(c.jobId, what);
  if (!changed) throw new HttpError(409, 'not_sending', 'This campaign is not sending.');
  if (!changed.applied) {
    const now = statusOf(c, changed.job as CampaignJob);
    const code = now === 'cancelled' ? 'cancelled' : what === 'resume' ? 'not_paused' : 'not_sending';
    throw new HttpError(
      409,
      code,
      `This campaign is ${now}: it cannot be ${what === 'cancel' ? 'cancelled' : `${what}d`}.`,
    );
  }
  const at = new Date().toISOString();
  if (what === 'cancel' || by)
    await updateCampaign(id, (x) =>
      withAction<Campaign>(what === 'cancel' ? { ...x, status: 'cancelled' } : x, what, by, at),
    );
  if (what === 'resume') await kickJobs(c.jobId);
  return campaignView(id);
}

/** Revokes an early-access wave's passes (a revoked pass stops working within a minute). */
export async function revokeWave(id: string, subscriberId: string | null): Promise<CampaignView> {
  const found = await readCampaign(id);
  if (!found) throw new HttpError(404, 'not_found', 'No campaign with this id.');
  if (found.campaign.kind !== 'early-access')
    throw new HttpError(409, 'not_a_wave', 'Only an early-access wave has passes to revoke.');
  await revokePass(id, subscriberId);
  if (!subscriberId) await updateCampaign(id, (c) => ({ ...c, revokedAt: new Date().toISOString() }));
  return campaignView(id);
}

/** Who a wave invited, and who used their pass. */
export async function waveView(id: string) {
  const found = await readCampaign(id);
  if (!found || found.campaign.kind !== 'early-access')
    throw new HttpError(404, 'not_found', 'No early-access wave with this id.');
  return waveMembers(id);
}

/** The test copy's rendering: the campaign read when the queue sends it, sample personal links. */
export const campaignTestMailHandler: MailHandler = {
  async render(entry) {
    const found = await readCampaign(String(entry.render.campaignId ?? ''));
    if (!found) return { skip: 'the campaign no longer exists' };
    if (await isSuppressedAddress(entry.to)) return { skip: SUPPRESSED_SKIP };
    const siteUrl = requireConfig('SITE_URL');
    const copy = renderCampaignCopy(found.campaign, {
      name: 'there',
      unsubscribeUrl: new URL('/api/unsubscribe?token=test-copy', siteUrl).href,
      passUrl: new URL('/api/pass?token=test-copy', siteUrl).href,
      siteUrl: new URL('/', siteUrl).href,
    });
    return { ...copy, subject: `[Test] ${copy.subject}`, category: `campaign-test` };
  },
};

/** Queues a test copy of campaign `id` to `to` (and sends it at once when the send rate allows). */
export async function sendTest(id: string, to: string): Promise<QueuedMail> {
  if (!(await readCampaign(id))) throw new HttpError(404, 'not_found', 'No campaign with this id.');
  return sendMail({ to, kind: 'campaign-test', render: { campaignId: id } }, campaignTestMailHandler);
}
