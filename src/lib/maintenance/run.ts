/**
 * One storage maintenance run (the scheduled function `storage-maintenance` calls it): closed
 * rate-limit windows removed as a whole, outbox days past retention removed, the subscriber index
 * repaired against the records, and a fresh statistics snapshot. Each part runs even if another
 * fails; failures are logged and reported. Server only.
 */
import { pruneOutbox } from '../server/mailer';
import { pruneRateLimits } from '../server/shared-ratelimit';
import { reconcileSubscriberIndex, snapshotSubscriberStats } from '../signups/store';

export interface MaintenanceReport {
  rateLimitBlobsRemoved: number | null;
  outboxRemoved: number | null;
  index: { indexed: number; removed: number; unreadable: number } | null;
  snapshotBuckets: number | null;
  errors: string[];
  ms: number;
}

/** Runs every maintenance step once. */
export async function runMaintenance(now = Date.now()): Promise<MaintenanceReport> {
  const started = performance.now();
  const errors: string[] = [];
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T | null> => {
    try {
      return await fn();
    } catch (err) {
      console.error(`[maintenance] ${name} failed`, err);
      errors.push(`${name}: ${(err as Error).message}`);
      return null;
    }
  };
  const rateLimitBlobsRemoved = await step('rate limits', () => pruneRateLimits(now));
  const outboxRemoved = await step('outbox', () => pruneOutbox(now));
  const index = await step('index', () => reconcileSubscriberIndex(now));
  const snapshot = await step('snapshot', () => snapshotSubscriberStats(now));
  return {
    rateLimitBlobsRemoved,
    outboxRemoved,
    index,
    snapshotBuckets: snapshot ? Object.keys(snapshot.buckets).length : null,
    errors,
    ms: Math.round(performance.now() - started),
  };
}
