/**
 * The cart and its prices (docs/shop.md): the one zod schema of the checkout payload, shared by the
 * cart page and the server, and the pure rules that turn a cart into priced lines from the
 * catalogue. Prices are in cents, CAD; the client never sends a price (any it sends is ignored).
 * Imported by browser code: no server imports here.
 */
import { z } from 'zod';
import type { Product } from './product-schema';

/** Most units of one hardware product in one order. Digital products: 1. */
export const MAX_HARDWARE_QUANTITY = 5;
/**
 * Most lines in one cart: 10, because the webhook reads an order's lines from the session with
 * `expand[]=line_items`, and Stripe's expanded list holds the first 10 lines only. (Every sellable
 * product fits: a product appears once per cart.)
 */
export const MAX_CART_LINES = 10;
/** Flat shipping rate anywhere in Canada, cents. */
export const FLAT_SHIPPING_CENTS = 1500;
/** Ontario HST, used only by the local test checkout (Stripe Tax computes the real tax). */
export const TEST_CHECKOUT_TAX_RATE = 0.13;
/** At or below this many units left, hardware shows 'Limited Stock'. */
export const LIMITED_STOCK_AT = 3;

const PRODUCT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** POST /api/checkout: `{items: [{id, quantity}]}`. Unknown extra fields (a price) are dropped. */
export const checkoutPayloadSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string().max(100).regex(PRODUCT_ID, 'Unknown product.'),
        quantity: z
          .number({ error: 'Quantity must be a whole number.' })
          .int('Quantity must be a whole number.')
          .min(1, 'Quantity must be at least 1.')
          .max(99, 'Quantity is too large.'),
      }),
    )
    .min(1, 'Your cart is empty.')
    .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} different products per order.`),
});
export type CheckoutPayload = z.infer<typeof checkoutPayloadSchema>;

/** One priced line of an order. */
export interface PricedLine {
  id: string;
  name: string;
  type: Product['type'];
  quantity: number;
  /** Cents, CAD, from the catalogue. */
  unitAmount: number;
}

/** Why a cart is refused: the error code and message the API answers with, and the line's field. */
export interface CartRefusal {
  code: 'unknown_product' | 'invalid_quantity' | 'affiliate_product' | 'duplicate_line';
  message: string;
  field: string;
}

/** The most units of `product` one order may hold. */
export function maxQuantity(product: Pick<Product, 'type'>): number {
  return product.type === 'digital' ? 1 : MAX_HARDWARE_QUANTITY;
}

/** Cents of a dollar price (two decimals). */
export function toCents(price: number): number {
  return Math.round(price * 100);
}

/** True when the product is sold here (not at a retailer through an affiliate link). */
export function isSellable(product: Pick<Product, 'affiliate_link'>): boolean {
  return !product.affiliate_link;
}

/**
 * The cart as priced lines from `catalogue`, or the first refusal: an unknown id, an affiliate
 * product, a repeated id, a quantity over the product's maximum.
 */
export function priceCart(
  payload: CheckoutPayload,
  catalogue: readonly Product[],
): { ok: true; lines: PricedLine[] } | { ok: false; refusal: CartRefusal } {
  const lines: PricedLine[] = [];
  const seen = new Set<string>();
  for (const [i, item] of payload.items.entries()) {
    const field = `items.${i}`;
    const product = catalogue.find((p) => p.id === item.id);
    if (!product)
      return { ok: false, refusal: { code: 'unknown_product', message: 'This product is not in our shop.', field } };
    if (!isSellable(product))
      return {
        ok: false,
        refusal: {
          code: 'affiliate_product',
          message: `${product.name} is sold by the retailer: use its Buy Now link.`,
          field,
        },
      };
    if (seen.has(product.id))
      return {
        ok: false,
        refusal: { code: 'duplicate_line', message: 'Each product may appear once in the cart.', field },
      };
    seen.add(product.id);
    const max = maxQuantity(product);
    if (item.quantity > max)
      return {
        ok: false,
        refusal: {
          code: 'invalid_quantity',
          message: `At most ${max} of ${product.name} per order.`,
          field: `${field}.quantity`,
        },
      };
    lines.push({
      id: product.id,
      name: product.name,
      type: product.type,
      quantity: item.quantity,
      unitAmount: toCents(product.price),
    });
  }
  return { ok: true, lines };
}

/** True when any line is shipped (hardware or accessory). */
export function needsShipping(lines: readonly Pick<PricedLine, 'type'>[]): boolean {
  return lines.some((l) => l.type !== 'digital');
}

/** What a product page shows for stock: from units left for hardware, fixed for downloads. */
export type Availability = 'In Stock' | 'Limited Stock' | 'Out of stock' | 'Digital Download';

/** The availability of a hardware product with `left` units free. */
export function availabilityOf(left: number): Exclude<Availability, 'Digital Download'> {
  if (left <= 0) return 'Out of stock';
  return left <= LIMITED_STOCK_AT ? 'Limited Stock' : 'In Stock';
}

/** Cents as '$1,299.99'. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
