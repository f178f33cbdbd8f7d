/**
 * The recommender wizard's state and its actions (nanostores: a store and its actions together).
 * Spec recommender.md §4 "Wizard", "Search dropdown". The rules (questions, budget mapping, scoring,
 * search parsing, answer encoding) are the engine's (src/lib/recommender); this module only sequences
 * them: which step is shown, what is stored, when the network is asked.
 *
 * Steps run from 0 (first question) to `questions.length` (results).
 */
import { atom } from 'nanostores';
import type { Phone } from '../lib/catalogue/schema';
import { BUDGET_SLIDER, budgetTier } from '../lib/recommender/budget';
import { quickCurrentPhoneAnswer, type CurrentPhoneQuickValue, type Preferences } from '../lib/recommender/preferences';
import { clearAnswersFrom, questionsFor, type QuestionId, type WizardMode } from '../lib/recommender/questions';
import type { PhoneSpecsResponse, SearchResult } from '../lib/recommender/schemas';
import type { Recommendation } from '../lib/recommender/scoring';
import type { CurrentPhoneCard } from '../lib/recommender-ui/currentPhone';
import { apiRequest } from '../lib/recommender-ui/api';
import { browserSession, removeKeys, SESSION_KEYS, writeJson } from '../lib/recommender-ui/session';

/** Delay between picking an option and the next step (spec §9). */
export const AUTO_ADVANCE_MS = 300;

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

let advanceTimer: ReturnType<typeof setTimeout> | undefined;
let searchAbort: AbortController | undefined;
let lookupAbort: AbortController | undefined;

function cancelPending(): void {
  clearTimeout(advanceTimer);
  advanceTimer = undefined;
  $advancing.set(false);
}

function setPrefs(next: Preferences): void {
  $prefs.set(next);
}

function resetSearch(): void {
  searchAbort?.abort();
  lookupAbort?.abort();
  $search.set({ query: '', results: [], status: 'idle', open: false });
  $currentPhone.set(null);
}

/** Leaves the results step: the recommendations and the shared-link parameter are dropped (§4). */
function leaveResults(): void {
  $results.set({ status: 'idle' });
  syncUrl(null);
}

/**
 * Moves to `target` (an earlier step), clearing answers per `clearFrom` (the engine's rule), and the
 * step-local state of the steps left behind.
 */
