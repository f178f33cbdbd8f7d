/**
 * The current-phone search: the text box, the dropdown of matches, picking a result or a phone
 * guessed from the text, and enriching the picked phone from the specs lookup.
 */
import type { Preferences } from '../../lib/recommender/preferences';
import { clearAnswersFrom } from '../../lib/recommender/questions';
import type { PhoneSpecsResponse, SearchResult } from '../../lib/recommender/schemas';
import type { CurrentPhoneCard } from '../../lib/recommender/ui/currentPhone';
import { apiRequest } from '../../lib/recommender/ui/api';
import { $currentPhone, $mode, $prefs, $search, cancelPending } from './state';

let searchAbort: AbortController | undefined;
let lookupAbort: AbortController | undefined;
/** The text of the search under way or answered ('' when the results are not for the text in the box). */
let searchedText = '';

/** Empties the search and forgets the selected phone (Back past the current-phone step, Start Over). */
export function resetSearch(): void {
  searchAbort?.abort();
  searchedText = '';
  lookupAbort?.abort();
  $search.set({ query: '', results: [], status: 'idle', open: false });
  $currentPhone.set(null);
}

/**
 * The search text changed: search again (on every change of the text searched; empty text clears the
 * results). A change only in the spaces around it ('pixel' -> 'pixel ') keeps the answer or the
 * request under way for that text.
 */
export function setQuery(query: string): void {
  const text = query.trim();
  if (text && text === searchedText && $search.get().status !== 'idle') {
    $search.set({ ...$search.get(), query });
    return;
  }
  searchAbort?.abort();
  searchedText = text;
  if (!text) {
    $search.set({ ...$search.get(), query, results: [], status: 'idle' });
    return;
  }
  $search.set({ ...$search.get(), query, status: 'loading', open: true });
  void loadCardHelpers();
  const ctrl = new AbortController();
  searchAbort = ctrl;
  const url = `/api/search-phones?query=${encodeURIComponent(query.trim())}`;
  apiRequest<{ phones: SearchResult[] }>('GET', url, undefined, ctrl.signal)
    .then((data) => {
      if (ctrl.signal.aborted) return;
      const results = Array.isArray(data.phones) ? data.phones : [];
      $search.set({ ...$search.get(), results, status: 'done', open: true });
    })
    .catch((err: unknown) => {
      if (ctrl.signal.aborted) return;
      // A search failure is logged only; the result list is emptied.
      console.error('Phone search failed', err);
      $search.set({ ...$search.get(), results: [], status: 'done' });
    });
}

export function setSearchOpen(open: boolean): void {
  if ($search.get().open !== open) $search.set({ ...$search.get(), open });
}

export function clearSearch(): void {
  searchAbort?.abort();
  searchedText = '';
  $search.set({ query: '', results: [], status: 'idle', open: false });
}

/** The selected-phone helpers, loaded on demand. */
export type CardHelpers = typeof import('../../lib/recommender/ui/currentPhone');
let cardHelpers: Promise<CardHelpers> | undefined;

/**
 * The selected-phone helpers load on demand: on the first search keystroke, so they are there by the
 * time a phone is picked, and stay out of the start-up bundle.
 */
export function loadCardHelpers(): Promise<CardHelpers> {
  cardHelpers ??= import('../../lib/recommender/ui/currentPhone');
  cardHelpers.catch(() => {
    cardHelpers = undefined;
  });
  return cardHelpers;
}

/** Stores a selected phone and asks the specs lookup to enrich it. */
function selectCard(h: CardHelpers, card: CurrentPhoneCard): void {
  cancelPending();
  searchAbort?.abort();
  searchedText = '';
  $search.set({ ...$search.get(), query: card.name, open: false });
  $currentPhone.set(card);
  const base = clearAnswersFrom($prefs.get(), $mode.get(), 0);
  $prefs.set({ ...base, ...h.preferencesForCard(card) });
  void enrichSelected(h, card);
}

/** A result picked from the dropdown. */
export function pickSearchResult(result: SearchResult): void {
  setSearchOpen(false);
  void loadCardHelpers().then((h) => selectCard(h, h.cardFromSearchResult(result)));
}

/**
 * Enter or Search: nothing for empty text; the first result when there are results; otherwise a
 * phone guessed locally from the text (the engine's parser).
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
  void Promise.all([loadCardHelpers(), import('../../lib/recommender/responses')]).then(([h, { estimatePhone }]) => {
    const guess = estimatePhone(text, 'Apple');
    if (guess && $search.get().query.trim() === text) selectCard(h, h.cardFromSpecsPhone(guess, true));
  });
}

/** Shows a phone restored from a shared link as the selected one, and enriches it. */
export function showRestoredPhone(h: CardHelpers, card: CurrentPhoneCard): void {
  searchedText = '';
  $currentPhone.set(card);
  $search.set({ query: card.name, results: [], status: 'idle', open: false });
  void enrichSelected(h, card);
}

/** Enrichment from GET /api/phone-specs; a failure is logged only and the card kept. */
async function enrichSelected(h: CardHelpers, card: CurrentPhoneCard): Promise<void> {
  lookupAbort?.abort();
  const ctrl = new AbortController();
  lookupAbort = ctrl;
  try {
    const url = `/api/phone-specs/${encodeURIComponent(card.name)}`;
    const answer = await apiRequest<PhoneSpecsResponse>('GET', url, undefined, ctrl.signal);
    if (ctrl.signal.aborted || $currentPhone.get() !== card) return;
    const enriched = h.enrichCard(card, answer);
    $currentPhone.set(enriched);
    // Only the enrichment fields: the OS answer may have been given since the selection.
    if ($prefs.get().currentPhone === card.name) {
      const p: Preferences = h.preferencesForCard(enriched);
      $prefs.set({
        ...$prefs.get(),
        phoneImage: p.phoneImage,
        currentPhoneSpecs: p.currentPhoneSpecs,
        currentPhonePriceRange: p.currentPhonePriceRange,
        currentPhoneYear: p.currentPhoneYear,
      });
    }
  } catch (err) {
    if (!ctrl.signal.aborted) console.error('Phone specs lookup failed', err);
  }
}
