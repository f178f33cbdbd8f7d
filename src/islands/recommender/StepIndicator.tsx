import { wizardProgress } from '../../lib/recommender/progress';
import { ProgressBar } from './ProgressBar';
import { Icon } from './Icon';

interface Props {
  step: number;
  /** Names of the question steps; a final 'Results' dot is added. */
  names: readonly string[];
  onGo: (step: number) => void;
}

/**
 * Progress bar, one dot per question plus one for results, and 'Step N of M'.
 * Dots of earlier steps are buttons (going back clears later answers); the others are inert.
 */
export function StepIndicator({ step, names, onGo }: Props) {
  const total = names.length + 1;
  const all = [...names, 'Results'];
  const pct = wizardProgress(step, names.length);
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="font-semibold text-fg" data-testid="step-count">
          Step {step + 1} of {total}
        </p>
        <p className="text-muted">{Math.round(pct)}% complete</p>
      </div>
      <ProgressBar value={pct} label="Questionnaire progress" />
      <nav aria-label="Questionnaire steps">
        <ol className="flex flex-wrap items-center gap-1.5">
          {all.map((name, i) => {
            const done = i < step;
            const current = i === step;
            const base = 'flex h-7 w-7 items-center justify-center rounded-full text-xs font-semibold transition ';
            return (
              <li key={name + i}>
                {done ? (
                  <button
                    type="button"
                    onClick={() => onGo(i)}
                    className={base + 'bg-brand-600 text-white hover:bg-brand-700 hover:ring-4 hover:ring-brand-500/20'}
                    aria-label={`Go back to step ${i + 1}: ${name}`}
                    title={name}
                  >
                    <Icon name="check" className="h-3.5 w-3.5" />
                  </button>
                ) : (
                  <span
                    className={
                      base +
                      (current
                        ? 'bg-brand-600 text-white ring-4 ring-brand-500/25'
                        : 'border border-line bg-surface text-muted')
                    }
                    aria-current={current ? 'step' : undefined}
                    title={name}
                  >
                    <span className="sr-only">{`Step ${i + 1}: ${name}${current ? ' (current)' : ''}`}</span>
                    <span aria-hidden="true">{i === all.length - 1 ? '★' : i + 1}</span>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}
