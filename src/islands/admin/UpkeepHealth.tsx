/**
 * Storage upkeep on the Statistics tab (docs/storage.md, "The maintenance function"): when the last
 * full pass over the index finished and how many runs it took, the pass under way, the slice each
 * run does and how long the latest runs took against the budget a scheduled run has. Loaded with
 * the statistics (and their Refresh), never polled.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { adminFetch } from '../../stores/admin';
import type { MaintenanceHealth } from '../../lib/admin/schemas';
import { plural } from '../../lib/admin/subscribers';
import { Spinner } from './ui';

const numbers = new Intl.NumberFormat('en-CA');
const when = (iso: string) => new Date(iso).toLocaleString();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One line of the list: a label and its value (red when it needs attention). */
function Fact({
  label,
  children,
  wide,
  alert,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
  alert?: boolean;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-muted">{label}</dt>
      <dd className={alert ? 'font-medium text-red-700 dark:text-red-400' : 'font-medium'}>{children}</dd>
    </div>
  );
}

export default function UpkeepHealth({ reload }: { reload: number }) {
  const [health, setHealth] = useState<MaintenanceHealth | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setHealth(await adminFetch<MaintenanceHealth>('/api/admin/maintenance'));
      setFailed(false);
    } catch (err) {
      console.error('[admin] loading the upkeep health failed', err);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load, reload]);

  const last = health?.lastFullPass;
  const slowest = health?.runs.reduce((max, r) => Math.max(max, r.ms), 0) ?? 0;
  const overBudget = health ? slowest > health.budgetMs : false;
  return (
    <section className="card p-5" aria-labelledby="upkeep-title" data-testid="upkeep-health">
      <h3 id="upkeep-title" className="font-semibold">
        Storage upkeep
      </h3>
      <p className="mt-1 text-xs text-muted">
        A scheduled run every 5 minutes repairs the index and refreshes statistics and search, a slice at a time.
      </p>
      {!health ? (
        failed ? (
          <p className="mt-4 text-sm text-muted">The upkeep status could not be loaded.</p>
        ) : (
          <p className="mt-4 flex items-center gap-2 text-sm text-muted">
            <Spinner /> Loading…
          </p>
        )
      ) : (
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label="Last full pass">
            {last
              ? `${when(last.finishedAt)}: ${plural(last.runs, 'run')}, ${seconds(last.ms)} of work, ${numbers.format(last.records)} records`
              : 'None yet'}
          </Fact>
          <Fact label="Pass under way">
            {health.pass && health.pass.progress.total
              ? `${Math.round((health.pass.progress.done / health.pass.progress.total) * 100)}% (${health.pass.phase}), ${plural(health.pass.runs, 'run')} so far`
              : 'None'}
          </Fact>
          <Fact label="Slice per step">
            {numbers.format(health.slice.keysPerStep)} index keys, or 1/{health.slice.partitions} of the records
          </Fact>
          <Fact label={`Time per run (latest ${health.runs.length})`} alert={overBudget}>
            {health.runs.length
              ? `${health.runs.map((r) => seconds(r.ms)).join(', ')} (budget ${seconds(health.budgetMs)})`
              : 'No run yet'}
            {overBudget ? ': over the budget, a run may be cut off' : ''}
          </Fact>
          {last && last.repairs.indexed + last.repairs.removed + last.repairs.migrated + last.repairs.unreadable > 0 ? (
            <Fact label="Repairs in the last pass" wide>
              {`${last.repairs.indexed} indexed, ${last.repairs.removed} stray keys removed, ${last.repairs.migrated} keys rewritten, ${last.repairs.unreadable} unreadable records`}
            </Fact>
          ) : null}
          {health.runs.some((r) => r.errors.length) ? (
            <Fact label="Errors" wide alert>
              {health.runs.flatMap((r) => r.errors).join('; ')}
            </Fact>
          ) : null}
        </dl>
      )}
    </section>
  );
}
