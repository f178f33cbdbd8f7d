import { describe, expect, it } from 'vitest';
import { nextRun, parseCron } from '../../../scripts/runtime/cron.mjs';
import { runBackground, schedulerMinuteMs, startScheduler } from '../../../scripts/runtime/scheduler.mjs';

const at = (iso: string) => new Date(iso);

describe('cron schedules (UTC, five fields or a nickname)', () => {
  it('every minute, every ten minutes, hourly', () => {
    expect(parseCron('* * * * *')(at('2026-11-26T10:07:00Z'))).toBe(true);
    const tenth = parseCron('*/10 * * * *');
    expect(tenth(at('2026-11-26T10:20:00Z'))).toBe(true);
    expect(tenth(at('2026-11-26T10:21:00Z'))).toBe(false);
    const hourly = parseCron('@hourly');
    expect(hourly(at('2026-11-26T10:00:00Z'))).toBe(true);
    expect(hourly(at('2026-11-26T10:30:00Z'))).toBe(false);
  });

  it('lists, ranges with steps, and day of month OR day of week when both are set', () => {
    const c = parseCron('5,35 9-17/4 1 * 1');
    expect(c(at('2026-11-02T09:05:00Z'))).toBe(true); // a Monday, not the 1st
    expect(c(at('2026-11-01T13:35:00Z'))).toBe(true); // the 1st, a Sunday
    expect(c(at('2026-11-03T13:35:00Z'))).toBe(false); // a Tuesday, not the 1st
    expect(c(at('2026-11-02T11:05:00Z'))).toBe(false); // 11 is not in 9-17/4
    expect(parseCron('0 0 * * 7')(at('2026-11-29T00:00:00Z'))).toBe(true); // 7 is Sunday too
  });

  it('refuses what is not a schedule', () => {
    for (const bad of ['* * * *', '61 * * * *', '*/0 * * * *', 'x * * * *', '5-1 * * * *'])
      expect(() => parseCron(bad), bad).toThrow();
  });

  it('finds the next matching minute', () => {
    const t = nextRun(parseCron('*/10 * * * *'), Date.parse('2026-11-26T10:01:30Z'));
    expect(new Date(t).toISOString()).toBe('2026-11-26T10:10:00.000Z');
  });
});

