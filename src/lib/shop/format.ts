/**
 * Display rules for the shop (prices with a $ sign and 2 decimals) and the gallery helpers.
 * Pure functions, shared by the cards, the product page and the tests. The image address rule
 * (docs/site.md#images) is the site-wide one in src/lib/images.ts.
 */
import { isUsableImageUrl } from '../images';
import { formatCad } from '../money';

/**
 * A price as the site shows it everywhere (`formatCad`): '$', grouped thousands and exactly two
 * decimals ('$1,288.99', '$7.99').
 * @param price amount in dollars; must be a finite number >= 0
 */
export function formatPrice(price: number): string {
  if (!Number.isFinite(price) || price < 0) throw new RangeError(`Not a price: ${price}`);
  return formatCad(price);
}

/**
 * The gallery of a product: the main image then the additional ones, keeping only usable
 * references and dropping duplicates. Empty when nothing is usable (the page shows a placeholder).
 * @param isUsable which references can be shown; by default the image rule (http addresses
 *   only). The product page also accepts references to optimised local assets.
 */
export function galleryImages(
  product: { image: string; additionalImages?: readonly string[] },
  isUsable: (ref: string) => boolean = isUsableImageUrl,
): string[] {
  const out: string[] = [];
  for (const src of [product.image, ...(product.additionalImages ?? [])]) {
    if (src && isUsable(src) && !out.includes(src)) out.push(src);
  }
  return out;
}

/**
 * An index moved by `step` inside a list of `length` items, wrapping at both ends
 * (gallery previous/next, wallpaper previous/next). Returns 0 for an empty list.
 */
export function wrapIndex(index: number, step: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + step) % length) + length) % length;
}
