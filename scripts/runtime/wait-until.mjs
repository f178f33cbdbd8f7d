// `context.waitUntil` of the local runtime, as Netlify's function runtime offers it (@netlify/types'
// Context; @netlify/serverless-functions-api keeps an invocation alive until each promise settles):
// the function's answer is sent at once, the promise runs on after it, and the process knows what
// is still running, so a stop (SIGTERM) waits for it instead of cutting a provider call off.
// docs/runtime.md, "The context a function receives".

/**
 * A tracker of work handed over after the answer.
 * @param {{ log?: Pick<Console, 'error'> }} [options]
 * @returns {{ waitUntil(name: string): (promise: Promise<unknown>) => void, pending(): number,
 *   settle(timeoutMs: number): Promise<boolean> }}
 */
export function pendingWork({ log = console } = {}) {
  /** @type {Set<Promise<unknown>>} */
  const running = new Set();
  return {
    waitUntil(name) {
      return (...args) => {
        if (args.length === 0) throw new TypeError('waitUntil: At least 1 argument required, but only 0 passed');
        const tracked = Promise.resolve(args[0])
          .catch((err) => log.error(`[fn ${name}] waitUntil`, err))
          .finally(() => running.delete(tracked));
        running.add(tracked);
      };
    },
    pending: () => running.size,
    /** Waits until every piece of work has settled, at most `timeoutMs`; true when none is left. */
    async settle(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (running.size > 0 && Date.now() < deadline) {
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((r) => setTimeout(r, deadline - Date.now())),
        ]);
      }
      return running.size === 0;
    },
  };
}
