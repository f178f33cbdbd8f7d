import { useEffect, useId, useRef, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import { CURRENT_PHONE_SEARCH } from '../../lib/recommender/questions';
import { Icon } from './Icon';

/** What the dropdown needs of a search result (GET /api/search-phones). */
export interface SearchHit {
  brand: string;
  model: string;
  year: number | null;
}

interface Props<T extends SearchHit> {
  query: string;
  results: readonly T[];
  /** 'done' once the answer for the current text arrived (the empty message needs it). */
  status: 'idle' | 'loading' | 'done';
  open: boolean;
  onQueryChange: (q: string) => void;
  onOpenChange: (open: boolean) => void;
  /** A result picked from the list. */
  onPick: (hit: T) => void;
  /** Enter or the Search button without an active option: first result, else a local guess. */
  onSubmit: () => void;
  onClear: () => void;
  describedBy?: string;
}

/**
 * Search box with a dropdown of matches, following the ARIA combobox pattern (list autocomplete):
 * the input keeps focus, arrows move the active option (aria-activedescendant), Enter picks it,
 * Escape closes the list, a click outside closes it.
 */
export function PhoneSearch<T extends SearchHit>(props: Props<T>) {
  const { query, results, status, open, onQueryChange, onOpenChange, onPick, onSubmit, onClear, describedBy } = props;
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(-1);
  const trimmed = query.trim();
  const showEmpty = status === 'done' && trimmed !== '' && results.length === 0;
  const expanded = open && trimmed !== '' && results.length > 0;

  useEffect(() => setActive(-1), [results]);
  useEffect(() => {
    if (!open) setActive(-1);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, onOpenChange]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && results.length) {
      e.preventDefault();
      const last = results.length - 1;
      // A closed list opens on the first (Down) or last (Up) option.
      if (!expanded) setActive(e.key === 'ArrowDown' ? 0 : last);
      else if (e.key === 'ArrowDown') setActive((a) => (a >= last ? 0 : a + 1));
      else setActive((a) => (a <= 0 ? last : a - 1));
      onOpenChange(true);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setActive(-1);
        onOpenChange(false);
      } else if (query) onClear();
    } else if (e.key === 'Enter' && expanded && active >= 0 && results[active]) {
      e.preventDefault();
      onPick(results[active]!);
    }
  };

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (!trimmed) return;
    onSubmit();
  };

  return (
    <div ref={rootRef} className="relative">
      <form role="search" onSubmit={submit} className="flex gap-2" aria-label="Find your current phone">
        <div className="relative flex-1">
          <Icon
            name="search"
            className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-muted"
          />
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            aria-label="Search for your current phone"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
            aria-describedby={describedBy}
            autoComplete="off"
            spellCheck={false}
            placeholder={CURRENT_PHONE_SEARCH.placeholder}
            value={query}
            onChange={(e) => {
              onQueryChange(e.target.value);
              onOpenChange(true);
            }}
            onFocus={() => onOpenChange(true)}
            onKeyDown={onKeyDown}
            className="input h-12 !rounded-xl pl-10 pr-10 text-base"
          />
          {query ? (
            <button
              type="button"
              onClick={() => {
                onClear();
                inputRef.current?.focus();
              }}
              className="absolute right-2 top-1/2 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
              aria-label="Clear search"
            >
              <Icon name="x" className="h-4 w-4" />
            </button>
          ) : null}
        </div>
        <button type="submit" className="btn-primary h-12 px-5">
          Search
        </button>
      </form>
      {open && (expanded || showEmpty) ? (
        <div
          className="absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-2xl border border-line bg-surface shadow-xl"
          data-testid="search-dropdown"
        >
          {expanded ? (
            <div
              id={listId}
              role="listbox"
              aria-label="Matching phones"
              className="max-h-[15rem] overflow-y-auto p-1.5"
            >
              {results.map((r, i) => (
                // Keys are handled on the combobox input (aria-activedescendant); a click is the pointer path.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
                <div
                  key={`${r.brand}-${r.model}-${i}`}
                  id={`${id}-opt-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={() => onPick(r)}
                  onPointerEnter={() => setActive(i)}
                  className={`flex cursor-pointer items-center justify-between gap-3 rounded-xl px-3 py-2.5 text-sm ${i === active ? 'bg-brand-50 dark:bg-brand-700/20' : ''}`}
                >
                  <span className="min-w-0">
                    <span className="block text-xs font-medium uppercase tracking-wide text-muted">{r.brand}</span>
                    <span className="block truncate font-semibold text-fg">{r.model}</span>
                  </span>
                  <span className="shrink-0 rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">
                    {r.year ?? '—'}
                  </span>
                </div>
              ))}
            </div>
          ) : (
            <div className="px-4 py-3 text-sm">
              <p className="font-medium text-fg">{CURRENT_PHONE_SEARCH.empty.replace('{query}', trimmed)}</p>
              <p className="mt-1 text-muted">{CURRENT_PHONE_SEARCH.emptyHint}</p>
            </div>
          )}
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {status === 'done' && trimmed
          ? results.length
            ? `${results.length} phone${results.length === 1 ? '' : 's'} found`
            : CURRENT_PHONE_SEARCH.empty.replace('{query}', trimmed)
          : ''}
      </p>
    </div>
  );
}
