/**
 * The mail queue (GET /api/admin/mail-queue): how many mails wait and since when, then every mail,
 * newest first, filtered by state and kind, with its attempts and, for a failed mail or one whose
 * outcome is unknown, the reason and a Retry button (POST /api/admin/mail-queue/retry).
 * docs/consent-and-mail.md, "The mail queue".
 */
import { useId, useState } from 'react';
import { adminFetch } from '../../stores/admin';
import { toast } from '../../stores/toast';
import { ApiError } from '../../lib/http/client';
import {
  ENTRY_STATES,
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  type EntryState,
  type QueueRow,
  type QueueSummary,
} from '../../lib/email/queue/model';
import { appendEntries, EmptyState, LoadMoreButton, Spinner, useAdminData } from './ui';
import { useCan } from './useCan';
import { staffDateTime, staffTime } from '../../lib/admin/staff-time';

interface QueueAnswer {
  summary: QueueSummary;
  entries: QueueRow[];
  next: string | null;
}

const STATE_LABELS: Record<EntryState, string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
  unknown: 'Outcome unknown',
};

const STATE_BADGES: Record<EntryState, string> = {
  waiting: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  sending: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  sent: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
  skipped: 'bg-surface-2 text-muted',
  unknown: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
};

/** "3 min ago", "2 h ago" for the oldest waiting mail. */
function age(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'less than a minute';
  if (minutes < 120) return `${minutes} min`;
  return `${Math.round(minutes / 60)} h`;
}

export default function MailQueuePanel() {
  const can = useCan();
  const [state, setState] = useState<EntryState | ''>('');
  const [kind, setKind] = useState<(typeof MAIL_KINDS)[number] | ''>('');
  const [retrying, setRetrying] = useState<string | null>(null);
  const stateId = useId();
  const kindId = useId();

  const query = `/api/admin/mail-queue?${new URLSearchParams({ ...(state ? { state } : {}), ...(kind ? { kind } : {}) })}`;
  const { data, setData, loading, failed, next, loadingMore, reload, loadMore } = useAdminData<QueueAnswer>(
    query,
    'the mail queue',
  );

  async function retry(row: QueueRow) {
    setRetrying(row.key);
    try {
      const updated = await adminFetch<QueueRow>('/api/admin/mail-queue/retry', {
        method: 'POST',
        body: { key: row.key },
      });
      setData((prev) =>
        prev ? { ...prev, entries: prev.entries.map((e) => (e.key === row.key ? updated : e)) } : prev,
      );
      toast({ title: 'Mail queued again', description: `The mail to ${row.to} goes out within a minute.` });
    } catch (err) {
      const message = err instanceof ApiError ? (err.error?.message ?? err.message) : String(err);
      toast({ title: 'Could not retry the mail', description: message, variant: 'destructive' });
    } finally {
      setRetrying(null);
    }
  }

  const summary = data?.summary;
  return (
    <section aria-labelledby="mail-queue-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="mail-queue-title" className="text-lg font-bold">
            Mail queue
          </h2>
          <p className="text-sm text-muted">
            Every e-mail is recorded here before it is sent. Mail that cannot go at once waits and is retried by itself;
            a mail that failed for good, or whose delivery is unknown after an interruption, can be retried.
          </p>
        </div>
        <button type="button" className="btn-secondary" onClick={() => void reload()} disabled={loading}>
          {loading ? <Spinner /> : null}
          Refresh
        </button>
      </div>

      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="card p-4">
          <dt className="text-sm text-muted">Waiting</dt>
          <dd className="mt-1 text-2xl font-bold" data-testid="queue-waiting">
            {summary ? summary.waiting : '–'}
          </dd>
        </div>
        <div className="card p-4">
          <dt className="text-sm text-muted">Oldest waiting</dt>
          <dd className="mt-1 text-2xl font-bold">
            {summary?.oldestWaitingAt ? (
              <time dateTime={summary.oldestWaitingAt} title={staffDateTime(summary.oldestWaitingAt)}>
                {age(summary.oldestWaitingAt)}
              </time>
            ) : (
              'None'
            )}
          </dd>
        </div>
        <div className="card p-4">
          <dt className="text-sm text-muted">Send rate</dt>
          <dd className="mt-1 text-2xl font-bold">{summary ? `${summary.ratePerMinute} / min` : '–'}</dd>
        </div>
      </dl>

      <div className="mt-4 flex flex-wrap gap-3">
        <div className="grid gap-1">
          <label htmlFor={stateId} className="text-sm font-medium">
            State
          </label>
          <select
            id={stateId}
            className="input w-48"
            value={state}
            onChange={(e) => setState(e.target.value as EntryState | '')}
          >
            <option value="">All states</option>
            {ENTRY_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={kindId} className="text-sm font-medium">
            Kind
          </label>
          <select
            id={kindId}
            className="input w-56"
            value={kind}
            onChange={(e) => setKind(e.target.value as (typeof MAIL_KINDS)[number] | '')}
          >
            <option value="">All kinds</option>
            {MAIL_KINDS.map((k) => (
              <option key={k} value={k}>
                {MAIL_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-4" aria-live="polite" aria-busy={loading}>
        {loading && !data ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner /> Loading the mail queue…
          </p>
        ) : failed ? (
          <EmptyState title="The mail queue could not be loaded">Try Refresh.</EmptyState>
        ) : !data || data.entries.length === 0 ? (
          <EmptyState title={state || kind ? 'No mail matches these filters' : 'No mail yet'} />
        ) : (
          <ul className="grid grid-cols-1 gap-2" aria-label="Mails, newest first">
            {data.entries.map((row) => (
              <li key={row.key} className="card p-4" data-state={row.state}>
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                  <div className="min-w-0">
                    <p className="wrap-anywhere font-medium">{row.to}</p>
                    <p className="text-sm text-muted">
                      {MAIL_KIND_LABELS[row.kind]} ·{' '}
                      <time dateTime={row.createdAt}>{staffDateTime(row.createdAt)}</time> ·{' '}
                      {row.attempts.length === 1 ? '1 attempt' : `${row.attempts.length} attempts`}
                      {row.nextAttemptAt ? (
                        <>
                          {' '}
                          · next <time dateTime={row.nextAttemptAt}>{staffTime(row.nextAttemptAt)}</time>
                        </>
                      ) : null}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className={`badge ${STATE_BADGES[row.state]}`}>{STATE_LABELS[row.state]}</span>
                    {row.retryable && can('POST', '/mail-queue/retry') ? (
                      <button
                        type="button"
                        className="btn-secondary"
                        onClick={() => void retry(row)}
                        disabled={retrying === row.key}
                        aria-label={`Retry the mail to ${row.to}`}
                      >
                        {retrying === row.key ? <Spinner /> : null}
                        Retry
                      </button>
                    ) : null}
                  </div>
                </div>
                {row.reason ? <p className="mt-2 wrap-anywhere text-sm text-muted">{row.reason}</p> : null}
                {row.attempts.length > 1 ? (
                  <details className="mt-2 text-sm">
                    <summary className="cursor-pointer text-muted">Attempts</summary>
                    <ol className="mt-2 grid gap-1">
                      {row.attempts.map((a) => (
                        <li key={a.n} className="wrap-anywhere">
                          {a.n}. <time dateTime={a.at}>{staffDateTime(a.at)}</time>: {a.outcome}
                          {a.status ? ` (${a.status})` : ''} – {a.detail}
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {next && !loading ? <LoadMoreButton busy={loadingMore} onClick={() => void loadMore(appendEntries)} /> : null}
      </div>
    </section>
  );
}
