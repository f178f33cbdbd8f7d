/**
 * Runs jobs: job types registered by name, a runner that claims a job with a conditional write and
 * checkpoints it after every step on the ETag it holds (so two runners never both advance one job,
 * and a runner that lost its claim stops), requests (pause, cancel) honoured between steps, and the
 * upkeep of the scheduled resumer. Server only; docs/jobs.md.
 */
import {
  afterFailure,
  afterStep,
  canClaim,
  claim,
  honour,
  isFinal,
  isStale,
  newJob,
  rebase,
  release,
  request,
  MAX_ATTEMPTS,
  STALE_MS,
  type Job,
  type JobControl,
  type StepResult,
} from './model';
import {
  activeJobIds,
  allJobIds,
  createJob,
  deleteJob,
  dropActive,
  markActive,
  newJobId,
  readJob,
  replaceJob,
  updateJob,
  type StoredJob,
} from './store';
import { isLocalMode } from '../server/env';

/** The local runtime's test clock (docs/runtime.md, "A faster clock for tests"). */
const TEST_MINUTE_VARIABLE = 'SCHEDULER_MINUTE_SECONDS';

/**
 * On the test clock a runner is taken for dead no sooner than this: twice the provider's timeout
 * (`PROVIDER_TIMEOUT_MS`), the longest one step waits, so a slow step is never taken over while it runs.
 */
export const TEST_STALE_FLOOR_MS = 30_000;

/**
 * How long a runner may stay silent before it is taken for dead: `STALE_MS`, or on the test clock
 * (SCHEDULER_MINUTE_SECONDS=N in local mode) `STALE_MS` scaled by N/60, never under
 * `TEST_STALE_FLOOR_MS`. Outside local mode, or with a value the runtime would refuse, the real time.
 */
export function staleAfterMs(source: Record<string, string | undefined> = process.env): number {
  const raw = source[TEST_MINUTE_VARIABLE];
  if (!raw || !isLocalMode(source)) return STALE_MS;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds < 1 || seconds >= 60) return STALE_MS;
  return Math.max(TEST_STALE_FLOOR_MS, Math.round((STALE_MS * seconds) / 60));
}

/** What a step gets besides the job. */
export interface StepContext {
  /** Epoch ms by which the step should have returned (it bounds its own work by it). */
  deadline: number;
  now: () => number;
  /** The runner doing this step (steps of one run share it). */
  runnerId: string;
}

/** A kind of job: how to do one step of it, and how it is run and kept. */
export interface JobType<S = any, I = any, R = any> {
  /**
   * One bounded unit of work (seconds, well under STALE_MS), from `job.state` to the next state.
   * It may run again from the same state (a runner cut off before its checkpoint), so whatever it
   * writes must be keyed by the state it started from, never appended blindly.
   */
  step(job: Job<S, I, R>, ctx: StepContext): Promise<StepResult<S, R>>;
  /**
   * Who runs it: 'background' (default): the background function, kicked when the job is created and
   * by the scheduled resumer when its runner died; 'scheduled': only the scheduled function that owns
   * it (the maintenance pass).
   */
  runs?: 'background' | 'scheduled';
  /** Failed steps in a row before the job fails (default MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** How long a final job is kept before the daily upkeep deletes it (default 7 days). */
  retentionMs?: number;
  /** Deletes what the job wrote (its files), when it is cancelled or its retention ends. */
  cleanup?(job: Job<S, I, R>): Promise<void>;
}

const types = new Map<string, JobType>();

/** Registers a job type under `name` (once per name; src/lib/composition/jobs.ts registers every type). */
export function registerJobType<S, I, R>(name: string, type: JobType<S, I, R>): void {
  types.set(name, type as JobType);
}

/** The registered type `name`, or undefined. */
export function jobType(name: string): JobType | undefined {
  return types.get(name);
}

/** Creates and stores a queued job of a registered type. */
export async function startJob<S, I>(
  type: string,
  input: I,
  state: S,
  options: { id?: string; total?: number | null; now?: number } = {},
): Promise<Job<S, I> | null> {
  if (!types.has(type)) throw new Error(`No job type "${type}" is registered.`);
  const now = options.now ?? Date.now();
  const job = newJob({ id: options.id ?? newJobId(type, now), type, input, state, total: options.total }, now);
  const created = await createJob(job);
  return created ? job : null;
}

