/**
 * Bounce and complaint rates over the last 30 days on the Statistics tab, from SendGrid's events
 * (GET /api/admin/mail-events/rates): a table of the days that had mail events, newest first, with the
 * period's totals. Rates past what mailbox providers warn at are marked in words, not colour alone.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { adminFetch } from '../../stores/admin';
import { rateLabel, rateTable, RATE_WARN, type DayRates, type RateRow } from '../../lib/admin/mail-rates';
import { Spinner } from './ui';

export default function MailRates({ reload = 0 }: { reload?: number }) {
  const id = useId();
  const [days, setDays] = useState<DayRates[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setDays((await adminFetch<{ days: DayRates[] }>('/api/admin/mail-events/rates')).days);
      setFailed(false);
    } catch (err) {
      console.error('[admin] loading the mail rates failed', err);
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load, reload]);

  const table = days ? rateTable(days) : null;
  return (
    <section className="card min-w-0 p-5" aria-labelledby={id} data-testid="mail-rates">
      <h3 id={id} className="font-semibold">
        Delivery: bounces and spam complaints
      </h3>
      <p className="mt-1 text-xs text-muted">
        Last 30 days, from SendGrid&rsquo;s events. Mailbox providers warn past {RATE_WARN.complaint} % complaints; a
        campaign passing it pauses by itself.
      </p>
      {failed ? (
        <p className="mt-4 text-sm text-red-700 dark:text-red-400" role="alert">
          The delivery rates could not be loaded.
        </p>
      ) : !table ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner /> Loading the delivery rates…
        </p>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure label="Delivered">{table.total.delivered.toLocaleString('en-CA')}</Figure>
            <Figure label="Bounced">{table.total.bounced.toLocaleString('en-CA')}</Figure>
            <Figure label="Bounce rate">{withWarning(table.total, 'bounce')}</Figure>
            <Figure label="Complaint rate">{withWarning(table.total, 'complaint')}</Figure>
          </dl>
          {table.rows.length === 0 ? (
            <p className="mt-4 text-sm text-muted">
              No events from SendGrid yet. Point its Event Webhook at /api/sendgrid/events to see them here.
            </p>
          ) : (
            <div
              className="mt-4 max-h-80 overflow-auto rounded-lg border border-line"
              tabIndex={0}
              role="region"
              aria-label="Delivery rates by day"
            >
              <table className="w-full min-w-[30rem] text-left text-sm">
                <caption className="sr-only">Delivered, bounced and complaints per day, newest first</caption>
                <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="whitespace-nowrap px-3 py-2">
                      Day (UTC)
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Delivered
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Bounced
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Bounce rate
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Complaints
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Complaint rate
                    </th>
                  </tr>
                </thead>
                <tbody className="tabular-nums">
                  {table.rows.map((r) => (
                    <tr key={r.day} className="border-t border-line">
                      <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium">
                        {r.day}
                      </th>
                      <td className="px-3 py-2 text-right">{r.delivered}</td>
                      <td className="px-3 py-2 text-right">{r.bounced}</td>
                      <td className="px-3 py-2 text-right">{withWarning(r, 'bounce')}</td>
                      <td className="px-3 py-2 text-right">{r.complained}</td>
                      <td className="px-3 py-2 text-right">{withWarning(r, 'complaint')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/** The rate, with "high" in words when it passes what providers warn at. */
function withWarning(r: RateRow, kind: 'bounce' | 'complaint') {
  const rate = kind === 'bounce' ? r.bounceRate : r.complaintRate;
  const high = rate !== null && rate > RATE_WARN[kind];
  return (
    <span className={high ? 'font-semibold text-red-700 dark:text-red-400' : undefined}>
      {rateLabel(rate)}
      {high ? ' (high)' : ''}
    </span>
  );
}
