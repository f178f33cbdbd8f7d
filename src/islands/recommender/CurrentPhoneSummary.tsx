import { isQuickCurrentPhone, type Preferences } from '../../lib/recommender/preferences';
import { CURRENT_PHONE_PLACEHOLDER_NAMES } from '../../lib/recommender/questions';
import type { CurrentPhoneCard } from '../../lib/recommender/ui/currentPhone';
import { osLabel } from '../../lib/recommender/ui/display';
import { Icon } from './Icon';
import { PhoneImage } from './PhoneImage';

interface Props {
  prefs: Preferences;
  card: CurrentPhoneCard | null;
}

/**
 * Current phone summary (docs/recommender.md#screens): the searched phone, a placeholder with the name of a generic
 * choice ('Feature Phone' for basic, 'First Smartphone' for none), or 'No Phone Selected'.
 */
export function CurrentPhoneSummary({ prefs, card }: Props) {
  const value = prefs.currentPhone;
  if (card && value === card.name) {
    return (
      <div className="flex items-center gap-3 rounded-2xl bg-surface-2 p-3" data-testid="current-phone-summary">
        <PhoneImage src={card.image} alt={card.name} className="h-14 w-10" />
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-muted">Current phone</p>
          <p className="truncate font-semibold">{card.name}</p>
          <p className="text-xs text-muted">
            {card.year} · {osLabel(card.os)}
          </p>
        </div>
      </div>
    );
  }
  if (value && isQuickCurrentPhone(value)) {
    return (
      <div className="flex items-center gap-3 rounded-2xl bg-surface-2 p-3" data-testid="current-phone-summary">
        <span className="flex h-14 w-10 items-center justify-center rounded-xl bg-surface text-muted ring-1 ring-[var(--line)]">
          <Icon name="phone" className="h-6 w-6" />
        </span>
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-muted">Current phone</p>
          <p className="font-semibold">{CURRENT_PHONE_PLACEHOLDER_NAMES[value]}</p>
        </div>
      </div>
    );
  }
  if (value) {
    return (
      <div className="rounded-2xl bg-surface-2 p-3" data-testid="current-phone-summary">
        <p className="text-xs font-medium uppercase tracking-wide text-muted">Current phone</p>
        <p className="font-semibold">{value}</p>
      </div>
    );
  }
  return (
    <div className="rounded-2xl border border-dashed border-line p-3" data-testid="current-phone-summary">
      <p className="font-semibold">No Phone Selected</p>
      <p className="mt-1 text-sm text-muted">
        Enter your current phone model to see how it compares to our recommendations.
      </p>
    </div>
  );
}
