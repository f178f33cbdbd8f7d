/**
 * The local outbox (GET /api/admin/outbox): without a SendGrid key, e-mails are stored instead of
 * sent, and staff can read them here, 20 at a time ('Load more'). The server keeps 30 days. An
 * opened message shows its HTML part as the recipient would see it (a sandboxed frame, links open in
 * a new tab) beside its text part.
 */
import { useEffect, useRef, useState } from 'react';
import type { OutboxEntry } from '../../lib/email/outbox';
import { mailKindLabel } from '../../lib/email/queue/model';
import { appendEntries, EmptyState, LoadMoreButton, Spinner, useAdminData } from './ui';
import { MailParts } from './MailPreview';
import { staffDateTime } from '../../lib/admin/staff-time';

/**
 * An opened message: both parts as the recipient gets them (links open in a new tab). Drawn only
 * once its <details> is opened, so a page of 20 messages is not 20 frames.
 */
function OpenedMail({ entry }: { entry: OutboxEntry }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const details = ref.current?.closest('details');
    if (!details) return;
    const sync = () => setOpen(details.open);
    sync();
    details.addEventListener('toggle', sync);
    return () => details.removeEventListener('toggle', sync);
  }, []);
  return (
    <div ref={ref} className="mt-3">
      {open ? <MailParts html={entry.html} text={entry.text} about={`the e-mail to ${entry.to}`} /> : null}
    </div>
  );
}

interface OutboxAnswer {
  mode: 'outbox' | 'sendgrid';
  entries: OutboxEntry[];
  retentionDays?: number;
}

export default function OutboxPanel() {
  const { data, loading, failed, next, loadingMore, reload, loadMore } = useAdminData<OutboxAnswer>(
    '/api/admin/outbox',
    'the outbox',
  );

  return (
    <section aria-labelledby="outbox-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="outbox-title" className="text-lg font-bold">
            Outbox
          </h2>
          <p className="text-sm text-muted">
            {data?.mode === 'sendgrid'
              ? 'E-mail is delivered through SendGrid. Messages below were stored before a key was set.'
              : 'No SendGrid key is set, so e-mails are kept here instead of being sent (newest first).'}
            {data?.retentionDays ? ` Kept ${data.retentionDays} days.` : ''}
          </p>
        </div>
        <button type="button" className="btn-secondary" onClick={() => void reload()} disabled={loading}>
          {loading ? <Spinner /> : null}
          Refresh
        </button>
      </div>
      <div className="mt-4">
        {loading && !data ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner /> Loading the outbox…
          </p>
        ) : failed ? (
          <EmptyState title="The outbox could not be loaded">Try Refresh.</EmptyState>
        ) : !data || data.entries.length === 0 ? (
          <EmptyState title="No e-mails in the outbox" />
        ) : (
          <ul className="grid grid-cols-1 gap-2">
            {data.entries.map((m) => (
              <li key={m.id}>
                <details className="card group p-4">
                  <summary className="flex cursor-pointer list-none flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{m.subject}</span>
                      <span className="block truncate text-sm text-muted">To {m.to}</span>
                    </span>
                    <span className="text-xs text-muted">
                      <span className="badge mr-2 bg-surface-2">{mailKindLabel(m.kind)}</span>
                      <time dateTime={m.createdAt}>{staffDateTime(m.createdAt)}</time>
                    </span>
                  </summary>
                  <OpenedMail entry={m} />
                </details>
              </li>
            ))}
          </ul>
        )}
        {next && !loading ? <LoadMoreButton busy={loadingMore} onClick={() => void loadMore(appendEntries)} /> : null}
      </div>
    </section>
  );
}
