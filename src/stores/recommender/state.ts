/**
 * The recommender wizard's state: the atoms and the pending auto-advance, no other actions, so every
 * concern (wizard steps, search, results, address, session storage) can read it, and cancel the
 * auto-advance, without importing the others.
 * Steps run from 0 (first question) to `questions.length` (results).
 */
import { atom } from 'nanostores';
import { BUDGET_SLIDER } from '../../lib/recommender/budget';
import type { Preferences } from '../../lib/recommender/preferences';
import { questionsFor, type QuestionId, type WizardMode } from '../../lib/recommender/questions';
import type { SearchResult } from '../../lib/recommender/schemas';
import type { Recommendation } from '../../lib/recommender/recommendation';
import type { CurrentPhoneCard } from '../../lib/recommender/ui/currentPhone';

export const $mode = atom<WizardMode>('basic');
export const $step = atom(0);
export const $prefs = atom<Preferences>({});
/** Budget slider position (its own state: Back from the budget step resets it to 50). */
export const $slider = atom<number>(BUDGET_SLIDER.initial);
/** True during the 300 ms between picking an option and moving on (option cards disabled). */
export const $advancing = atom(false);

/** The current phone picked by search (or guessed from the typed text), shown as a card. */
export const $currentPhone = atom<CurrentPhoneCard | null>(null);

export interface SearchState {
  query: string;
  results: SearchResult[];
  /** 'done' once the answer for the current text has arrived. */
  status: 'idle' | 'loading' | 'done';
  open: boolean;
}
export const $search = atom<SearchState>({ query: '', results: [], status: 'idle', open: false });

export type ResultsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; recommendations: Recommendation[] }
  | { status: 'error' };
export const $results = atom<ResultsState>({ status: 'idle' });

/** The questions of the current mode (8 basic, 11 advanced). */
export function currentQuestions(): ReturnType<typeof questionsFor> {
  return questionsFor($mode.get());
}

/** The id of the question on screen, or null on the results step. */
export function currentQuestionId(): QuestionId | null {
  return currentQuestions()[$step.get()]?.id ?? null;
}

/** True on the results step. */
export function onResultsStep(): boolean {
  return $step.get() >= currentQuestions().length;
}

/** Delay between picking an option and the next step. */
export const AUTO_ADVANCE_MS = 300;

let advanceTimer: ReturnType<typeof setTimeout> | undefined;

/** Starts the auto-advance: `advance` runs after AUTO_ADVANCE_MS unless another action cancels it. */
export function advanceSoon(advance: () => void): void {
  $advancing.set(true);
  advanceTimer = setTimeout(() => {
    advanceTimer = undefined;
    $advancing.set(false);
    advance();
  }, AUTO_ADVANCE_MS);
}

/** Cancels a pending auto-advance (another action came first). */
export function cancelPending(): void {
  clearTimeout(advanceTimer);
  advanceTimer = undefined;
  $advancing.set(false);
}