/** A manual clock and timer queue, so the scheduler runs without waiting. */
function fakeTime(startIso: string) {
  let now = Date.parse(startIso);
  const timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      const t = { at: now + ms, fn };
      timers.push(t);
      return t;
    },
    clearTimer: (t: unknown) => {
      const i = timers.indexOf(t as { at: number; fn: () => void });
      if (i >= 0) timers.splice(i, 1);
    },
    /** Moves the clock forward, firing every timer that falls due on the way. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        // Let pending work register its timers first.
        await new Promise((r) => setImmediate(r));
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > end) break;
        timers.shift();
        now = next.at;
        next.fn();
      }
      now = end;
    },
  };
}

const quiet = { info() {}, warn() {}, error() {} };

describe('the local scheduler', () => {
  it('invokes each scheduled function on its minutes with a POST carrying next_run', async () => {
    const time = fakeTime('2026-11-26T10:00:30Z');
    const calls: { name: string; at: number; body: unknown; method: string }[] = [];
    const scheduler = startScheduler({
      functions: [
        { name: 'every-minute', schedule: '* * * * *' },
        { name: 'every-ten', schedule: '*/10 * * * *' },
      ],
      invoke: async (name, request) => {
        calls.push({ name, at: time.now(), body: await request.json(), method: request.method });
        return new Response(null, { status: 204 });
      },
      siteUrl: 'http://127.0.0.1:8888',
      ...time,
      log: quiet,
    });
    await time.advance(12 * 60_000);
    scheduler.stop();
    const everyMinute = calls.filter((c) => c.name === 'every-minute');
    const everyTen = calls.filter((c) => c.name === 'every-ten');
    expect(everyMinute).toHaveLength(12);
    expect(everyTen.map((c) => new Date(Math.floor(c.at / 60_000) * 60_000).toISOString())).toEqual([
      '2026-11-26T10:10:00.000Z',
    ]);
    expect(everyTen[0].method).toBe('POST');
    expect(everyTen[0].body).toEqual({ next_run: '2026-11-26T10:20:00.000Z' });
  });

  it('does not start a run while the previous one of the same function is still going', async () => {
    const time = fakeTime('2026-11-26T10:00:30Z');
    let started = 0;
    let release: () => void = () => {};
    const scheduler = startScheduler({
      functions: [{ name: 'slow', schedule: '* * * * *' }],
      invoke: async () => {
        started += 1;
        await new Promise<void>((r) => (release = r));
        return new Response(null, { status: 204 });
      },
      siteUrl: 'http://127.0.0.1:8888',
      ...time,
      log: quiet,
    });
    await time.advance(3 * 60_000);
    expect(started).toBe(1);
    expect(scheduler.running()).toEqual(['slow']);
    release();
    await new Promise((r) => setImmediate(r));
    await time.advance(60_000);
    expect(started).toBe(2);
    scheduler.stop();
  });

  it('reports a scheduled run longer than Netlify allows', async () => {
    const time = fakeTime('2026-11-26T10:00:30Z');
    const warnings: string[] = [];
    const scheduler = startScheduler({
      functions: [{ name: 'long', schedule: '* * * * *' }],
      invoke: async () => {
        await time.advance(31_000);
        return new Response(null, { status: 204 });
      },
      siteUrl: 'http://127.0.0.1:8888',
      ...time,
      log: { ...quiet, warn: (m: string) => warnings.push(m) },
    });
    const result = await scheduler.runNow('long');
    scheduler.stop();
    expect(result.status).toBe(204);
    expect(warnings.join('\n')).toMatch(/long ran 31\.0 s, over Netlify's 30 s limit/);
  });
});

