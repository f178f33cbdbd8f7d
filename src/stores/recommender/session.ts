/**
 * What the recommender keeps in browser session storage: the answers and the recommendations, as
 * JSON, written when results are shown and forgotten on Start Over.
 */
import type { Preferences } from '../../lib/recommender/preferences';
import type { Recommendation } from '../../lib/recommender/recommendation';
import { browserSession, removeKeys, SESSION_KEYS, writeJson } from '../../lib/recommender/ui/session';
import { $prefs, $results } from './state';

/** Keeps the answers and the recommendations shown for them. */
export function saveResults(prefs: Preferences, recommendations: Recommendation[]): void {
  const session = browserSession();
  writeJson(session, SESSION_KEYS.preferences, prefs);
  writeJson(session, SESSION_KEYS.recommendations, recommendations);
}

/** Forgets both (Start Over). */
export function forgetResults(): void {
  removeKeys(browserSession(), [SESSION_KEYS.preferences, SESSION_KEYS.recommendations]);
}

// Keep the stored answers current while results are shown (the current phone's enrichment may land late).
$prefs.listen((prefs) => {
  if ($results.get().status === 'ready') writeJson(browserSession(), SESSION_KEYS.preferences, prefs);
});
