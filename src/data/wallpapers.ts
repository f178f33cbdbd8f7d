/**
 * The wallpaper catalogue (10 per brand, 30 in all; docs/site.md#walls), validated on import so a bad entry
 * fails the build. Titles and ids live in wallpapers.json, which scripts/generate-wallpapers.mjs also
 * reads to draw public/walls/{id}.jpg (1080x1920) and public/walls/thumbs/{id}.jpg (360x640).
 */
import entries from './wallpapers.json';
import { wallpaperCatalogueSchema, withUrls } from '../lib/walls/schema';
import type { Wallpaper } from '../lib/walls/wallpapers';

export type { Wallpaper } from '../lib/walls/wallpapers';

export const WALLPAPERS: readonly Wallpaper[] = wallpaperCatalogueSchema.parse(entries.map(withUrls));
