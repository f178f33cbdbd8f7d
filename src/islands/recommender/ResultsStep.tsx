/**
 * The wizard's results step (docs/recommender.md#screens): Top Pick, Alternative (hidden when a current
 * phone was searched), the current phone with 'Why you should upgrade' and a comparison, flip cards,
 * the score working, the shareable link and the e-mail form. Loaded on demand by PhoneWizard.
 */
import { useAtom } from './useAtom';
import { useState } from 'react';
import { PRICE_RANGE_NAMES } from '../../lib/recommender/budget';
import { usableCurrentPhone } from '../../lib/recommender/preferences';
import type { Recommendation } from '../../lib/recommender/recommendation';
import { upgradeRows } from '../../lib/recommender/ui/comparison';
import type { CurrentPhoneCard } from '../../lib/recommender/ui/currentPhone';
import type { Storage } from '../../lib/catalogue/enums';
import { osLabel } from '../../lib/recommender/ui/display';
import { shortName } from '../../lib/recommender/format';
import { encodeAnswers } from '../../lib/recommender/share';
import { $currentPhone, $prefs, $results, computeResults } from '../../stores/recommender';
import { toast } from '../../stores/toast';
import { Icon } from './Icon';
import { RESULT_ICONS } from './resultIcons';
import { PhoneImage } from './PhoneImage';
import { RecommendationCard } from './RecommendationCard';
import { SaveForm } from './SaveForm';
import { UpgradeArrow } from './UpgradeArrow';
import { HowWeRecommendLink, topLabel, UpgradeReasons } from './UpgradeReasons';

export default function ResultsStep() {
  const results = useAtom($results);
  const prefs = useAtom($prefs);
  const card = useAtom($currentPhone);
  const [saving, setSaving] = useState(false);

  if (results.status === 'error') {
    return (
      <div
        className="mt-6 rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
        role="alert"
      >
        <p className="font-semibold">We could not load the recommendations.</p>
        <p className="mt-1 text-sm">Check your connection and try again.</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => void computeResults()}>
          Try again
        </button>
      </div>
    );
  }
  if (results.status !== 'ready') {
    return (
      <p className="mt-6 flex items-center gap-3 text-muted" role="status">
        <span
          className="h-5 w-5 animate-spin rounded-full border-2 border-line border-t-brand-600"
          aria-hidden="true"
        />
        Loading recommendations...
      </p>
    );
  }

  const [top, alt] = results.recommendations;
  if (!top) {
    return (
      <p className="mt-6 text-muted">
        No phone in our catalogue fits these answers. Try going back and widening your brand choice.
      </p>
    );
  }
  const searched = prefs.searchedForCurrentPhone === true && card !== null && prefs.currentPhone === card.name;
  const url = `${location.origin}/phone-recommender/results?a=${encodeAnswers(prefs)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Anyone with this link sees the same recommendations.' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };

  return (
    <div className="mt-6 grid gap-6" data-testid="results">
      <div className={`grid items-start gap-5 ${searched || alt ? 'lg:grid-cols-2' : ''}`}>
        <RecommendationCard rec={top} label={topLabel(top)} testId="top-pick" maxReasons={3} featured />
        {searched ? <UpgradeCard current={card} top={top} storage={prefs.storage} /> : null}
        {!searched && alt ? (
          <RecommendationCard rec={alt} label="Alternative" testId="alternative" maxReasons={3} />
        ) : null}
      </div>

      <HowWeRecommendLink />

      <section
        className="grid gap-4 rounded-2xl border border-line bg-surface-2/50 p-4 sm:p-5"
        aria-labelledby="keep-title"
      >
        <div>
          <h4 id="keep-title" className="font-semibold">
            Keep these results
          </h4>
          <p className="text-sm text-muted">
            Open the full comparison, share a link that shows the same picks, or get them by email.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a className="btn-primary" href={url} data-testid="full-results-link">
            See full results
            <Icon name="right" className="h-4 w-4" />
          </a>
          <button type="button" className="btn-secondary" onClick={() => void copy()}>
            <Icon path={RESULT_ICONS.link} className="h-4 w-4" />
            Copy share link
          </button>
          <button type="button" className="btn-secondary" aria-expanded={saving} onClick={() => setSaving((s) => !s)}>
            <Icon path={RESULT_ICONS.mail} className="h-4 w-4" />
            Email my results
          </button>
        </div>
        {saving ? (
          <SaveForm
            prefs={prefs}
            recommendations={results.recommendations}
            phoneModel={usableCurrentPhone(prefs) ?? ''}
            onDone={() => setSaving(false)}
          />
        ) : null}
      </section>
    </div>
  );
}

/** The searched current phone: why upgrade (2 reasons) and a class-by-class comparison with the top pick. */
function UpgradeCard({ current, top, storage }: { current: CurrentPhoneCard; top: Recommendation; storage?: Storage }) {
  const rows = upgradeRows(current, top.phone, storage);
  return (
    <article
      className="grid content-start gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      aria-label={`Your current phone: ${current.name}`}
      data-testid="current-phone-card"
    >
      <div className="flex items-center gap-4">
        <PhoneImage src={current.image} alt={current.name} className="h-24 w-16 shrink-0" />
        <div>
          <p className="badge bg-surface-2 text-fg ring-1 ring-inset ring-[var(--line)]">Your current phone</p>
          <h4 className="mt-2 text-lg font-bold">{current.name}</h4>
          <p className="text-sm text-muted">
            {current.year} · {PRICE_RANGE_NAMES[current.priceRange]} · {osLabel(current.os)}
          </p>
        </div>
      </div>
      <UpgradeReasons currentName={current.name} top={top} />
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-[13px] sm:text-sm">
          <caption className="sr-only">
            {current.name} compared with {top.phone.brand} {top.phone.model}
          </caption>
          <thead>
            <tr className="border-b border-line text-xs uppercase tracking-wide text-muted">
              <th scope="col" className="py-2 pr-2 font-semibold">
                <span className="sr-only">Feature</span>
              </th>
              <th scope="col" className="py-2 pr-2 font-semibold">
                Current
              </th>
              <th scope="col" className="py-2 font-semibold">
                {shortName(top.phone)}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-b border-[var(--line)] last:border-0">
                <th scope="row" className="py-2 pr-2 font-medium text-muted">
                  {r.label}
                </th>
                <td className="py-2 pr-2">{r.current}</td>
                <td className="py-2">
                  <span className="inline-flex items-center gap-1.5">
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
    </article>
  );
}
