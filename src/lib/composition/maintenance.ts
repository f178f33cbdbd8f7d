/**
 * One storage maintenance run (the scheduled function `storage-maintenance` calls it): a list of
 * steps, each run in turn, each allowed to fail without stopping the others. The cleanups are small
 * and bounded by what expired; the index pass (src/lib/subscribers/index-pass.ts) takes the time left of
 * the run's budget and continues where the last run stopped. Every run leaves a short report in the
 * `maintenance` store, which the staff health screen and `/api/health` (for staff) read. Server only.
 */
import { getStore } from '@netlify/blobs';
import { pruneOutbox } from '../email/outbox';
import { pruneQueue } from '../email/queue/queue';
import { pruneEventMarkers } from '../email/events/store';
import { prunePendingRefunds } from '../shop/server/service';
import { pruneStops } from '../subscribers/stops';
import { expirePendingSignups } from '../subscribers/expiry';
import { pruneRateLimits } from '../server/shared-ratelimit';
import { mapLimit } from '../server/storage';
import { pruneJobs, readJob, runJob, startJob } from './jobs';
import type { Job } from '../jobs/model';
import type { MaintenanceHealth } from '../admin/schemas';
import {
  INDEX_PASS_ID,
  INDEX_PASS_JOB,
  NEW_INDEX_PASS,
  type IndexPassInput,
  type IndexPassState,
  type PassSummary,
} from '../subscribers/index-pass';

export type { MaintenanceHealth };
import { CHUNK_ROWS } from '../subscribers/digest-chunks';

/** Netlify stops a scheduled run at 30 s: the run plans to end by this, leaving room to write its report. */
export const RUN_BUDGET_MS = 20_000;
/** How often the scheduled function runs (its cron expression). */
export const MAINTENANCE_SCHEDULE = '*/5 * * * *';

/** What a step gets: the run's start and the time by which it should be done. */
export interface StepContext {
  now: number;
  deadline: number;
}

/** One maintenance step: a name for logs and reports, and the work (its answer goes into the report). */
export interface MaintenanceStep {
  name: string;
  run(ctx: StepContext): Promise<unknown>;
}

/**
 * The steps of every run, in order. A new step joins with one line; the index pass stays last, as it
 * uses whatever time the others left.
 */
export const MAINTENANCE_STEPS: MaintenanceStep[] = [
  { name: 'rate limits', run: ({ now }) => pruneRateLimits(now) },
  { name: 'outbox', run: ({ now }) => pruneOutbox(now) },
  { name: 'mail queue', run: ({ now }) => pruneQueue(now) },
  { name: 'stops', run: ({ now }) => pruneStops(now) },
  { name: 'jobs', run: ({ now }) => pruneJobs(now) },
  { name: 'mail events', run: ({ now, deadline }) => pruneEventMarkers(now, deadline) },
  { name: 'shop refunds', run: ({ now, deadline }) => prunePendingRefunds(now, deadline) },
  { name: 'pending expiry', run: ({ now }) => expirePendingSignups(now) },
  { name: 'index pass', run: ({ deadline }) => runIndexPass(deadline) },
];

/** What one run did. */
export interface MaintenanceReport {
  at: number;
  ms: number;
  /** Each step's answer (null when it failed). */
  steps: Record<string, unknown>;
  errors: string[];
}

/** Runs every maintenance step once, within `budgetMs`. */
export async function runMaintenance(
  options: { now?: number; budgetMs?: number; steps?: MaintenanceStep[] } = {},
): Promise<MaintenanceReport> {
  const at = options.now ?? Date.now();
  const started = performance.now();
  const deadline = Date.now() + (options.budgetMs ?? RUN_BUDGET_MS);
  const errors: string[] = [];
  const steps: Record<string, unknown> = {};
  for (const step of options.steps ?? MAINTENANCE_STEPS) {
    try {
      steps[step.name] = await step.run({ now: at, deadline });
    } catch (err) {
      console.error(`[maintenance] ${step.name} failed`, err);
      errors.push(`${step.name}: ${(err as Error).message}`);
      steps[step.name] = null;
    }
  }
  const report: MaintenanceReport = { at, ms: Math.round(performance.now() - started), steps, errors };
  await saveReport(report).catch((err) => console.error('[maintenance] the run report was not saved', err));
  return report;
}

