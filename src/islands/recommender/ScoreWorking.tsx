import type { Recommendation } from '../../lib/recommender/recommendation';
import { Icon } from './Icon';

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * 'How we scored this' (an addition of ours): the engine's per-criterion working — the answer, what the
 * phone has, the points given and the maximum — and the formula that turns them into the match score.
 */
export function ScoreWorking({ rec }: { rec: Recommendation }) {
  const name = `${rec.phone.brand} ${rec.phone.model}`;
  return (
    <details className="group rounded-2xl border border-line bg-surface text-sm" data-testid="score-working">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
        <Icon name="info" className="h-4 w-4 text-accent-600" />
        How we scored this
        <Icon name="chevron" className="ml-auto h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="grid gap-3 px-4 pb-4">
        {rec.working.length ? (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[30rem] border-collapse text-left">
              <caption className="sr-only">Score working for {name}</caption>
              <thead>
                <tr className="border-b border-line text-xs uppercase tracking-wide text-muted">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Criterion
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    You asked
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    This phone
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Points
                  </th>
                </tr>
              </thead>
              <tbody>
                {rec.working.map((w) => (
                  <tr key={w.criterion} className="border-b border-[var(--line)] align-top last:border-0">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {w.label}
                    </th>
                    <td className="py-2 pr-3 text-muted">{w.answer}</td>
                    <td className="py-2 pr-3">
                      {w.phoneHas}
                      <span className="block text-xs text-muted">{w.rule}</span>
                    </td>
                    <td className="whitespace-nowrap py-2 text-right font-semibold tabular-nums">
                      {fmt(w.points)} / {fmt(w.max)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3} className="pt-2 text-right font-semibold">
                    Total
                  </th>
                  <td className="pt-2 text-right font-semibold tabular-nums">
                    {fmt(rec.points)} / {fmt(rec.working.reduce((s, w) => s + w.max, 0))}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        ) : (
          <p className="text-muted">You skipped every scored question, so no criterion was counted.</p>
        )}
        <p className="rounded-xl bg-surface-2 p-3 text-muted">
          <span className="font-medium text-fg">Match score: </span>
          {rec.scoreRule}
        </p>
        {rec.tieBreakers.length ? (
          <p className="text-xs text-muted">
            Not scored, used only to order phones with equal scores:{' '}
            {rec.tieBreakers.map((t) => `${t.label} (${t.fits ? 'fits' : 'does not fit'})`).join(', ')}.
          </p>
        ) : null}
      </div>
    </details>
  );
}
