/**
 * Image address rules (docs/site.md#images): an address is used only if it starts with http;
 * otherwise the placeholder is shown, and an image that fails to load swaps in the placeholder.
 *
 * Pure and framework-free: used by `components/SmartImage.astro` at build time. Local images
 * that went through Astro's image pipeline (imported assets) are used as they are.
 */

/** Served from public/, so its address never changes between builds. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** Inline `onerror` handler: drop the candidate list and show the placeholder, once. */
export const PLACEHOLDER_ONERROR = `this.onerror=null;this.removeAttribute('srcset');this.removeAttribute('sizes');this.src='${PLACEHOLDER_IMAGE}'`;

/** An image that went through Astro's image pipeline (an imported asset). */
export interface AssetLike {
  src: string;
  width: number;
  height: number;
  format: string;
}

export type ImageChoice<A extends AssetLike = AssetLike> =
  { kind: 'asset'; asset: A } | { kind: 'remote'; src: string } | { kind: 'placeholder'; src: string };

/** True when `src` is a string address starting with 'http'. */
export function isUsableImageUrl(src: unknown): src is string {
  return typeof src === 'string' && src.startsWith('http');
}

/** The address to show for a string image value: itself when usable, else the placeholder. */
export function imageUrlOrPlaceholder(src: string | null | undefined): string {
  return isUsableImageUrl(src) ? src : PLACEHOLDER_IMAGE;
}

/**
 * What to render for an image value: an optimised local asset, a remote http(s) address, or the placeholder
 * (empty, missing, or any other string such as a relative path that was never imported).
 */
export function chooseImage<A extends AssetLike>(value: A | string | null | undefined): ImageChoice<A> {
  if (value && typeof value === 'object' && typeof value.src === 'string') return { kind: 'asset', asset: value };
  if (isUsableImageUrl(value)) return { kind: 'remote', src: value };
  return { kind: 'placeholder', src: PLACEHOLDER_IMAGE };
}
