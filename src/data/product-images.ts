/**
 * Maps catalogue image references ('/src/assets/products/x.png') to Astro image assets, so pages can
 * optimise them (astro:assets). Anything else follows the site-wide rule of src/lib/images.ts
 * (http addresses only, otherwise the placeholder; docs/site.md#images). Build-time only: import.meta.glob.
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { chooseImage, isUsableImageUrl } from '../lib/images';

const assets = import.meta.glob<{ default: ImageMetadata }>('/src/assets/products/*.{png,jpg,jpeg,webp}', {
  eager: true,
});

/** The source asset behind a catalogue image reference, or undefined. */
export function productImageAsset(ref: string): ImageMetadata | undefined {
  return assets[ref]?.default;
}

/** What to render for a catalogue image reference: an optimised asset, a remote address or the placeholder. */
export function chooseProductImage(ref: string) {
  return chooseImage(productImageAsset(ref) ?? ref);
}

/** Whether a catalogue image reference can be shown (a known local asset or an http address). */
export function isUsableProductImage(ref: string): boolean {
  return productImageAsset(ref) !== undefined || isUsableImageUrl(ref);
}

/** An address for a catalogue image (optimised WebP for assets), or null when it is unusable. */
export async function productImageUrl(ref: string, width = 800): Promise<string | null> {
  const choice = chooseProductImage(ref);
  if (choice.kind === 'asset') return (await getImage({ src: choice.asset, width, format: 'webp' })).src;
  return choice.kind === 'remote' ? choice.src : null;
}
