/**
 * Long-running jobs (the CSV export, the maintenance pass over the index, campaigns): the job record
 * and every change of it, as pure functions of the record and the time. Storage, the runner and the
 * functions that drive them: store.ts, runner.ts, docs/jobs.md.
 *
 * A job does its work in steps. Each step is a bounded unit (seconds) that reads the job's `state`
 * and returns the next state and the progress; the runner writes the record after every step (a
 * checkpoint). A runner holds a job by its `runner` field, written with a conditional write; a
 * runner that stops writing (its function was cut off) leaves a stale `heartbeatAt`, and the job
 * can then be claimed again and goes on from its last checkpoint.
 *
 * Pure: no storage, no clock (every change takes `now`).
 */

/** Where a job is. `queued`: waiting for a runner (new, or between two runs). */
export type JobStatus = 'queued' | 'running' | 'paused' | 'done' | 'failed' | 'cancelled';

/** A request that the runner honours between two steps. */
export type JobControl = 'pause' | 'cancel';

/** How far a job is: `done` of `total` units (rows, recipients, hours…); total null while unknown. */
export interface JobProgress {
  done: number;
  total: number | null;
}

/** One job, as stored (`jobs` store, `j/<id>`). Times are epoch milliseconds. */
export interface Job<S = unknown, I = unknown, R = unknown> {
  id: string;
  /** The registered job type that knows how to step it. */
  type: string;
  status: JobStatus;
  /** What the job was asked to do (never changes). */
  input: I;
  /** Where it is: the type's own cursor, written at every checkpoint. */
  state: S;
  progress: JobProgress;
  /** What it produced, once done (the type's own shape). */
  result: R | null;
  createdAt: number;
  startedAt: number | null;
  updatedAt: number;
  finishedAt: number | null;
  /** Last checkpoint of the runner holding it. */
  heartbeatAt: number | null;
  /** The runner holding the job (null: nobody). */
  runner: { id: string; claimedAt: number } | null;
  control: JobControl | null;
  /** Steps done, and failed steps in a row (reset by a good step). */
  steps: number;
  attempts: number;
  error: string | null;
}

/** Statuses a job never leaves. */
export const FINAL_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled'];

/** A runner that has not written its job for this long is taken for dead (steps are kept far shorter). */
export const STALE_MS = 90_000;

/** Failed steps in a row after which a job fails for good. */
export const MAX_ATTEMPTS = 3;

/** True for done, failed and cancelled jobs. */
export function isFinal(job: Pick<Job, 'status'>): boolean {
  return FINAL_STATUSES.includes(job.status);
}

/** A new job, queued. */
export function newJob<S, I>(
  options: { id: string; type: string; input: I; state: S; total?: number | null },
  now: number,
): Job<S, I> {
  return {
    id: options.id,
    type: options.type,
    status: 'queued',
    input: options.input,
    state: options.state,
    progress: { done: 0, total: options.total ?? null },
    result: null,
    createdAt: now,
    startedAt: null,
    updatedAt: now,
    finishedAt: null,
    heartbeatAt: null,
    runner: null,
    control: null,
    steps: 0,
    attempts: 0,
    error: null,
  };
}

/** True when the runner holding `job` has stopped writing it (or nobody holds it). */
export function isStale(job: Pick<Job, 'runner' | 'heartbeatAt'>, now: number, staleMs = STALE_MS): boolean {
  return job.runner === null || job.heartbeatAt === null || now - job.heartbeatAt > staleMs;
}

/** True when a runner may take `job` now: queued, or running with a runner that died. */
export function canClaim(job: Job, now: number, staleMs = STALE_MS): boolean {
  if (job.status === 'queued') return job.runner === null || isStale(job, now, staleMs);
  return job.status === 'running' && isStale(job, now, staleMs);
}

/** `job` held by runner `runnerId` from `now`. */
export function claim<S, I, R>(job: Job<S, I, R>, runnerId: string, now: number): Job<S, I, R> {
  return {
    ...job,
    status: 'running',
    runner: { id: runnerId, claimedAt: now },
    heartbeatAt: now,
    startedAt: job.startedAt ?? now,
    updatedAt: now,
  };
}

/** True when `runnerId` still holds `job` (another runner may have taken it over after a stall). */
export function holds(job: Pick<Job, 'runner'>, runnerId: string): boolean {
  return job.runner?.id === runnerId;
}

