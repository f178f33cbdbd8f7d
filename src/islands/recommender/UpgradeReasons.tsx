/**
 * Shared by the wizard's results step and the results page: the upgrade reasons (or the honest
 * "Your phone still fits you") and the link to the method page.
 */
import type { Recommendation } from '../../lib/recommender/scoring';
import { Icon } from './Icon';
import { RESULT_ICONS } from './resultIcons';

/** The link to the method page, under the results (wizard and results page). */
export function HowWeRecommendLink() {
  return (
    <p className="text-sm text-muted" data-testid="how-we-recommend-link">
      <Icon name="info" className="mr-1 inline h-4 w-4 align-[-3px] text-accent-600" />
      Scored with one public table; no link here earns us money.{' '}
      <a
        href="/how-we-recommend"
        className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
      >
        How we recommend
      </a>
    </p>
  );
}

/**
 * 'Why you should upgrade' (2 reasons) when the top pick is a real upgrade: its specs against the
 * current phone's. When nothing in budget is, 'Your phone still fits you' and what the closest option
 * would add. Shared by the wizard's results step and the results page.
 */
interface UpgradeReasonsProps {
  currentName: string;
  top: Recommendation;
  /** Heading level: h5 inside the wizard's card, h3 on the results page. */
  heading?: 'h3' | 'h5';
}

export function UpgradeReasons({ currentName, top, heading: H = 'h5' }: UpgradeReasonsProps) {
  const upgrade = top.upgrade;
  if (upgrade?.stillFits) {
    return (
      <div data-testid="still-fits">
        <H className="font-semibold">Your phone still fits you</H>
        <p className="mt-1 text-sm text-muted">
          Nothing within your budget beats your {currentName} on what you asked for. The closest options are shown
          {upgrade.isUpgrade ? ', with what they would add:' : '.'}
        </p>
        {upgrade.isUpgrade ? <ReasonList reasons={upgrade.reasons.slice(0, 2)} /> : null}
      </div>
    );
  }
  const reasons = upgrade ? upgrade.reasons : top.reasons;
  return (
    <div data-testid="upgrade-reasons">
      <H className="font-semibold">Why you should upgrade</H>
      <ReasonList reasons={reasons.slice(0, 2)} />
    </div>
  );
}

function ReasonList({ reasons }: { reasons: string[] }) {
  return (
    <ul className="mt-2 grid gap-2 text-sm">
      {reasons.map((r) => (
        <li key={r} className="flex items-start gap-2">
          <Icon path={RESULT_ICONS.up} className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
          <span>{r}</span>
        </li>
      ))}
    </ul>
  );
}