/** What the index pass did in one run. */
export interface PassRun {
  outcome: string;
  /** Steps of the pass this run made, and where the pass is now. */
  steps: number;
  progress: { done: number; total: number | null };
  finished: PassSummary | null;
}

/**
 * Runs the index pass job until `deadline` (creating it the first time). Another run still holding it
 * (a run that overran) makes this one skip the pass.
 */
export async function runIndexPass(deadline: number, input: IndexPassInput = {}): Promise<PassRun> {
  const before = (await readJob<IndexPassState>(INDEX_PASS_ID)) ?? null;
  if (!before) await startJob(INDEX_PASS_JOB, input, NEW_INDEX_PASS, { id: INDEX_PASS_ID });
  const outcome = await runJob(INDEX_PASS_ID, { deadline, retryDelayMs: 0 });
  const after = await readJob<IndexPassState>(INDEX_PASS_ID);
  const lastBefore = before?.job.state.last?.finishedAt ?? null;
  const last = after?.job.state.last ?? null;
  return {
    outcome,
    steps: (after?.job.steps ?? 0) - (before?.job.steps ?? 0),
    progress: after?.job.progress ?? { done: 0, total: null },
    finished: last && last.finishedAt !== lastBefore ? last : null,
  };
}

const REPORTS = 'maintenance';
const REPORT_PREFIX = 'r/';
/** Run reports kept (the newest ones). */
const KEEP_REPORTS = 24;

const reports = () => getStore({ name: REPORTS, consistency: 'strong' });
const reportKey = (at: number) => `${REPORT_PREFIX}${(36 ** 9 - 1 - at).toString(36).padStart(9, '0')}`;

async function saveReport(report: MaintenanceReport): Promise<void> {
  const s = reports();
  await s.setJSON(reportKey(report.at), report);
  const { blobs } = await s.list({ prefix: REPORT_PREFIX });
  const old = blobs
    .map((b) => b.key)
    .sort()
    .slice(KEEP_REPORTS);
  await mapLimit(old, 8, (k) => s.delete(k).catch(() => undefined));
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The maintenance health (a few reads). */
export async function maintenanceHealth(): Promise<MaintenanceHealth> {
  const s = reports();
  const { blobs } = await s.list({ prefix: REPORT_PREFIX });
  const keys = blobs
    .map((b) => b.key)
    .sort()
    .slice(0, 6);
  const recent = (await mapLimit(keys, 6, (k) =>
    s.get(k, { type: 'json' }).catch(() => null),
  )) as (MaintenanceReport | null)[];
  const job = (await readJob<IndexPassState, IndexPassInput>(INDEX_PASS_ID))?.job ?? null;
  return {
    schedule: MAINTENANCE_SCHEDULE,
    budgetMs: RUN_BUDGET_MS,
    runs: recent
      .filter((r): r is MaintenanceReport => !!r && typeof r.at === 'number')
      .map((r) => ({
        at: iso(r.at),
        ms: r.ms,
        errors: r.errors ?? [],
        passSteps: (r.steps?.['index pass'] as PassRun | null)?.steps ?? null,
      })),
    pass: passOf(job),
    lastFullPass: job?.state.last
      ? {
          ...job.state.last,
          startedAt: iso(job.state.last.startedAt),
          finishedAt: iso(job.state.last.finishedAt),
        }
      : null,
    slice: { keysPerStep: job?.input.sliceRows ?? CHUNK_ROWS, partitions: 16 },
  };
}

function passOf(job: Job<IndexPassState> | null): MaintenanceHealth['pass'] {
  const pass = job?.state.pass;
  if (!job || !pass) return null;
  return { startedAt: iso(pass.takenAt), phase: pass.phase, progress: job.progress, runs: pass.runners.length };
}
