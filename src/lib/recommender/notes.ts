/**
 * The notes on a recommendation: the asks it does not meet that nothing within the budget (or of the
 * chosen OS or brand) meets either, in words. Pure; client-safe.
 */
import { BATTERY_CLASS_MAH } from '../catalogue/classes';
import type { AdvancedFeature } from '../catalogue/enums';
import { budgetDollars, PRICE_RANGE_LABELS } from './budget';
import { maxSpendCad } from './candidates';
import { formatPrice } from './format';
import { phonePriceLabel } from './price-label';
import { cap } from './phone-text';
import type { OsPreference, Preferences } from './preferences';
import { optionLabel } from './questions';
import { budgetBand } from './ranking';
import { covered, needsOf } from './reasons';
import type { AskNote, Criterion, Recommendation } from './recommendation';

/** How a visitor's OS choice names phones: 'iPhone', 'Samsung phone', 'Android phone'... */
function osPhrase(os: OsPreference | undefined): string {
  switch (os) {
    case 'ios':
      return 'iPhone';
    case 'android_samsung':
      return 'Samsung phone';
    case 'android_google':
      return 'Pixel';
    case 'android':
      return 'Android phone';
    default:
      return 'phone';
  }
}

/** What each ask needs, in words, for the notes ('a telephoto (zoom) camera'). */
function askText(criterion: Criterion, prefs: Preferences): string | null {
  switch (criterion) {
    case 'cameraQuality':
      return prefs.cameraQuality === 'professional'
        ? 'a telephoto (zoom) camera'
        : prefs.cameraQuality === 'good'
          ? 'a main and an ultrawide camera'
          : null;
    case 'batteryLife':
      return prefs.batteryLife === 'maximum' || prefs.batteryLife === 'extended'
        ? `a battery of ${BATTERY_CLASS_MAH[prefs.batteryLife].toLocaleString('en-US')} mAh or more`
        : null;
    case 'primaryUse':
      return prefs.primaryUse === 'productivity'
        ? 'a fast chip for work'
        : prefs.primaryUse === 'content'
          ? 'a telephoto camera for photo and video work'
          : prefs.primaryUse === 'entertainment'
            ? 'a large screen with a long battery'
            : 'an all-day battery';
    case 'screenSize':
      return prefs.screenSize === 'small'
        ? 'a compact screen (under 6 inches)'
        : prefs.screenSize === 'medium'
          ? 'a screen of 6 to 6.4 inches'
          : 'a screen of 6.5 inches or more';
    case 'storage':
      return prefs.storage ? `${optionLabel('storage', prefs.storage)} of storage` : null;
    case 'processorSpeed':
      return prefs.processorSpeed === 'premium' ? 'a top-tier chip' : 'a fast chip';
    case 'advancedFeatures': {
      const names: Record<AdvancedFeature, string> = {
        standard: 'nothing special',
        ai: 'AI features',
        foldable: 'a foldable design',
        ar: 'a depth (LiDAR) scanner',
      };
      return prefs.advancedFeatures ? names[prefs.advancedFeatures] : null;
    }
    case 'environment':
      return prefs.environment === 'work'
        ? 'a fast chip for the workday'
        : 'a bigger battery for days away from a plug';
    default:
      return null;
  }
}

/**
 * The notes of a recommendation: each ask it does not meet in full that no candidate within budget
 * meets either, naming the cheapest phone that does ('budget') or saying that no phone of the chosen
 * OS or brand does ('platform'); and, when nothing of the chosen kind is within budget, that too.
 */
export function notesFor(rec: Recommendation, candidates: readonly Recommendation[], prefs: Preferences): AskNote[] {
  const notes: AskNote[] = [];
  const said = new Set<string>();
  const max = maxSpendCad(prefs);
  const kind = osPhrase(prefs.os);
  if (prefs.budget && rec.phone.price > max && !candidates.some((c) => c.phone.price <= max)) {
    const readout =
      prefs.budgetValue !== undefined
        ? formatPrice(budgetDollars(prefs.budgetValue))
        : PRICE_RANGE_LABELS[prefs.budget];
    notes.push({
      criterion: 'budget',
      kind: 'platform',
      text: `No ${kind} we list costs ${readout} or less: this is one of the closest in price.`,
    });
  }
  if (prefs.budget && Number.isFinite(max) && rec.phone.price > max && budgetBand(rec.phone, prefs) === 0)
    notes.push({
      criterion: 'budget',
      kind: 'budget',
      text: `${formatPrice(rec.phone.price - max)} over what you would spend: the budget edge is a slope, not a cliff, and it beats what is within budget.`,
    });
  for (const row of rec.working) {
    if (row.points >= row.max || row.criterion === 'budget' || row.criterion === 'os' || row.criterion === 'updates')
      continue;
    if (row.rule.startsWith('not answered')) continue;
    const ask = askText(row.criterion, prefs);
    // One note per need: photos need the telephoto a 'Professional' camera answer already asked for.
    const needs = needsOf(row.criterion, prefs);
    if (!ask || covered(needs, said)) continue;
    for (const n of needs) said.add(n);
    const meeting = candidates
      .filter((c) => c.working.some((w) => w.criterion === row.criterion && w.points >= w.max))
      .map((c) => c.phone)
      .sort((a, b) => a.price - b.price);
    const cheapest = meeting[0];
    if (!cheapest) notes.push({ criterion: row.criterion, kind: 'platform', text: `No ${kind} we sell has ${ask}.` });
    else if (cheapest.price > max)
      notes.push({
        criterion: row.criterion,
        kind: 'budget',
        text: `${cap(ask)} needs a bigger budget: the cheapest ${kind} with it is the ${cheapest.brand} ${cheapest.model} at ${phonePriceLabel(cheapest)}.`,
      });
  }
  return notes;
}