function moveBack(target: number, clearFrom: number): void {
  cancelPending();
  const questions = currentQuestions();
  const budgetIndex = questions.findIndex((q) => q.id === 'budget');
  const wasResults = $step.get() >= questions.length;
  setPrefs(clearAnswersFrom($prefs.get(), $mode.get(), clearFrom));
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
 * Back (spec §4): one step back; the answers of the step returned to and of every later step are
 * deleted (so the current step's answer too), Back from budget resets the slider to 50, and Back from
 * the step after the current phone clears the search.
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

/** Skip: next step without an answer (an answer checked with the arrow keys is dropped). */
export function skipQuestion(): void {
  const id = currentQuestionId();
  if (id) {
    const next = { ...$prefs.get() };
    delete next[id];
    setPrefs(next);
  }
  goNext();
}

/**
 * An option card was checked. `commit` (click, Space, Enter) stores the value and advances after
 * AUTO_ADVANCE_MS; arrow keys (commit false) only check it.
 */
export function pickOption(id: QuestionId, value: string, commit: boolean): void {
  if ($advancing.get()) return;
  setPrefs({ ...$prefs.get(), [id]: value });
  if (!commit) return;
  $advancing.set(true);
  advanceTimer = setTimeout(() => {
    advanceTimer = undefined;
    $advancing.set(false);
    goNext();
  }, AUTO_ADVANCE_MS);
}

/** A quick current-phone answer (iphone, samsung, ...): brand and OS per the engine, then advance. */
export function pickQuickPhone(value: CurrentPhoneQuickValue, commit: boolean): void {
  if ($advancing.get()) return;
  resetSearch();
  const base = clearAnswersFrom($prefs.get(), $mode.get(), 0);
  setPrefs({ ...base, ...quickCurrentPhoneAnswer(value) });
  if (!commit) return;
  $advancing.set(true);
  advanceTimer = setTimeout(() => {
    advanceTimer = undefined;
    $advancing.set(false);
    goNext();
  }, AUTO_ADVANCE_MS);
}

export function setSlider(value: number): void {
  $slider.set(Math.min(BUDGET_SLIDER.max, Math.max(BUDGET_SLIDER.min, Math.round(value))));
}

/** Budget Next: stores the tier (and the slider position) and moves on. */
export function confirmBudget(): void {
  const value = $slider.get();
  setPrefs({ ...$prefs.get(), budget: budgetTier(value), budgetValue: value });
  goNext();
}

/** Basic/Advanced toggle: switches mode and, if past the first step, returns to it (§4). */
export function toggleMode(): void {
  const step = $step.get();
  if (step > 0) moveBack(0, 1);
  $mode.set($mode.get() === 'basic' ? 'advanced' : 'basic');
}

/** Start Over: first step, no answers, no recommendations, no search, nothing stored (§4). */
export function startOver(): void {
  cancelPending();
  resetSearch();
  setPrefs({});
  $slider.set(BUDGET_SLIDER.initial);
  $step.set(0);
  leaveResults();
  removeKeys(browserSession(), [SESSION_KEYS.preferences, SESSION_KEYS.recommendations]);
}

// ─── Current phone search ──────────────────────────────────────────────────────────────────────────

/** The search text changed: search again (spec: on every change; empty text clears the results). */
export function setQuery(query: string): void {
  searchAbort?.abort();
  if (!query.trim()) {
    $search.set({ ...$search.get(), query, results: [], status: 'idle' });
    return;
  }
  $search.set({ ...$search.get(), query, status: 'loading', open: true });
  void loadCardHelpers();
  const ctrl = new AbortController();
  searchAbort = ctrl;
  apiRequest<{ phones: SearchResult[] }>('GET', `/api/search-phones?query=${encodeURIComponent(query.trim())}`, undefined, ctrl.signal)
    .then((data) => {
      if (ctrl.signal.aborted) return;
      $search.set({ ...$search.get(), results: Array.isArray(data.phones) ? data.phones : [], status: 'done', open: true });
    })
    .catch((err: unknown) => {
      if (ctrl.signal.aborted) return;
      // Spec §8: a search failure is logged only; the result list is emptied.
      console.error('Phone search failed', err);
      $search.set({ ...$search.get(), results: [], status: 'done' });
    });
}

export function setSearchOpen(open: boolean): void {
  if ($search.get().open !== open) $search.set({ ...$search.get(), open });
}

export function clearSearch(): void {
  searchAbort?.abort();
  $search.set({ query: '', results: [], status: 'idle', open: false });
}

type CardHelpers = typeof import('../lib/recommender-ui/currentPhone');
let cardHelpers: Promise<CardHelpers> | undefined;

/**
 * The selected-phone helpers (and the classification they use) load on demand: on the first search
 * keystroke, so they are there by the time a phone is picked, and stay out of the start-up bundle.
 */
function loadCardHelpers(): Promise<CardHelpers> {
  cardHelpers ??= import('../lib/recommender-ui/currentPhone');
  cardHelpers.catch(() => {
    cardHelpers = undefined;
  });
  return cardHelpers;
}

/** Stores a selected phone (§4) and asks the specs lookup to enrich it. */
function selectCard(h: CardHelpers, card: CurrentPhoneCard): void {
  cancelPending();
  searchAbort?.abort();
  $search.set({ ...$search.get(), query: card.name, open: false });
  $currentPhone.set(card);
  const base = clearAnswersFrom($prefs.get(), $mode.get(), 0);
  setPrefs({ ...base, ...h.preferencesForCard(card) });
  void enrichSelected(h, card);
}

/** A result picked from the dropdown. */
export function pickSearchResult(result: SearchResult): void {
  setSearchOpen(false);
  void loadCardHelpers().then((h) => selectCard(h, h.cardFromSearchResult(result)));
}

/**
 * Enter or Search (§5): nothing for empty text; the first result when there are results; otherwise
 * a phone guessed locally from the text (the engine's parser; unknown brand defaults to Apple).
 */
export function submitSearch(): void {
  const { query, results, status } = $search.get();
  const text = query.trim();
  if (!text) return;
  setSearchOpen(false);
  if (results.length && status !== 'loading') {
    pickSearchResult(results[0]!);
    return;
  }
  // The parser loads on demand: most visitors pick a result or a quick answer.
  void Promise.all([loadCardHelpers(), import('../lib/recommender/responses')]).then(([h, { estimatePhone }]) => {
    const guess = estimatePhone(text, 'Apple');
    if (guess && $search.get().query.trim() === text) selectCard(h, h.cardFromSpecsPhone(guess, true));
  });
}

/** Enrichment from GET /api/phone-specs; a failure is logged only and the card kept (§8). */
async function enrichSelected(h: CardHelpers, card: CurrentPhoneCard): Promise<void> {
  lookupAbort?.abort();
  const ctrl = new AbortController();
  lookupAbort = ctrl;
  try {
    const answer = await apiRequest<PhoneSpecsResponse>('GET', `/api/phone-specs/${encodeURIComponent(card.name)}`, undefined, ctrl.signal);
    if (ctrl.signal.aborted || $currentPhone.get() !== card) return;
    const enriched = h.enrichCard(card, answer);
    $currentPhone.set(enriched);
    // Only the enrichment fields: the OS answer may have been given since the selection.
    if ($prefs.get().currentPhone === card.name) {
      const { phoneImage, currentPhoneSpecs, currentPhonePriceRange, currentPhoneYear } = h.preferencesForCard(enriched);
      setPrefs({ ...$prefs.get(), phoneImage, currentPhoneSpecs, currentPhonePriceRange, currentPhoneYear });
    }
  } catch (err) {
    if (!ctrl.signal.aborted) console.error('Phone specs lookup failed', err);
  }
}

// ─── Results ───────────────────────────────────────────────────────────────────────────────────────

let phonesPromise: Promise<Phone[]> | undefined;

/** The recommendable phones, built at build time into one static JSON file (fetched once). */
export function loadPhones(): Promise<Phone[]> {
  phonesPromise ??= apiRequest<Phone[]>('GET', '/phone-recommender/phones.json');
  phonesPromise.catch(() => {
    phonesPromise = undefined;
  });
  return phonesPromise;
}

/**
 * Entering the results step: computes the top 2 with the engine, keeps preferences and
 * recommendations in session storage (JSON) and puts the answers in the URL (?a=) for sharing.
 */
export async function computeResults(): Promise<void> {
  $results.set({ status: 'loading' });
  const key = answersKey($prefs.get());
  // Still the same answers (enrichment of the current phone may have added non-scoring details).
  const current = () => answersKey($prefs.get()) === key && $step.get() >= currentQuestions().length;
  try {
    // Scoring and the link encoding load on demand: the question steps do not need them.
    const [phones, { recommend }, { encodeAnswers }] = await Promise.all([loadPhones(), import('../lib/recommender/scoring'), import('../lib/recommender/share')]);
    if (!current()) return;
    const prefs = $prefs.get();
    const recommendations = recommend(phones, prefs);
    const session = browserSession();
    writeJson(session, SESSION_KEYS.preferences, prefs);
    writeJson(session, SESSION_KEYS.recommendations, recommendations);
    $results.set({ status: 'ready', recommendations });
    syncUrl(encodeAnswers(prefs));
  } catch (err) {
    console.error('Could not compute recommendations', err);
    if (current()) $results.set({ status: 'error' });
  }
}

// Keep the stored answers current while results are shown (the current phone's enrichment may land late).
$prefs.listen((prefs) => {
  if ($results.get().status === 'ready') writeJson(browserSession(), SESSION_KEYS.preferences, prefs);
});

/** The answers without the current phone's enrichment details (which do not change the results). */
function answersKey(prefs: Preferences): string {
  const { phoneImage: _i, currentPhoneSpecs: _s, currentPhonePriceRange: _p, currentPhoneYear: _y, ...rest } = prefs;
  return JSON.stringify(rest);
}

/** Puts `?a=` in the address bar (or removes it) without a navigation. */
function syncUrl(encoded: string | null): void {
  if (typeof history === 'undefined') return;
  const url = new URL(location.href);
  if (encoded) url.searchParams.set('a', encoded);
  else url.searchParams.delete('a');
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}

/**
 * Opens the wizard on the results of a shared link (`?a=`): restores the answers (advanced mode if
 * an advanced question was answered) and computes. Returns false when there is nothing valid to restore.
 */
export async function restoreFromUrl(search: string): Promise<boolean> {
  const encoded = new URLSearchParams(search).get('a');
  if (!encoded) return false;
  const [{ decodeAnswers }, { estimatePhone }, h] = await Promise.all([import('../lib/recommender/share'), import('../lib/recommender/responses'), loadCardHelpers()]);
  const prefs = decodeAnswers(encoded);
  if (!prefs) return false;
  cancelPending();
  const advanced = prefs.processorSpeed !== undefined || prefs.advancedFeatures !== undefined || prefs.environment !== undefined;
  $mode.set(advanced ? 'advanced' : 'basic');
  setPrefs(prefs);
  if (prefs.budgetValue !== undefined) $slider.set(prefs.budgetValue);
  if (prefs.searchedForCurrentPhone && prefs.currentPhone) {
    const guess = estimatePhone(prefs.currentPhone, 'Apple');
    if (guess) {
      const card = { ...h.cardFromSpecsPhone(guess, true), name: prefs.currentPhone };
      $currentPhone.set(card);
      $search.set({ query: prefs.currentPhone, results: [], status: 'idle', open: false });
      void enrichSelected(h, card);
    }
  }
  $step.set(currentQuestions().length);
  void computeResults();
  return true;
}
