import type { Config } from '@netlify/functions';
import { resumeJobs } from '../../src/lib/composition/jobs-resume';

/**
 * Scheduled every minute: starts the background runner for jobs nobody is running (a runner that
 * died, a kick that got lost), or runs a bounded slice itself when the runner cannot be reached
 * (docs/jobs.md). Scheduled functions have no public URL.
 */
export default async function jobsResume(): Promise<Response> {
  const report = await resumeJobs();
  if (report.waiting.length) console.info('[jobs] resume', JSON.stringify(report));
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '* * * * *' };
