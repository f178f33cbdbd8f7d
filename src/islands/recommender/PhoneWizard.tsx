/**
 * The recommender wizard (docs/recommender.md#screens, docs/recommender.md#wizard-steps).
 * State and actions live in src/stores/recommender/ (split by concern); the rules in src/lib/recommender (engine).
 * The results step is loaded on demand, so the first paint only needs the question steps.
 */
import { useAtom } from './useAtom';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { questionsFor } from '../../lib/recommender/questions';
import { browserSession, takeFlash } from '../../lib/recommender/ui/session';
import { toast } from '../../stores/toast';
import {
  $advancing,
  $currentPhone,
  $mode,
  $prefs,
  $search,
  $slider,
  $step,
  confirmBudget,
  goBack,
  goNext,
  goToStep,
  pickOption,
  setQuery,
  sharedAnswers,
  setSearchOpen,
  setSlider,
  skipQuestion,
  startOver,
  toggleMode,
} from '../../stores/recommender';
import { BudgetStep } from './BudgetStep';
import { CurrentPhoneStep } from './CurrentPhoneStep';
import { Icon } from './Icon';
import { ModeToggle } from './ModeToggle';
import { OptionCards } from './OptionCards';
import { PreferencesPanel } from './PreferencesPanel';
import { StepIndicator } from './StepIndicator';
import { ToastHost } from './ToastHost';
import { useEarlyInput } from '../ui/useEarlyInput';
import './recommender.css';

const ResultsStep = lazy(() => import('./ResultsStep'));

const HEADING_ID = 'wizard-step-heading';

