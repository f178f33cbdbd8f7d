import { useId } from 'react';

interface Props {
  value: number;
  /** Dollar readout for the slider position (engine: budget slider mapping). */
  dollars: (value: number) => number;
  /** Tier label for the position, e.g. 'Mid-range ($500-$800)'. */
  tierText: (value: number) => string;
  onChange: (value: number) => void;
  onNext: () => void;
  labelledBy: string;
}

/** Budget slider 0-100, step 1, with a dollar readout and the $300 / $1500+ ticks (spec §2, §9). */
export function BudgetStep({ value, dollars, tierText, onChange, onNext, labelledBy }: Props) {
  const id = useId();
  const amount = dollars(value);
  const readout = `$${amount}`;
  return (
    <div className="grid gap-6">
      <div className="rounded-2xl border border-line bg-surface-2/60 p-5 sm:p-6">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <p className="text-sm text-muted" id={`${id}-tier`}>
            {tierText(value)}
          </p>
          <output htmlFor={`${id}-slider`} className="text-4xl font-bold tracking-tight text-fg tabular-nums" aria-live="polite" data-testid="budget-readout">
            {readout}
          </output>
        </div>
        <input
          id={`${id}-slider`}
          type="range"
          min={0}
          max={100}
          step={1}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          aria-labelledby={labelledBy}
          aria-valuetext={`${readout}, ${tierText(value)}`}
          aria-describedby={`${id}-tier`}
          className="budget-range mt-5 w-full cursor-pointer"
          style={{ ['--fill' as string]: `${value}%` }}
        />
        <div className="mt-2 flex justify-between text-sm font-medium text-muted" aria-hidden="true">
          <span>$300</span>
          <span>$1500+</span>
        </div>
      </div>
      <div className="flex justify-end">
        <button type="button" className="btn-primary px-6" onClick={onNext}>
          Next
        </button>
      </div>
    </div>
  );
}