/** How a run of one job ended. */
export type RunOutcome =
  | 'done'
  | 'failed'
  | 'cancelled'
  | 'paused'
  /** Out of time with work left: handed back, queued. */
  | 'yielded'
  /** The type said there is nothing more to do in this run. */
  | 'rested'
  /** Another runner holds it, or it is final or paused. */
  | 'busy'
  /** Another runner took it over while this one ran: stopped without writing. */
  | 'lost'
  | 'missing';

/** Options of a run. */
export interface RunOptions {
  /** Epoch ms after which no new step starts. */
  deadline: number;
  runnerId?: string;
  now?: () => number;
  /** Pause after a failed step before the next attempt (ms). */
  retryDelayMs?: number;
}

/**
 * Claims job `id` and steps it until it is final, its type rests, a request stops it, or the deadline
 * passes (then it is handed back, queued); at least one step per claim. Every step is checkpointed with a conditional write on the
 * ETag this runner holds; when that write fails, the record is read again: if another runner holds
 * the job now, this one stops without writing; if it still names this runner (a pause or cancel
 * request came in), the checkpoint is written over it, keeping the request.
 */
export async function runJob(id: string, options: RunOptions): Promise<RunOutcome> {
  const now = options.now ?? Date.now;
  const runnerId = options.runnerId ?? crypto.randomUUID();
  const found = await readJob(id);
  if (!found) return 'missing';
  const type = types.get(found.job.type);
  if (!type) {
    console.error(`[jobs] job ${id} has the unknown type "${found.job.type}"`);
    return 'busy';
  }
  const staleMs = staleAfterMs();
  if (found.job.control && canClaim(found.job, now(), staleMs)) {
    // A request made while nobody ran it and not carried out yet: carry it out now.
    const done = await replaceJob(honour(found.job, now()), found.etag);
    if (done?.job.status === 'cancelled') await type.cleanup?.(done.job).catch(() => undefined);
    return done ? (done.job.status === 'cancelled' ? 'cancelled' : 'paused') : 'busy';
  }
  if (!canClaim(found.job, now(), staleMs)) return 'busy';
  let held = await replaceJob(claim(found.job, runnerId, now()), found.etag);
  if (!held) return 'busy';
  const stepsAtClaim = held.job.steps;

  /** Writes `wanted` over the held version; on a conflict, over the newer one if this runner still holds it. */
  const checkpoint = async (wanted: Job): Promise<StoredJob | null> => {
    let target: StoredJob = held!;
    for (let attempt = 0; attempt < 8; attempt++) {
      const written = await replaceJob(wanted, target.etag);
      if (written) return written;
      const current = await readJob(id);
      const rebased = current && rebase(wanted, current.job, runnerId);
      if (!current || !rebased) return null;
      wanted = rebased;
      target = current;
    }
    return null;
  };

  for (;;) {
    const job = held.job;
    if (job.control) {
      const stopped = await checkpoint(honour(job, now()));
      if (!stopped) return 'lost';
      if (stopped.job.status === 'cancelled') await type.cleanup?.(stopped.job).catch(() => undefined);
      return stopped.job.status === 'cancelled' ? 'cancelled' : 'paused';
    }
    // A runner that claimed a job makes at least one step of it, however little time is left.
    if (job.steps > stepsAtClaim && now() >= options.deadline) {
      return (await checkpoint(release(job, now()))) ? 'yielded' : 'lost';
    }
    let next: Job;
    let rest = false;
    try {
      const result = await type.step(job, { deadline: options.deadline, now, runnerId });
      next = afterStep(job, result, now());
      rest = !!result.rest && !result.done;
    } catch (err) {
      console.error(`[jobs] step ${job.steps + 1} of job ${id} (${job.type}) failed`, err);
      next = afterFailure(
        job,
        err instanceof Error ? err.message : String(err),
        now(),
        type.maxAttempts ?? MAX_ATTEMPTS,
      );
    }
    const written = await checkpoint(rest ? release(next, now()) : next);
    if (!written) return 'lost';
    held = written;
    if (written.job.status === 'done') return 'done';
    if (written.job.status === 'failed') return 'failed';
    if (isFinal(written.job)) return 'cancelled';
    if (rest) return 'rested';
    if (written.job.attempts > 0 && options.retryDelayMs !== 0)
      await new Promise((r) => setTimeout(r, options.retryDelayMs ?? 1000));
  }
}

