/**
 * The scheduled resumer's work (`netlify/functions/jobs-resume.ts`, every minute): find the jobs that
 * wait for a runner (see `needsRunner`) and start the background runner for them; when it cannot be
 * reached, run them here for a bounded slice, within a scheduled run's 30 s. Server only; docs/jobs.md.
 */
import { jobsNeedingRunner, runPending, type RunOutcome } from './jobs';
import { kickJobs } from '../jobs/kick';

/** A slice the resumer runs itself stays this far inside a scheduled run's 30 s. */
export const RESUME_SLICE_MS = 20_000;

export interface ResumeReport {
  waiting: string[];
  kicked: boolean;
  ran: Record<string, RunOutcome>;
}

/** Starts a runner for every job waiting for one (see the header). */
export async function resumeJobs(now = Date.now()): Promise<ResumeReport> {
  const waiting = await jobsNeedingRunner(now);
  if (!waiting.length) return { waiting, kicked: false, ran: {} };
  const kicked = await kickJobs();
  if (kicked) return { waiting, kicked, ran: {} };
  const { ran } = await runPending({ deadline: Date.now() + RESUME_SLICE_MS });
  return { waiting, kicked, ran };
}
