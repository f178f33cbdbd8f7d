/**
 * zod schema of the wallpaper catalogue (build time and tests only; browser code uses ./wallpapers.ts).
 */
import { z } from 'zod';
import { WALLPAPER_BRANDS, WALLPAPERS_PER_BRAND, type Wallpaper } from './wallpapers';

/** Typed against the `Wallpaper` interface so the two cannot drift apart. */
export const wallpaperSchema: z.ZodType<Wallpaper> = z.object({
  /** Slug, also the file name: /walls/{id}.jpg and /walls/thumbs/{id}.jpg. */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string().min(1),
  category: z.enum(WALLPAPER_BRANDS),
  /** Full 1080 x 1920 JPEG (the download). */
  imageUrl: z.string().startsWith('/walls/').endsWith('.jpg'),
  /** 360 x 640 JPEG for the grid. */
  thumbnailUrl: z.string().startsWith('/walls/thumbs/').endsWith('.jpg'),
});

/** The catalogue: unique ids and exactly WALLPAPERS_PER_BRAND per brand. */
export const wallpaperCatalogueSchema = z.array(wallpaperSchema).superRefine((list, ctx) => {
  if (new Set(list.map((w) => w.id)).size !== list.length)
    ctx.addIssue({ code: 'custom', message: 'Duplicate wallpaper id' });
  for (const brand of WALLPAPER_BRANDS) {
    const n = list.filter((w) => w.category === brand).length;
    if (n !== WALLPAPERS_PER_BRAND)
      ctx.addIssue({ code: 'custom', message: `${brand} has ${n} wallpapers, expected ${WALLPAPERS_PER_BRAND}` });
  }
});

/** Adds the file addresses to a catalogue entry (files made by scripts/generate-wallpapers.mjs). */
export function withUrls(entry: {
  id: string;
  title: string;
  category: string;
}): Omit<Wallpaper, 'category'> & { category: string } {
  return { ...entry, imageUrl: `/walls/${entry.id}.jpg`, thumbnailUrl: `/walls/thumbs/${entry.id}.jpg` };
}
