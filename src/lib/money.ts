/**
 * How the site writes a price in Canadian dollars: '$', thousands grouped, two decimals
 * ('$1,288.99', '$7.99'). The one rule for the shop, the recommender's phone prices and mail
 * (docs/shop.md, "One price per phone"). Pure; imported by browser code.
 */

const CAD = new Intl.NumberFormat('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '$1,288.99' for 1288.99. */
export function formatCad(price: number): string {
  return `$${CAD.format(price)}`;
}
