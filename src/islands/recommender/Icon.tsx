/** Small inline SVG icons for the recommender islands (decorative: aria-hidden). */
const PATHS = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  x: 'M6 6l12 12M18 6L6 18',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  left: 'M19 12H5M11 6l-6 6 6 6',
  right: 'M5 12h14M13 6l6 6-6 6',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-5M12 8h.01',
  phone: 'M8.5 2.5h7A2.5 2.5 0 0 1 18 5v14a2.5 2.5 0 0 1-2.5 2.5h-7A2.5 2.5 0 0 1 6 19V5a2.5 2.5 0 0 1 2.5-2.5zM11 18.5h2',
  chevron: 'M6 9l6 6 6-6',
  restart: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4',
} as const;

export type IconName = keyof typeof PATHS;

/**
 * An icon by name (the wizard's own set), or by path data (`path`, e.g. from ./resultIcons, which
 * only the results code loads).
 */
export function Icon({ name, path, className = 'h-5 w-5' }: { name?: IconName; path?: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={path ?? (name ? PATHS[name] : '')} />
    </svg>
  );
}
