/**
 * The engine's answer: the top picks for a set of answers on a given day, with their notes, and, when
 * the visitor searched for their own phone, the upgrade check and one verdict per pick. Pure;
 * client-safe: the results step loads it on demand, and the recommendations endpoint and mail use it.
 */
import type { Phone } from '../catalogue/schema';
import { maxSpendCad } from './candidates';
import { notesFor } from './notes';
import { usableCurrentPhone, type Preferences } from './preferences';
import { rankPhones } from './ranking';
import { todayOf, type EngineOptions, type Recommendation } from './recommendation';
import { SCORING } from './scoring';
import { resolvePhone } from './search';
import { cannotCompare, checkUpgrade } from './upgrade';

/**
 * The visitor's own phone when they searched for it and it is in `phones` (the whole catalogue, not
 * only recommendable phones), else null.
 */
export function currentCataloguePhone(phones: readonly Phone[], prefs: Preferences): Phone | null {
  const text = prefs.searchedForCurrentPhone ? usableCurrentPhone(prefs) : null;
  return text ? (resolvePhone(phones, text)?.phone ?? null) : null;
}

/**
 * The recommendations for a set of answers on `today`: the top 2 (SCORING.topCount) of `rankPhones`,
 * each with the notes on asks nothing within budget can meet. `phones` is the whole catalogue (PHONES,
 * or the same list from /phone-recommender/phones.json).
 *
 * When the visitor searched for their phone, each pick carries the upgrade check and one verdict:
 * - not in the catalogue: 'cannot-compare' (the plain ranking; nothing is called an upgrade);
 * - real upgrades within budget exist: 'upgrade', and only they are suggested;
 * - none, and the phone no longer gets OS updates: 'replace', the best matches (it never "still fits");
 * - none, and it still gets updates: 'still-fits', the best real upgrades at any price (or, if nothing
 *   beats the phone at all, the best matches), each marked `stillFits`.
 */
export function recommend(
  phones: readonly Phone[],
  prefs: Preferences,
  options: EngineOptions & { count?: number } = {},
): Recommendation[] {
  const today = todayOf(options);
  const count = options.count ?? SCORING.topCount;
  const ranked = rankPhones(phones, prefs, { today });
  const withNotes = (recs: Recommendation[]) =>
    recs.slice(0, count).map((r) => ({ ...r, notes: notesFor(r, ranked, prefs) }));
  const searched = prefs.searchedForCurrentPhone ? usableCurrentPhone(prefs) : null;
  if (!searched) return withNotes(ranked);
  const maxCad = maxSpendCad(prefs);
  const current = currentCataloguePhone(phones, prefs);
  // An upgrade within the budget's slope (up to 10% over) is within reach; its card says how much over.
  const reachCad = maxCad * (1 + SCORING.nearShare);
  if (!current) return withNotes(ranked.map((r) => ({ ...r, upgrade: cannotCompare(searched, r.phone, reachCad) })));
  const checked = ranked.map((r) => ({ ...r, upgrade: checkUpgrade(current, r.phone, prefs, reachCad, today) }));
  const real = checked.filter((r) => r.upgrade.isUpgrade && r.upgrade.inBudget);
  if (real.length) return withNotes(real);
  const mark = (recs: Recommendation[], verdict: 'replace' | 'still-fits') =>
    withNotes(recs).map((r) => ({ ...r, upgrade: { ...r.upgrade!, verdict, stillFits: verdict === 'still-fits' } }));
  if (checked[0]?.upgrade.updatesEnded) return mark(checked, 'replace');
  const upgrades = checked.filter((r) => r.upgrade.isUpgrade);
  return mark(upgrades.length ? upgrades : checked, 'still-fits');
}
