/**
 * Opening a shared link (`?a=`, written by ./url.ts): the wizard opens on the same results. The wizard
 * loads this module on arrival, only when the address has `?a=`; no other module imports it.
 */
import { computeResults } from './results';
import { loadCardHelpers, showRestoredPhone } from './search';
import { $mode, $prefs, $slider, $step, cancelPending, currentQuestions } from './state';
import { sharedAnswers } from './url';

/**
 * Opens the wizard on the results of a shared link (`?a=`): restores the answers (advanced mode if
 * an advanced question was answered) and computes. Returns false when there is nothing valid to restore.
 */
export async function restoreFromUrl(search: string): Promise<boolean> {
  const encoded = sharedAnswers(search);
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
