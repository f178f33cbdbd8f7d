/**
 * The site's one icon set: inner SVG markup for a 24x24 viewBox, stroked with currentColor (1.8 px,
 * round caps and joins). Drawn by `src/components/Icon.astro` on static pages (no JavaScript) and by
 * `src/islands/ui/Icon.tsx` in islands, so an icon looks the same everywhere. Constant markup only:
 * never put visitor data in here (both renderers insert it as HTML).
 *
 * One export per icon, so an island bundles only the icons it uses:
 * `import * as ICON from '../../lib/icons'` and `<Icon svg={ICON.check} />`.
 */

export const menu = '<path d="M4 6h16M4 12h16M4 18h16"/>';
export const x = '<path d="M6 6l12 12M18 6L6 18"/>';
export const sun =
  '<circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/>';
export const moon = '<path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"/>';
export const mail = '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>';
export const pin = '<path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z"/><circle cx="12" cy="10" r="2.5"/>';
export const check = '<path d="M5 12.5l4.5 4.5L19 7.5"/>';
export const arrowRight = '<path d="M5 12h14M13 6l6 6-6 6"/>';
export const arrowLeft = '<path d="M19 12H5M11 6l-6 6 6 6"/>';
export const arrowUp = '<path d="M12 19V5M6 11l6-6 6 6"/>';
export const chevronLeft = '<path d="M15 6l-6 6 6 6"/>';
export const chevronRight = '<path d="M9 6l6 6-6 6"/>';
export const chevronDown = '<path d="M6 9l6 6 6-6"/>';
export const book =
  '<path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z"/><path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5"/>';
export const phone = '<rect x="6" y="2.5" width="12" height="19" rx="2.5"/><path d="M11 18.5h2"/>';
export const image =
  '<rect x="3" y="4" width="18" height="16" rx="2"/><circle cx="9" cy="10" r="2"/><path d="M21 16l-5-5-9 9"/>';
export const external = '<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>';
export const download = '<path d="M12 4v11M7 10l5 5 5-5M5 20h14"/>';
export const share = '<path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M12 3v12M7 8l5-5 5 5"/>';
export const search = '<path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4"/>';
export const info = '<path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-5M12 8h.01"/>';
export const restart = '<path d="M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4"/>';
export const lock = '<rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>';
export const bolt = '<path d="M13 2L4.5 13.5H12L11 22l8.5-11.5H12z"/>';
export const bell = '<path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"/>';
export const star = '<path d="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z"/>';
export const cart =
  '<circle cx="9" cy="20" r="1.5"/><circle cx="18" cy="20" r="1.5"/><path d="M2.5 3.5h3l2.2 11.2a1 1 0 0 0 1 .8h9.1a1 1 0 0 0 1-.8L20.5 8H6.4"/>';
