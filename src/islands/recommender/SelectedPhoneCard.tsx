/**
 * The phone chosen on the current-phone step (docs/recommender.md#screens): image, tier, OS, year,
 * camera, battery, storage, performance, and the button that continues. Loaded on demand by
 * CurrentPhoneStep.
 */
import { PRICE_RANGE_NAMES } from '../../lib/recommender/budget';
import { CURRENT_PHONE_SEARCH } from '../../lib/recommender/questions';
import type { CurrentPhoneCard } from '../../lib/recommender/ui/currentPhone';
import { CAMERA_CLASS_NAMES, PROCESSOR_CLASS_NAMES } from '../../lib/catalogue/enums';
import { capitalise, osLabel } from '../../lib/recommender/ui/display';
import { goNext } from '../../stores/recommender';
import { Icon } from './Icon';
import { PhoneImage } from './PhoneImage';

export default function SelectedPhoneCard({ card }: { card: CurrentPhoneCard }) {
  const rows: [string, string][] = [
    ['Price tier', PRICE_RANGE_NAMES[card.priceRange]],
    ['OS', osLabel(card.os)],
    ['Released', String(card.year)],
    ['Camera', card.cameraQuality ? CAMERA_CLASS_NAMES[card.cameraQuality] : 'Unknown'],
    ['Battery', card.batteryLife ? capitalise(card.batteryLife) : 'Unknown'],
    ['Storage', card.storage ? card.storage.toUpperCase().replace(/(\d)([GT]B)/, '$1 $2') : 'Unknown'],
    ['Performance', card.processorSpeed ? PROCESSOR_CLASS_NAMES[card.processorSpeed] : 'Unknown'],
  ];
  return (
    <section
      className="rounded-2xl border border-brand-300 bg-brand-50/60 p-4 shadow-sm dark:border-brand-700 dark:bg-brand-700/10 sm:p-5"
      aria-labelledby="selected-phone-title"
      data-testid="selected-phone"
    >
      <div className="flex gap-4">
        <PhoneImage src={card.image} alt={card.name} className="h-28 w-20 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">Your phone</p>
          <h3 id="selected-phone-title" className="text-lg font-bold">
            {card.name}
          </h3>
          {card.estimated ? (
            <p className="text-xs text-muted">Not in our catalogue: details are estimated from the name.</p>
          ) : null}
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-3">
            {rows.map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs text-muted">{k}</dt>
                <dd className="font-medium">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <button type="button" className="btn-primary mt-4 w-full sm:w-auto" onClick={goNext}>
        {CURRENT_PHONE_SEARCH.continueLabel}
        <Icon name="right" className="h-4 w-4" />
      </button>
    </section>
  );
}
