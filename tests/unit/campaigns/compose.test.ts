import { describe, expect, it } from 'vitest';
import {
  audienceOfForm,
  audienceQuery,
  composerErrors,
  composerPayload,
  composerServerErrors,
  newComposerForm,
  ticked,
  TOPIC_FILTERS,
  withKind,
} from '../../../src/lib/campaigns/compose';
import {
  CAMPAIGN_PRESETS,
  campaignCreateSchema,
  etaSeconds,
  formatDuration,
  isDiscardedDraft,
} from '../../../src/lib/campaigns/model';

describe('the composer form', () => {
  it('a launch notification links the site by {{siteUrl}}, never a fixed domain', () => {
    expect(CAMPAIGN_PRESETS.launch.body).toContain('({{siteUrl}})');
    expect(CAMPAIGN_PRESETS.launch.body).not.toMatch(/https?:\/\//);
    expect(campaignCreateSchema.safeParse(composerPayload(newComposerForm('launch'))).success).toBe(true);
  });

  it('only a launch notification can include those an earlier one reached, and only when staff tick it', () => {
    const launch = newComposerForm('launch');
    expect(composerPayload(launch)).not.toHaveProperty('includeNotified');
    expect(audienceQuery(launch)).not.toHaveProperty('includeNotified');
    const again = { ...launch, includeNotified: true };
    expect(composerPayload(again)).toMatchObject({ includeNotified: true });
    expect(audienceQuery(again)).toMatchObject({ includeNotified: true });
    // Another kind never carries it, whatever the form held.
    expect(composerPayload({ ...again, kind: 'campaign' })).not.toHaveProperty('includeNotified');
    const refused = campaignCreateSchema.safeParse({
      subject: 'S',
      body: 'B',
      kind: 'campaign',
      includeNotified: true,
    });
    expect(refused.success).toBe(false);
  });

  it('a launch notification starts with its preset and goes to every confirmed waitlist subscriber', () => {
    const form = { ...newComposerForm('launch'), lists: ['newsletter' as const], interests: ['tech_news' as const] };
    expect(form.subject).toBe(CAMPAIGN_PRESETS.launch.subject);
    expect(form.body).toBe(CAMPAIGN_PRESETS.launch.body);
    // Whatever the list and interest boxes held before: the launch is promised to the whole waitlist.
    expect(audienceOfForm(form)).toEqual({ lists: ['waitlist'] });
    const payload = composerPayload(form);
    expect(campaignCreateSchema.parse(payload)).toMatchObject({ kind: 'launch', audience: { lists: ['waitlist'] } });
    expect(payload).not.toHaveProperty('limit');
  });

  it('a wave goes to the waitlist with its size and interests; a campaign to its lists and interests', () => {
    const wave = { ...newComposerForm('early-access'), waveSize: '25', interests: ['tech_news' as const] };
    expect(composerPayload(wave)).toMatchObject({
      kind: 'early-access',
      limit: 25,
      audience: { lists: ['waitlist'], interests: ['tech_news'] },
    });
    expect(audienceQuery(wave)).toEqual({
      kind: 'early-access',
      limit: 25,
      audience: { lists: ['waitlist'], interests: ['tech_news'] },
    });
    const news = { ...newComposerForm(), subject: 'S', body: 'B', lists: ['newsletter' as const] };
    expect(composerPayload(news, '2030-01-01T10:00:00.000Z')).toEqual({
      kind: 'campaign',
      subject: 'S',
      body: 'B',
      audience: { lists: ['newsletter'] },
      sendAt: '2030-01-01T10:00:00.000Z',
    });
  });

  it('ticking a box keeps the choices in their display order', () => {
    expect(ticked(TOPIC_FILTERS, ['smartphone_tutorials'], 'tech_news', true)).toEqual([
      'tech_news',
      'smartphone_tutorials',
    ]);
    expect(ticked(TOPIC_FILTERS, ['tech_news', 'smartphone_tutorials'], 'tech_news', false)).toEqual([
      'smartphone_tutorials',
    ]);
  });

  it('switching kind replaces a preset or an empty text, never what staff wrote', () => {
    const launch = newComposerForm('launch');
    const wave = withKind(launch, 'early-access');
    expect(wave.subject).toBe(CAMPAIGN_PRESETS['early-access'].subject);
    expect(withKind(wave, 'campaign')).toMatchObject({ subject: '', body: '' });
    const written = withKind({ ...launch, body: 'My own words' }, 'early-access');
    expect(written.body).toBe('My own words');
    expect(written.subject).toBe(CAMPAIGN_PRESETS['early-access'].subject);
  });

  it('errors are keyed by the form’s fields, from the shared schema and the server alike', () => {
    const empty = newComposerForm();
    expect(composerErrors(empty)).toEqual({ subject: 'Subject is required', body: 'Body is required' });
    expect(composerErrors({ ...empty, subject: 'S', body: 'Hi {{nmae}}' }).body).toMatch(/Unknown placeholder/);
    expect(composerErrors({ ...empty, subject: 'S', body: 'B', lists: [] })).toEqual({
      lists: 'Choose the waitlist and/or the newsletter',
    });
    const wave = newComposerForm('early-access');
    expect(composerErrors({ ...wave, waveSize: '0' })).toEqual({ waveSize: 'A wave invites at least one subscriber' });
    expect(composerErrors({ ...wave, waveSize: '2.5' }).waveSize).toBeTruthy();
    expect(audienceQuery({ ...wave, waveSize: '' })).toBeNull();
    expect(composerErrors(wave)).toEqual({});
    expect(composerServerErrors({ 'audience.lists.0': 'Bad list', subject: 'Too long', limit: 'Too big' })).toEqual({
      lists: 'Bad list',
      subject: 'Too long',
      waveSize: 'Too big',
    });
  });
});

describe('figures staff read', () => {
  const start = Date.parse('2026-11-26T10:00:00Z');
  const at = (iso: string | null) => ({ total: 1000, sent: 0, failed: 0, skipped: 0, unknown: 0, startedAt: iso });

  it('the time left follows the pace so far; none before the first recipient or the start', () => {
    expect(etaSeconds(at(null), start)).toBeNull();
    expect(etaSeconds(at(new Date(start).toISOString()), start + 10_000)).toBeNull();
    expect(etaSeconds({ ...at(null), total: null }, start)).toBeNull();
    // 400 done in 20 s (skipped and unknown count as done): 600 left at the same pace is 30 s.
    const going = { ...at(new Date(start).toISOString()), sent: 390, skipped: 6, unknown: 4 };
    expect(etaSeconds(going, start + 20_000)).toBe(30);
    expect(etaSeconds({ ...going, sent: 990 }, start + 20_000)).toBe(0);
    // A clock behind the start gives no estimate rather than a negative one.
    expect(etaSeconds(going, start - 1_000)).toBeNull();
  });

  it('measured from a mark, the time left leaves out a pause before it', () => {
    // Started at 10:00, 400 done by 10:00:20, then paused for 10 minutes; resumed at 10:10:20.
    const resumedAt = start + 620_000;
    const mark = { at: resumedAt, done: 400, resumed: true };
    const going = { ...at(new Date(start).toISOString()), sent: 400 };
    // Right after the resume: no window yet, and the pace since the start would count the pause.
    expect(etaSeconds({ ...going, sent: 420 }, resumedAt + 1_000, mark)).toBeNull();
    expect(etaSeconds({ ...going, sent: 420 }, resumedAt + 1_000, { ...mark, resumed: false })).toBe(
      Math.round((580 / 420) * 621),
    );
    // 100 more in 5 s: 500 left at 20/s is 25 s (the pace since the start would say about 10 minutes).
    expect(etaSeconds({ ...going, sent: 500 }, resumedAt + 5_000, mark)).toBe(25);
    expect(etaSeconds({ ...going, sent: 500 }, resumedAt + 5_000)).toBe(625);
    // A window with no progress in it says nothing new.
    expect(etaSeconds({ ...going, sent: 400 }, resumedAt + 6_000, mark)).toBeNull();
  });

  it('durations read as seconds, minutes or hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(44.6)).toBe('45 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(7_500)).toBe('2 h 5 min');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('a draft cancelled before it was sent or scheduled counts as discarded', () => {
    expect(isDiscardedDraft({ status: 'cancelled', jobId: null })).toBe(true);
    expect(isDiscardedDraft({ status: 'cancelled', jobId: 'c1' })).toBe(false);
    expect(isDiscardedDraft({ status: 'draft', jobId: null })).toBe(false);
  });
});
