/**
 * The Subscribers tab: search, Refresh, Export CSV, a table with select-all, History, Send Email and
 * Delete per row, and 'Delete Selected (N)' with a confirmation dialog. Each row shows its consent
 * status; History opens the consent timeline (SubscriberTimeline). Toast texts: docs/site.md#messages.
 *
 * Paged on the server: 50 rows at a time, newest first, 'Load more' follows the Link header; the
 * search runs on the server over every subscriber (typing waits a moment before asking). Select-all
 * acts on the rows on screen. Records the server could not read are counted, not shown. Export CSV
 * prepares the file of the current search on the server, with a progress bar (CsvExport).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../stores/toast';
import { adminFetch, adminRequest, nextLinkOf } from '../../stores/admin';
import { ApiError } from '../../lib/http/client';
import {
  filterSubscribers,
  interestsLabel,
  nameLabel,
  sourceLabel,
  STATUS_LABELS,
  type AdminSubscriber,
} from '../../lib/admin/subscribers';
import { LIST_STATUSES, type ListSort, type ListStatus } from '../../lib/admin/schemas';
import { ConfirmDialog, EmptyState, LineIcon, LoadMoreButton, Spinner } from './ui';
import SubscriberTimeline from './SubscriberTimeline';
import { DownloadIcon, ExportPanel, useCsvExport } from './CsvExport';
import { useCan } from './useCan';
import { staffDate, staffDateTime } from '../../lib/admin/staff-time';

const SEARCH_DELAY_MS = 300;

/** Badge colours per status; the words are STATUS_LABELS (the same in the timeline). */
const STATUS_BADGES: Record<AdminSubscriber['status'], string> = {
  pending: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  confirmed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  unsubscribed: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
};

