/**
 * The staff composer's form as plain data (docs/site.md#staff-area, "Campaigns"): what staff fill
 * in, the text a kind starts with, the audience and API payload the form makes, and its errors
 * keyed by the form's own fields. Pure and browser-safe.
 */
import type { Interest } from '../subscribers/vocabulary';
import { fieldMessages } from '../signups/schemas';
import {
  AUDIENCE_LISTS,
  CAMPAIGN_PRESETS,
  campaignCreateSchema,
  type Audience,
  type AudienceList,
  type CampaignCreateInput,
  type CampaignKind,
} from './model';

/** The interests staff can filter by ("All of the above" is not a filter: no tick means every topic). */
export type TopicFilter = Exclude<Interest, 'all'>;
export const TOPIC_FILTERS: readonly TopicFilter[] = ['tech_news', 'phone_recommendations', 'smartphone_tutorials'];

export interface ComposerForm {
  kind: CampaignKind;
  subject: string;
  body: string;
  /** A campaign's lists (a launch notification and a wave always go to the waitlist). */
  lists: AudienceList[];
  interests: TopicFilter[];
  /** An early-access wave's size, as typed. */
  waveSize: string;
  /** A launch notification: send it again to those an earlier one reached (after a warning). */
  includeNotified?: boolean;
}

/** The wave size a new early-access wave starts with. */
export const DEFAULT_WAVE_SIZE = 100;

/** A fresh form of `kind`: a campaign starts empty, the other kinds with their preset text. */
export function newComposerForm(kind: CampaignKind = 'campaign'): ComposerForm {
  const preset = kind === 'campaign' ? { subject: '', body: '' } : CAMPAIGN_PRESETS[kind];
  return { kind, ...preset, lists: [...AUDIENCE_LISTS], interests: [], waveSize: String(DEFAULT_WAVE_SIZE) };
}

const isPresetOrEmpty = (field: 'subject' | 'body', value: string) =>
  value.trim() === '' || Object.values(CAMPAIGN_PRESETS).some((p) => p[field] === value);

/**
 * The form with another kind chosen. Subject and body take the new kind's preset only where staff
 * have not written their own (empty, or still another kind's preset): switching never loses writing.
 */
export function withKind(form: ComposerForm, kind: CampaignKind): ComposerForm {
  const fresh = newComposerForm(kind);
  return {
    ...form,
    kind,
    subject: isPresetOrEmpty('subject', form.subject) ? fresh.subject : form.subject,
    body: isPresetOrEmpty('body', form.body) ? fresh.body : form.body,
  };
}

/**
 * Who the form addresses: a launch notification every confirmed waitlist subscriber; a wave the
 * waitlist, optionally by interest; a campaign its lists and interests.
 */
export function audienceOfForm(form: ComposerForm): Audience {
  if (form.kind === 'launch') return { lists: ['waitlist'] };
  const interests = form.interests.length ? { interests: [...form.interests] } : {};
  if (form.kind === 'early-access') return { lists: ['waitlist'], ...interests };
  return { lists: [...form.lists], ...interests };
}

/** `chosen` with `item` ticked (`on`) or not, in the order of `all`. */
export function ticked<T>(all: readonly T[], chosen: readonly T[], item: T, on: boolean): T[] {
  return all.filter((x) => (x === item ? on : chosen.includes(x)));
}

/** The wave size as a number (NaN when not a whole number: the schema says so). */
function waveLimit(form: ComposerForm): number | undefined {
  if (form.kind !== 'early-access') return undefined;
  const typed = form.waveSize.trim();
  return /^\d{1,7}$/.test(typed) ? Number(typed) : Number.NaN;
}

/** POST /api/admin/campaigns for the form, sent now (a draft) or at `sendAt` (ISO). */
export function composerPayload(form: ComposerForm, sendAt?: string): CampaignCreateInput {
  const limit = waveLimit(form);
  return {
    kind: form.kind,
    subject: form.subject,
    body: form.body,
    audience: audienceOfForm(form),
    ...(limit === undefined ? {} : { limit }),
    ...(sendAt === undefined ? {} : { sendAt }),
    ...(form.kind === 'launch' && form.includeNotified ? { includeNotified: true } : {}),
  };
}

/** POST /api/admin/campaigns/audience for the form (null while the wave size is not a number). */
export function audienceQuery(
  form: ComposerForm,
): { audience: Audience; kind: CampaignKind; limit?: number; includeNotified?: boolean } | null {
  const limit = waveLimit(form);
  if (limit !== undefined && !(limit >= 1)) return null;
  return {
    audience: audienceOfForm(form),
    kind: form.kind,
    ...(limit === undefined ? {} : { limit }),
    ...(form.kind === 'launch' && form.includeNotified ? { includeNotified: true } : {}),
  };
}

/** Which form field a payload path belongs to. */
const FIELD_OF: Record<string, keyof ComposerForm | 'sendAt'> = {
  audience: 'lists',
  limit: 'waveSize',
};

/**
 * The form's errors, keyed by its fields (`subject`, `body`, `lists`, `waveSize`, `sendAt`); empty
 * when the server would take it. A campaign needs at least one list: no list is not "everyone" here.
 */
export function composerErrors(form: ComposerForm, sendAt?: string): Record<string, string> {
  const parsed = campaignCreateSchema.safeParse(composerPayload(form, sendAt));
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const [key, message] of Object.entries(fieldMessages(parsed.error))) errors[FIELD_OF[key] ?? key] ??= message;
  if (form.kind === 'campaign' && form.lists.length === 0) errors.lists ??= 'Choose the waitlist and/or the newsletter';
  return errors;
}

/** A field's errors from the server's `fields` (paths such as `audience.lists.0`), keyed like `composerErrors`. */
export function composerServerErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = path.split('.')[0];
    out[FIELD_OF[key] ?? key] ??= message;
  }
  return out;
}
