/**
 * The results step: the catalogue is fetched once, the engine computes the top 2, and the answers and
 * picks are kept in session storage and in the address (?a=) for sharing. The results page uses
 * `loadPhones` and `recommendationsFor` too, so both screens compute the same way.
 */
import type { Phone } from '../../lib/catalogue/schema';
import type { Preferences } from '../../lib/recommender/preferences';
import type { Recommendation } from '../../lib/recommender/recommendation';
import { apiRequest } from '../../lib/recommender/ui/api';
import { saveResults } from './session';
import { $prefs, $results, onResultsStep } from './state';
import { syncUrl } from './url';

let phonesPromise: Promise<Phone[]> | undefined;

/** The whole catalogue, built at build time into one static JSON file (fetched once). */
export function loadPhones(): Promise<Phone[]> {
  phonesPromise ??= apiRequest<Phone[]>('GET', '/phone-recommender/phones.json');
  phonesPromise.catch(() => {
    phonesPromise = undefined;
  });
  return phonesPromise;
}

/** The engine's top 2 and the link encoding of the answers they were computed for. */
export interface Computed {
  recommendations: Recommendation[];
  encoded: string;
}

/**
 * The engine's top 2 for a set of answers, with the link encoding of those answers. Scoring and the
 * encoding load on demand: the question steps do not need them.
 */
export async function recommendationsFor(prefs: Preferences): Promise<Computed> {
  const [phones, { recommend }, { encodeAnswers }] = await Promise.all([
    loadPhones(),
    import('../../lib/recommender/recommend'),
    import('../../lib/recommender/share'),
  ]);
  return { recommendations: recommend(phones, prefs), encoded: encodeAnswers(prefs) };
}

/** The answers without the current phone's enrichment details (which do not change the results). */
function answersKey(prefs: Preferences): string {
  const { phoneImage: _i, currentPhoneSpecs: _s, currentPhonePriceRange: _p, currentPhoneYear: _y, ...rest } = prefs;
  return JSON.stringify(rest);
}

/**
 * Entering the results step: computes the top 2 with the engine, keeps preferences and
 * recommendations in session storage (JSON) and puts the answers in the URL (?a=) for sharing.
 */
export async function computeResults(): Promise<void> {
  $results.set({ status: 'loading' });
  const key = answersKey($prefs.get());
  // Still the same answers (enrichment of the current phone may have added non-scoring details).
  const current = () => answersKey($prefs.get()) === key && onResultsStep();
  try {
    const prefs = $prefs.get();
    const { recommendations, encoded } = await recommendationsFor(prefs);
    if (!current()) return;
    saveResults($prefs.get(), recommendations);
    $results.set({ status: 'ready', recommendations });
    syncUrl(encoded);
  } catch (err) {
    console.error('Could not compute recommendations', err);
    if (current()) $results.set({ status: 'error' });
  }
}

/** Leaves the results step: the recommendations and the shared-link parameter are dropped. */
export function leaveResults(): void {
  $results.set({ status: 'idle' });
  syncUrl(null);
}
