/**
 * Canadian prices -> what the recommender shows and scores: the price tier, the '$' on cards, the
 * budget slider's tier, and each phone's availability from the same table. Pure; client-safe.
 * Why these boundaries: docs/recommender.md, "Canadian prices and tiers".
 */
import type { PriceRange } from './enums';
import type { Availability } from './schema';
import { usdText } from './us-launch';

/** Tier boundaries in Canadian dollars: budget below $600, midrange $600-$999.99, premium from $1,000. */
export const PRICE_TIER_FROM_CAD = { midrange: 600, premium: 1000 } as const;

/** Readable dollar range of each tier, in the words shown next to the budget slider. */
export const PRICE_TIER_LABELS: Record<PriceRange, string> = {
  budget: 'up to $599',
  midrange: '$600-$999',
  premium: '$1,000+',
};

/** Highest price (CAD) inside a tier; Infinity for premium. */
export const PRICE_TIER_MAX_CAD: Record<PriceRange, number> = {
  budget: PRICE_TIER_FROM_CAD.midrange - 0.01,
  midrange: PRICE_TIER_FROM_CAD.premium - 0.01,
  premium: Number.POSITIVE_INFINITY,
};

/** The tier of a price in Canadian dollars. */
export function priceTier(cad: number): PriceRange {
  if (cad >= PRICE_TIER_FROM_CAD.premium) return 'premium';
  if (cad >= PRICE_TIER_FROM_CAD.midrange) return 'midrange';
  return 'budget';
}

/** The Canadian price facts of a phone (see `phonePricingSchema`). */
export interface PhonePricing {
  /** Launch price in CAD for the base storage. */
  launchCad: number;
  /** 'YYYY-MM' of the launch price. */
  launchDate: string;
  /** Where the launch figure comes from, in words (required). */
  launchSource: string;
  /** The maker's later Canadian price, or null. */
  currentCad: number | null;
  currentDate: string | null;
  currentSource: string | null;
  /** True when the figure is a conversion (phone not sold in Canada), shown as 'about $…'. */
  estimated: boolean;
  /**
   * Set when no Canadian price was found: the US launch price it was converted from. The launch CAD
   * figure is then that conversion, used for ranking only; absent or null otherwise.
   */
  usLaunch?: UsLaunchPrice | null;
}

/** The price shown and used for the tier: the current price when known, else the launch price. */
export function shownPriceCad(p: Pick<PhonePricing, 'launchCad' | 'currentCad'>): number {
  return p.currentCad ?? p.launchCad;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM' -> 'Sep 2024' (the text as given when it is not of that form). */
export function monthYear(yyyymm: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(yyyymm);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${m[1]}` : yyyymm;
}

const STORES: Record<string, string> = {
  Apple: 'Apple Canada',
  Samsung: 'Samsung Canada',
  Google: 'Google Store Canada',
  Motorola: 'Motorola Canada',
  OnePlus: 'OnePlus Canada',
};

/**
 * How a launch price was established (src/content/phones/README.md): 'unconfirmed' when no Canadian
 * price was found: the maker's US launch price is recorded with its source, and its conversion is
 * used for ranking only, never shown as a Canadian price (docs/recommender.md, "Canadian price not
 * confirmed").
 */
export const PRICE_BASES = ['store', 'reported', 'approximate', 'converted', 'unconfirmed'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

/** The maker's US launch price of a phone whose Canadian price is not confirmed. */
export interface UsLaunchPrice {
  usd: number;
  /** 'YYYY-MM' of the US launch price. */
  month: string;
  /** Where the US price comes from (the page and its date). */
  source: string;
}

/** One row of the CAD price table (src/data/phones/prices-cad.ts), as written there. */
export interface CadPriceRowInput {
  launch: readonly [number, string, PriceBasis, number?, number?];
  current?: readonly [number, string, string];
  /** On sale new in Canada: ['YYYY-MM' of the lineup check, source]. */
  sold?: readonly [string, string];
  /** No longer sold new: ['YYYY-MM' it left the maker's Canadian store, source]. */
  ended?: readonly [string, string];
  /** Sold new in Canada NOT confirmed: ['YYYY-MM' the report was read, what it says and where]. */
  unconfirmed?: readonly [string, string];
  /** For basis 'unconfirmed': where the US launch price comes from. */
  usSource?: string;
  /** For basis 'unconfirmed': where the CAD per USD ratio of the estimate comes from. */
  rateSource?: string;
  /** The id of the phone this one succeeds. */
  replaces?: string;
}

/** Builds the price facts of a phone from its row in the CAD price table, writing the source text. */
export function pricingFromRow(brand: string, row: CadPriceRowInput): PhonePricing {
  const [cad, date, basis, usd, rate] = row.launch;
  const store = STORES[brand] ?? `${brand} Canada`;
  const when = monthYear(date);
  const launchSource =
    basis === 'store'
      ? `${store} launch price, ${when}`
      : basis === 'reported'
        ? `${store} launch price as reported at launch, ${when} (not re-checked against the maker's archive)`
        : basis === 'approximate'
          ? `About the ${store} launch price, ${when}: from launch coverage, not verified against the maker (check the store)`
          : basis === 'unconfirmed'
            ? `Canadian price not confirmed: US launch price ${usdText(usd ?? 0)} (${when}; ${row.usSource ?? 'source missing'}). Ranked as about $${Math.round(cad).toLocaleString('en-CA')}: that price times ${rate ?? '?'}, ${row.rateSource ?? 'source missing'}`
            : `Estimate: not sold in Canada; US launch price US$${usd ?? '?'} at ${rate ?? '?'} CAD per USD, ${when}`;
  return {
    launchCad: cad,
    launchDate: date,
    launchSource,
    currentCad: row.current?.[0] ?? null,
    currentDate: row.current?.[1] ?? null,
    currentSource: row.current?.[2] ?? null,
    estimated: (basis === 'converted' || basis === 'approximate' || basis === 'unconfirmed') && !row.current,
    ...(basis === 'unconfirmed'
      ? { usLaunch: { usd: usd ?? 0, month: date, source: row.usSource ?? 'source missing' } }
      : {}),
  };
}

/**
 * A phone's availability from its row in the CAD price table: `sold` or `ended` when the row says;
 * otherwise (older models only, see the build) discontinued by age, with no date.
 */
export function availabilityFromRow(row: CadPriceRowInput, year: number): Availability {
  if (row.sold) return { status: 'sold', date: row.sold[0], source: row.sold[1] };
  if (row.unconfirmed)
    return { status: 'sold', date: row.unconfirmed[0], source: row.unconfirmed[1], confirmed: false };
  if (row.ended) return { status: 'discontinued', date: row.ended[0], source: row.ended[1] };
  return availabilityByAge(year);
}

/** An older model known to be gone only from its age: discontinued, with no date. */
export function availabilityByAge(year: number): Availability {
  return {
    status: 'discontinued',
    date: null,
    source: `A ${year} model, replaced by newer ones: no longer sold new by its maker in Canada`,
  };
}
