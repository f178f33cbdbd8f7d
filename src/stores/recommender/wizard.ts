/**
 * The wizard's steps: next, back, skip, picking options, the budget slider, the mode toggle and Start
 * Over. The rules (questions, which answers a step clears, budget tiers) are the engine's
 * (src/lib/recommender); this module only sequences them.
 */
import { BUDGET_SLIDER, budgetTier } from '../../lib/recommender/budget';
import { quickCurrentPhoneAnswer, type CurrentPhoneQuickValue } from '../../lib/recommender/preferences';
import { clearAnswersFrom, type QuestionId } from '../../lib/recommender/questions';
import { computeResults, leaveResults } from './results';
import { resetSearch } from './search';
import { forgetResults } from './session';
import {
  $advancing,
  $mode,
  $prefs,
  $slider,
  $step,
  advanceSoon,
  cancelPending,
  currentQuestionId,
  currentQuestions,
} from './state';

/**
 * Moves to `target` (an earlier step), clearing answers per `clearFrom` (the engine's rule), and the
 * step-local state of the steps left behind.
 */
function moveBack(target: number, clearFrom: number): void {
  cancelPending();
  const questions = currentQuestions();
  const budgetIndex = questions.findIndex((q) => q.id === 'budget');
  const wasResults = $step.get() >= questions.length;
  $prefs.set(clearAnswersFrom($prefs.get(), $mode.get(), clearFrom));
  // Back from the budget step (or any move to before it) resets the slider to 50.
  if (target < budgetIndex) $slider.set(BUDGET_SLIDER.initial);
  // Back past the current-phone answer clears the search and the selected phone.
  const phoneIndex = questions.findIndex((q) => q.id === 'currentPhone');
  if (clearFrom <= phoneIndex) resetSearch();
  $step.set(target);
  if (wasResults) leaveResults();
}

/** Next step; entering the results step computes the recommendations. */
export function goNext(): void {
  cancelPending();
  const questions = currentQuestions();
  const step = Math.min($step.get() + 1, questions.length);
  $step.set(step);
  if (step === questions.length) void computeResults();
}

/**
 * Back: one step back; the answers of the step returned to and of every later step are deleted (so
 * the current step's answer too), Back from budget resets the slider to 50, and Back from the step
 * after the current phone clears the search.
 */
export function goBack(): void {
  const step = $step.get();
  if (step <= 0) return;
  moveBack(step - 1, step - 1);
}

/** A dot of an earlier step: go there and clear the answers of all later steps (its own is kept). */
export function goToStep(target: number): void {
  if (target < 0 || target >= $step.get()) return;
  moveBack(target, target + 1);
}

/**
 * Skip: next step without an answer (an answer checked with the arrow keys is dropped). Pressed in
 * the moment between picking an option and the automatic advance, it keeps the pick and advances at
 * once: the visitor answered, and a Skip a fraction of a second later should not erase that.
 */
export function skipQuestion(): void {
  if ($advancing.get()) return goNext();
  const id = currentQuestionId();
  if (id) {
    const next = { ...$prefs.get() };
    delete next[id];
    $prefs.set(next);
  }
  goNext();
}

/**
 * An option card was checked. `commit` (click, Space, Enter) stores the value and advances after
 * AUTO_ADVANCE_MS; arrow keys (commit false) only check it.
 */
export function pickOption(id: QuestionId, value: string, commit: boolean): void {
  if ($advancing.get()) return;
  $prefs.set({ ...$prefs.get(), [id]: value });
  if (commit) advanceSoon(goNext);
}

/** A quick current-phone answer (iphone, samsung, ...): brand and OS per the engine, then advance. */
export function pickQuickPhone(value: CurrentPhoneQuickValue, commit: boolean): void {
  if ($advancing.get()) return;
  resetSearch();
  const base = clearAnswersFrom($prefs.get(), $mode.get(), 0);
  $prefs.set({ ...base, ...quickCurrentPhoneAnswer(value) });
  if (commit) advanceSoon(goNext);
}

export function setSlider(value: number): void {
  $slider.set(Math.min(BUDGET_SLIDER.max, Math.max(BUDGET_SLIDER.min, Math.round(value))));
}

/** Budget Next: stores the tier (and the slider position) and moves on. */
export function confirmBudget(): void {
  const value = $slider.get();
  $prefs.set({ ...$prefs.get(), budget: budgetTier(value), budgetValue: value });
  goNext();
}

/** Basic/Advanced toggle: switches mode and, if past the first step, returns to it. */
export function toggleMode(): void {
  const step = $step.get();
  if (step > 0) moveBack(0, 1);
  $mode.set($mode.get() === 'basic' ? 'advanced' : 'basic');
}

/** Start Over: first step, no answers, no recommendations, no search, nothing stored. */
export function startOver(): void {
  cancelPending();
  resetSearch();
  $prefs.set({});
  $slider.set(BUDGET_SLIDER.initial);
  $step.set(0);
  leaveResults();
  forgetResults();
}
