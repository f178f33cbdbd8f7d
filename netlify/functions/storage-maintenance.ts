import type { Config } from '@netlify/functions';
import { runMaintenance } from '../../src/lib/maintenance/run';

/**
 * Scheduled every 10 minutes: removes closed rate-limit windows and outbox days past retention,
 * repairs the subscriber index, and writes a statistics snapshot (src/lib/maintenance/run.ts).
 * Scheduled functions have no public URL.
 */
export default async function storageMaintenance(): Promise<Response> {
  const report = await runMaintenance();
  console.info('[maintenance]', JSON.stringify(report));
  return new Response(null, { status: report.errors.length ? 500 : 204 });
}

export const config: Config = { schedule: '*/10 * * * *' };
