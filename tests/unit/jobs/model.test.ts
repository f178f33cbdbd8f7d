// The job record's state changes (src/lib/jobs/model.ts), with the time passed in.
import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  afterStep,
  canClaim,
  claim,
  holds,
  honour,
  isStale,
  newJob,
  rebase,
  release,
  request,
  MAX_ATTEMPTS,
  STALE_MS,
} from '../../../src/lib/jobs/model';
import { staleAfterMs, TEST_STALE_FLOOR_MS } from '../../../src/lib/jobs/runner';
import { PROVIDER_TIMEOUT_MS } from '../../../src/lib/email/transport';

const T = 1_800_000_000_000;
const fresh = () => newJob({ id: 'export-x', type: 'export', input: { q: '' }, state: { n: 0 }, total: 10 }, T);

describe('claiming', () => {
  it('a new job is queued and may be claimed; a claimed one only once its runner went quiet', () => {
    const job = fresh();
    expect(job).toMatchObject({ status: 'queued', runner: null, progress: { done: 0, total: 10 }, createdAt: T });
    expect(canClaim(job, T)).toBe(true);
    const held = claim(job, 'r1', T + 5);
    expect(held).toMatchObject({ status: 'running', runner: { id: 'r1' }, heartbeatAt: T + 5, startedAt: T + 5 });
    expect(holds(held, 'r1')).toBe(true);
    expect(canClaim(held, T + 5 + STALE_MS)).toBe(false);
    expect(canClaim(held, T + 6 + STALE_MS)).toBe(true);
    expect(isStale(held, T + 6 + STALE_MS)).toBe(true);
    // A second claim keeps the first start time.
    expect(claim(held, 'r2', T + 10 + STALE_MS).startedAt).toBe(T + 5);
  });

  it('final and paused jobs are never claimed', () => {
    const done = afterStep(
      claim(fresh(), 'r', T),
      { state: { n: 1 }, progress: { done: 10, total: 10 }, done: true },
      T + 1,
    );
    expect(done).toMatchObject({ status: 'done', runner: null, finishedAt: T + 1 });
    expect(canClaim(done, T + 10 * STALE_MS)).toBe(false);
    const paused = request(fresh(), 'pause', T)!;
    expect(paused.status).toBe('paused');
    expect(canClaim(paused, T + 10 * STALE_MS)).toBe(false);
  });
});

describe('steps and failures', () => {
  it('a step moves the state and progress and beats the heart; a release queues it again', () => {
    const held = claim(fresh(), 'r', T);
    const next = afterStep(held, { state: { n: 1 }, progress: { done: 3, total: 10 } }, T + 2_000);
    expect(next).toMatchObject({
      status: 'running',
      state: { n: 1 },
      progress: { done: 3 },
      steps: 1,
      heartbeatAt: T + 2_000,
    });
    expect(release(next, T + 3_000)).toMatchObject({ status: 'queued', runner: null, state: { n: 1 } });
  });

  it('fails for good after MAX_ATTEMPTS failed steps in a row; a good step resets the count', () => {
    let job = claim(fresh(), 'r', T);
    job = afterFailure(job, 'boom', T + 1);
    expect(job).toMatchObject({ status: 'running', attempts: 1, error: 'boom' });
    job = afterStep(job, { state: { n: 1 }, progress: { done: 1, total: 10 } }, T + 2);
    expect(job.attempts).toBe(0);
    for (let i = 0; i < MAX_ATTEMPTS; i++) job = afterFailure(job, `boom ${i}`, T + 3 + i);
    expect(job).toMatchObject({ status: 'failed', runner: null, finishedAt: T + 2 + MAX_ATTEMPTS, state: { n: 1 } });
  });
});

