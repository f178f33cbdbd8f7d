/**
 * Wallpapers (docs/site.md#walls): the schema and the pure rules of
 * the /walls page — download file names, share links, previous/next inside a brand. No framework
 * imports and no zod (browser code imports this); used by the page, its script, the island and tests.
 */

export const WALLPAPER_BRANDS = ['Apple', 'Samsung', 'Google'] as const;
export type WallpaperBrand = (typeof WALLPAPER_BRANDS)[number];

/** A wallpaper. Validated by `wallpaperSchema` in ./schema.ts (kept apart so browser code
 * importing these helpers does not bundle zod). */
export interface Wallpaper {
  /** Slug, also the file name: /walls/{id}.jpg and /walls/thumbs/{id}.jpg. */
  id: string;
  title: string;
  category: WallpaperBrand;
  /** Full 1080 x 1920 JPEG (the download). */
  imageUrl: string;
  /** 360 x 640 JPEG for the grid. */
  thumbnailUrl: string;
}

/** Wallpapers per brand (10 per brand, 30 in all). */
export const WALLPAPERS_PER_BRAND = 10;
/** Back-to-top button appears after this many pixels of scrolling. */
export const BACK_TO_TOP_THRESHOLD_PX = 300;
/** Delay between opening the image in a new tab and starting the download. */
export const DOWNLOAD_DELAY_MS = 100;
/**
 * The page script and the preview island share the selection through the DOM (no shared module, so
 * the page script stays import-free and is inlined): the selected id is the `data-selected`
 * attribute of the [data-walls] root, and every change is announced with this window event
 * (detail: id or null).
 */
export const SELECT_EVENT = 'walls:select';

/** Delay before scrolling to the preview after a selection. */
export const SCROLL_TO_PREVIEW_DELAY_MS = 100;
/** How long a mobile deep link gets before the web fallback opens. */
export const DEEP_LINK_FALLBACK_MS = 1000;
/** Size of the share popup window. */
export const SHARE_POPUP = { width: 600, height: 400 } as const;

/**
 * The download file name: the title lowercased, runs of anything but letters and digits turned
 * into one hyphen, no leading/trailing hyphen, plus '.jpg' ('Aurora Glass' -> 'aurora-glass.jpg').
 */
export function downloadFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'wallpaper'}.jpg`;
}

/** The wallpapers of one brand, in catalogue order. */
export function wallpapersOfBrand<T extends { category: string }>(list: readonly T[], brand: string): T[] {
  return list.filter((w) => w.category === brand);
}

/**
 * Position of a wallpaper inside its brand: { index (0-based), total, label '2 / 10' }, or null if
 * the id is unknown.
 */
export function positionInBrand(
  list: readonly { id: string; category: string }[],
  id: string,
): { index: number; total: number; label: string } | null {
  const current = list.find((w) => w.id === id);
  if (!current) return null;
  const brand = wallpapersOfBrand(list, current.category);
  const index = brand.findIndex((w) => w.id === id);
  return { index, total: brand.length, label: `${index + 1} / ${brand.length}` };
}

/** The id `step` places away inside the same brand, wrapping at both ends (null if unknown). */
export function neighbourInBrand(
  list: readonly { id: string; category: string }[],
  id: string,
  step: number,
): string | null {
  const current = list.find((w) => w.id === id);
  if (!current) return null;
  const brand = wallpapersOfBrand(list, current.category);
  const index = brand.findIndex((w) => w.id === id);
  return brand[(((index + step) % brand.length) + brand.length) % brand.length].id;
}

/** Share links for the social network and the microblogging site (opened in a 600x400 popup). */
export function shareLinks(pageUrl: string, title: string): { facebook: string; x: string } {
  const u = encodeURIComponent(pageUrl);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(`${title} wallpaper`)}&url=${u}`,
  };
}

/** window.open features for the share popup, centred on the current window when its box is known. */
export function sharePopupFeatures(screen?: { left: number; top: number; width: number; height: number }): string {
  const { width, height } = SHARE_POPUP;
  const pos = screen
    ? `,left=${Math.round(screen.left + (screen.width - width) / 2)},top=${Math.round(screen.top + (screen.height - height) / 2)}`
    : '';
  return `width=${width},height=${height}${pos},noopener,noreferrer`;
}

/** Mobile app deep links and their web fallbacks (Instagram or TikTok, web fallback after 1000 ms). */
export const DEEP_LINKS = {
  instagram: { app: 'instagram://camera', web: 'https://www.instagram.com/' },
  tiktok: { app: 'snssdk1233://', web: 'https://www.tiktok.com/upload' },
} as const;
export type DeepLinkApp = keyof typeof DEEP_LINKS;

/** Whether a user agent is a phone or tablet (deep links only make sense there). */
export function isMobileUserAgent(ua: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(ua);
}

/** The page address that selects a wallpaper on load (/walls?w={id}). */
export function wallpaperPageUrl(origin: string, id: string): string {
  return `${origin.replace(/\/$/, '')}/walls?w=${encodeURIComponent(id)}`;
}
