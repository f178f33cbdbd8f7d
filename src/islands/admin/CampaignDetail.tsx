/**
 * One campaign (docs/site.md#staff-area, "Campaigns"): what it is and who it goes to; a draft's or a
 * scheduled campaign's Send now and Cancel; while it sends, the progress (asked of the server every
 * 1.5 s) with sent, failed, skipped, unknown, left and the estimated time left, Pause / Resume /
 * Cancel; at the end, the report. An early-access wave also lists who it invited.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { adminFetch } from '../../stores/admin';
import { toast } from '../../stores/toast';
import {
  describeAudience,
  doneSoFar,
  etaSeconds,
  formatDuration,
  isDiscardedDraft,
  leftToSend,
  percentDone,
  type CampaignStatus,
  type ProgressMark,
} from '../../lib/campaigns/model';
import { renderCampaignCopy } from '../../lib/campaigns/campaign-email';
import {
  errorMessage,
  KindBadge,
  numbers,
  sampleValues,
  StatusBadge,
  TestCopyForm,
  when,
  type CampaignView,
} from './CampaignBits';
import CampaignWave from './CampaignWave';
import MailPreview from './MailPreview';
import CampaignStaff from './CampaignStaff';
import { useCan } from './useCan';
import type { AuditEntry } from '../../lib/admin/staff-schemas';
import { ConfirmDialog, EmailAddress, EmptyState, ProgressBar, Spinner } from './ui';

/**
 * How often a campaign is asked about while it sends, while it waits for its time, and while it is
 * paused (staff elsewhere may resume it).
 */
const POLL_MS: Partial<Record<CampaignStatus, number>> = { sending: 1_500, scheduled: 15_000, paused: 10_000 };

type Action = 'send' | 'pause' | 'resume' | 'cancel';

/** What a screen reader hears when the campaign's state changes (not on every poll). */
function announcement(v: CampaignView): string {
  const counts = `${numbers.format(v.sent)} sent, ${numbers.format(v.failed)} failed, ${numbers.format(v.skipped)} skipped, ${numbers.format(v.unknown)} unknown`;
  switch (v.status) {
    case 'sending':
      return 'Sending.';
    case 'paused':
      return `Paused: ${counts}.`;
    case 'sent':
      return `Sent: ${counts}. The report is below.`;
    case 'cancelled':
      return `Cancelled: ${counts}.`;
    case 'scheduled':
      return 'Scheduled.';
    default:
      return '';
  }
}

