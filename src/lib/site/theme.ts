/**
 * The stored theme (docs/site.md#shell-and-layout): the visitor's choice of the theme toggle is kept in
 * localStorage under THEME_KEY ('light' or 'dark'); without one, the system setting applies.
 *
 * ⚠️ Browser-facing: THEME_BOOT_SCRIPT is written as is into every page's head (BaseLayout) and into the
 * plain pages the functions answer with (src/lib/signups/server/plain-page.ts). Constant text only.
 */

/** localStorage key of the theme choice. */
export const THEME_KEY = 'theme';

/**
 * Sets the `dark` class on `<html>` from the stored choice, else the system setting. An inline classic
 * script in `<head>`, so the theme is right at the first paint (no flash).
 */
export const THEME_BOOT_SCRIPT =
  // Written compact: it is in every page, and counts towards the recommender's start-up budget.
  `(function(){var t=null;try{t=localStorage.getItem('${THEME_KEY}')}catch(e){}` +
  `document.documentElement.classList.toggle('dark',t==='dark'||(t!=='light'&&` +
  `matchMedia('(prefers-color-scheme: dark)').matches))})();`;

/**
 * The CSP source that allows THEME_BOOT_SCRIPT inline and nothing else: the hash of its text (a
 * unit test checks it matches, so an edit of the script cannot silently lose the theme on the
 * functions' plain pages, whose CSP allows no other script).
 */
export const THEME_SCRIPT_HASH = "'sha256-E3BsU1zisGaHTO1htBgfAyMg1TsLv7nKc2ryPecz+Ew='";
