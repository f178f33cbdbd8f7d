import { progressBarValue } from '../../lib/recommender/progress';

interface Props {
  value: number;
  max?: number;
  label: string;
  className?: string;
}

/** A progressbar (max above 0 else 100; a value outside 0..max is indeterminate). */
export function ProgressBar({ value, max = 100, label, className = '' }: Props) {
  const { value: v, max: m } = progressBarValue(value, max);
  const pct = v === null ? null : (v / m) * 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={m}
      aria-valuenow={v === null ? undefined : Math.round(v)}
      className={`h-2 w-full overflow-hidden rounded-full bg-surface-2 ring-1 ring-inset ring-[var(--line)] ${className}`}
    >
      <div
        className={`h-full rounded-full bg-gradient-to-r from-brand-500 to-brand-600 transition-[width] duration-500 ease-out ${pct === null ? 'w-1/3 animate-pulse' : ''}`}
        style={pct === null ? undefined : { width: `${pct}%` }}
      />
    </div>
  );
}
