import { shortName } from '../../lib/recommender/format';
import type { Recommendation } from '../../lib/recommender/recommendation';
import { isWeakMatch } from '../../lib/recommender/scoring';
import { Icon } from './Icon';
import { PhoneCard } from './PhoneCard';
import { ScoreWorking } from './ScoreWorking';
import { AskNotes } from './UpgradeReasons';

interface Props {
  rec: Recommendation;
  /** 'Top Pick', 'Closest option' (the visitor's phone still fits) or 'Alternative'. */
  label: string;
  /** Test id of the card: 'top-pick' for the first card, whatever its label, else 'alternative'. */
  testId: 'top-pick' | 'alternative';
  /** Display cap of reasons (3 on wizard cards; docs/recommender.md#results-and-comparison). */
  maxReasons: number;
  featured?: boolean;
}

/** Match score as a ring with the percentage. */
export function MatchBadge({ score }: { score: number }) {
  const r = 20;
  const c = 2 * Math.PI * r;
  return (
    <div className="relative flex h-16 w-16 shrink-0 items-center justify-center" data-testid="match-score">
      <svg viewBox="0 0 48 48" className="absolute inset-0 h-full w-full -rotate-90" aria-hidden="true">
        <circle cx="24" cy="24" r={r} fill="none" strokeWidth="4" className="stroke-[var(--line)]" />
        <circle
          cx="24"
          cy="24"
          r={r}
          fill="none"
          strokeWidth="4"
          strokeLinecap="round"
          className="stroke-brand-600"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - score / 100)}
        />
      </svg>
      <span className="text-sm font-bold tabular-nums">
        {score}%<span className="sr-only"> match</span>
      </span>
    </div>
  );
}

/** '72% match', or '42% match · Weak match' below the weak-match threshold (with the rule in a tooltip). */
export function MatchText({ score, suffix = 'match' }: { score: number; suffix?: string }) {
  if (!isWeakMatch(score)) return <>{`${score}% ${suffix}`}</>;
  return (
    <>
      {`${score}% ${suffix}`} ·{' '}
      <span
        className="font-semibold text-amber-800 dark:text-amber-300"
        data-testid="weak-match"
        title="Less than half of the points your answers could give"
      >
        Weak match
      </span>
    </>
  );
}

/** One recommendation on the wizard's results step: name, match %, reasons, flip card, working. */
export function RecommendationCard({ rec, label, testId, maxReasons, featured = false }: Props) {
  const name = `${rec.phone.brand} ${rec.phone.model}`;
  return (
    <article
      className={`grid content-start gap-4 rounded-2xl border p-4 sm:p-5 ${featured ? 'border-brand-300 bg-gradient-to-b from-brand-50 to-surface shadow-md dark:border-brand-700 dark:from-brand-700/15' : 'border-line bg-surface'}`}
      aria-label={`${label}: ${name}`}
      data-testid={testId}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p
            className={`badge ${featured ? 'bg-brand-600 text-white' : 'bg-surface-2 text-fg ring-1 ring-inset ring-[var(--line)]'}`}
          >
            {label}
          </p>
          <h4 className="mt-2 text-xl font-bold tracking-tight" data-testid="phone-name">
            {name}
          </h4>
          <p className="text-sm text-muted">
            <MatchText score={rec.matchScore} />
          </p>
        </div>
        <MatchBadge score={rec.matchScore} />
      </div>
      <ul className="grid gap-2 text-sm" aria-label={`Why we picked the ${shortName(rec.phone)}`}>
        {rec.reasons.slice(0, maxReasons).map((r) => (
          <li key={r} className="flex items-start gap-2">
            <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300">
              <Icon name="check" className="h-3 w-3" />
            </span>
            <span>{r}</span>
          </li>
        ))}
      </ul>
      <AskNotes rec={rec} />
      <PhoneCard phone={rec.phone} />
      <ScoreWorking rec={rec} />
    </article>
  );
}
