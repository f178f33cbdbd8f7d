import { useId } from 'react';
import {
  BUDGET_SLIDER,
  BUDGET_TICKS,
  budgetReadout,
  budgetTier,
  PRICE_RANGE_LABELS,
  PRICE_RANGE_NAMES,
} from '../../lib/recommender/budget';

interface Props {
  value: number;
  onChange: (value: number) => void;
  /** id of the step heading that names the slider. */
  labelledBy: string;
}

/**
 * Budget slider 0-100, step 1, with the dollar readout and the $300 / $1500+ ticks
 * (docs/recommender.md#limits-and-timings).
 * The wizard's Next button confirms it.
 */
export function BudgetStep({ value, onChange, labelledBy }: Props) {
  const id = useId();
  const readout = budgetReadout(value);
  const tier = budgetTier(value);
  const tierText = `${PRICE_RANGE_NAMES[tier]} (${PRICE_RANGE_LABELS[tier]})`;
  return (
    <div className="rounded-2xl border border-line bg-surface-2/60 p-5 sm:p-7">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-muted">Up to</p>
          <output
            htmlFor={`${id}-slider`}
            className="block text-4xl font-bold tracking-tight tabular-nums text-fg sm:text-5xl"
            data-testid="budget-readout"
          >
            {readout}
          </output>
        </div>
        <p
          id={`${id}-tier`}
          className="badge bg-brand-50 px-3 py-1 text-sm text-brand-700 dark:bg-brand-700/20 dark:text-brand-300"
        >
          {tierText}
        </p>
      </div>
      <input
        id={`${id}-slider`}
        type="range"
        min={BUDGET_SLIDER.min}
        max={BUDGET_SLIDER.max}
        step={BUDGET_SLIDER.step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-labelledby={labelledBy}
        aria-valuetext={`${readout}, ${tierText}`}
        className="budget-range mt-6 w-full cursor-pointer"
        style={{ ['--fill' as string]: `${value}%` }}
      />
      <div className="mt-3 flex justify-between text-sm font-medium text-muted" aria-hidden="true">
        <span>{BUDGET_TICKS.min}</span>
        <span>{BUDGET_TICKS.max}</span>
      </div>
    </div>
  );
}
