/**
 * Campaigns: mail to confirmed subscribers written by staff (a campaign, the launch notification, an
 * early-access wave). The payloads (one zod schema each, used by the staff screen and the API), the
 * stored campaign, who is in its audience, and the figures staff see. Pure and browser-safe: no
 * storage, no clock (times are passed in). docs/campaigns.md.
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 */
import { z } from '../zod';
import { INTERESTS, INTEREST_LABELS, type Interest, type List } from '../subscribers/vocabulary';
import type { SubscriberStatus } from '../subscribers/status';
import { isSafeSubject, linkInSubjectMessage, linkPlaceholderIn, UNSAFE_SUBJECT_MESSAGE } from '../email/subject';

export const CAMPAIGN_KINDS = ['campaign', 'launch', 'early-access'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The lists a campaign can go to. */
export const AUDIENCE_LISTS = ['waitlist', 'newsletter'] as const;
export type AudienceList = (typeof AUDIENCE_LISTS)[number];

export const CAMPAIGN_LIMITS = { subject: 200, body: 20_000, wave: 100_000 } as const;

/** Placeholders a campaign body may use; the unsubscribe link is in every mail's footer anyway. */
/** `siteUrl` is the site's own address (SITE_URL) when the mail is sent, never a fixed domain. */
export const CAMPAIGN_PLACEHOLDERS = ['name', 'unsubscribeUrl', 'passUrl', 'siteUrl'] as const;

/** Who a campaign goes to: confirmed subscribers of these lists (all when empty) with any of these interests. */
export const audienceSchema = z.object({
  lists: z
    .array(z.enum(AUDIENCE_LISTS, { error: 'Choose the waitlist and/or the newsletter' }))
    .max(2)
    .optional(),
  interests: z
    .array(z.enum(INTERESTS, { error: 'Unknown interest' }))
    .max(INTERESTS.length)
    .optional(),
});
export type Audience = z.infer<typeof audienceSchema>;

const unknownPlaceholder = (text: string) =>
  [...text.matchAll(/\{\{([^{}]*)\}\}/g)]
    .map((m) => m[1].trim())
    .find((p) => !(CAMPAIGN_PLACEHOLDERS as readonly string[]).includes(p));

/** POST /api/admin/campaigns: a new draft (or a scheduled campaign with `sendAt`). */
export const campaignCreateSchema = z
  .object({
    subject: z
      .string({ error: 'Subject is required' })
      .trim()
      .min(1, 'Subject is required')
      .max(CAMPAIGN_LIMITS.subject, `Subject must be at most ${CAMPAIGN_LIMITS.subject} characters`)
      .refine((s) => !/[\r\n]/.test(s), 'Subject must be a single line')
      .refine(isSafeSubject, UNSAFE_SUBJECT_MESSAGE),
    body: z
      .string({ error: 'Body is required' })
      .min(1, 'Body is required')
      .max(CAMPAIGN_LIMITS.body, `Body must be at most ${CAMPAIGN_LIMITS.body} characters`),
    audience: audienceSchema.default({}),
    kind: z.enum(CAMPAIGN_KINDS, { error: 'Unknown campaign kind' }).default('campaign'),
    /** Early access: how many subscribers this wave invites (the first ones by signup time). */
    limit: z
      .number({ error: 'The wave size must be a whole number' })
      .int('The wave size must be a whole number')
      .min(1, 'A wave invites at least one subscriber')
      .max(CAMPAIGN_LIMITS.wave, `A wave invites at most ${CAMPAIGN_LIMITS.wave} subscribers`)
      .optional(),
    /** Send at this time (ISO); without it the campaign is a draft until staff press Send. */
    sendAt: z.iso.datetime({ offset: true, error: 'Send time must be an ISO date and time' }).optional(),
    /**
     * A launch notification only: send it also to those an earlier launch notification reached
     * (staff tick it after a warning). Without it, a person gets a launch notification at most once.
     */
    includeNotified: z.boolean({ error: 'includeNotified must be true or false' }).optional(),
  })
  .superRefine((v, ctx) => {
    for (const field of ['subject', 'body'] as const) {
      const bad = unknownPlaceholder(v[field]);
      if (bad !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Unknown placeholder {{${bad}}}. Use ${CAMPAIGN_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}.`,
        });
    }
    // A pass or unsubscribe link is a personal key: never in a subject line, which previews,
    // notifications and lists show. No link belongs there (it is not clickable in a subject).
    const link = linkPlaceholderIn(v.subject);
    if (link) ctx.addIssue({ code: 'custom', path: ['subject'], message: linkInSubjectMessage(link) });
    if (v.kind !== 'early-access' && /\{\{\s*passUrl\s*\}\}/.test(v.body))
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'Only an early-access wave has a {{passUrl}}.' });
    if (v.kind !== 'early-access' && v.limit !== undefined)
      ctx.addIssue({ code: 'custom', path: ['limit'], message: 'Only an early-access wave has a size.' });
    if (v.kind !== 'launch' && v.includeNotified)
      ctx.addIssue({
        code: 'custom',
        path: ['includeNotified'],
        message: 'Only a launch notification can be sent again to those it reached.',
      });
  });
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;
export type CampaignCreateInput = z.input<typeof campaignCreateSchema>;

/** POST /api/admin/campaigns/{id}/test: one copy to an address staff type. */
export const campaignTestSchema = z.object({
  to: z.email({ error: 'Enter a valid e-mail address' }).max(254, 'Enter a valid e-mail address'),
});

/** POST /api/admin/campaigns/audience: how many a campaign would reach now (before it is made). */
export const audienceCountSchema = z.object({
  audience: audienceSchema.default({}),
  kind: z.enum(CAMPAIGN_KINDS, { error: 'Unknown campaign kind' }).default('campaign'),
  limit: z.number().int().min(1).max(CAMPAIGN_LIMITS.wave).optional(),
  includeNotified: z.boolean().optional(),
});

/** POST /api/admin/campaigns/{id}/revoke: one person's pass ({subscriberId}), or the whole wave ({}). */
export const revokeSchema = z.object({
  subscriberId: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'Not a subscriber id')
    .optional(),
});

/** What a sending campaign has done so far. */
export interface CampaignCounts {
  /** Recipients in the audience when the send started (null until then). */
  total: number | null;
  /** Accepted by the provider. */
  sent: number;
  /** Refused by the provider for good. */
  failed: number;
  /** Not sent: unsubscribed or deleted since the audience was counted, or already sent (a wave: invited before). */
  skipped: number;
  /** In a batch cut off between the provider call and its outcome: they may have it (never re-sent). */
  unknown: number;
}

/** What staff do to a campaign that the campaign itself records (docs/staff.md, "Audit trail"). */
export const CAMPAIGN_ACTIONS = ['create', 'send', 'pause', 'resume', 'cancel'] as const;
export type CampaignActionKind = (typeof CAMPAIGN_ACTIONS)[number];

/** Who acted: a staff member (id, name, e-mail, role), or the owner key (`id` 'owner', name 'owner key'). */
export interface CampaignActor {
  id: string;
  name: string;
  email: string | null;
  role: string;
}

/** One staff action on a campaign, kept in the campaign's own record. */
export interface CampaignAction {
  action: CampaignActionKind;
  by: CampaignActor;
  /** ISO time. */
  at: string;
}

/** The most actions a campaign keeps (the creation always, then the latest ones). */
export const CAMPAIGN_ACTIONS_KEPT = 50;

/** `campaign` with `action` by `by` appended (the creation kept, then the latest CAMPAIGN_ACTIONS_KEPT - 1). */
export function withAction<C extends Pick<Campaign, 'actions'>>(
  campaign: C,
  action: CampaignActionKind,
  by: CampaignActor | null | undefined,
  at: string,
): C {
  if (!by) return campaign;
  const all = [
    ...(campaign.actions ?? []),
    { action, by: { id: by.id, name: by.name, email: by.email, role: by.role }, at },
  ];
  const kept =
    all.length <= CAMPAIGN_ACTIONS_KEPT
      ? all
      : all[0].action === 'create'
        ? [all[0], ...all.slice(all.length - CAMPAIGN_ACTIONS_KEPT + 1)]
        : all.slice(all.length - CAMPAIGN_ACTIONS_KEPT);
  return { ...campaign, actions: kept };
}

const ACTION_WORDS: Record<CampaignActionKind, string> = {
  create: 'created',
  send: 'sent',
  pause: 'paused',
  resume: 'resumed',
  cancel: 'cancelled',
};

/** How the archive names who acted: 'Eddie Editor (editor)', or 'owner key'. */
export function actorName(by: CampaignActor): string {
  return by.id === 'owner' ? 'owner key' : `${by.name} (${by.role})`;
}

/**
 * Who did what to a campaign, in one line for the archive: "Created by Eddie Editor (editor) · sent
 * by owner key · cancelled by Ada Admin (admin)". Each kind of action once, by its latest actor, in
 * the order they happened; empty for a campaign that recorded none (made before actions were kept).
 */
export function whoActed(campaign: Pick<Campaign, 'actions'>): string {
  const latest = new Map<CampaignActionKind, CampaignAction>();
  for (const a of campaign.actions ?? []) {
    latest.delete(a.action);
    latest.set(a.action, a);
  }
  const parts = [...latest.values()].map((a) => `${ACTION_WORDS[a.action]} by ${actorName(a.by)}`);
  const line = parts.join(' · ');
  return line ? line[0].toUpperCase() + line.slice(1) : '';
}

/** A campaign as stored (`campaigns` store, `c/<id>`), and as GET /api/admin/campaigns/{id} answers it. */
export interface Campaign extends CampaignCounts {
  id: string;
  kind: CampaignKind;
  subject: string;
  body: string;
  audience: Audience;
  /** Early access: the wave's size. */
  limit: number | null;
  status: CampaignStatus;
  createdAt: string;
  /** When it is to go (scheduled), or null. */
  sendAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Audience size counted when the draft was made. */
  audienceCount: number;
  /** The send job (src/lib/jobs), once sending started. */
  jobId: string | null;
  /** Early access: when the wave's passes were revoked. */
  revokedAt: string | null;
  /** A launch notification that staff chose to send again to those an earlier one reached. */
  includeNotified?: boolean;
  /**
   * Who created, sent, paused, resumed and cancelled it, oldest first (absent on campaigns made
   * before actions were kept). The full story, with the network, is in the audit trail.
   */
  actions?: CampaignAction[];
}

/** One subscriber as the audience enumeration sees it (from the subscriber index). */
export interface Candidate {
  id: string;
  email: string;
  name: string;
  status: SubscriberStatus;
  list: List;
  interests: readonly Interest[];
}

/** True when `c` is in `audience`: confirmed, on one of its lists, with one of its interests. */
export function inAudience(c: Candidate, audience: Audience): boolean {
  if (c.status !== 'confirmed') return false;
  const lists = audience.lists?.length ? audience.lists : AUDIENCE_LISTS;
  const onList = c.list === 'both' ? true : (lists as readonly string[]).includes(c.list);
  if (!onList) return false;
  const wanted = audience.interests ?? [];
  if (wanted.length === 0 || wanted.includes('all')) return true;
  // A subscriber who chose "All" wants every topic; a newsletter subscriber chose none.
  return c.interests.includes('all') || c.interests.some((i) => wanted.includes(i));
}

/** A readable line for the audience ("Confirmed subscribers of the waitlist interested in Tech news"). */
export function describeAudience(audience: Audience): string {
  const lists = audience.lists?.length ? audience.lists : AUDIENCE_LISTS;
  const where = lists.length === 2 ? 'the waitlist and the newsletter' : `the ${lists[0]}`;
  const wanted = (audience.interests ?? []).filter((i) => i !== 'all');
  const topics = wanted.length ? ` interested in ${wanted.map((i) => INTEREST_LABELS[i]).join(' or ')}` : '';
  return `Confirmed subscribers of ${where}${topics}`;
}

/** Recipients left to send to (never below 0). */
export function leftToSend(c: CampaignCounts): number | null {
  if (c.total === null) return null;
  return Math.max(0, c.total - c.sent - c.failed - c.skipped - c.unknown);
}

/** Percent done, 0-100. */
export function percentDone(c: CampaignCounts): number {
  if (!c.total) return c.total === 0 ? 100 : 0;
  return Math.min(100, Math.round(((c.total - (leftToSend(c) ?? c.total)) / c.total) * 100));
}

/** Recipients done so far (sent, failed, skipped or unknown); 0 before the audience is read. */
export function doneSoFar(c: CampaignCounts): number {
  const left = leftToSend(c);
  return c.total === null || left === null ? 0 : c.total - left;
}

/** A count of recipients done, seen at a time (epoch ms): where a pace is measured from. */
export interface ProgressMark {
  at: number;
  done: number;
  /** Taken as the send resumed after a pause: the pace since the start would count the pause. */
  resumed?: boolean;
}

/** The shortest window, in ms, a pace is measured over from a mark (shorter ones jump with each batch). */
export const ETA_WINDOW_MS = 5_000;

/**
 * Seconds until a sending campaign is done, at its pace so far: since `since` once at least
 * ETA_WINDOW_MS have passed with progress since that mark, else since the campaign started. A pause
 * makes the pace since the start too slow, so after a `resumed` mark there is no estimate until its
 * window has one. Null before anything was sent or when the pace is unknown.
 */
export function etaSeconds(
  c: CampaignCounts & { startedAt: string | null },
  now: number,
  since: ProgressMark | null = null,
): number | null {
  const left = leftToSend(c);
  const done = doneSoFar(c);
  if (left === null) return null;
  if (since && now - since.at >= ETA_WINDOW_MS && done > since.done)
    return Math.round((left / (done - since.done)) * ((now - since.at) / 1000));
  if (since?.resumed || !c.startedAt || !done) return null;
  const elapsed = (now - Date.parse(c.startedAt)) / 1000;
  if (!(elapsed > 0)) return null;
  return Math.round((left / done) * elapsed);
}

/** A duration for staff: "45 s", "3 min 20 s", "2 h 5 min" (seconds rounded; never negative). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
  const m = Math.round(s / 60);
  return m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} h`;
}

/** A draft cancelled before it was sent or scheduled: nothing went out (the archive folds these away). */
export function isDiscardedDraft(c: Pick<Campaign, 'status' | 'jobId'>): boolean {
  return c.status === 'cancelled' && c.jobId === null;
}

/** What staff read first in a new launch notification and a new early-access wave. */
export const CAMPAIGN_PRESETS: Record<Exclude<CampaignKind, 'campaign'>, { subject: string; body: string }> = {
  launch: {
    subject: "We're live: Maple Tech is open",
    body: [
      'Hi {{name}},',
      '',
      'The wait is over: **Maple Tech is live**. You asked us to tell you the moment we launched, so here it is, once.',
      '',
      '- The smartphone recommender that explains its picks',
      '- Our tech blog and guides',
      '- The shop and free phone wallpapers',
      '',
      '[Visit Maple Tech]({{siteUrl}})',
      '',
      'Thanks for waiting with us,',
      'The Maple Tech team',
    ].join('\n'),
  },
  'early-access': {
    subject: 'Your early access to Maple Tech',
    body: [
      'Hi {{name}},',
      '',
      "You're one of the first people on our waitlist, so you get to try Maple Tech **before everyone else**.",
      '',
      'Your personal pass opens the site for you; please keep it to yourself:',
      '',
      '[Open Maple Tech with my pass]({{passUrl}})',
      '',
      'Tell us what you think: just reply to this e-mail.',
      '',
      'The Maple Tech team',
    ].join('\n'),
  },
};
