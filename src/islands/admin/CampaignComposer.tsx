/**
 * The campaign composer (docs/site.md#staff-area, "Campaigns"): the kind, subject and Markdown body
 * with a live preview rendered by the code the server sends with, the audience with its count asked
 * of the server as it changes, a test copy, then Send now or Schedule.
 *
 * The API makes a campaign from a complete payload and has no edit: a test copy needs one, so the
 * composer makes a draft of what is on screen, reuses it while nothing changes, and cancels a draft
 * it replaced (the archive folds such drafts away).
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { adminFetch } from '../../stores/admin';
import { toast } from '../../stores/toast';
import { ApiError } from '../../lib/http/client';
import { INTEREST_LABELS } from '../../lib/signups/constants';
import {
  AUDIENCE_LISTS,
  CAMPAIGN_KINDS,
  CAMPAIGN_LIMITS,
  describeAudience,
  type AudienceList,
  type CampaignKind,
} from '../../lib/campaigns/model';
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
  type ComposerForm,
  type TopicFilter,
} from '../../lib/campaigns/compose';
import { renderCampaignCopy } from '../../lib/campaigns/campaign-email';
import { errorMessage, KIND_LABELS, numbers, sampleValues, TestCopyForm } from './CampaignBits';
import MailPreview from './MailPreview';
import { Checkbox, ConfirmDialog, Field, Spinner } from './ui';
import { staffDateTime } from '../../lib/admin/staff-time';

const COUNT_DEBOUNCE_MS = 400;

const KIND_HINTS: Record<CampaignKind, string> = {
  campaign: 'News or exclusive content for confirmed subscribers of the waitlist and/or the newsletter.',
  launch: 'The one e-mail the waitlist was promised for launch day, to every confirmed waitlist subscriber.',
  'early-access':
    'Invites the next confirmed waitlist subscribers by signup time; each gets a personal pass to the pre-launch site.',
};

const LIST_LABELS: Record<AudienceList, string> = { waitlist: 'Waitlist', newsletter: 'Newsletter' };

type Count =
  | { state: 'idle' }
  | { state: 'counting' }
  | {
      state: 'done';
      count: number;
      pool: number | null;
      /** A launch notification: who an earlier one reached already. */
      notified?: { count: number; people: { email: string; name: string }[] };
    }
  | { state: 'failed' };

/** "2026-11-26T14:30" for a datetime-local field, in the browser's time zone. */
function localInputValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The first field with an error, in the order of the form, for focus. */
const FIELD_ORDER = ['subject', 'body', 'lists', 'waveSize', 'sendAt'] as const;