/** The status filter's words (bounced: the suppression state, matched once the status rule gives it). */
const FILTER_LABELS: Record<ListStatus, string> = {
  pending: 'Pending confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

const MISSING_KEY_HINT =
  'The email service key (SENDGRID_API_KEY) may be missing in this deployment. Check the server logs for details.';

/** A failed send shows the server's message, or the missing-key hint when it says so (docs/site.md#messages). */
export function sendFailureText(err: unknown): string {
  if (!(err instanceof ApiError)) return String(err);
  if (err.error?.code === 'mail_failed') return `Failed to send welcome email. ${MISSING_KEY_HINT}`;
  return err.error?.message ?? err.message;
}

export default function SubscriberTable() {
  const can = useCan();
  const [subscribers, setSubscribers] = useState<AdminSubscriber[]>([]);
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sending, setSending] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<AdminSubscriber | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [total, setTotal] = useState(0);
  // A search's first page comes before its exact count (docs/storage.md, "Search"): "about N" until it is in.
  const [totalExact, setTotalExact] = useState(true);
  const [unreadable, setUnreadable] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [appliedQuery, setAppliedQuery] = useState('');
  // The status filter and the order are the server's (GET /api/admin/waitlist?status=&sort=).
  const [status, setStatus] = useState<ListStatus | ''>('');
  const [sort, setSort] = useState<ListSort>('newest');
  // After 'Load more', keyboard focus goes to the first row that came in (never to the page).
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const [resendOf, setResendOf] = useState<AdminSubscriber | null>(null);
  // Answers to an older search or refresh are dropped: only the latest request may fill the table.
  const requestId = useRef(0);
  const [timelineOf, setTimelineOf] = useState<AdminSubscriber | null>(null);
  const csvExport = useCsvExport();
  // Once deleted rows have left the table, keyboard focus goes on to the next row's Delete button (id),
  // or to the search field (null), never to the page itself.
  const [focusAfterDelete, setFocusAfterDelete] = useState<string | null | undefined>(undefined);

  const load = useCallback(async (q: string, filter: { status: ListStatus | ''; sort: ListSort }) => {
    const id = ++requestId.current;
    setLoading(true);
    try {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (filter.status) params.set('status', filter.status);
      if (filter.sort !== 'newest') params.set('sort', filter.sort);
      const search = params.toString();
      const { data, headers } = await adminRequest<AdminSubscriber[]>(
        `/api/admin/waitlist${search ? `?${search}` : ''}`,
      );
      if (id !== requestId.current) return;
      setSubscribers(data);
      setNext(nextLinkOf(headers));
      setTotal(Number(headers.get('x-total-count') ?? data.length));
      const exact = headers.get('x-total-exact') !== 'false';
      setTotalExact(exact);
      if (!exact) {
        params.set('limit', '1');
        params.set('count', 'exact');
        void adminRequest<AdminSubscriber[]>(`/api/admin/waitlist?${params.toString()}`)
          .then(({ headers: counted }) => {
            if (id !== requestId.current) return;
            setTotal(Number(counted.get('x-total-count') ?? 0));
            setTotalExact(true);
          })
          .catch((err) => console.error('[admin] counting the search failed', err));
      }
      setUnreadable(Number(headers.get('x-unreadable-count') ?? 0));
    } catch (err) {
      if (id !== requestId.current) return;
      console.error('[admin] loading subscribers failed', err);
      toast({
        title: 'Error retrieving data',
        description: 'Failed to load waitlist subscribers',
        variant: 'destructive',
      });
    } finally {
      if (id === requestId.current) setLoading(false);
    }
  }, []);

  async function loadMore() {
    if (!next) return;
    const id = requestId.current;
    setLoadingMore(true);
    try {
      const { data, headers } = await adminRequest<AdminSubscriber[]>(next);
      if (id !== requestId.current) return;
      setSubscribers((prev) => {
        const seen = new Set(prev.map((s) => s.id));
        const fresh = data.filter((s) => !seen.has(s.id));
        setFocusRow(fresh[0]?.id ?? null);
        return [...prev, ...fresh];
      });
      setNext(nextLinkOf(headers));
      // Only an exact total replaces the one shown: a later page of a search counts from its cursor on
      // or estimates (X-Total-Exact: false), so the first page's total stays then.
      const count = Number(headers.get('x-total-count'));
      if (headers.get('x-total-exact') !== 'false' && headers.has('x-total-count') && Number.isFinite(count)) {
        setTotal(count);
        setTotalExact(true);
      }
      setUnreadable((n) => n + Number(headers.get('x-unreadable-count') ?? 0));
    } catch (err) {
      console.error('[admin] loading more subscribers failed', err);
      toast({ title: 'Error retrieving data', description: 'Failed to load more subscribers', variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  }

  useEffect(() => {
    const q = query.trim();
    const timer = setTimeout(() => setAppliedQuery(q), q === appliedQuery ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, appliedQuery]);

  // The selection survives a new search: only rows on screen count as chosen.
  useEffect(() => {
    void load(appliedQuery, { status, sort });
  }, [load, appliedQuery, status, sort]);

  useEffect(() => {
    if (!focusRow) return;
    document.querySelector<HTMLElement>(`[data-row="${focusRow}"]`)?.focus();
    setFocusRow(null);
  }, [focusRow, subscribers]);

  // While the server searches, the loaded rows are filtered here at once; its answer (every match,
  // paged) then replaces them.
  const searching = loading || query.trim() !== appliedQuery;
  const visible = useMemo(
    () =>
      searching
        ? filterSubscribers(subscribers, query).filter(
            (s) => !status || (status === 'bounced' ? !!s.bounced : s.status === status),
          )
        : subscribers,
    [searching, subscribers, query, status],
  );
  // Only rows on screen can be selected: a search hides rows, and their selection with them.
  const chosen = useMemo(() => visible.filter((s) => selected.has(s.id)), [visible, selected]);
  const allChosen = visible.length > 0 && chosen.length === visible.length;
  // A total is never below the rows on screen (a record written since the count came in, say).
  const shownTotal = Math.max(total, visible.length);

  useEffect(() => {
    if (focusAfterDelete === undefined) return;
    const row = focusAfterDelete && document.querySelector<HTMLElement>(`[data-delete-row="${focusAfterDelete}"]`);
    (row || document.getElementById('subscriber-search'))?.focus();
    setFocusAfterDelete(undefined);
  }, [focusAfterDelete, visible]);

  /** The row focus moves to when `gone` leave the table: the first row after them, else the last before. */
  function neighbourOf(gone: ReadonlySet<string>): string | null {
    const first = visible.findIndex((s) => gone.has(s.id));
    const after = visible.slice(first + 1).find((s) => !gone.has(s.id));
    const before = visible.slice(0, Math.max(first, 0)).at(-1);
    return (after ?? before)?.id ?? null;
  }

  function toggleAll(checked: boolean) {
    setSelected(checked ? new Set(visible.map((s) => s.id)) : new Set());
  }
  function toggle(id: string, checked: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function sendEmail(sub: AdminSubscriber) {
    setSending(sub.id);
    try {
      const answer = await adminFetch<{ queued?: boolean; message: string }>(
        `/api/admin/waitlist/${sub.id}/send-email`,
        { method: 'POST' },
      );
      // A provider error or the send rate can hold the mail back: it is queued and goes out by itself.
      if (answer.queued) toast({ title: 'Email queued', description: answer.message });
      // The toast's words: docs/site.md#messages.
      else toast({ title: 'Email sent', description: `Welcome email has been sent to ${sub.email}` });
    } catch (err) {
      console.error('[admin] send email failed', err);
      toast({ title: 'Error sending email', description: sendFailureText(err), variant: 'destructive' });
    } finally {
      setSending(null);
    }
  }

  async function deleteOne(sub: AdminSubscriber) {
    setDeleting(true);
    try {
      await adminFetch(`/api/admin/waitlist/${sub.id}`, { method: 'DELETE' });
      setFocusAfterDelete(neighbourOf(new Set([sub.id])));
      setSubscribers((prev) => prev.filter((s) => s.id !== sub.id));
      setTotal((n) => Math.max(0, n - 1));
      setSelected((prev) => {
        const next = new Set(prev);
        next.delete(sub.id);
        return next;
      });
      toast({ title: 'Subscriber deleted', description: 'The subscriber has been removed from the waitlist' });
    } catch (err) {
      console.error('[admin] delete failed', err);
      toast({
        title: 'Error deleting subscriber',
        description: 'Failed to delete the subscriber. Check console for details.',
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  }

  /** Bulk delete: one DELETE per id, in turn; deleted rows leave the list; the selection is cleared. */
  async function deleteChosen() {
    const ids = chosen.map((s) => s.id);
    setDeleting(true);
    const deleted: string[] = [];
    for (const [i, id] of ids.entries()) {
      setProgress({ done: i, total: ids.length });
      try {
        await adminFetch(`/api/admin/waitlist/${id}`, { method: 'DELETE' });
        deleted.push(id);
      } catch (err) {
        console.error(`[admin] bulk delete of ${id} failed`, err);
      }
    }
    const gone = new Set(deleted);
    setFocusAfterDelete(neighbourOf(gone));
    setSubscribers((prev) => prev.filter((s) => !gone.has(s.id)));
    setTotal((n) => Math.max(0, n - gone.size));
    setSelected(new Set());
    setDeleting(false);
    setProgress(null);
    const failed = ids.length - deleted.length;
    const plural = (n: number) => `${n} subscriber${n === 1 ? '' : 's'}`;
    if (deleted.length === 0) {
      toast({
        title: 'Bulk deletion failed',
        description: `Failed to delete ${plural(failed)}. Check console for details.`,
        variant: 'destructive',
      });
    } else if (failed > 0) {
      toast({
        title: 'Bulk deletion completed',
        description: `Deleted ${plural(deleted.length)}; ${failed} failed. Check console for details.`,
        variant: 'destructive',
      });
    } else {
      toast({ title: 'Bulk deletion completed', description: `Deleted ${plural(deleted.length)}.` });
    }
  }

  return (
    <section aria-labelledby="subscribers-title">
      <h2 id="subscribers-title" className="sr-only">
        Subscribers
      </h2>
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="w-full md:max-w-xs">
          <label htmlFor="subscriber-search" className="label">
            Search subscribers
          </label>
          <input
            id="subscriber-search"
            type="search"
            className="input"
            placeholder="Name, email, source or interest"
            aria-describedby="subscriber-search-hint"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <p id="subscriber-search-hint" className="mt-1 text-xs text-muted">
            A complete e-mail address finds exactly that subscriber.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <div>
            <label htmlFor="subscriber-status-filter" className="label">
              Status
            </label>
            <select
              id="subscriber-status-filter"
              className="input w-auto min-w-[11rem]"
              value={status}
              onChange={(e) => setStatus(e.target.value as ListStatus | '')}
            >
              <option value="">All statuses</option>
              {LIST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {FILTER_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="subscriber-sort" className="label">
              Sort by
            </label>
            <select
              id="subscriber-sort"
              className="input w-auto min-w-[9.5rem]"
              value={sort}
              onChange={(e) => setSort(e.target.value as ListSort)}
            >
              <option value="newest">Newest first</option>
              <option value="oldest">Oldest first</option>
              <option value="name">Name (A–Z)</option>
            </select>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 md:justify-end">
          {chosen.length > 0 && can('DELETE', '/waitlist/:id') ? (
            <button
              type="button"
              className="btn bg-red-700 text-white hover:bg-red-800 aria-disabled:opacity-60"
              onClick={() => !deleting && setBulkOpen(true)}
              aria-disabled={deleting || undefined}
            >
              Delete Selected ({chosen.length})
            </button>
          ) : null}
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void load(appliedQuery, { status, sort })}
            disabled={loading}
          >
            {loading ? <Spinner /> : <RefreshIcon />}
            Refresh
          </button>
          {/* The export follows the search as typed, even before the server's answer has replaced the rows. */}
          {can('POST', '/exports') ? (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => void csvExport.start(query.trim())}
              disabled={csvExport.busy}
            >
              {csvExport.busy ? <Spinner /> : <DownloadIcon />}
              Export CSV
            </button>
          ) : null}
        </div>
      </div>
      <ExportPanel view={csvExport.view} onDismiss={csvExport.dismiss} />

      <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
        {progress
          ? `Deleting ${progress.done + 1} of ${progress.total}…`
          : loading
            ? 'Loading subscribers…'
            : `${visible.length} of ${totalExact ? '' : 'about '}${shownTotal} subscriber${shownTotal === 1 ? '' : 's'} shown${chosen.length ? `, ${chosen.length} selected` : ''}`}
      </p>
      {unreadable > 0 ? (
        <p
          className="mt-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-900/30 dark:text-amber-100"
          role="alert"
        >
          {unreadable} record{unreadable === 1 ? '' : 's'} could not be read and {unreadable === 1 ? 'is' : 'are'} not
          shown. The server log names {unreadable === 1 ? 'it' : 'them'}.
        </p>
      ) : null}

      <div className="card mt-3 overflow-x-auto">
        {/* Busy while a search or refresh is under way: the rows shown may still change. Fixed columns
            (the e-mail takes the rest) so the table fits its card from 1280 px on; narrower screens
            scroll it inside the card. */}
        <table className="w-full min-w-[50rem] table-fixed text-left text-sm" aria-busy={searching}>
          <colgroup>
            <col className="w-9" />
            <col className="w-[8rem]" />
            <col />
            <col className="w-[6.5rem]" />
            <col className="w-[5.5rem]" />
            <col className="w-[6rem]" />
            <col className="w-[10rem]" />
          </colgroup>
          <thead className="border-b border-line bg-surface-2 text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="w-10 px-2 py-2">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  aria-label="Select all"
                  checked={allChosen}
                  ref={(el) => {
                    if (el) el.indeterminate = chosen.length > 0 && !allChosen;
                  }}
                  onChange={(e) => toggleAll(e.target.checked)}
                  disabled={loading || visible.length === 0}
                />
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                Name
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                Email
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                Interests
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                Source
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                Date
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="[&>tr+tr]:border-t [&>tr+tr]:border-line">
            {searching && visible.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-4 py-10 text-center text-muted">
                  <span className="inline-flex items-center gap-2">
                    <Spinner /> {subscribers.length === 0 ? 'Loading subscribers…' : 'Searching…'}
                  </span>
                </td>
              </tr>
            ) : visible.length === 0 ? (
              <tr>
                <td colSpan={7} className="p-4">
                  <EmptyState title="No subscribers found">
                    {query.trim()
                      ? 'No subscriber matches this search.'
                      : 'Signups from the waitlist and newsletter forms appear here.'}
                  </EmptyState>
                </td>
              </tr>
            ) : (
              visible.map((sub) => (
                <tr
                  key={sub.id}
                  data-row={sub.id}
                  tabIndex={-1}
                  aria-label={`${nameLabel(sub.name)}, ${sub.email}`}
                  className={`focus:outline focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600 ${selected.has(sub.id) ? 'bg-brand-50/60 dark:bg-brand-700/10' : 'hover:bg-surface-2/60'}`}
                >
                  <td className="px-2 py-1">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-600"
                      aria-label={`Select ${sub.email}`}
                      checked={selected.has(sub.id)}
                      onChange={(e) => toggle(sub.id, e.target.checked)}
                    />
                  </td>
                  <td className="truncate px-2 py-1 font-medium" title={sub.name}>
                    {nameLabel(sub.name)}
                  </td>
                  {/* Two short lines: the address (cut with an ellipsis when long; the title holds it whole), then its badges. */}
                  <td className="px-2 py-1">
                    <span className="block truncate" title={sub.email} data-testid="subscriber-email">
                      {sub.email}
                    </span>
                    <span className="flex flex-wrap gap-1 whitespace-nowrap text-[11px] leading-4 [&>.badge]:py-0">
                      {sub.list !== 'waitlist' ? (
                        <span className="badge bg-surface-2 text-muted">
                          {sub.list === 'both' ? 'waitlist + newsletter' : 'newsletter'}
                        </span>
                      ) : null}
                      {sub.bounced ? (
                        <span
                          className="badge bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200"
                          data-testid="subscriber-status"
                        >
                          Bounced
                        </span>
                      ) : (
                        <span className={`badge ${STATUS_BADGES[sub.status]}`} data-testid="subscriber-status">
                          {STATUS_LABELS[sub.status]}
                        </span>
                      )}
                      {sub.mail?.status === 'failed' ? (
                        <span
                          className="badge bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200"
                          title={sub.mail.lastError ?? undefined}
                        >
                          Last e-mail failed
                        </span>
                      ) : null}
                    </span>
                    {sub.bounced ? (
                      <span className="mt-1 block wrap-anywhere text-xs text-muted" data-testid="bounce-reason">
                        Bounced {staffDate(sub.bounced.at)}: {sub.bounced.reason}
                      </span>
                    ) : null}
                  </td>
                  <td className="truncate px-2 py-1" title={interestsLabel(sub.interests)}>
                    {interestsLabel(sub.interests)}
                  </td>
                  <td className="truncate px-2 py-1" title={sourceLabel(sub.source)}>
                    {sourceLabel(sub.source)}
                  </td>
                  <td className="px-2 py-1 text-xs leading-4 text-muted">
                    {/* Two short lines: the day, then the time. */}
                    <time dateTime={sub.createdAt} title={staffDateTime(sub.createdAt)}>
                      <span className="block whitespace-nowrap">{staffDate(sub.createdAt)}</span>
                      <span className="block whitespace-nowrap">
                        {new Date(sub.createdAt).toLocaleTimeString([], { timeStyle: 'short' })}
                      </span>
                    </time>
                  </td>
                  <td className="px-2 py-1">
                    {/* Two short rows of buttons (Re-send welcome, then History and Delete), so the row
                        stays two lines tall and the e-mail column keeps its width. */}
                    <div className="flex flex-wrap justify-end gap-1">
                      {can('POST', '/waitlist/:id/send-email') ? (
                        <button
                          type="button"
                          className="btn-secondary w-full whitespace-nowrap !px-2 !py-[3px] text-xs leading-4"
                          onClick={() => setResendOf(sub)}
                          disabled={sending === sub.id || sub.status !== 'confirmed'}
                          aria-label={`Re-send welcome e-mail to ${sub.email}`}
                          title={
                            sub.status === 'confirmed'
                              ? undefined
                              : sub.status === 'pending'
                                ? 'Not confirmed yet: no e-mail is sent'
                                : 'Unsubscribed: no e-mail is sent'
                          }
                        >
                          {sending === sub.id ? <Spinner className="h-3 w-3" /> : null}
                          Re-send welcome
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="btn-secondary whitespace-nowrap !px-2 !py-[3px] text-xs leading-4"
                        onClick={() => setTimelineOf(sub)}
                        aria-label={`History of ${sub.email}`}
                      >
                        History
                      </button>
                      {/* aria-disabled while deleting: a disabled button would drop the keyboard focus to the page. */}
                      {can('DELETE', '/waitlist/:id') ? (
                        <button
                          type="button"
                          className="btn !px-2 !py-[3px] text-xs leading-4 text-red-700 hover:bg-red-50 aria-disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-900/30"
                          onClick={() => !deleting && setPendingDelete(sub)}
                          aria-disabled={deleting || undefined}
                          aria-label={`Delete ${sub.email}`}
                          data-delete-row={sub.id}
                        >
                          Delete
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {next && !loading ? <LoadMoreButton busy={loadingMore} onClick={() => void loadMore()} /> : null}

      <SubscriberTimeline subscriber={timelineOf} onClose={() => setTimelineOf(null)} />
      <ConfirmDialog
        open={resendOf !== null}
        onOpenChange={(open) => {
          if (!open) setResendOf(null);
        }}
        title="Re-send the welcome e-mail?"
        description={
          resendOf
            ? `${resendOf.email} gets the welcome e-mail (its welcome template under E-mail templates; after launch, the after-launch one) again, now.`
            : ''
        }
        confirmLabel="Re-send welcome"
        tone="primary"
        onConfirm={() => {
          if (resendOf) void sendEmail(resendOf);
        }}
      />
      <ConfirmDialog
        open={bulkOpen}
        onOpenChange={setBulkOpen}
        title={`Delete ${chosen.length} subscriber${chosen.length === 1 ? '' : 's'}?`}
        description="The selected subscribers are removed from the waitlist and the newsletter for good. This cannot be undone. Their consent records are kept without personal data."
        confirmLabel="Delete"
        onConfirm={() => void deleteChosen()}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this subscriber?"
        description={
          pendingDelete
            ? `${pendingDelete.email} is removed for good (the consent record is kept without personal data). This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        onConfirm={() => {
          if (pendingDelete) void deleteOne(pendingDelete);
        }}
      />
    </section>
  );
}

function RefreshIcon() {
  return (
    <LineIcon>
      <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
      <path d="M21 3v5h-5" />
    </LineIcon>
  );
}
