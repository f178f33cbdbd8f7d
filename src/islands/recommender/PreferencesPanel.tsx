import type { Preferences } from '../../lib/recommender/preferences';
import { preferenceSummary, type WizardMode } from '../../lib/recommender/questions';
import type { CurrentPhoneCard } from '../../lib/recommender/ui/currentPhone';
import { CurrentPhoneSummary } from './CurrentPhoneSummary';
import { ProgressBar } from './ProgressBar';

interface Props {
  prefs: Preferences;
  mode: WizardMode;
  questionCount: number;
  currentPhone: CurrentPhoneCard | null;
}

/** 'Your Preferences': the current phone, answers so far with readable labels, progress and a hint. */
export function PreferencesPanel({ prefs, mode, questionCount, currentPhone }: Props) {
  const items = preferenceSummary(prefs, mode).filter((i) => i.id !== 'currentPhone');
  const answered = preferenceSummary(prefs, mode).length;
  return (
    <aside className="card grid content-start gap-5 p-5 sm:p-6" aria-labelledby="prefs-title">
      <h2 id="prefs-title" className="text-lg font-bold tracking-tight">
        Your Preferences
      </h2>
      <CurrentPhoneSummary prefs={prefs} card={currentPhone} />
      {items.length ? (
        <dl className="grid gap-2.5 text-sm">
          {items.map((i) => (
            <div
              key={i.id}
              className="flex items-baseline justify-between gap-3 border-b border-dashed border-line pb-2 last:border-0 last:pb-0"
            >
              <dt className="text-muted">{i.stepName}</dt>
              <dd className="text-right font-medium text-fg">{i.answer}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="grid gap-2">
        <div className="flex justify-between text-xs font-medium text-muted">
          <span>
            {answered} of {questionCount} answered
          </span>
        </div>
        <ProgressBar value={answered} max={questionCount} label="Questions answered" />
      </div>
      <p className="rounded-xl bg-surface-2 p-3 text-sm text-muted">
        {answered === 0
          ? 'Your answers will appear here as you go.'
          : 'Keep answering: every question sharpens your match. Skip any you are unsure about.'}
      </p>
    </aside>
  );
}