export default function CampaignComposer({
  initialKind,
  onOpen,
}: {
  initialKind: CampaignKind;
  /** Opens a campaign's own view (after Send now or Schedule). */
  onOpen: (id: string) => void;
}) {
  const [form, setForm] = useState<ComposerForm>(() => newComposerForm(initialKind));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [count, setCount] = useState<Count>({ state: 'idle' });
  const [timing, setTiming] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState('');
  const [confirm, setConfirm] = useState<'send' | 'schedule' | null>(null);
  const [busy, setBusy] = useState(false);
  // The draft made of the form as it was (for a test copy), reused while the form is unchanged.
  const made = useRef<{ id: string; key: string } | null>(null);
  const ids = {
    subject: useId(),
    body: useId(),
    lists: useId(),
    interests: useId(),
    waveSize: useId(),
    sendAt: useId(),
    count: useId(),
  };

  const update = (patch: Partial<ComposerForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };

  // The audience count, asked of the server once the audience stops changing.
  const query = audienceQuery(form);
  const queryKey = query ? JSON.stringify(query) : '';
  useEffect(() => {
    if (!queryKey) {
      setCount({ state: 'idle' });
      return;
    }
    let cancelled = false;
    setCount({ state: 'counting' });
    const timer = setTimeout(async () => {
      const body = JSON.parse(queryKey) as NonNullable<ReturnType<typeof audienceQuery>>;
      try {
        const [n, pool] = await Promise.all([
          adminFetch<{ count: number; notified?: { count: number; people: { email: string; name: string }[] } }>(
            '/api/admin/campaigns/audience',
            { method: 'POST', body },
          ),
          // A wave also shows how many are left to invite.
          body.limit !== undefined
            ? adminFetch<{ count: number }>('/api/admin/campaigns/audience', {
                method: 'POST',
                body: { ...body, limit: undefined },
              })
            : null,
        ]);
        if (!cancelled) setCount({ state: 'done', count: n.count, pool: pool?.count ?? null, notified: n.notified });
      } catch (err) {
        console.error('[admin] counting the audience failed', err);
        if (!cancelled) setCount({ state: 'failed' });
      }
    }, COUNT_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [queryKey]);

  const preview = useMemo(
    () => renderCampaignCopy({ subject: form.subject, body: form.body, kind: form.kind }, sampleValues()),
    [form.subject, form.body, form.kind],
  );

  const sendAtIso = timing === 'later' && sendAt ? new Date(sendAt).toISOString() : undefined;

  /** Errors of the form (and of the send time when scheduling); focuses the first. */
  function check(scheduling: boolean): boolean {
    const found = composerErrors(form, scheduling ? sendAtIso : undefined);
    if (scheduling && !sendAt) found.sendAt = 'Choose when to send';
    else if (scheduling && sendAtIso && Date.parse(sendAtIso) <= Date.now())
      found.sendAt = 'Choose a time in the future';
    if (count.state === 'done' && count.count === 0 && !found.lists)
      found.lists = 'Nobody is in this audience: choose other lists or interests.';
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      const el = document.getElementById(ids[first]);
      (el?.matches('input, textarea') ? el : el?.querySelector<HTMLElement>('input'))?.focus();
      return false;
    }
    return true;
  }

  function showServerError(err: unknown, title: string) {
    const fields = err instanceof ApiError ? err.error?.fields : undefined;
    if (fields) setErrors(composerServerErrors(fields));
    toast({ title, description: errorMessage(err), variant: 'destructive' });
  }

  /** Cancels a draft this composer made and no longer needs (its content changed, or it was scheduled anew). */
  function discard(id: string) {
    adminFetch(`/api/admin/campaigns/${encodeURIComponent(id)}/cancel`, { method: 'POST' }).catch((err) =>
      console.error('[admin] discarding a superseded draft failed', err),
    );
  }

  /** The draft of the form as it is now (made when there is none yet, or the form changed). */
  async function draftId(): Promise<string> {
    const payload = composerPayload(form);
    const key = JSON.stringify(payload);
    if (made.current?.key === key) return made.current.id;
    const answer = await adminFetch<{ id: string }>('/api/admin/campaigns', { method: 'POST', body: payload });
    if (made.current) discard(made.current.id);
    made.current = { id: answer.id, key };
    return answer.id;
  }

  async function testCampaign(): Promise<string | null> {
    if (!check(false)) return null;
    try {
      return await draftId();
    } catch (err) {
      showServerError(err, 'The test copy was not sent');
      return null;
    }
  }

  async function sendNow() {
    setBusy(true);
    try {
      const id = await draftId();
      await adminFetch(`/api/admin/campaigns/${encodeURIComponent(id)}/send`, { method: 'POST' });
      made.current = null;
      toast({ title: 'Sending started', description: `“${form.subject}” is on its way.` });
      onOpen(id);
    } catch (err) {
      showServerError(err, 'The campaign was not sent');
    } finally {
      setBusy(false);
    }
  }

  async function schedule() {
    setBusy(true);
    try {
      const answer = await adminFetch<{ id: string }>('/api/admin/campaigns', {
        method: 'POST',
        body: composerPayload(form, sendAtIso),
      });
      if (made.current) discard(made.current.id);
      made.current = null;
      toast({
        title: 'Campaign scheduled',
        description: `“${form.subject}” goes out on ${staffDateTime(sendAt)}.`,
      });
      onOpen(answer.id);
    } catch (err) {
      showServerError(err, 'The campaign was not scheduled');
    } finally {
      setBusy(false);
    }
  }

  const recipients =
    count.state === 'done'
      ? `${numbers.format(count.count)} ${count.count === 1 ? 'recipient' : 'recipients'}`
      : 'the audience';

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <section className="card p-5 sm:p-6" aria-labelledby={`${ids.subject}-section`}>
        <h2 id={`${ids.subject}-section`} className="text-lg font-bold">
          Message
        </h2>
        <fieldset className="mt-4">
          <legend className="label">Kind</legend>
          <div className="grid gap-2 md:grid-cols-3">
            {CAMPAIGN_KINDS.map((k) => (
              <label
                key={k}
                className="grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 rounded-xl border border-line p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/20"
              >
                <input
                  type="radio"
                  name="campaign-kind"
                  value={k}
                  checked={form.kind === k}
                  onChange={() => {
                    setForm((f) => withKind(f, k));
                    setErrors({});
                  }}
                  className="row-span-2 mt-0.5 accent-brand-600"
                />
                <span className="font-semibold">{KIND_LABELS[k]}</span>
                <span className="text-xs text-muted">{KIND_HINTS[k]}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="mt-5 grid gap-4">
          <Field id={ids.subject} label="Subject" error={errors.subject}>
            <input
              id={ids.subject}
              className="input"
              value={form.subject}
              maxLength={CAMPAIGN_LIMITS.subject}
              onChange={(e) => update({ subject: e.target.value })}
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={errors.subject ? `${ids.subject}-error` : undefined}
            />
          </Field>
          <Field
            id={ids.body}
            label="Body (Markdown)"
            error={errors.body}
            hint={
              <>
                <code>**bold**</code>, <code>*italic*</code>, <code>[link](https://…)</code>, lines starting{' '}
                <code>-</code> or <code>1.</code> for lists, <code>#</code> for headings. <code>{'{{name}}'}</code> is
                each subscriber&apos;s name
                {form.kind === 'early-access' ? (
                  <>
                    , <code>{'{{passUrl}}'}</code> their personal pass (a button is added when the body has none)
                  </>
                ) : null}
                . The sender&apos;s details and a personal unsubscribe link end every copy.
              </>
            }
          >
            <textarea
              id={ids.body}
              rows={14}
              className="input font-mono text-[13px] leading-relaxed"
              value={form.body}
              maxLength={CAMPAIGN_LIMITS.body}
              onChange={(e) => update({ body: e.target.value })}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={`${ids.body}-hint${errors.body ? ` ${ids.body}-error` : ''}`}
            />
          </Field>
        </div>
      </section>

      <MailPreview
        mail={preview}
        note="with sample values, as a subscriber sees it"
        empty={form.body.trim() ? undefined : 'Write the message to see it here as a subscriber will.'}
      />

      <section className="card p-5 sm:p-6" aria-labelledby={`${ids.lists}-section`}>
        <h2 id={`${ids.lists}-section`} className="text-lg font-bold">
          Audience
        </h2>
        <p className="mt-1 text-sm text-muted">Only confirmed subscribers receive campaigns.</p>
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          {form.kind === 'campaign' ? (
            <Group id={ids.lists} legend="Lists" error={errors.lists}>
              {AUDIENCE_LISTS.map((list) => (
                <Checkbox
                  key={list}
                  label={LIST_LABELS[list]}
                  checked={form.lists.includes(list)}
                  onChange={(on) => update({ lists: ticked(AUDIENCE_LISTS, form.lists, list, on) })}
                />
              ))}
            </Group>
          ) : (
            <div id={ids.lists}>
              <p className="label">Lists</p>
              <p className="text-sm">The waitlist</p>
              {errors.lists ? <p className="mt-1.5 text-sm text-red-700 dark:text-red-400">{errors.lists}</p> : null}
            </div>
          )}
          {form.kind === 'launch' ? (
            <div>
              <p className="label">Interests</p>
              <p className="text-sm">Everyone, whatever they chose: the launch notification was promised to all.</p>
            </div>
          ) : (
            <Group
              id={ids.interests}
              legend="Interested in"
              hint="None ticked: every topic. Someone who chose “All of the above” is in every topic; newsletter subscribers chose none."
            >
              {TOPIC_FILTERS.map((topic: TopicFilter) => (
                <Checkbox
                  key={topic}
                  label={INTEREST_LABELS[topic]}
                  checked={form.interests.includes(topic)}
                  onChange={(on) => update({ interests: ticked(TOPIC_FILTERS, form.interests, topic, on) })}
                />
              ))}
            </Group>
          )}
          {form.kind === 'early-access' ? (
            <Field
              id={ids.waveSize}
              label="Wave size"
              error={errors.waveSize}
              hint="The first subscribers by signup time who were not invited by an earlier wave."
            >
              <input
                id={ids.waveSize}
                type="number"
                inputMode="numeric"
                min={1}
                max={CAMPAIGN_LIMITS.wave}
                className="input max-w-40"
                value={form.waveSize}
                onChange={(e) => update({ waveSize: e.target.value })}
                aria-invalid={errors.waveSize ? true : undefined}
                aria-describedby={`${ids.waveSize}-hint${errors.waveSize ? ` ${ids.waveSize}-error` : ''}`}
              />
            </Field>
          ) : null}
        </div>
        <div className="mt-5 rounded-xl bg-surface-2 p-4">
          <p className="text-sm text-muted">{describeAudience(audienceOfForm(form))}</p>
          <p id={ids.count} className="mt-1 flex items-center gap-2 font-semibold" aria-live="polite">
            <AudienceCount count={count} kind={form.kind} />
          </p>
          {form.kind === 'launch' && count.state === 'done' && count.notified && count.notified.count > 0 ? (
            <AlreadyNotified
              notified={count.notified}
              included={form.includeNotified === true}
              onInclude={(on) => update({ includeNotified: on })}
            />
          ) : null}
        </div>
      </section>

      <section className="card p-5 sm:p-6" aria-labelledby={`${ids.sendAt}-section`}>
        <h2 id={`${ids.sendAt}-section`} className="text-lg font-bold">
          Test and send
        </h2>
        <div className="mt-4">
          <TestCopyForm campaignId={testCampaign} />
        </div>
        <div className="mt-6 border-t border-line pt-5">
          <fieldset>
            <legend className="label">When</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <Radio
                name="campaign-when"
                label="Send now"
                checked={timing === 'now'}
                onChange={() => setTiming('now')}
              />
              <Radio
                name="campaign-when"
                label="Send at a set time"
                checked={timing === 'later'}
                onChange={() => setTiming('later')}
              />
            </div>
          </fieldset>
          {timing === 'later' ? (
            <div className="mt-4 max-w-xs">
              <Field id={ids.sendAt} label="Send on" error={errors.sendAt} hint="Your local time.">
                <input
                  id={ids.sendAt}
                  type="datetime-local"
                  className="input"
                  min={localInputValue(new Date())}
                  value={sendAt}
                  onChange={(e) => {
                    setSendAt(e.target.value);
                    setErrors(({ sendAt: _gone, ...rest }) => rest);
                  }}
                  aria-invalid={errors.sendAt ? true : undefined}
                  aria-describedby={`${ids.sendAt}-hint${errors.sendAt ? ` ${ids.sendAt}-error` : ''}`}
                />
              </Field>
            </div>
          ) : null}
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              aria-describedby={ids.count}
              onClick={() => {
                if (check(timing === 'later')) setConfirm(timing === 'later' ? 'schedule' : 'send');
              }}
            >
              {busy ? <Spinner /> : null}
              {timing === 'later' ? 'Schedule…' : 'Send now…'}
            </button>
            <p className="text-sm text-muted">You confirm before anything goes out.</p>
          </div>
        </div>
      </section>

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => {
          if (!o) setConfirm(null);
        }}
        title={confirm === 'schedule' ? 'Schedule this campaign?' : `Send to ${recipients} now?`}
        description={
          confirm === 'schedule'
            ? `“${form.subject}” goes to ${recipients} on ${sendAt ? staffDateTime(sendAt) : ''}. Until then you can send it at once or cancel it.`
            : `“${form.subject}” goes out now, once to each recipient. You can pause or cancel while it sends; what was sent stays sent.`
        }
        confirmLabel={confirm === 'schedule' ? 'Schedule' : 'Send now'}
        tone="primary"
        onConfirm={() => void (confirm === 'schedule' ? schedule() : sendNow())}
      />
    </div>
  );
}

/**
 * Who an earlier launch notification reached: left out, unless staff tick the box after reading the
 * warning (they would get "We're live" a second time).
 */
function AlreadyNotified({
  notified,
  included,
  onInclude,
}: {
  notified: { count: number; people: { email: string; name: string }[] };
  included: boolean;
  onInclude: (on: boolean) => void;
}) {
  const n = numbers.format(notified.count);
  const people = notified.count === 1 ? 'person' : 'people';
  return (
    <div className="mt-3 border-t border-border pt-3 text-sm" data-testid="already-notified">
      <p className="font-semibold">
        {included
          ? `Warning: ${n} ${people} already had a launch notification and will get this one too.`
          : `${n} ${people} already had a launch notification: they are left out.`}
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer">Who already had it</summary>
        <ul className="mt-1 max-h-40 overflow-auto wrap-anywhere">
          {notified.people.map((p) => (
            <li key={p.email}>{p.name ? `${p.name} <${p.email}>` : p.email}</li>
          ))}
          {notified.count > notified.people.length ? (
            <li>…and {numbers.format(notified.count - notified.people.length)} more</li>
          ) : null}
        </ul>
      </details>
      <div className="mt-2">
        <Checkbox
          label="Send it to them again anyway (they will get a second launch notification)"
          checked={included}
          onChange={onInclude}
        />
      </div>
    </div>
  );
}

function AudienceCount({ count, kind }: { count: Count; kind: CampaignKind }) {
  if (count.state === 'idle') return <>Enter a wave size to count the wave.</>;
  if (count.state === 'counting')
    return (
      <>
        <Spinner /> Counting…
      </>
    );
  if (count.state === 'failed') return <>The audience could not be counted.</>;
  const n = numbers.format(count.count);
  if (kind === 'early-access')
    return (
      <>
        {`This wave invites ${n} ${count.count === 1 ? 'subscriber' : 'subscribers'}`}
        {count.pool !== null ? ` (${numbers.format(count.pool)} not invited yet)` : ''}
      </>
    );
  return <>{`${n} ${count.count === 1 ? 'recipient' : 'recipients'}`}</>;
}

function Group({
  id,
  legend,
  hint,
  error,
  children,
}: {
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={`label ${error ? 'text-red-700 dark:text-red-400' : ''}`}>{legend}</legend>
      <div className="grid gap-1.5">{children}</div>
      {hint ? <p className="mt-1.5 text-xs text-muted">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Radio({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input type="radio" name={name} className="h-4 w-4 accent-brand-600" checked={checked} onChange={onChange} />
      {label}
    </label>
  );
}
