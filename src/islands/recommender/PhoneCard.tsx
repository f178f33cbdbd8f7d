import { useId, useRef, useState } from 'react';
import type { Phone } from '../../lib/catalogue/schema';
import { PRICE_RANGE_NAMES } from '../../lib/recommender/budget';
import { availabilityLabel } from '../../lib/catalogue/availability';
import { factFreshness, priceCheckLabel } from '../../lib/catalogue/freshness';
import { priceUnconfirmed, usdText } from '../../lib/catalogue/us-launch';
import { updatesLabel } from '../../lib/catalogue/updates';
import { UNKNOWN } from '../../lib/recommender/format';
import { phonePriceLabel } from '../../lib/recommender/price-label';
import { osLabel } from '../../lib/recommender/ui/display';
import { phoneSpecRows } from '../../lib/recommender/ui/specRows';
import { Icon } from './Icon';
import { RESULT_ICONS } from './resultIcons';
import { PhoneImage } from './PhoneImage';

interface Props {
  phone: Phone;
  /** Compact variant: image, tier, price, its source and availability only. */
  compact?: boolean;
}

export function TierBadge({ tier }: { tier: string | null | undefined }) {
  const tone =
    tier === 'premium'
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200'
      : tier === 'budget'
        ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200'
        : 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200';
  return (
    <span className={`badge ${tone}`}>
      {tier && tier in PRICE_RANGE_NAMES ? PRICE_RANGE_NAMES[tier as keyof typeof PRICE_RANGE_NAMES] : UNKNOWN}
    </span>
  );
}

export function OsBadge({ os }: { os: string | null | undefined }) {
  return <span className="badge bg-surface-2 text-fg ring-1 ring-inset ring-[var(--line)]">{osLabel(os)}</span>;
}

/**
 * A phone as a flip card (docs/recommender.md#screens). Front: image, tier, OS, price, first 3 features.
 * Back: the twelve spec rows. One toggle button (state exposed with aria-expanded and announced in a
 * live region) turns it; clicking the front also turns it.
 */
export function PhoneCard({ phone, compact = false }: Props) {
  const [flipped, setFlipped] = useState(false);
  const touched = useRef(false);
  const id = useId();
  const name = `${phone.brand} ${phone.model}`;
  // Availability and update support are stated for the day the visitor reads them.
  const today = new Date();

  if (compact) {
    return (
      <div className="flex max-w-[17rem] items-start gap-3" data-testid="phone-card-compact">
        <PhoneImage src={phone.image} alt={name} className="h-16 w-12 shrink-0" />
        <div className="grid min-w-0 justify-items-start gap-1">
          <TierBadge tier={phone.priceRange} />
          <span className="text-sm font-semibold tabular-nums">
            <PriceShown phone={phone} />
          </span>
          <PriceFacts phone={phone} today={today} />
        </div>
      </div>
    );
  }

  const toggle = () => {
    touched.current = true;
    setFlipped((f) => !f);
  };
  const initial = touched.current ? undefined : '';
  return (
    <div
      className="@container flex flex-col rounded-2xl border border-line bg-surface-2/40"
      role="group"
      aria-roledescription="flip card"
      aria-label={name}
      data-testid="phone-card"
    >
      {flipped ? (
        <div key="back" id={`${id}-back`} className="flip-face p-4 sm:p-5" data-initial={initial}>
          <p className="text-sm font-semibold text-fg">{name}: specifications</p>
          <dl className="mt-3 divide-y divide-[var(--line)] text-sm">
            {phoneSpecRows(phone, updatesLabel(phone.updates, today)).map((row) => (
              <div key={row.label} className="grid grid-cols-[6.5rem_1fr] gap-3 py-2 @md:grid-cols-[8.5rem_1fr]">
                <dt className="font-medium text-muted">{row.label}</dt>
                <dd className="text-fg">{row.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        // The Details button below is the keyboard path; a click anywhere on the face is a pointer shortcut.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <div
          key="front"
          className="flip-face grid cursor-pointer gap-4 p-4 @sm:grid-cols-[auto_1fr] @sm:p-5"
          data-initial={initial}
          onClick={toggle}
        >
          <PhoneImage src={phone.image} alt={name} className="mx-auto h-40 w-24 sm:h-44" />
          <div className="grid content-start gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <TierBadge tier={phone.priceRange} />
              <OsBadge os={phone.os} />
              <span className="text-xs text-muted">{phone.year}</span>
            </div>
            <div>
              <p className="text-2xl font-bold tabular-nums text-fg" data-testid="phone-price">
                <PriceShown phone={phone} />
              </p>
              <PriceFacts phone={phone} today={today} />
            </div>
            {phone.features.length ? (
              <ul className="grid gap-1.5 text-sm text-muted" aria-label="Key features">
                {phone.features.slice(0, 3).map((f) => (
                  <li key={f.label} className="flex items-start gap-2">
                    <Icon path={RESULT_ICONS.sparkle} className="mt-0.5 h-4 w-4 shrink-0 text-brand-500" />
                    <span>{f.label}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      )}
      <div className="mt-auto border-t border-line p-2">
        <button
          type="button"
          onClick={toggle}
          aria-expanded={flipped}
          aria-controls={flipped ? `${id}-back` : undefined}
          className="btn-ghost w-full text-brand-700 dark:text-brand-300"
        >
          <Icon path={RESULT_ICONS.flip} className="h-4 w-4" />
          {flipped ? 'Back to Phone' : 'Tap for Specs'}
        </button>
        <p className="sr-only" aria-live="polite">
          {touched.current ? (flipped ? `Showing specifications of ${name}` : `Showing ${name}`) : ''}
        </p>
      </div>
    </div>
  );
}

/**
 * The price in Canadian dollars; when no Canadian price was found, the maker's US launch price,
 * labelled as such (its conversion is never shown as a Canadian price on the card).
 */
function PriceShown({ phone }: { phone: Phone }) {
  const us = phone.pricing.usLaunch;
  if (us && priceUnconfirmed(phone.pricing))
    return (
      <>
        {usdText(us.usd)} <span className="text-sm font-medium text-muted">US launch price</span>
      </>
    );
  return (
    <>
      {phonePriceLabel(phone)} <span className="text-sm font-medium text-muted">CAD</span>
    </>
  );
}

/** The dated source of the price shown, and whether the phone is sold new in Canada. */
function PriceFacts({ phone, today }: { phone: Phone; today: Date }) {
  return (
    <>
      <p className="text-xs text-muted" data-testid="price-source">
        {phone.pricing.currentSource ?? phone.pricing.launchSource}
      </p>
      <p
        className={`text-xs font-medium ${factFreshness(phone, today).priceFresh ? 'text-muted' : 'text-amber-800 dark:text-amber-200'}`}
        data-testid="price-checked"
      >
        {priceCheckLabel(phone, today)}
      </p>
      <p className="text-xs font-medium text-fg" data-testid="availability">
        {availabilityLabel(phone.availability, today)}
      </p>
    </>
  );
}
