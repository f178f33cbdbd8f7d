import type { Config } from '@netlify/functions';
import { runPending } from '../../src/lib/composition/jobs';
import { kickJobs, verifyKick } from '../../src/lib/jobs/kick';

/** Netlify stops a background run at 15 minutes: stop starting steps well before. */
const RUN_MS = 14 * 60_000;

/**
 * The background job runner (docs/jobs.md): started by a signed kick (the staff API when an export
 * starts, the scheduled resumer, or itself), it runs every job waiting for a runner, one after another,
 * for up to 14 minutes, and kicks a fresh run when work is left. An unsigned or stale kick runs nothing.
 */
export default async function jobsBackground(req: Request): Promise<Response> {
  const body = await req.json().catch(() => null);
  const jobId = await verifyKick(body);
  if (jobId === undefined) {
    console.warn('[jobs] a kick without a valid signature was ignored');
    return new Response(null, { status: 401 });
  }
  const { ran, more } = await runPending({ deadline: Date.now() + RUN_MS, first: jobId ?? undefined });
  console.info('[jobs] background run', JSON.stringify(ran));
  if (more) await kickJobs();
  return new Response(null, { status: 204 });
}

export const config: Config = { background: true };
