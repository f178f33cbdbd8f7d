import type { Config } from '@netlify/functions';
import { runMaintenance } from '../../src/lib/composition/maintenance';

/**
 * Scheduled every 5 minutes: the maintenance steps (src/lib/composition/maintenance.ts): closed rate-limit
 * windows, outbox days past retention and expired jobs removed, then a slice of the index pass
 * (repairs, statistics snapshot, search digest), which continues at the next run. Scheduled
 * functions have no public URL.
 */
export default async function storageMaintenance(): Promise<Response> {
  const report = await runMaintenance();
  console.info('[maintenance]', JSON.stringify(report));
  return new Response(null, { status: report.errors.length ? 500 : 204 });
}

// A literal (the bundler reads it from the source); MAINTENANCE_SCHEDULE in run.ts says the same (a test checks).
export const config: Config = { schedule: '*/5 * * * *' };
