import { describe, expect, it } from 'vitest';
import { pendingWork } from '../../../scripts/runtime/wait-until.mjs';

describe("the local runtime's context.waitUntil", () => {
  it('lets the work run after the answer and knows what is still running until it settles', async () => {
    const work = pendingWork({ log: { error: () => {} } });
    let finish!: () => void;
    const waitUntil = work.waitUntil('signups');
    waitUntil(new Promise<void>((r) => (finish = r)));
    expect(work.pending()).toBe(1);
    expect(await work.settle(10)).toBe(false);
    finish();
    expect(await work.settle(1_000)).toBe(true);
    expect(work.pending()).toBe(0);
  });

  it('logs a rejected promise instead of throwing, and refuses a call without one, as Netlify does', async () => {
    const errors: unknown[] = [];
    const work = pendingWork({ log: { error: (...m: unknown[]) => errors.push(m) } });
    work.waitUntil('signups')(Promise.reject(new Error('provider down')));
    expect(await work.settle(1_000)).toBe(true);
    expect(errors).toHaveLength(1);
    expect(() => (work.waitUntil('signups') as () => void)()).toThrow(TypeError);
  });
});
