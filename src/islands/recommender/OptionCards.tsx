import { useRef, type KeyboardEvent } from 'react';
import { Icon } from './Icon';

export interface OptionItem {
  value: string;
  label: string;
  description?: string;
}

interface Props {
  /** id of the element that names the group (the step heading). */
  labelledBy: string;
  describedBy?: string;
  options: readonly OptionItem[];
  value: string | undefined;
  /** All cards disabled (while the wizard advances). */
  disabled?: boolean;
  /**
   * Called with the picked value. `commit` is true for a click, Space or Enter (the wizard then
   * auto-advances) and false for arrow keys, which check the option as the radio pattern requires
   * without moving on.
   */
  onSelect: (value: string, commit: boolean) => void;
  columns?: 2 | 3;
}

/**
 * Option cards as an ARIA radio group: one tab stop (the checked card, else the first), arrows move
 * and check, Space/Enter/click check and confirm.
 */
export function OptionCards({
  labelledBy,
  describedBy,
  options,
  value,
  disabled = false,
  onSelect,
  columns = 2,
}: Props) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const checkedIndex = options.findIndex((o) => o.value === value);
  const tabIndex = checkedIndex >= 0 ? checkedIndex : 0;

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    if (disabled) return;
    let next = -1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') next = (i + 1) % options.length;
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') next = (i - 1 + options.length) % options.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = options.length - 1;
    else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      onSelect(options[i]!.value, true);
      return;
    }
    if (next >= 0) {
      e.preventDefault();
      refs.current[next]?.focus();
      onSelect(options[next]!.value, false);
    }
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-disabled={disabled || undefined}
      className={`grid gap-3 ${columns === 3 ? 'sm:grid-cols-2 lg:grid-cols-3' : 'sm:grid-cols-2'}`}
    >
      {options.map((o, i) => {
        const checked = o.value === value;
        return (
          <button
            key={o.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-disabled={disabled || undefined}
            tabIndex={i === tabIndex ? 0 : -1}
            onClick={() => !disabled && onSelect(o.value, true)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={
              'group relative flex min-h-[4.5rem] items-start gap-3 rounded-2xl border p-4 text-left transition ' +
              'focus-visible:outline-2 focus-visible:outline-offset-2 ' +
              (checked
                ? 'border-brand-500 bg-brand-50 shadow-sm ring-1 ring-brand-500 dark:bg-brand-700/15 '
                : 'border-line bg-surface hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md ') +
              (disabled ? 'cursor-not-allowed opacity-70 hover:translate-y-0 hover:shadow-none ' : 'cursor-pointer ')
            }
          >
            <span
              className={
                'mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 transition ' +
                (checked
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-line bg-surface group-hover:border-brand-400')
              }
              aria-hidden="true"
            >
              {checked ? <Icon name="check" className="h-3 w-3" /> : null}
            </span>
            <span className="grid gap-0.5">
              <span className="font-semibold text-fg">{o.label}</span>
              {o.description ? <span className="text-sm text-muted">{o.description}</span> : null}
            </span>
          </button>
        );
      })}
    </div>
  );
}
