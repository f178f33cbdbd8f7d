/**
 * The wallpaper selected on /walls, shared by the page's plain script (grid, tabs) and the preview
 * island. null = nothing selected ('Select a wallpaper to preview').
 */
import { atom } from 'nanostores';

export const $selectedWallpaper = atom<string | null>(null);

/** Selects a wallpaper by id, or clears the selection with null. */
export function selectWallpaper(id: string | null): void {
  $selectedWallpaper.set(id);
}
