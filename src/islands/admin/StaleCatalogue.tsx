/**
 * Stale catalogue facts on the staff dashboard (docs/recommender.md, "Facts that expire"): every phone
 * on sale whose CAD price or "sold new in Canada" check is older than 6 months on today's date, or not
 * confirmed at all (the 2026 phones: US launch price only), or whose successor launched after its last
 * lineup check, oldest first, with what to re-check and the file to edit. It reads the catalogue the recommender reads
 * (/phone-recommender/phones.json, built with the site) and applies the rule with today's date in the
 * browser, so the list is right on the day staff open it, not on the day the site was built.
 */
import { useEffect, useState } from 'react';
import { staleFacts, type StaleEntry } from '../../lib/catalogue/freshness';
import type { Phone } from '../../lib/catalogue/schema';
import { Spinner } from './ui';

const SHOWN = 8;

export default function StaleCatalogue() {
  const [list, setList] = useState<StaleEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [all, setAll] = useState(false);

  useEffect(() => {
    let live = true;
    fetch('/phone-recommender/phones.json')
      .then((r) => (r.ok ? (r.json() as Promise<Phone[]>) : Promise.reject(new Error(String(r.status)))))
      .then((phones) => live && setList(staleFacts(phones, new Date())))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const shown = list && !all ? list.slice(0, SHOWN) : list;
  return (
    <section aria-labelledby="stale-catalogue-title" className="card mb-6 p-4 sm:p-5" data-testid="stale-catalogue">
      <h2 id="stale-catalogue-title" className="text-lg font-semibold">
        Stale catalogue facts{list ? ` (${list.length})` : ''}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Prices and "sold new in Canada" checked more than 6 months ago, or never confirmed in a Canadian store, are
        shown to visitors as "last checked" or "not confirmed" and rank after current ones; a phone whose successor
        launched after its last check may have a new price. Re-check them in the maker's Canadian store, edit the
        phone's file and rebuild.
      </p>
      {failed ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-400">
          Could not load the catalogue.
        </p>
      ) : !list ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted">
          <Spinner /> Loading the catalogue…
        </p>
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm font-medium text-green-800 dark:text-green-300">
          Every phone on sale has a price and a lineup check from the last 6 months.
        </p>
      ) : (
        <>
          <ul className="mt-3 grid gap-2">
            {shown!.map((s) => (
              <li key={s.id} className="min-w-0 rounded-lg border border-line p-3 text-sm">
                <p className="font-medium">{s.name}</p>
                <p className="mt-0.5 text-amber-800 dark:text-amber-200">Stale: {s.stale.join('; ')}</p>
                <p className="mt-0.5 text-muted">{s.recheck}.</p>
                <p className="mt-0.5 break-all font-mono text-xs text-muted">{s.file}</p>
              </li>
            ))}
          </ul>
          {list.length > SHOWN ? (
            <button type="button" className="btn-secondary mt-3" aria-expanded={all} onClick={() => setAll(!all)}>
              {all ? 'Show fewer' : `Show all ${list.length}`}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
