/**
 * Shared by the wizard's results step and the results page: what we say about the visitor's own phone
 * (one of four verdicts), the notes on asks the budget or the chosen brand cannot meet, and the link to
 * the method page.
 */
import { monthYear } from '../../lib/catalogue/pricing';
import type { Recommendation } from '../../lib/recommender/recommendation';
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
 * The label of the first result card: 'Top Pick', unless the visitor's phone still fits them and the
 * card shows only the closest option (a phone that is not a better buy than theirs within budget).
 */
export function topLabel(top: Recommendation, topPick = 'Top Pick'): string {
  return top.upgrade?.verdict === 'still-fits' ? 'Closest option' : topPick;
}

interface UpgradeReasonsProps {
  currentName: string;
  top: Recommendation;
  /** Heading level: h5 inside the wizard's card, h3 on the results page. */
  heading?: 'h3' | 'h5';
}

/**
 * What we say about the visitor's phone, by verdict (docs/recommender.md, "Upgrades"):
 * - 'upgrade': 'Why you should upgrade' and 2 spec-against-spec reasons;
 * - 'still-fits': 'Your phone still fits you', and what the closest option would add (or why the best
 *   matches are no upgrade);
 * - 'replace': the phone no longer gets OS updates, so it never "still fits";
 * - 'cannot-compare': the phone is not in the catalogue, and we say so instead of inventing reasons.
 */
export function UpgradeReasons({ currentName, top, heading: H = 'h5' }: UpgradeReasonsProps) {
  const upgrade = top.upgrade;
  if (!upgrade) return null;
  switch (upgrade.verdict) {
    case 'still-fits':
      return (
        <div data-testid="still-fits">
          <H className="font-semibold">Your phone still fits you</H>
          <p className="mt-1 text-sm text-muted">
            Nothing within your budget beats your {currentName} on what you asked for.{' '}
            {upgrade.isUpgrade
              ? 'The closest options cost more; here is what they would add:'
              : 'Nothing we sell beats it at any price either; the best matches are shown, and they are not upgrades:'}
          </p>
          <ReasonList
            reasons={(upgrade.isUpgrade ? upgrade.reasons : upgrade.blockers).slice(0, 2)}
            up={upgrade.isUpgrade}
          />
        </div>
      );
    case 'replace':
      return (
        <div data-testid="replace">
          <H className="font-semibold">Time to replace your phone</H>
          <p className="mt-1 text-sm text-muted">
            Your {currentName} stopped getting OS updates
            {upgrade.updatesEnded ? ` in ${monthYear(upgrade.updatesEnded)}` : ''}: it is time to replace it, even if
            nothing within your budget beats it on everything you asked for. The best match gives you:
          </p>
          <ReasonList reasons={upgrade.reasons.slice(0, 2)} up />
        </div>
      );
    case 'cannot-compare':
      return (
        <div data-testid="cannot-compare">
          <H className="font-semibold">We can&apos;t compare your phone</H>
          <p className="mt-1 text-sm text-muted">
            Your {currentName} is not in our catalogue, so we cannot say what you would gain or lose. These are the best
            matches for your answers.
          </p>
        </div>
      );
    default:
      return (
        <div data-testid="upgrade-reasons">
          <H className="font-semibold">Why you should upgrade</H>
          <ReasonList reasons={upgrade.reasons.slice(0, 2)} up />
        </div>
      );
  }
}

/**
 * The asks this phone does not meet because nothing within the budget, or nothing of the chosen OS or
 * brand, meets them: said plainly instead of hidden behind a percentage.
 */
export function AskNotes({ rec }: { rec: Recommendation }) {
  if (!rec.notes?.length) return null;
  return (
    <div
      className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="ask-notes"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon name="info" className="h-4 w-4 shrink-0" />
        What your answers can&apos;t all have
      </p>
      <ul className="mt-1.5 grid list-disc gap-1 pl-5">
        {rec.notes.map((n) => (
          <li key={n.criterion}>{n.text}</li>
        ))}
      </ul>
    </div>
  );
}

function ReasonList({ reasons, up }: { reasons: string[]; up: boolean }) {
  return (
    <ul className="mt-2 grid gap-2 text-sm">
      {reasons.map((r) => (
        <li key={r} className="flex items-start gap-2">
          {up ? (
            <Icon path={RESULT_ICONS.up} className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
          ) : (
            <Icon name="info" className="mt-0.5 h-4 w-4 shrink-0 text-amber-600 dark:text-amber-400" />
          )}
          <span>{r}</span>
        </li>
      ))}
    </ul>
  );
}
