/**
 * Software updates: how long each phone gets new OS versions and security fixes, from its maker's
 * published policy, counted from the phone's launch month. It replaces a flat "Apple 5 years, Samsung
 * and Google 3, others 2", which was years out of date (Google and Samsung promise 7 years for their
 * recent flagships, Samsung 6 OS upgrades for its 2025 A series). Rules and sources:
 * docs/recommender.md, "Software updates". Pure; client-safe.
 */
import { addMonths, monthsBetween, yearMonthOf } from './dates';
import { monthYear } from './pricing';

/** One maker policy: the phones it covers and how many years of updates it promises. */
export interface UpdatePolicy {
  brand: string;
  /** Matches the model names the policy covers. */
  models: RegExp;
  /** Years of new OS versions from launch (N OS upgrades ≈ N years: one major version a year). */
  osYears: number;
  /** Years of security fixes from launch; null when the maker publishes no figure. */
  securityYears: number | null;
  /** The policy in words, with its source. */
  policy: string;
  /** True when the figure is our estimate from the maker's history, not a published promise. */
  estimate: boolean;
}

/**
 * The policies, first match wins. Figures are the makers' published policies as announced (Google's
 * Pixel help page, Samsung's Galaxy launch announcements, OnePlus and Motorola launch announcements);
 * Apple publishes none, so its figure is an estimate from history.
 */
export const UPDATE_POLICIES: readonly UpdatePolicy[] = [
  {
    brand: 'Apple',
    models: /./,
    osYears: 6,
    securityYears: null,
    policy:
      'Apple publishes no update policy; recent iPhones got new iOS versions for about 6 years after launch (our estimate from history)',
    estimate: true,
  },
  {
    brand: 'Google',
    models: /^Pixel (8|9|10)/,
    osYears: 7,
    securityYears: 7,
    policy: "Google's policy for the Pixel 8 and later: 7 years of Android and security updates",
    estimate: false,
  },
  {
    brand: 'Google',
    models: /^Pixel (6|7)|^Pixel Fold$/,
    osYears: 5,
    securityYears: 5,
    policy:
      'Google extended the Pixel 6 and 7 series and the Pixel Fold to 5 years of updates (as reported; launched with 3 years of Android versions)',
    estimate: false,
  },
  {
    brand: 'Google',
    models: /./,
    osYears: 3,
    securityYears: 3,
    policy: "Google's policy for the Pixel 5a and earlier: 3 years of Android and security updates",
    estimate: false,
  },
  {
    brand: 'Samsung',
    models: /^Galaxy S26/,
    osYears: 7,
    securityYears: 7,
    policy:
      "Samsung's policy for the Galaxy S26 family as reported at its launch (Feb 2026): 7 OS upgrades and 7 years of security updates",
    estimate: false,
  },
  {
    brand: 'Samsung',
    models: /^Galaxy (S24|S25|Z Fold[67]|Z Flip[67])/,
    osYears: 7,
    securityYears: 7,
    policy: "Samsung's policy for the Galaxy S24 and later flagships: 7 years of OS upgrades and security updates",
    estimate: false,
  },
  {
    brand: 'Samsung',
    models: /^Galaxy A(16|26|36|56) /,
    osYears: 6,
    securityYears: 6,
    policy: "Samsung's policy for the Galaxy A16 5G, A26, A36 and A56: 6 OS upgrades and 6 years of security updates",
    estimate: false,
  },
  {
    brand: 'Samsung',
    models: /^Galaxy (S21|S22|S23|Z Fold[345]|Z Flip[345]|A(15|25|35|55|54) )/,
    osYears: 4,
    securityYears: 5,
    policy:
      "Samsung's policy for the Galaxy S21 to S23 families, Z Fold3-5, Z Flip3-5 and the A15 to A55: 4 OS upgrades and 5 years of security updates",
    estimate: false,
  },
  {
    brand: 'Samsung',
    models: /^Galaxy (S20|S10|Note10|Note20)/,
    osYears: 3,
    securityYears: 4,
    policy:
      "Samsung's policy for the Galaxy S10, S20, Note10 and Note20: 3 OS upgrades and 4 years of security updates",
    estimate: false,
  },
  {
    brand: 'Samsung',
    models: /./,
    osYears: 2,
    securityYears: 4,
    policy:
      "Samsung's policy for older Galaxy phones (S9, Note9) and the A14 5G: 2 OS upgrades and 4 years of security updates",
    estimate: false,
  },
  {
    brand: 'Motorola',
    models: /^moto g/,
    osYears: 2,
    securityYears: 3,
    policy:
      "Motorola's policy for the moto g (2025) series as reported at launch: 2 Android upgrades and 3 years of security updates (not verified for the Canadian models)",
    estimate: false,
  },
  {
    brand: 'Motorola',
    models: /./,
    osYears: 3,
    securityYears: 4,
    policy:
      "Motorola's policy for the 2025 razr and edge as reported at launch: 3 Android upgrades and 4 years of security updates",
    estimate: false,
  },
  {
    brand: 'OnePlus',
    models: /./,
    osYears: 4,
    securityYears: 6,
    policy: "OnePlus's policy for the 13 and 13R: 4 Android upgrades and 6 years of security updates",
    estimate: false,
  },
];

/** A phone's update support: until when it gets OS versions and security fixes, and the policy. */
export interface PhoneUpdates {
  /** 'YYYY-MM' until which new OS versions come (launch month + the policy's years). */
  osUntil: string;
  /** 'YYYY-MM' until which security fixes come, or null when the maker publishes no figure. */
  securityUntil: string | null;
  policy: string;
  estimate: boolean;
}

/** The policy covering a phone, or null when no policy of its brand matches. */
export function updatePolicyFor(brand: string, model: string): UpdatePolicy | null {
  return UPDATE_POLICIES.find((p) => p.brand === brand && p.models.test(model)) ?? null;
}

/** The update support of a phone launched in `launchMonth` ('YYYY-MM'), or null without a policy. */
export function phoneUpdates(brand: string, model: string, launchMonth: string): PhoneUpdates | null {
  const p = updatePolicyFor(brand, model);
  if (!p) return null;
  return {
    osUntil: addMonths(launchMonth, p.osYears * 12),
    securityUntil: p.securityYears === null ? null : addMonths(launchMonth, p.securityYears * 12),
    policy: p.policy,
    estimate: p.estimate,
  };
}

/**
 * Years of new OS versions a phone still has ahead on `today` (0 when they have ended), to the
 * month: 3.5 means three and a half years.
 */
export function osYearsLeft(updates: Pick<PhoneUpdates, 'osUntil'>, today: Date): number {
  return Math.max(0, monthsBetween(yearMonthOf(today), updates.osUntil) / 12);
}

/** True when a phone no longer gets new OS versions on `today`. */
export function outOfOsUpdates(updates: Pick<PhoneUpdates, 'osUntil'>, today: Date): boolean {
  return monthsBetween(yearMonthOf(today), updates.osUntil) <= 0;
}

/** A phone's update support on `today`: 'OS updates until Sep 2031', or 'OS updates ended Mar 2020'. */
export function updatesLabel(updates: { osUntil: string; estimate: boolean }, today: Date): string {
  const ended = monthsBetween(yearMonthOf(today), updates.osUntil) <= 0;
  return `OS updates ${ended ? 'ended' : 'until'} ${monthYear(updates.osUntil)}${updates.estimate ? ' (estimate)' : ''}`;
}
