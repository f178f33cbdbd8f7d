/**
 * Small building blocks shared by the admin screens: Radix Tabs styled for the site, a
 * confirmation dialog (Radix AlertDialog), focus return for dialogs, a spinner, an empty state, a
 * labelled form field, a checkbox, a progress bar, an e-mail address, and loading one answer of the
 * admin API (page by page, with its Load more button).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { adminRequest, nextLinkOf } from '../../stores/admin';
import * as Tabs from '@radix-ui/react-tabs';
import * as AlertDialog from '@radix-ui/react-alert-dialog';

export { Tabs };

export function TabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tabs.List
      aria-label={label}
      className="inline-flex max-w-full flex-wrap gap-1 rounded-2xl border border-line bg-surface-2 p-1"
    >
      {children}
    </Tabs.List>
  );
}

export function Tab({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Trigger
      value={value}
      className="rounded-xl px-4 py-2 text-sm font-semibold text-muted transition-colors hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm"
    >
      {children}
    </Tabs.Trigger>
  );
}

export function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <span
      className={`${className} inline-block animate-spin rounded-full border-2 border-line border-t-brand-600`}
      aria-hidden="true"
    />
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-line px-6 py-10 text-center">
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-3 text-sm text-muted">{children}</div> : null}
    </div>
  );
}

/** A label, its control and the control's error message (the control gets `id` and `${id}-error`). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={`label ${error ? 'text-red-700 dark:text-red-400' : ''}`}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label to the right. */
export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex w-fit cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="h-4 w-4 accent-brand-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/**
 * One GET of the admin API, loaded now and again whenever `reload` is called or `deps` change:
 * the last answer (kept while a new one loads), whether the last try failed, and whether one is under
 * way. A failure is logged with `what`. A paged answer (`Link: rel="next"`) gives `next`, and
 * `loadMore(merge)` fetches that page and merges it into the answer (e.g. `appendEntries`).
 */
export function useAdminData<T>(path: string, what: string, deps: readonly unknown[] = []) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const { data: answer, headers } = await adminRequest<T>(path);
      setData(answer);
      setNext(nextLinkOf(headers));
      setFailed(false);
    } catch (err) {
      console.error(`[admin] loading ${what} failed`, err);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [path, what]);
  useEffect(() => {
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` are the caller's reasons to load again
  }, [reload, ...deps]);
  const loadMore = useCallback(
    async (merge: (prev: T, page: T) => T) => {
      if (!next) return;
      setLoadingMore(true);
      try {
        const { data: page, headers } = await adminRequest<T>(next);
        setData((prev) => (prev ? merge(prev, page) : page));
        setNext(nextLinkOf(headers));
      } catch (err) {
        console.error(`[admin] loading more of ${what} failed`, err);
      } finally {
        setLoadingMore(false);
      }
    },
    [next, what],
  );
  return { data, setData, failed, loading, reload, next, loadingMore, loadMore };
}

/** `loadMore`'s merge for an answer that lists `entries`: the next page's entries after the others. */
export function appendEntries<T extends { entries: readonly unknown[] }>(prev: T, page: T): T {
  return { ...prev, entries: [...prev.entries, ...page.entries] };
}

/** The "Load more" button under a paged list. */
export function LoadMoreButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <div className="mt-4 flex justify-center">
      <button type="button" className="btn-secondary" onClick={onClick} disabled={busy}>
        {busy ? <Spinner /> : null}
        Load more
      </button>
    </div>
  );
}

/**
 * A progress bar (role progressbar, 0-100). `percent` null: under way, amount not known yet: no
 * value and an empty track (never a full bar), with the phase said in `valueText` and in words
 * beside the bar by the caller.
 */
export function ProgressBar({
  label,
  percent,
  valueText,
  className = 'h-2.5',
}: {
  label: string;
  percent: number | null;
  valueText?: string;
  className?: string;
}) {
  return (
    <div
      className={`${className} overflow-hidden rounded-full bg-surface-2`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={valueText}
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width]"
        data-state={percent === null ? 'indeterminate' : 'determinate'}
        style={{ width: `${percent ?? 0}%` }}
      />
    </div>
  );
}

/**
 * Props for a Radix dialog's content that give keyboard focus back to the control that opened it.
 * Radix returns focus only to its own Trigger; these dialogs are opened from buttons in the page (a
 * table row, a toolbar), so the opener is noted as the dialog opens. When the opener is gone or
 * disabled by then (a deleted row), `fallback` says where focus goes instead.
 */
export function useReturnFocus(fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (e: Event) => {
      e.preventDefault();
      const el = opener.current;
      opener.current = null;
      if (el?.isConnected && !el.matches(':disabled')) el.focus();
      else fallback?.()?.focus();
    },
  };
}

interface ConfirmProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** `danger` (default): the action removes or stops something; `primary`: it goes ahead with something. */
  tone?: 'danger' | 'primary';
}

/**
 * A confirmation dialog (focus trapped, Escape cancels, Cancel focused first; on closing, focus goes
 * back to the control that opened it).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  tone = 'danger',
}: ConfirmProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          {...returnFocus}
          className="card fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn-secondary">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={tone === 'danger' ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * An e-mail address that is never broken inside its name or its domain: a very long one goes onto a
 * second line at the '@' (a <wbr>, which copies as nothing).
 */
export function EmailAddress({ email, testId }: { email: string; testId?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span data-testid={testId}>
      <span className="whitespace-nowrap">{email.slice(0, at)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at)}</span>
    </span>
  );
}

/** A 24-px line icon in the current text colour (decorative: hidden from assistive tech). */
export function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