export default function PhoneWizard() {
  const mode = useAtom($mode);
  const step = useAtom($step);
  const prefs = useAtom($prefs);
  const questions = questionsFor(mode);
  const slider = useAtom($slider);
  const advancing = useAtom($advancing);
  const currentPhone = useAtom($currentPhone);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastStep = useRef<number | null>(null);

  const total = questions.length + 1;
  const onResults = step >= questions.length;
  const question = onResults ? null : questions[step]!;
  const stepName = question ? question.stepName : 'Results';

  // On arrival: a message left by the results page, and a shared link's answers (the code that
  // restores them loads only for a shared link).
  useEffect(() => {
    const flash = takeFlash(browserSession());
    if (flash) toast(flash);
    if (sharedAnswers(location.search))
      void import('../../stores/recommender/restore').then(({ restoreFromUrl }) => restoreFromUrl(location.search));
  }, []);

  // The wizard hydrates when it scrolls into view: text typed into the phone search meanwhile is
  // searched (and a pick or Enter made meanwhile is replayed by the hook).
  const rootRef = useRef<HTMLDivElement>(null);
  useEarlyInput(rootRef, (root) => {
    const box = root.querySelector<HTMLInputElement>('input[role="combobox"]');
    if (!box?.value || box.value === $search.get().query) return;
    setQuery(box.value);
    setSearchOpen(document.activeElement === box);
  });

  // Focus moves to the new step's heading (not on the first render).
  useEffect(() => {
    if (lastStep.current !== null && lastStep.current !== step) headingRef.current?.focus();
    lastStep.current = step;
  }, [step, mode]);

  const answered = question ? prefs[question.id] !== undefined : false;
  const nextDisabled = question ? question.kind !== 'budget' && !answered : true;
  const onNext = () => (question?.kind === 'budget' ? confirmBudget() : goNext());

  return (
    <div
      ref={rootRef}
      className={`grid items-start gap-6 ${onResults ? '' : 'md:grid-cols-[minmax(0,1fr)_18rem] lg:grid-cols-[minmax(0,1fr)_20rem]'}`}
      data-early-input
    >
      <div className="card overflow-visible p-4 sm:p-8" data-testid="wizard">
        <div className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-5">
          <div>
            <h2 className="text-xl font-bold tracking-tight sm:text-2xl">Smartphone Finder</h2>
            <p className="mt-1 text-sm text-muted">
              Answer at your own pace; you can skip anything you are unsure about.
            </p>
          </div>
          <ModeToggle mode={mode} onToggle={toggleMode} />
        </div>

        <div className="mt-5">
          <StepIndicator step={step} names={questions.map((q) => q.stepName)} onGo={goToStep} />
        </div>
        <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="step-announcer">
          {lastStep.current === null ? '' : `Step ${step + 1} of ${total}: ${stepName}`}
        </p>

        <div className="mt-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-300">
            {stepName}
          </p>
          {question ? (
            <>
              <h3
                id={HEADING_ID}
                ref={headingRef}
                tabIndex={-1}
                className="mt-1 scroll-mt-24 text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
              >
                {question.title}
              </h3>
              <p id={`${HEADING_ID}-desc`} className="mt-2 text-muted">
                {question.description}
              </p>
              <details className="group mt-4 rounded-xl border border-line bg-surface-2/50 text-sm open:bg-surface-2">
                <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2.5 font-medium text-fg [&::-webkit-details-marker]:hidden">
                  <Icon name="info" className="h-4 w-4 text-accent-600" />
                  Why this matters
                  <Icon name="chevron" className="ml-auto h-4 w-4 transition-transform group-open:rotate-180" />
                </summary>
                <p className="px-4 pb-3 text-muted">{question.why}</p>
              </details>
              <div className="mt-6">
                {question.kind === 'current-phone' ? (
                  <CurrentPhoneStep question={question} prefs={prefs} headingId={HEADING_ID} />
                ) : question.kind === 'budget' ? (
                  <BudgetStep value={slider} onChange={setSlider} labelledBy={HEADING_ID} />
                ) : (
                  <OptionCards
                    labelledBy={HEADING_ID}
                    describedBy={`${HEADING_ID}-desc`}
                    options={question.options}
                    value={prefs[question.id] as string | undefined}
                    disabled={advancing}
                    columns={question.options.length > 4 ? 3 : 2}
                    onSelect={(value, commit) => pickOption(question.id, value, commit)}
                  />
                )}
              </div>
              {question.skippable ? (
                <div className="mt-4">
                  <button
                    type="button"
                    onClick={skipQuestion}
                    className="text-sm font-medium text-muted underline decoration-dotted underline-offset-4 hover:text-fg"
                  >
                    Skip this question
                  </button>
                </div>
              ) : null}
              <div className="mt-8 flex items-center justify-between gap-3 border-t border-line pt-5">
                {step > 0 ? (
                  <button type="button" className="btn-secondary" onClick={goBack}>
                    <Icon name="left" className="h-4 w-4" />
                    Back
                  </button>
                ) : (
                  <span />
                )}
                <button
                  type="button"
                  className="btn-primary px-6"
                  onClick={onNext}
                  disabled={nextDisabled || advancing}
                >
                  Next
                  <Icon name="right" className="h-4 w-4" />
                </button>
              </div>
            </>
          ) : (
            <>
              <h3
                id={HEADING_ID}
                ref={headingRef}
                tabIndex={-1}
                className="mt-1 scroll-mt-24 text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
              >
                Here's What We Think You'll Love!
              </h3>
              <Suspense
                fallback={
                  <p className="mt-6 text-muted" role="status">
                    Loading recommendations...
                  </p>
                }
              >
                <ResultsStep />
              </Suspense>
              <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5">
                <button type="button" className="btn-secondary" onClick={goBack}>
                  <Icon name="left" className="h-4 w-4" />
                  Back
                </button>
                <button type="button" className="btn-secondary" onClick={startOver}>
                  <Icon name="restart" className="h-4 w-4" />
                  Start Over
                </button>
              </div>
            </>
          )}
        </div>
      </div>
      {onResults ? null : (
        <PreferencesPanel prefs={prefs} mode={mode} questionCount={questions.length} currentPhone={currentPhone} />
      )}
      <ToastHost />
    </div>
  );
}