/**
 * Runs every job that may be claimed now and is run by `runs` (the background function: 'background'),
 * `first` before the others, one after another until the deadline. `more` is true when a job was
 * handed back with work left (the caller starts another run).
 */
export async function runPending(
  options: RunOptions & { first?: string; runs?: 'background' | 'scheduled' },
): Promise<{ ran: Record<string, RunOutcome>; more: boolean }> {
  const now = options.now ?? Date.now;
  const runs = options.runs ?? 'background';
  const ran: Record<string, RunOutcome> = {};
  let more = false;
  const ids = await activeJobIds();
  const order =
    options.first && ids.includes(options.first) ? [options.first, ...ids.filter((i) => i !== options.first)] : ids;
  for (const id of order) {
    if (now() >= options.deadline) {
      more = true;
      break;
    }
    const found = await readJob(id);
    if (!found) continue;
    if (isFinal(found.job)) {
      await dropActive(id).catch(() => undefined);
      continue;
    }
    if ((types.get(found.job.type)?.runs ?? 'background') !== runs) continue;
    const outcome = await runJob(id, options);
    ran[id] = outcome;
    if (outcome === 'yielded') more = true;
  }
  return { ran, more };
}

/**
 * Carries out (or records, for a running job) a pause, cancel or resume request. Null: no such job.
 * `applied` is false when the request does not apply to the job as it is (`request` in model.ts):
 * the job is returned unchanged, and the caller tells whoever asked.
 */
export async function requestJobChange(
  id: string,
  what: JobControl | 'resume',
  now = Date.now(),
): Promise<{ job: Job; applied: boolean } | null> {
  let applied = false;
  const job = await updateJob(id, (j) => {
    const next = request(j, what, now, staleAfterMs());
    applied = next !== null;
    return next;
  });
  if (!job) return null;
  // A failed job resumed is live again: the resumer and the runners list live jobs by their marker.
  if (applied && what === 'resume') await markActive(id);
  if (applied && job.status === 'cancelled')
    await types
      .get(job.type)
      ?.cleanup?.(job)
      .catch(() => undefined);
  return { job, applied };
}

/** Carries out (or records, for a running job) a pause, cancel or resume request. Null: no such job. */
export async function requestJob(id: string, what: JobControl | 'resume', now = Date.now()): Promise<Job | null> {
  return (await requestJobChange(id, what, now))?.job ?? null;
}

/** A job the scheduled resumer should hand to a runner: unclaimed for a while, or its runner died. */
export function needsRunner(job: Job, now: number, graceMs = 30_000): boolean {
  const staleMs = staleAfterMs();
  if (!canClaim(job, now, staleMs)) return false;
  if (job.status === 'queued') return now - job.updatedAt > graceMs || job.control !== null;
  return isStale(job, now, staleMs);
}

/** Which live jobs of background types need a runner now (the scheduled resumer kicks for them). */
export async function jobsNeedingRunner(now = Date.now()): Promise<string[]> {
  const out: string[] = [];
  for (const id of await activeJobIds()) {
    const found = await readJob(id);
    if (!found) continue;
    if (isFinal(found.job)) {
      await dropActive(id).catch(() => undefined);
      continue;
    }
    if ((types.get(found.job.type)?.runs ?? 'background') === 'background' && needsRunner(found.job, now)) out.push(id);
  }
  return out;
}

const DAY_MS = 86_400_000;

/**
 * Deletes final jobs older than their type's retention, with what they wrote (`cleanup`). Reads a job
 * only once its id's time says it may be old enough. Returns how many were deleted.
 */
export async function pruneJobs(now = Date.now(), minRetentionMs = DAY_MS): Promise<number> {
  let removed = 0;
  for (const id of await allJobIds()) {
    const created = parseInt(/-([0-9a-z]+)-[0-9a-z]+$/.exec(id)?.[1] ?? '', 36);
    if (Number.isFinite(created) && now - created < minRetentionMs) continue;
    const found = await readJob(id);
    if (!found || !isFinal(found.job)) continue;
    const type = types.get(found.job.type);
    const retention = type?.retentionMs ?? 7 * DAY_MS;
    if (now - (found.job.finishedAt ?? found.job.updatedAt) < retention) continue;
    await type?.cleanup?.(found.job);
    await deleteJob(id);
    removed += 1;
  }
  return removed;
}
