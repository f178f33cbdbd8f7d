/**
 * One price per phone (docs/shop.md, "One price per phone"): a shop product that is also a
 * recommender catalogue phone names it with `phoneId` and takes the price the recommender shows
 * (`Phone.price`: the current Canadian store price when checked, else the launch price). Pure: the
 * catalogue lookup is passed in, so the rule is tested without the build's data.
 */
import type { Phone } from '../catalogue/schema';
import type { ProductInput } from './product-schema';

/** A product as written in src/data/products.ts: a catalogue phone has `phoneId` and no `price`. */
export type ProductSource =
  | (Omit<ProductInput, 'price' | 'phoneId'> & { price: number; phoneId?: undefined })
  | (Omit<ProductInput, 'price' | 'phoneId'> & { phoneId: string; price?: undefined });

/**
 * The products with each catalogue phone's price filled in from the catalogue. Throws (failing the
 * build) when a `phoneId` is not in the catalogue or its price is only a conversion (not sold in
 * Canada: a shop cannot sell at an estimate).
 */
export function withCataloguePrices(
  products: readonly ProductSource[],
  findPhone: (id: string) => Pick<Phone, 'price' | 'priceEstimated'> | undefined,
): ProductInput[] {
  return products.map((p) => {
    if (p.phoneId === undefined) return p as ProductInput;
    const phone = findPhone(p.phoneId);
    if (!phone) throw new Error(`Product '${p.id}': no catalogue phone '${p.phoneId}'`);
    if (phone.priceEstimated)
      throw new Error(`Product '${p.id}': catalogue phone '${p.phoneId}' has only an estimated price`);
    return { ...p, price: phone.price };
  });
}