describe('pause, cancel and resume', () => {
  it('apply at once to a job nobody runs, and wait for the runner of a running one', () => {
    expect(request(fresh(), 'cancel', T)).toMatchObject({ status: 'cancelled', finishedAt: T });
    const running = claim(fresh(), 'r', T);
    const asked = request(running, 'pause', T + 1)!;
    expect(asked).toMatchObject({ status: 'running', control: 'pause', runner: { id: 'r' } });
    expect(honour(asked, T + 2)).toMatchObject({ status: 'paused', control: null, runner: null });
    // A running job whose runner died is idle: the request applies at once.
    expect(request(running, 'cancel', T + STALE_MS + 1)).toMatchObject({ status: 'cancelled' });
  });

  it('resume queues a paused job; requests on final jobs do nothing', () => {
    const paused = request(fresh(), 'pause', T)!;
    expect(request(paused, 'resume', T + 1)).toMatchObject({ status: 'queued', control: null });
    expect(request(fresh(), 'resume', T)).toBeNull();
    expect(request(request(fresh(), 'cancel', T)!, 'pause', T + 1)).toBeNull();
  });

  it('a cancel is final even before its runner carries it out: no pause, resume or second cancel replaces it', () => {
    const cancelling = request(claim(fresh(), 'r', T), 'cancel', T + 1)!;
    expect(cancelling).toMatchObject({ status: 'running', control: 'cancel' });
    for (const what of ['pause', 'resume', 'cancel'] as const) expect(request(cancelling, what, T + 2)).toBeNull();
    // The runner's checkpoint keeps it; the runner (or, after a crash, the next one) carries it out.
    expect(rebase({ ...cancelling, control: null }, cancelling, 'r')).toMatchObject({ control: 'cancel' });
    expect(honour(cancelling, T + 3)).toMatchObject({ status: 'cancelled', runner: null });
    // A paused job cancelled stays cancelled.
    const paused = request(fresh(), 'pause', T)!;
    const cancelled = request(paused, 'cancel', T + 1)!;
    expect(cancelled.status).toBe('cancelled');
    expect(request(cancelled, 'resume', T + 2)).toBeNull();
  });

  it('a job that failed for good may be resumed: queued, its attempts starting again', () => {
    const failed = afterFailure({ ...claim(fresh(), 'r', T), attempts: MAX_ATTEMPTS - 1 }, 'boom', T + 1);
    expect(failed.status).toBe('failed');
    expect(request(failed, 'resume', T + 2)).toMatchObject({
      status: 'queued',
      attempts: 0,
      error: null,
      finishedAt: null,
    });
    expect(request(failed, 'pause', T + 2)).toBeNull();
  });
});

describe('a checkpoint over a record that changed', () => {
  it('keeps a request that came in, if the runner still holds the job', () => {
    const held = claim(fresh(), 'r', T);
    const withRequest = request(held, 'cancel', T + 1)!;
    const wanted = afterStep(held, { state: { n: 2 }, progress: { done: 5, total: 10 } }, T + 2);
    expect(rebase(wanted, withRequest, 'r')).toMatchObject({ state: { n: 2 }, control: 'cancel' });
  });

  it('gives up when another runner took the job over, or it ended meanwhile', () => {
    const held = claim(fresh(), 'r', T);
    const taken = claim(held, 'other', T + STALE_MS + 1);
    const wanted = afterStep(held, { state: { n: 2 }, progress: { done: 5, total: 10 } }, T + 2);
    expect(rebase(wanted, taken, 'r')).toBeNull();
    expect(rebase(wanted, request(held, 'cancel', T + STALE_MS + 1)!, 'r')).toBeNull();
  });
});

describe('the runner on the test clock (staleAfterMs)', () => {
  const local = { LOCAL_MODE: 'true' };
  it('keeps the real 90 s unless the local runtime runs a faster minute', () => {
    expect(staleAfterMs({})).toBe(STALE_MS);
    expect(staleAfterMs(local)).toBe(STALE_MS);
    // Outside local mode the variable is ignored, as the scheduler ignores it.
    expect(staleAfterMs({ SCHEDULER_MINUTE_SECONDS: '5' })).toBe(STALE_MS);
    expect(staleAfterMs({ ...local, CONTEXT: 'production', SCHEDULER_MINUTE_SECONDS: '5' })).toBe(STALE_MS);
    // A value the runtime refuses never shortens it.
    for (const bad of ['0', '61', '2.5', 'x', '-5'])
      expect(staleAfterMs({ ...local, SCHEDULER_MINUTE_SECONDS: bad })).toBe(STALE_MS);
  });
  it('scales with the minute, never under the floor that outlasts the slowest step', () => {
    expect(staleAfterMs({ ...local, SCHEDULER_MINUTE_SECONDS: '5' })).toBe(TEST_STALE_FLOOR_MS);
    expect(staleAfterMs({ ...local, SCHEDULER_MINUTE_SECONDS: '40' })).toBe(60_000);
    expect(TEST_STALE_FLOOR_MS).toBeGreaterThanOrEqual(2 * PROVIDER_TIMEOUT_MS);
  });
});
