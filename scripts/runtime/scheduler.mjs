// Scheduled and background functions in the local runtime, run the way Netlify runs them
// (docs/runtime.md, "Scheduled and background functions"):
// - a function with `config.schedule` is invoked on its cron schedule (UTC, whole minutes) with a
//   POST whose JSON body is `{ "next_run": ISO time }`; a run still going when its next minute comes
//   is not started twice;
// - a background function answers 202 at once and runs on; when it throws, it is run again one
//   minute later, then two minutes after that (Netlify's retries).
// The platform cuts a scheduled run off after 30 s and a background run after 15 minutes. A local run
// cannot be cut off without killing the shared process, so an over-long run is reported instead: a
// design that does not fit the platform shows up here, not only in production.
//
// The test clock: in local mode, SCHEDULER_MINUTE_SECONDS=N makes the scheduler's minute last N
// seconds (`schedulerMinuteMs`). Its clock then runs 60/N times as fast: a function scheduled every
// minute runs every N seconds, one every five minutes every 5N seconds, and a failed background run
// is retried after N, then 2N seconds. Only the waits shrink: the runs take the same path (the same
// POST, the same guard against a second run at once). The functions keep the real time.
import { nextRun, parseCron } from './cron.mjs';
import { isLocalMode } from './local-secrets.mjs';

export const SCHEDULED_LIMIT_MS = 30_000;
export const BACKGROUND_LIMIT_MS = 15 * 60_000;
/** Netlify's retries of a background function that failed: after 1 minute, then 2 minutes later. */
export const BACKGROUND_RETRY_DELAYS_MS = [60_000, 120_000];
/** The platform's minute: cron's resolution, and the scheduler's minute unless a test shortens it. */
export const MINUTE_MS = 60_000;
/** The variable of the test clock (the header; docs/runtime.md, "A faster clock for tests"). */
export const TEST_MINUTE_VARIABLE = 'SCHEDULER_MINUTE_SECONDS';

/**
 * The length of the scheduler's minute for the environment `env`: MINUTE_MS, or N seconds when
 * SCHEDULER_MINUTE_SECONDS=N (a whole number from 1 to 60) is set in local mode. Outside local mode
 * the variable is never honoured (`ignored` says so, for a warning); in local mode a value that is
 * not such a number throws, so a test never runs on a clock it did not ask for.
 * @param {Record<string, string | undefined>} env
 * @returns {{ minuteMs: number, ignored: boolean }}
 */
export function schedulerMinuteMs(env) {
  const raw = env[TEST_MINUTE_VARIABLE];
  if (raw === undefined || raw === '') return { minuteMs: MINUTE_MS, ignored: false };
  if (!isLocalMode(env)) return { minuteMs: MINUTE_MS, ignored: true };
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 60)
    throw new Error(`${TEST_MINUTE_VARIABLE} must be a whole number of seconds from 1 to 60, got "${raw}"`);
  return { minuteMs: Number(raw) * 1000, ignored: false };
}

/**
 * @typedef {(name: string, request: Request) => Promise<Response>} Invoke
 * @typedef {{ name: string, schedule: string }} ScheduledFunction
 * @typedef {{ status: number, ms: number }} RunResult the run's response status (500 when it threw) and duration
 */

/**
 * Starts invoking `functions` on their schedules. `now` and `setTimer` are injectable for tests.
 * `minuteMs` (default MINUTE_MS) is the length of the scheduler's minute (the test clock, above):
 * from the start, the schedules are read on a clock that runs MINUTE_MS / minuteMs times as fast.
 * @param {{ functions: ScheduledFunction[], invoke: Invoke, siteUrl: string, minuteMs?: number,
 *   now?: () => number, setTimer?: (fn: () => void, ms: number) => unknown, clearTimer?: (t: unknown) => void,
 *   log?: Pick<Console, 'info' | 'warn' | 'error'> }} options
 * @returns {{ stop(): void, runNow(name: string): Promise<RunResult>, running(): string[] }}
 */
