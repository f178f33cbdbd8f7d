import type { Phone } from '../../lib/catalogue/schema';
import {
  comparisonNotes,
  comparisonRows,
  sideFromPhone,
  type ComparisonSide,
} from '../../lib/recommender/ui/comparison';
import { Icon } from './Icon';
import { TierBadge } from './PhoneCard';
import { PhoneImage } from './PhoneImage';
import { UpgradeArrow } from './UpgradeArrow';

export type CurrentLookup =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; side: ComparisonSide; fallback: boolean };

interface Props {
  current: CurrentLookup;
  phone: Phone;
}

/**
 * Comparison view: the current phone against the recommendation, row by row, with green upgrade
 * arrows; loading, error and best-match fallback states (docs/recommender.md#results-and-comparison).
 */
export function ComparisonView({ current, phone }: Props) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="comparison-title" data-testid="comparison">
      <h2 id="comparison-title" className="text-xl font-bold tracking-tight">
        Side by side
      </h2>
      {current.status === 'loading' ? (
        <p className="mt-4 flex items-center gap-3 text-muted" role="status">
          <span
            className="h-5 w-5 animate-spin rounded-full border-2 border-line border-t-brand-600"
            aria-hidden="true"
          />
          Loading phone specifications...
        </p>
      ) : current.status === 'error' ? (
        <div
          className="mt-4 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
          role="alert"
        >
          <p className="font-semibold">Error loading phone details</p>
          <p className="text-sm">Please try again or select a different phone</p>
        </div>
      ) : (
        <Table current={current.side} rec={sideFromPhone(phone)} fallback={current.fallback} />
      )}
    </section>
  );
}

function Table({ current, rec, fallback }: { current: ComparisonSide; rec: ComparisonSide; fallback: boolean }) {
  // Update support and availability are stated for the day the visitor reads them.
  const today = new Date();
  const rows = comparisonRows(current, rec, today);
  const head = (side: ComparisonSide, label: string) => (
    <th scope="col" className="w-[38%] px-2 pb-3 align-top font-normal">
      <div className="flex flex-col items-center gap-2 text-center">
        <PhoneImage src={side.image} alt={side.name} className="h-24 w-16" />
        <span className="text-[11px] font-semibold uppercase text-muted sm:text-xs sm:tracking-wide">{label}</span>
        <span className="text-sm font-bold leading-tight text-fg">{side.name}</span>
        {side.tier ? <TierBadge tier={side.tier} /> : null}
      </div>
    </th>
  );
  const notes = comparisonNotes(current, rec, today);
  return (
    <div className="mt-4 grid gap-4">
      {fallback ? (
        <p
          className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
          role="status"
          data-testid="fallback-banner"
        >
          <Icon name="info" className="mt-0.5 h-4 w-4 shrink-0" />
          Could not load phone details. Using best match.
        </p>
      ) : null}
      <div className="-mx-2 overflow-x-auto">
        <table className="w-full min-w-[18rem] border-collapse text-sm">
          <caption className="sr-only">
            {current.name} compared with {rec.name}
          </caption>
          <thead>
            <tr>
              <td className="w-[24%]" />
              {head(current, 'Your phone')}
              {head(rec, 'Recommended')}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-t border-line align-top">
                <th
                  scope="row"
                  className="py-2.5 pr-2 text-left text-xs font-semibold uppercase tracking-wide text-muted"
                >
                  {r.label}
                </th>
                <td className="px-2 py-2.5 text-center">{r.current}</td>
                <td
                  className={`px-2 py-2.5 text-center ${r.improved ? 'font-medium text-emerald-800 dark:text-emerald-300' : ''}`}
                >
                  <span className="inline-flex items-start justify-center gap-1.5">
                    {r.recommended}
                    {r.improved ? <UpgradeArrow /> : null}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="flex items-center gap-2 text-xs text-muted">
        <UpgradeArrow decorative />
        Indicates an improvement over your current phone
      </p>
      {notes.length ? (
        <ul className="grid gap-1 border-t border-line pt-3 text-xs text-muted" aria-label="Footnotes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
