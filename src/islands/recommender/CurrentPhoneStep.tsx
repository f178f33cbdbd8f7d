import { useAtom } from './useAtom';
import { useId } from 'react';
import type { CurrentPhoneQuickValue, Preferences } from '../../lib/recommender/preferences';
import { CURRENT_PHONE_SEARCH, type Question } from '../../lib/recommender/questions';
import { PRICE_RANGE_NAMES } from '../../lib/recommender/budget';
import type { CurrentPhoneCard } from '../../lib/recommender-ui/currentPhone';
import { capitalise, osLabel } from '../../lib/recommender-ui/display';
import {
  $advancing,
  $currentPhone,
  $search,
  clearSearch,
  goNext,
  pickQuickPhone,
  pickSearchResult,
  setQuery,
  setSearchOpen,
  submitSearch,
} from '../../stores/recommender';
import { Icon } from './Icon';
import { OptionCards } from './OptionCards';
import { PhoneImage } from './PhoneImage';
import { PhoneSearch } from './PhoneSearch';

interface Props {
  question: Question;
  prefs: Preferences;
  headingId: string;
}

/** Current-phone step (docs/recommender.md#screens): search and dropdown, the chosen phone's card, quick answers. */
export function CurrentPhoneStep({ question, prefs, headingId }: Props) {
  const search = useAtom($search);
  const card = useAtom($currentPhone);
  const advancing = useAtom($advancing);
  const id = useId();
  const quickValue = prefs.searchedForCurrentPhone ? undefined : prefs.currentPhone;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <PhoneSearch
          query={search.query}
          results={search.results}
          status={search.status}
          open={search.open}
          onQueryChange={setQuery}
          onOpenChange={setSearchOpen}
          onPick={pickSearchResult}
          onSubmit={submitSearch}
          onClear={clearSearch}
          describedBy={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-sm text-muted">
          {CURRENT_PHONE_SEARCH.hint}
        </p>
      </div>

      {card && prefs.currentPhone === card.name ? <SelectedPhoneCard card={card} /> : null}

      <div className="grid gap-3">
        <div className="flex items-center gap-3 text-sm text-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-[var(--line)]" />
          or pick the closest
          <span className="h-px flex-1 bg-[var(--line)]" />
        </div>
        <p id={`${id}-quick`} className="sr-only">
          Or pick the closest option
        </p>
        <OptionCards
          labelledBy={`${headingId} ${id}-quick`}
          options={question.options}
          value={quickValue}
          disabled={advancing}
          columns={3}
          onSelect={(value, commit) => pickQuickPhone(value as CurrentPhoneQuickValue, commit)}
        />
      </div>
    </div>
  );
}

/** The selected phone: image, tier, OS, year, camera, battery, storage, performance. */
function SelectedPhoneCard({ card }: { card: CurrentPhoneCard }) {
  const rows: [string, string][] = [
    ['Price tier', PRICE_RANGE_NAMES[card.priceRange]],
    ['OS', osLabel(card.os)],
    ['Released', String(card.year)],
    ['Camera', card.cameraQuality ? capitalise(card.cameraQuality) : 'Unknown'],
    ['Battery', card.batteryLife ? capitalise(card.batteryLife) : 'Unknown'],
    ['Storage', card.storage ? card.storage.toUpperCase().replace(/(\d)([GT]B)/, '$1 $2') : 'Unknown'],
    ['Performance', card.processorSpeed ? capitalise(card.processorSpeed) : 'Unknown'],
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
