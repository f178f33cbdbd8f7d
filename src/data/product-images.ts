/**
 * Maps catalogue image references ('/src/assets/products/x.png') to Astro image assets, so pages can
 * optimise them (astro:assets). Build-time only: uses Vite's import.meta.glob.
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { usableImageSrc } from '../lib/shop/format';

const assets = import.meta.glob<{ default: ImageMetadata }>('/src/assets/products/*.{png,jpg,jpeg,webp}', { eager: true });

/** The source asset behind a catalogue image reference, or undefined (remote/public/unusable). */
export function productImageAsset(ref: string): ImageMetadata | undefined {
  const usable = usableImageSrc(ref);
  return usable ? assets[usable]?.default : undefined;
}

/** A site-relative URL for a catalogue image (optimised WebP for assets), or null if unusable. */
export async function productImageUrl(ref: string, width = 800): Promise<string | null> {
  const asset = productImageAsset(ref);
  if (asset) return (await getImage({ src: asset, width, format: 'webp' })).src;
  return usableImageSrc(ref);
}
