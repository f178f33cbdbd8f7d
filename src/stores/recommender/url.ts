/**
 * The address: the results' answers go into `?a=` (shareable), and a shared link opens the wizard on
 * the same results.
 */
import { computeResults } from './results';
import { loadCardHelpers, showRestoredPhone } from './search';
import { $mode, $prefs, $slider, $step, currentQuestions } from './state';
import { cancelPending } from './wizard';

/** Puts `?a=` in the address bar (or removes it) without a navigation. */
export function syncUrl(encoded: string | null): void {
  if (typeof history === 'undefined' || typeof location === 'undefined') return;
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
  const [{ decodeAnswers }, { estimatePhone }, h] = await Promise.all([
    import('../../lib/recommender/share'),
    import('../../lib/recommender/responses'),
    loadCardHelpers(),
  ]);
  const prefs = decodeAnswers(encoded);
  if (!prefs) return false;
  cancelPending();
  const advanced = [prefs.processorSpeed, prefs.advancedFeatures, prefs.environment].some((v) => v !== undefined);
  $mode.set(advanced ? 'advanced' : 'basic');
  $prefs.set(prefs);
  if (prefs.budgetValue !== undefined) $slider.set(prefs.budgetValue);
  if (prefs.searchedForCurrentPhone && prefs.currentPhone) {
    const guess = estimatePhone(prefs.currentPhone, 'Apple');
    if (guess) showRestoredPhone(h, { ...h.cardFromSpecsPhone(guess, true), name: prefs.currentPhone });
  }
  $step.set(currentQuestions().length);
  void computeResults();
  return true;
}
