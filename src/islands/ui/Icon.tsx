/**
 * An icon of the site's one set (`src/lib/icons.ts`) in an island; the same drawing as
 * `src/components/Icon.astro`. Pass the icon's markup (`import * as ICON from '../../lib/icons'`,
 * `svg={ICON.check}`), so the island bundles only the icons it uses. Decorative (hidden from screen
 * readers): label the control around it.
 */
export function Icon({ svg, className = 'h-5 w-5' }: { svg: string; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      // Constant markup from the icon module, never visitor data.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