/** What one step returns. */
export interface StepResult<S, R = unknown> {
  state: S;
  progress: JobProgress;
  /** The job is finished; `result` is what it produced. */
  done?: boolean;
  result?: R;
  /** Nothing more to do in this run (the job stays queued for a later one). */
  rest?: boolean;
}

/** `job` after a good step. */
export function afterStep<S, I, R>(job: Job<S, I, R>, step: StepResult<S, R>, now: number): Job<S, I, R> {
  const next: Job<S, I, R> = {
    ...job,
    state: step.state,
    progress: step.progress,
    steps: job.steps + 1,
    attempts: 0,
    error: null,
    heartbeatAt: now,
    updatedAt: now,
  };
  return step.done
    ? { ...next, status: 'done', result: step.result ?? null, finishedAt: now, runner: null, control: null }
    : next;
}

/** `job` after a step that threw: failed for good after `maxAttempts` failures in a row. */
export function afterFailure<S, I, R>(
  job: Job<S, I, R>,
  error: string,
  now: number,
  maxAttempts = MAX_ATTEMPTS,
): Job<S, I, R> {
  const attempts = job.attempts + 1;
  const failed = attempts >= maxAttempts;
  return {
    ...job,
    attempts,
    error: error.slice(0, 500),
    heartbeatAt: now,
    updatedAt: now,
    ...(failed ? { status: 'failed' as const, finishedAt: now, runner: null, control: null } : {}),
  };
}

/** `job` handed back by its runner (out of time, or resting): queued for the next runner. */
export function release<S, I, R>(job: Job<S, I, R>, now: number): Job<S, I, R> {
  if (isFinal(job) || job.status === 'paused') return { ...job, runner: null, updatedAt: now };
  return { ...job, status: 'queued', runner: null, updatedAt: now };
}

/**
 * `job` after a pause, cancel or resume request. A job nobody is running changes at once; a running
 * one keeps the request in `control`, which its runner honours before the next step (`honour`).
 * Null when the request does not apply: a final job (except resuming a failed one), resuming one that
 * is neither paused nor failed, or anything after a cancel (a cancel is never taken back).
 */
export function request<S, I, R>(
  job: Job<S, I, R>,
  what: JobControl | 'resume',
  now: number,
  staleMs = STALE_MS,
): Job<S, I, R> | null {
  // Cancel is final: once asked for, no pause or resume replaces it (the runner carries it out
  // before its next step, or the resumer does for a runner that died).
  if (job.control === 'cancel') return null;
  if (what === 'resume') {
    // A job that failed for good (its attempts used up) may be resumed by staff: its attempts start again.
    if (job.status === 'failed')
      return { ...job, status: 'queued', control: null, attempts: 0, error: null, finishedAt: null, updatedAt: now };
    if (job.status !== 'paused') return null;
    return { ...job, status: 'queued', control: null, updatedAt: now };
  }
  if (isFinal(job)) return null;
  if (job.status === 'paused' && what === 'pause') return null;
  const idle = job.status === 'queued' || job.status === 'paused' || isStale(job, now, staleMs);
  if (idle) return honour({ ...job, control: what }, now);
  return { ...job, control: what, updatedAt: now };
}

/** `job` with its pending request carried out (paused or cancelled, nobody holding it); as it is otherwise. */
export function honour<S, I, R>(job: Job<S, I, R>, now: number): Job<S, I, R> {
  if (job.control === 'cancel')
    return { ...job, status: 'cancelled', control: null, runner: null, finishedAt: now, updatedAt: now };
  if (job.control === 'pause') return { ...job, status: 'paused', control: null, runner: null, updatedAt: now };
  return job;
}

/**
 * The checkpoint a runner wants to write, applied to a record that changed under it. Only a runner
 * advances a job, so if the record still names this runner the only other change can be a request
 * (`control`): keep that, take the runner's version of everything else. Null when the runner lost
 * the job (it must stop without writing).
 */
export function rebase<S, I, R>(wanted: Job<S, I, R>, current: Job<S, I, R>, runnerId: string): Job<S, I, R> | null {
  if (!holds(current, runnerId)) return null;
  if (isFinal(current)) return null;
  if (isFinal(wanted)) return wanted;
  return { ...wanted, control: wanted.control ?? current.control };
}
