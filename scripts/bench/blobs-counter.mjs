// Counts the requests this process makes to the Blobs server through global fetch (the real client
// uses it): as they reached the local server, and as Netlify bills them (a list answers 1,000 keys
// per request, so a list of n keys or folders counts ceil(n / 1000), at least 1). Used by the scale
// bench and by its probes, which run a function's work in a process of their own.

/**
 * Starts counting requests to `edge` (the Blobs server's URL).
 * @returns {{ counter: { local: number, netlify: number, byStore: Record<string, number>,
 *   netlifyByStore: Record<string, number> }, reset(): void, restore(): void }}
 */
export function installCounter(edge) {
  const original = globalThis.fetch;
  const counter = { local: 0, netlify: 0, byStore: {}, netlifyByStore: {} };
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const res = await original(input, init);
    if (!url.startsWith(edge)) return res;
    const parts = new URL(url).pathname.split('/').filter(Boolean);
    const store = decodeURIComponent(parts[1] ?? '').replace(/^site:/, '');
    counter.local += 1;
    counter.byStore[store] = (counter.byStore[store] ?? 0) + 1;
    const method = (
      init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')
    ).toUpperCase();
    let billed = 1;
    if (method === 'GET' && parts.length === 2 && res.ok) {
      // A list: Netlify answers 1,000 entries per request.
      const body = await res
        .clone()
        .json()
        .catch(() => ({}));
      const n = (body.blobs?.length ?? 0) + (body.directories?.length ?? 0);
      billed = Math.max(1, Math.ceil(n / 1000));
    }
    counter.netlify += billed;
    counter.netlifyByStore[store] = (counter.netlifyByStore[store] ?? 0) + billed;
    return res;
  };
  return {
    counter,
    reset() {
      counter.local = 0;
      counter.netlify = 0;
      counter.byStore = {};
      counter.netlifyByStore = {};
    },
    restore() {
      globalThis.fetch = original;
    },
  };
}
