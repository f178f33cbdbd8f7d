/**
 * A phone known in Canada only by its US launch price (docs/recommender.md, "Canadian price not
 * confirmed"): how that price is written and whether it stands in for a Canadian one. Apart from
 * pricing.ts, whose band limits the wizard loads at start-up; these are needed only on the results.
 * Pure; client-safe.
 */

/** A US price as written on the page: 'US$899.99', 'US$1,100'. */
export function usdText(usd: number): string {
  const cents = Number.isInteger(usd) ? 0 : 2;
  return `US$${new Intl.NumberFormat('en-US', { minimumFractionDigits: cents, maximumFractionDigits: cents }).format(usd)}`;
}

/**
 * True when the phone's Canadian price is not confirmed: only its US launch price is known, and no
 * Canadian re-check (cad.current) has replaced it.
 */
export function priceUnconfirmed(p: { currentCad: number | null; usLaunch?: { usd: number } | null }): boolean {
  return Boolean(p.usLaunch) && p.currentCad === null;
}