describe('the test clock (SCHEDULER_MINUTE_SECONDS, local mode only)', () => {
  it('with a 5-second minute, runs each function on the minutes of a clock twelve times as fast', async () => {
    const time = fakeTime('2026-11-26T10:00:30Z');
    const start = time.now();
    const calls: { name: string; at: number; body: unknown }[] = [];
    const scheduler = startScheduler({
      functions: [
        { name: 'every-minute', schedule: '* * * * *' },
        { name: 'every-five', schedule: '*/5 * * * *' },
      ],
      invoke: async (name, request) => {
        calls.push({ name, at: time.now() - start, body: await request.json() });
        return new Response(null, { status: 204 });
      },
      siteUrl: 'http://127.0.0.1:8888',
      minuteMs: 5_000,
      ...time,
      log: quiet,
    });
    await time.advance(60_000);
    scheduler.stop();
    // The fast clock starts at 10:00:30: its minutes begin every 5 s from 2.5 s on; 10:05 is 22.5 s in.
    const everyMinute = calls.filter((c) => c.name === 'every-minute').map((c) => Math.round(c.at / 100) / 10);
    expect(everyMinute).toEqual([2.5, 7.5, 12.5, 17.5, 22.5, 27.5, 32.5, 37.5, 42.5, 47.5, 52.5, 57.5]);
    const everyFive = calls.filter((c) => c.name === 'every-five');
    expect(everyFive.map((c) => Math.round(c.at / 100) / 10)).toEqual([22.5, 47.5]);
    // next_run is the real time of the next run: 10:10 on the fast clock, 25 s later.
    expect(everyFive[0].body).toEqual({ next_run: new Date(start + 47_500).toISOString() });
  });

  it('still starts no second run of a function while one is going', async () => {
    const time = fakeTime('2026-11-26T10:00:00Z');
    let started = 0;
    let release: () => void = () => {};
    const scheduler = startScheduler({
      functions: [{ name: 'slow', schedule: '* * * * *' }],
      invoke: async () => {
        started += 1;
        await new Promise<void>((r) => (release = r));
        return new Response(null, { status: 204 });
      },
      siteUrl: 'http://127.0.0.1:8888',
      minuteMs: 2_000,
      ...time,
      log: quiet,
    });
    await time.advance(20_000);
    expect(started).toBe(1);
    release();
    await new Promise((r) => setImmediate(r));
    await time.advance(2_000);
    expect(started).toBe(2);
    scheduler.stop();
  });

  it('retries a background run that threw after one, then two of its minutes', async () => {
    const time = fakeTime('2026-11-26T10:00:00Z');
    const attempts: number[] = [];
    const done = runBackground({
      name: 'job-background',
      makeRequest: () => new Request('http://127.0.0.1/.netlify/functions/job-background', { method: 'POST' }),
      invoke: async () => {
        attempts.push(time.now());
        throw new Error('boom');
      },
      minuteMs: 5_000,
      ...time,
      log: quiet,
    });
    await time.advance(60_000);
    await done;
    const start = Date.parse('2026-11-26T10:00:00Z');
    expect(attempts.map((t) => t - start)).toEqual([0, 5_000, 15_000]);
  });

  it('is honoured in local mode only, and refuses a value that is not 1-60 whole seconds', () => {
    const local = { LOCAL_MODE: 'true' };
    expect(schedulerMinuteMs({})).toEqual({ minuteMs: 60_000, ignored: false });
    expect(schedulerMinuteMs(local)).toEqual({ minuteMs: 60_000, ignored: false });
    expect(schedulerMinuteMs({ ...local, SCHEDULER_MINUTE_SECONDS: '5' })).toEqual({ minuteMs: 5_000, ignored: false });
    expect(schedulerMinuteMs({ ...local, SCHEDULER_MINUTE_SECONDS: '60' }).minuteMs).toBe(60_000);
    // Never outside local mode: not set, a deployed context, or the configuration required.
    for (const env of [
      { SCHEDULER_MINUTE_SECONDS: '5' },
      { ...local, CONTEXT: 'production', SCHEDULER_MINUTE_SECONDS: '5' },
      { ...local, CONTEXT: 'deploy-preview', SCHEDULER_MINUTE_SECONDS: '5' },
      { ...local, REQUIRE_CONFIG: 'true', SCHEDULER_MINUTE_SECONDS: '5' },
    ])
      expect(schedulerMinuteMs(env), JSON.stringify(env)).toEqual({ minuteMs: 60_000, ignored: true });
    for (const bad of ['0', '61', '2.5', '-5', 'fast', ' 5'])
      expect(() => schedulerMinuteMs({ ...local, SCHEDULER_MINUTE_SECONDS: bad }), bad).toThrow(
        /SCHEDULER_MINUTE_SECONDS must be a whole number of seconds from 1 to 60/,
      );
  });
});

describe('background functions', () => {
  it('retry a run that threw after one minute, then two minutes later, then stop', async () => {
    const time = fakeTime('2026-11-26T10:00:00Z');
    const attempts: number[] = [];
    const done = runBackground({
      name: 'job-background',
      makeRequest: () => new Request('http://127.0.0.1/.netlify/functions/job-background', { method: 'POST' }),
      invoke: async () => {
        attempts.push(time.now());
        throw new Error('boom');
      },
      ...time,
      log: quiet,
    });
    await time.advance(10 * 60_000);
    await done;
    const start = Date.parse('2026-11-26T10:00:00Z');
    expect(attempts.map((t) => t - start)).toEqual([0, 60_000, 180_000]);
  });

  it('run once when the handler succeeds', async () => {
    const time = fakeTime('2026-11-26T10:00:00Z');
    let runs = 0;
    await runBackground({
      name: 'job-background',
      makeRequest: () => new Request('http://127.0.0.1/x', { method: 'POST' }),
      invoke: async () => {
        runs += 1;
        return new Response(null, { status: 200 });
      },
      ...time,
      log: quiet,
    });
    expect(runs).toBe(1);
  });
});