export function startScheduler({
  functions,
  invoke,
  siteUrl,
  minuteMs = MINUTE_MS,
  now = Date.now,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
  log = console,
}) {
  const jobs = functions.map((fn) => ({ ...fn, matches: parseCron(fn.schedule) }));
  // The schedules' clock: the real time, or one that runs `speed` times as fast from `origin`.
  const origin = now();
  const speed = MINUTE_MS / minuteMs;
  const clock = () => (speed === 1 ? now() : origin + (now() - origin) * speed);
  const realTime = (t) => (speed === 1 ? t : origin + (t - origin) / speed);
  /** @type {Map<string, Promise<RunResult>>} */
  const inFlight = new Map();
  let timer = null;
  let stopped = false;

  const run = (job) => {
    const current = inFlight.get(job.name);
    if (current) return current;
    const started = now();
    const next = realTime(nextRun(job.matches, clock() + MINUTE_MS));
    const body = JSON.stringify({ next_run: new Date(Math.round(next)).toISOString() });
    const request = new Request(new URL(`/.netlify/functions/${job.name}`, siteUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Netlify Clockwork' },
      body,
    });
    const promise = invoke(job.name, request)
      .then(async (response) => {
        await response.body?.cancel().catch(() => {});
        const ms = now() - started;
        if (ms > SCHEDULED_LIMIT_MS)
          log.warn(
            `[scheduler] ${job.name} ran ${(ms / 1000).toFixed(1)} s, over Netlify's ${SCHEDULED_LIMIT_MS / 1000} s ` +
              'limit for scheduled functions: the platform would have cut it off.',
          );
        if (response.status >= 500) log.error(`[scheduler] ${job.name} answered ${response.status}`);
        return { status: response.status, ms };
      })
      .catch((err) => {
        log.error(`[scheduler] ${job.name} threw`, err);
        return { status: 500, ms: now() - started };
      })
      .finally(() => inFlight.delete(job.name));
    inFlight.set(job.name, promise);
    return promise;
  };

  const tick = () => {
    if (stopped) return;
    const minute = Math.floor(clock() / MINUTE_MS) * MINUTE_MS;
    for (const job of jobs) if (job.matches(new Date(minute))) void run(job);
    schedule();
  };
  const schedule = () => {
    // The next whole minute (a little after it, so a timer firing early never lands in the minute before).
    const wait = realTime(Math.floor(clock() / MINUTE_MS) * MINUTE_MS + MINUTE_MS) - now() + 5;
    timer = setTimer(tick, wait);
    /** @type {{ unref?: () => void }} */ (timer)?.unref?.();
  };
  if (jobs.length) schedule();

  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
    },
    runNow(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) return Promise.reject(new Error(`No scheduled function "${name}"`));
      return run(job);
    },
    running: () => [...inFlight.keys()],
  };
}

/**
 * Runs a background function invocation: the caller answers 202 at once; this runs the handler
 * with `makeRequest()` (a fresh Request each attempt, as the body can be read once) and retries it
 * after BACKGROUND_RETRY_DELAYS_MS when it throws (in the scheduler's minutes: `minuteMs`, above).
 * @param {{ name: string, makeRequest: () => Request, invoke: Invoke, minuteMs?: number, now?: () => number,
 *   setTimer?: (fn: () => void, ms: number) => unknown, log?: Pick<Console, 'info' | 'warn' | 'error'> }} options
 * @returns {Promise<void>} settles when the last attempt has finished (tests wait on it)
 */
export function runBackground({
  name,
  makeRequest,
  invoke,
  minuteMs = MINUTE_MS,
  now = Date.now,
  setTimer = setTimeout,
  log = console,
}) {
  return new Promise((resolve) => {
    const attempt = async (n) => {
      const started = now();
      let failed = false;
      try {
        const response = await invoke(name, makeRequest());
        await response.body?.cancel().catch(() => {});
      } catch (err) {
        failed = true;
        log.error(`[background] ${name} threw (attempt ${n + 1})`, err);
      }
      const ms = now() - started;
      if (ms > BACKGROUND_LIMIT_MS)
        log.warn(
          `[background] ${name} ran ${(ms / 60_000).toFixed(1)} min, over Netlify's 15-minute limit for background ` +
            'functions: the platform would have cut it off.',
        );
      if (failed && n < BACKGROUND_RETRY_DELAYS_MS.length) {
        const delay = (BACKGROUND_RETRY_DELAYS_MS[n] * minuteMs) / MINUTE_MS;
        const timer = setTimer(() => void attempt(n + 1), delay);
        /** @type {{ unref?: () => void }} */ (timer)?.unref?.();
        return;
      }
      resolve();
    };
    void attempt(0);
  });
}
