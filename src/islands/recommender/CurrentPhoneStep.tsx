import { useAtom } from './useAtom';
import { lazy, Suspense, useEffect, useId } from 'react';
import type { CurrentPhoneQuickValue, Preferences } from '../../lib/recommender/preferences';
import { CURRENT_PHONE_SEARCH, type Question } from '../../lib/recommender/questions';
import {
  $advancing,
  $currentPhone,
  $search,
  clearSearch,
  pickQuickPhone,
  pickSearchResult,
  setQuery,
  setSearchOpen,
  submitSearch,
} from '../../stores/recommender';
import { OptionCards } from './OptionCards';
import { PhoneSearch } from './PhoneSearch';

// The chosen phone's card exists only once a phone is picked, which needs the phone's details from
// the server anyway: it loads with them (preloaded as soon as the visitor searches), not with the
// wizard's start-up script, which has a size budget (docs/performance.md).
const loadSelectedPhoneCard = () => import('./SelectedPhoneCard');
const SelectedPhoneCard = lazy(loadSelectedPhoneCard);

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
  const searching = search.query.trim() !== '' || card !== null;
  useEffect(() => {
    if (searching) void loadSelectedPhoneCard();
  }, [searching]);
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

      {card && prefs.currentPhone === card.name ? (
        <Suspense fallback={null}>
          <SelectedPhoneCard card={card} />
        </Suspense>
      ) : null}

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
