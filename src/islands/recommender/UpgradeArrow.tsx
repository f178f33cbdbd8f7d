import { Icon } from './Icon';
import { RESULT_ICONS } from './resultIcons';

/** Green upgrade arrow of the comparison; announced as 'improvement' unless decorative. */
export function UpgradeArrow({ decorative = false }: { decorative?: boolean }) {
  return (
    <span
      className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300"
      {...(decorative
        ? { 'aria-hidden': true }
        : { role: 'img', 'aria-label': 'improvement', 'data-testid': 'upgrade-arrow' })}
    >
      <Icon path={RESULT_ICONS.up} className="h-3.5 w-3.5" />
    </span>
  );
}
