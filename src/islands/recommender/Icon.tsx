/** Icons for the recommender islands (decorative: aria-hidden), from the site's one set (src/lib/icons.ts). */
import { Icon as SiteIcon } from '../ui/Icon';
import * as ICON from '../../lib/icons';

/** The wizard's names for the icons it uses of the site set (only these are bundled). */
const NAMES = {
  check: ICON.check,
  x: ICON.x,
  search: ICON.search,
  left: ICON.arrowLeft,
  right: ICON.arrowRight,
  info: ICON.info,
  phone: ICON.phone,
  chevron: ICON.chevronDown,
  restart: ICON.restart,
};

export type IconName = keyof typeof NAMES;

/**
 * An icon by name (the wizard's own set), or by path data (`path`, e.g. from ./resultIcons, which
 * only the results code loads).
 */
export function Icon({ name, path, className = 'h-5 w-5' }: { name?: IconName; path?: string; className?: string }) {
  // Path data is constant (./resultIcons), drawn by the site's one icon component.
  return <SiteIcon svg={name && !path ? NAMES[name] : `<path d="${path}"/>`} className={className} />;
}