export default function CampaignDetail({ id }: { id: string }) {
  const can = useCan();
  const [view, setView] = useState<CampaignView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirm, setConfirm] = useState<'send' | 'cancel' | null>(null);
  // Bumped after an action, so polling starts again from the state the action left.
  const [round, setRound] = useState(0);
  const [said, setSaid] = useState('');
  const [showMail, setShowMail] = useState(false);
  const lastStatus = useRef<CampaignStatus | null>(null);
  // Where the time left is measured from: when this page first saw the send going, or saw it resume.
  const [mark, setMark] = useState<ProgressMark | null>(null);
  const titleId = useId();

  const show = useCallback((v: CampaignView) => {
    setView(v);
    setFailed(null);
    if (lastStatus.current !== null && lastStatus.current !== v.status) setSaid(announcement(v));
    if (v.status === 'sending' && lastStatus.current !== 'sending')
      setMark({ at: Date.now(), done: doneSoFar(v), resumed: lastStatus.current === 'paused' });
    lastStatus.current = v.status;
  }, []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const v = await adminFetch<CampaignView>(`/api/admin/campaigns/${encodeURIComponent(id)}`);
        if (stopped) return;
        show(v);
        const delay = POLL_MS[v.status];
        if (delay) timer = setTimeout(() => void tick(), delay);
      } catch (err) {
        if (stopped) return;
        console.error('[admin] loading the campaign failed', err);
        setFailed(errorMessage(err));
        // A campaign on its way is asked about again; a missing one is not.
        if (lastStatus.current && POLL_MS[lastStatus.current]) timer = setTimeout(() => void tick(), 5_000);
      }
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, round, show]);

  async function act(action: Action) {
    setBusy(action);
    try {
      const v = await adminFetch<CampaignView>(`/api/admin/campaigns/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
      });
      show(v);
      setRound((r) => r + 1);
      const titles: Record<Action, string> = {
        send: 'Sending started',
        pause: 'Pausing',
        resume: 'Sending resumed',
        cancel: v.jobId ? 'Campaign cancelled' : 'Draft discarded',
      };
      const descriptions: Record<Action, string> = {
        send: 'The progress shows below.',
        pause: 'The send stops after the batch under way.',
        resume: 'It goes on from where it stopped; nobody gets it twice.',
        cancel: 'Nothing more goes out.',
      };
      toast({ title: titles[action], description: descriptions[action] });
    } catch (err) {
      toast({ title: 'That did not work', description: errorMessage(err), variant: 'destructive' });
      setRound((r) => r + 1);
    } finally {
      setBusy(null);
    }
  }

  const subject = view?.subject;
  const body = view?.body;
  const kind = view?.kind;
  const preview = useMemo(
    () =>
      subject !== undefined && body !== undefined && kind
        ? renderCampaignCopy({ subject, body, kind }, sampleValues())
        : null,
    [subject, body, kind],
  );

  if (!view)
    return failed ? (
      <EmptyState title="This campaign could not be loaded">{failed}</EmptyState>
    ) : (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner /> Loading the campaign…
      </p>
    );

  const started = view.total !== null || view.status === 'sending' || view.status === 'paused';
  const finished = view.status === 'sent' || (view.status === 'cancelled' && started);
  const waiting = view.status === 'draft' || view.status === 'scheduled';
  return (
    <article className="grid min-w-0 grid-cols-1 gap-6" aria-labelledby={titleId} data-status={view.status}>
      <p className="sr-only" role="status">
        {said}
      </p>
      <header className="card p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <KindBadge kind={view.kind} />
          <StatusBadge status={view.status} />
        </div>
        <h2 id={titleId} className="mt-3 wrap-anywhere text-xl font-bold">
          {view.subject}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label="Audience">
            {describeAudience(view.audience)}
            {view.limit !== null ? `, the next ${numbers.format(view.limit)} not invited yet` : ''}
          </Fact>
          <Fact label={view.total !== null ? 'Recipients' : 'Recipients when the draft was made'}>
            {numbers.format(view.total ?? view.audienceCount)}
          </Fact>
          <Fact label="Created">{when(view.createdAt)}</Fact>
          {view.sendAt && view.status === 'scheduled' ? <Fact label="Goes out on">{when(view.sendAt)}</Fact> : null}
        </dl>
        {view.error && view.status === 'paused' ? (
          <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
            {/* A pause the campaign made itself (its complaint rate) says so in its own words. */}
            {view.autoPause?.reason === view.error
              ? `${view.error} Resume sends to the rest from where it stopped; it does not pause itself again.`
              : `The send stopped: ${view.error.replace(/\.$/, '')}. Resume tries again from where it stopped.`}
          </p>
        ) : null}
        <CampaignStaff entries={(view as { staff?: AuditEntry[] }).staff} />
        {waiting && can('POST', '/campaigns/:id/send') ? (
          <div className="mt-5 flex flex-wrap gap-3">
            <button type="button" className="btn-primary" disabled={busy !== null} onClick={() => setConfirm('send')}>
              {busy === 'send' ? <Spinner /> : null}
              Send now…
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy !== null}
              onClick={() => setConfirm('cancel')}
            >
              {view.status === 'draft' ? 'Discard draft…' : 'Cancel…'}
            </button>
          </div>
        ) : null}
        {view.status === 'cancelled' && isDiscardedDraft(view) ? (
          <p className="mt-4 text-sm text-muted">This draft was discarded; it was never sent.</p>
        ) : null}
      </header>

      {started && !finished ? (
        <Progress
          view={view}
          mark={mark}
          busy={busy}
          onPause={() => void act('pause')}
          onResume={() => void act('resume')}
          onCancel={() => setConfirm('cancel')}
        />
      ) : null}
      {finished ? <Report view={view} /> : null}
      {view.kind === 'early-access' && started ? <CampaignWave id={view.id} sent={view.sent} /> : null}
      {waiting ? (
        <section className="card p-5 sm:p-6" aria-label="Test copy">
          <TestCopyForm campaignId={async () => view.id} />
        </section>
      ) : null}
      {preview ? (
        waiting ? (
          <MailPreview mail={preview} />
        ) : (
          <details className="card p-5" onToggle={(e) => setShowMail(e.currentTarget.open)}>
            <summary className="cursor-pointer font-semibold">The e-mail as sent</summary>
            {/* Rendered once opened: the preview frame costs nothing until staff want it. */}
            {showMail ? (
              <div className="mt-4">
                <MailPreview mail={preview} />
              </div>
            ) : null}
          </details>
        )
      ) : null}

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => {
          if (!o) setConfirm(null);
        }}
        tone={confirm === 'send' ? 'primary' : 'danger'}
        title={
          confirm === 'send'
            ? 'Send this campaign now?'
            : view.status === 'draft'
              ? 'Discard this draft?'
              : 'Cancel this campaign?'
        }
        description={
          confirm === 'send'
            ? `“${view.subject}” goes out now, once to each recipient of its audience as it is now.`
            : view.status === 'draft'
              ? 'Nothing was sent. The draft stays in the archive, folded away.'
              : `Nothing more goes out${view.sent ? `; the ${numbers.format(view.sent)} already sent stay sent` : ''}. A cancelled campaign cannot be resumed.`
        }
        confirmLabel={confirm === 'send' ? 'Send now' : view.status === 'draft' ? 'Discard draft' : 'Cancel campaign'}
        onConfirm={() => void act(confirm === 'send' ? 'send' : 'cancel')}
      />
    </article>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted">{label}</dt>
      <dd className="wrap-anywhere font-medium">{children}</dd>
    </div>
  );
}

function Progress({
  view,
  mark,
  busy,
  onPause,
  onResume,
  onCancel,
}: {
  view: CampaignView;
  mark: ProgressMark | null;
  busy: Action | null;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const planning = view.total === null;
  const percent = planning ? null : percentDone(view);
  const can = useCan();
  const left = leftToSend(view);
  const eta = view.status === 'sending' ? etaSeconds(view, Date.now(), mark) : null;
  const done = doneSoFar(view);
  const live = (view.status === 'sending' || view.status === 'paused') && can('POST', '/campaigns/:id/pause');
  return (
    <section className="card p-5 sm:p-6" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-lg font-bold">
            Progress
          </h3>
          <p className="text-sm text-muted">
            {planning
              ? 'Reading the audience…'
              : `${percent}%: ${numbers.format(done)} of ${numbers.format(view.total ?? 0)} recipients done`}
          </p>
        </div>
        {live ? (
          <div className="flex flex-wrap gap-2">
            {view.status === 'sending' ? (
              <button type="button" className="btn-secondary" disabled={busy !== null} onClick={onPause}>
                {busy === 'pause' ? <Spinner /> : null}
                Pause
              </button>
            ) : (
              <button type="button" className="btn-primary" disabled={busy !== null} onClick={onResume}>
                {busy === 'resume' ? <Spinner /> : null}
                Resume
              </button>
            )}
            <button type="button" className="btn-secondary" disabled={busy !== null} onClick={onCancel}>
              Cancel…
            </button>
          </div>
        ) : null}
      </div>
      <div className="mt-4">
        <ProgressBar
          label="Sending progress"
          percent={percent}
          className="h-3"
          valueText={
            percent === null
              ? 'Reading the audience'
              : `${percent}%, ${numbers.format(done)} of ${numbers.format(view.total ?? 0)} recipients`
          }
        />
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        <Count label="Sent" value={view.sent} />
        <Count label="Failed" value={view.failed} />
        <Count label="Skipped" value={view.skipped} />
        <Count label="Unknown" value={view.unknown} />
        <Count label="Left" value={left} />
        <div className="rounded-xl bg-surface-2 p-3">
          <dt className="text-xs text-muted">Time left</dt>
          <dd className="mt-0.5 font-semibold">
            {view.status === 'sending' ? (eta === null ? 'Estimating…' : `about ${formatDuration(eta)}`) : '–'}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-muted">
        Skipped: unsubscribed or deleted since the audience was read, or had it already. Unknown: cut off while with the
        mail provider; never sent again.
      </p>
    </section>
  );
}

function Count({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="rounded-xl bg-surface-2 p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums">{value === null ? '–' : numbers.format(value)}</dd>
    </div>
  );
}

function Report({ view }: { view: CampaignView }) {
  const titleId = useId();
  const percent = percentDone(view);
  const duration =
    view.startedAt && view.finishedAt ? (Date.parse(view.finishedAt) - Date.parse(view.startedAt)) / 1000 : null;
  const shown = view.unknownRecipients ?? [];
  return (
    <section className="card p-5 sm:p-6" aria-labelledby={titleId} data-testid="campaign-report">
      <h3 id={titleId} className="text-lg font-bold">
        Report
      </h3>
      <p className="mt-1 text-sm text-muted">
        {view.status === 'cancelled'
          ? 'The campaign was cancelled; nothing more goes out.'
          : view.failed + view.unknown === 0
            ? 'The campaign went out to everyone in its audience who still wanted it.'
            : 'The send is over: every recipient was tried once. Those it did not reach for sure are below.'}
      </p>
      <div className="mt-4">
        <ProgressBar
          label="Sending progress"
          percent={percent}
          className="h-3"
          valueText={`${percent}%, ${numbers.format(doneSoFar(view))} of ${numbers.format(view.total ?? 0)} recipients`}
        />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <Fact label="Recipients">{numbers.format(view.total ?? 0)}</Fact>
        <Fact label="Sent">{numbers.format(view.sent)}</Fact>
        <Fact label="Failed">{numbers.format(view.failed)}</Fact>
        <Fact label="Skipped">{numbers.format(view.skipped)}</Fact>
        <Fact label="Outcome unknown">{numbers.format(view.unknown)}</Fact>
        <Fact label="Start to finish">{duration === null ? '–' : formatDuration(duration)}</Fact>
        <Fact label="Started">{view.startedAt ? when(view.startedAt) : '–'}</Fact>
        <Fact label="Finished">{view.finishedAt ? when(view.finishedAt) : '–'}</Fact>
        {view.provider ? (
          <>
            <Fact label="Delivered (SendGrid)">{numbers.format(view.provider.delivered)}</Fact>
            <Fact label="Bounced">{numbers.format(view.provider.bounced)}</Fact>
            <Fact label="Spam complaints">{numbers.format(view.provider.complained)}</Fact>
          </>
        ) : null}
      </dl>
      {view.unknown > 0 ? (
        <div className="mt-5 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <h4 className="font-semibold">
            {numbers.format(view.unknown)} {view.unknown === 1 ? 'recipient' : 'recipients'} with an unknown outcome
          </h4>
          <p className="mt-1">
            The send was cut off while their batch was with the mail provider, so they may or may not have received it.
            They are not sent it again: a second copy would be worse than a missing one.
          </p>
          {shown.length ? (
            <ul
              className="mt-3 max-h-64 overflow-auto rounded-lg bg-surface p-3 font-mono text-xs text-fg"
              aria-label="Recipients with an unknown outcome"
              // Focusable: a long list scrolls, and the keyboard must be able to scroll it.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
            >
              {shown.map((email) => (
                <li key={email}>
                  <EmailAddress email={email} />
                </li>
              ))}
            </ul>
          ) : null}
          {shown.length < view.unknown ? (
            <p className="mt-2 text-xs">The first {numbers.format(shown.length)} are listed.</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
