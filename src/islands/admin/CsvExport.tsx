/**
 * The table's CSV export (docs/storage.md, "CSV export"): 'Export CSV' starts an export job of the
 * current search on the server, a progress bar follows it (the status is asked about once a second
 * while the job runs; nothing else is polled), and the finished file is offered for download, in
 * parts when it is large. The browser unpacks each part (it is sent gzip-encoded).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminFetch } from '../../stores/admin';
import { ApiError } from '../../lib/http/client';
import type { ExportStatus } from '../../lib/admin/schemas';
import { LineIcon, ProgressBar, Spinner } from './ui';

const POLL_MS = 1_000;

type ExportView =
  | { state: 'idle' }
  | { state: 'running'; id: string; rows: number; total: number }
  | { state: 'done'; status: ExportStatus }
  | { state: 'failed'; message: string };

/** The export's state and its start action, for the table's toolbar and the panel below it. */
export function useCsvExport() {
  const [view, setView] = useState<ExportView>({ state: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const follow = useCallback(async (id: string) => {
    try {
      const status = await adminFetch<ExportStatus>(`/api/admin/exports/${id}`);
      if (!alive.current) return;
      if (status.status === 'done') setView({ state: 'done', status });
      else if (status.status === 'failed') setView({ state: 'failed', message: status.error ?? 'The export failed.' });
      else {
        setView({ state: 'running', id, rows: status.rows, total: status.total });
        timer.current = setTimeout(() => void follow(id), POLL_MS);
      }
    } catch (err) {
      if (!alive.current) return;
      console.error('[admin] export status failed', err);
      setView({
        state: 'failed',
        message: err instanceof ApiError ? (err.error?.message ?? err.message) : String(err),
      });
    }
  }, []);

  const start = useCallback(
    async (q: string) => {
      setView({ state: 'running', id: '', rows: 0, total: 0 });
      try {
        const { id } = await adminFetch<{ id: string }>('/api/admin/exports', { method: 'POST', body: q ? { q } : {} });
        await follow(id);
      } catch (err) {
        console.error('[admin] starting the export failed', err);
        setView({
          state: 'failed',
          message: err instanceof ApiError ? (err.error?.message ?? err.message) : String(err),
        });
      }
    },
    [follow],
  );

  const dismiss = useCallback(() => setView({ state: 'idle' }), []);
  return { view, start, dismiss, busy: view.state === 'running' };
}

const numbers = new Intl.NumberFormat('en-CA');

/** Progress, the finished file's download links, or what went wrong; nothing while idle. */
export function ExportPanel({ view, onDismiss }: { view: ExportView; onDismiss: () => void }) {
  if (view.state === 'idle') return null;
  return (
    <section className="card mt-4 p-4" aria-labelledby="csv-export-title" data-testid="csv-export">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id="csv-export-title" className="font-semibold">
          CSV export
        </h3>
        {view.state !== 'running' ? (
          <button type="button" className="btn-secondary !px-3 !py-1.5 text-xs" onClick={onDismiss}>
            Close
          </button>
        ) : null}
      </div>
      {view.state === 'running' ? <Progress rows={view.rows} total={view.total} /> : null}
      {view.state === 'done' ? <Files status={view.status} /> : null}
      {view.state === 'failed' ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400" role="alert">
          The export did not finish: {view.message}
        </p>
      ) : null}
    </section>
  );
}

function Progress({ rows, total }: { rows: number; total: number }) {
  const percent = total > 0 ? Math.min(100, Math.round((rows / total) * 100)) : 0;
  return (
    <div className="mt-3">
      <p className="flex items-center gap-2 text-sm text-muted" role="status" aria-live="polite">
        <Spinner />
        {total > 0
          ? `Preparing the file: ${numbers.format(rows)} of ${numbers.format(total)} rows (${percent}%)`
          : 'Preparing the file…'}
      </p>
      <div className="mt-2">
        <ProgressBar label="Export progress" percent={percent} />
      </div>
    </div>
  );
}

function Files({ status }: { status: ExportStatus }) {
  const several = status.files.length > 1;
  return (
    <div className="mt-2">
      <p className="text-sm text-muted" role="status" aria-live="polite">
        Ready: {numbers.format(status.rows)} row{status.rows === 1 ? '' : 's'}
        {several ? ` in ${status.files.length} parts (open them in order; only the first has the header row)` : ''}.
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {status.files.map((file, i) => (
          <li key={file.url}>
            <a className="btn-primary" href={file.url} download>
              <DownloadIcon />
              {several
                ? `Download part ${i + 1} of ${status.files.length} (${numbers.format(file.rows)} rows)`
                : 'Download CSV'}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DownloadIcon() {
  return (
    <LineIcon>
      <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
    </LineIcon>
  );
}
