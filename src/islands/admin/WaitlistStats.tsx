/**
 * The Statistics tab: the total of confirmed subscribers, pending and unsubscribed ones apart, the
 * signups and confirmations per day over the last 90 days (DailyChart), and the interests and
 * referral sources of the confirmed ones as bars with counts and rounded percentages of the total;
 * the empty states of docs/site.md#messages. Below, the storage upkeep's health (UpkeepHealth),
 * refreshed with the statistics.
 */
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../stores/toast';
import { adminFetch } from '../../stores/admin';
import {
  interestLabel,
  sourceLabel,
  statBars,
  type StatBar,
  type WaitlistStats as Stats,
} from '../../lib/admin/subscribers';
import { EmptyState, Spinner } from './ui';
import UpkeepHealth from './UpkeepHealth';
import DailyChart from './DailyChart';
import MailRates from './MailRates';

export default function WaitlistStats() {
  const [stats, setStats] = useState<Stats | null>(null);
  const [loading, setLoading] = useState(true);
  const [loads, setLoads] = useState(0);

  const load = useCallback(async () => {
    setLoading(true);
    setLoads((n) => n + 1);
    try {
      setStats(await adminFetch<Stats>('/api/admin/waitlist/stats'));
    } catch (err) {
      console.error('[admin] loading stats failed', err);
      toast({
        title: 'Error retrieving stats',
        description: 'Failed to load waitlist statistics',
        variant: 'destructive',
      });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (loading && !stats) {
    return (
      <p className="flex items-center gap-2 text-muted" role="status">
        <Spinner /> Loading statistics…
      </p>
    );
  }
  if (!stats || stats.totalCount + stats.pendingCount + stats.unsubscribedCount === 0) {
    return (
      <EmptyState title="No statistics available">
        <p>Statistics appear once people join the waitlist.</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => void load()} disabled={loading}>
          {loading ? <Spinner /> : null}
          Refresh Stats
        </button>
      </EmptyState>
    );
  }

  const interests = statBars(stats.interestBreakdown, stats.totalCount, interestLabel);
  const sources = statBars(stats.sourceBreakdown, stats.totalCount, sourceLabel);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-1 flex-wrap gap-4">
          <div className="card min-w-56 flex-1 p-5">
            <p className="text-sm font-medium text-muted">Total Subscribers</p>
            <p className="mt-1 text-4xl font-bold tracking-tight" data-testid="total-subscribers">
              {stats.totalCount}
            </p>
            <p className="mt-1 text-xs text-muted">Confirmed (double opt-in)</p>
          </div>
          <div className="card min-w-44 flex-1 p-5">
            <p className="text-sm font-medium text-muted">Pending confirmation</p>
            <p className="mt-1 text-4xl font-bold tracking-tight" data-testid="pending-subscribers">
              {stats.pendingCount}
            </p>
            <p className="mt-1 text-xs text-muted">Not counted above; no mail until confirmed</p>
          </div>
          <div className="card min-w-44 flex-1 p-5">
            <p className="text-sm font-medium text-muted">Unsubscribed</p>
            <p className="mt-1 text-4xl font-bold tracking-tight" data-testid="unsubscribed-subscribers">
              {stats.unsubscribedCount}
            </p>
          </div>
        </div>
        <button type="button" className="btn-secondary" onClick={() => void load()} disabled={loading}>
          {loading ? <Spinner /> : null}
          Refresh Stats
        </button>
      </div>
      {stats.daily?.length ? <DailyChart daily={stats.daily} /> : null}
      <MailRates reload={loads} />
      <div className="grid gap-6 xl:grid-cols-2">
        <Breakdown
          title="Interests"
          bars={interests}
          empty="No interest data available"
          note="A subscriber with several interests counts in each."
        />
        <Breakdown title="Referral Sources" bars={sources} empty="No source data available" />
      </div>
      <UpkeepHealth reload={loads} />
    </div>
  );
}

function Breakdown({ title, bars, empty, note }: { title: string; bars: StatBar[]; empty: string; note?: string }) {
  const id = `stats-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card p-5" aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {note ? <p className="mt-1 text-xs text-muted">{note}</p> : null}
      {bars.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {bars.map((bar) => (
            <li key={bar.key} data-testid="stat-bar">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium">{bar.label}</span>
                <span className="tabular-nums text-muted">
                  {bar.count} ({bar.percent}%)
                </span>
              </div>
              <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
                <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, bar.percent)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
