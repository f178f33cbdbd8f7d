// Endpoint measurements: idle single requests, load at BENCH_CONNECTIONS, signups sent vs stored,
// parallel repeats, Blobs operations per signup, and the integrity of every stored record.
import http from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_KEY, BLOBS_DIR, CONNECTIONS, DURATION, HOST, PORT, RUN_ID, log, quantile, sleep } from './settings.mjs';
import { blobsCounts } from './server.mjs';

export const signupBodies = {
  waitlist: (email) => ({ name: 'Bench Visitor', email, interests: 'all', source: 'bench' }),
  newsletter: (email) => ({ name: 'Bench Visitor', email, phoneModel: 'Pixel 8', consent: true }),
};
export const emailFor = (tag, n) => `bench-${RUN_ID}-${tag}-${n}@example.com`;

/** Endpoints timed one request at a time on the idle server (target: every endpoint p50 <= 50 ms). */
export const IDLE_ENDPOINTS = [
  { id: 'GET /api/health', method: 'GET', path: '/api/health' },
  {
    id: 'POST /api/waitlist',
    method: 'POST',
    path: '/api/waitlist',
    body: (n) => signupBodies.waitlist(emailFor('idle-w', n)),
  },
  {
    id: 'POST /api/newsletter/subscribe',
    method: 'POST',
    path: '/api/newsletter/subscribe',
    body: (n) => signupBodies.newsletter(emailFor('idle-n', n)),
  },
  { id: 'GET /api/search-phones?query=pixel', method: 'GET', path: '/api/search-phones?query=pixel' },
  { id: 'GET /api/phone-specs/Google Pixel 8', method: 'GET', path: '/api/phone-specs/Google%20Pixel%208' },
  // Answered 400 (no valid recommendation set in the bench): the time of the function's validation path.
  {
    id: 'POST /api/recommendations (invalid body, 400)',
    method: 'POST',
    path: '/api/recommendations',
    body: () => ({ email: 'x' }),
    expect: 400,
  },
  // Answered 400 (a bad token): the time of the function's token check.
  { id: 'GET /api/unsubscribe?token=bad (400)', method: 'GET', path: '/api/unsubscribe?token=bad', expect: 400 },
  {
    id: 'GET /api/admin/waitlist (admin key)',
    method: 'GET',
    path: '/api/admin/waitlist?q=bench-idle',
    headers: { 'admin-key': ADMIN_KEY },
  },
  {
    id: 'GET /api/admin/waitlist/stats (admin key)',
    method: 'GET',
    path: '/api/admin/waitlist/stats',
    headers: { 'admin-key': ADMIN_KEY },
  },
];

/** Endpoints put under load. */
export const LOAD_ENDPOINTS = [
  { id: 'POST /api/waitlist', method: 'POST', path: '/api/waitlist', signup: 'waitlist' },
  { id: 'POST /api/newsletter/subscribe', method: 'POST', path: '/api/newsletter/subscribe', signup: 'newsletter' },
  { id: 'GET /api/search-phones?query=pixel', method: 'GET', path: '/api/search-phones?query=pixel' },
  { id: 'GET /api/phone-specs/Google Pixel 8', method: 'GET', path: '/api/phone-specs/Google%20Pixel%208' },
];

/** One request over a given agent / source address; resolves { status, ms, text } or { error }. */
function request({ method, path: p, body, headers = {}, agent, localAddress, timeoutMs = 60_000 }) {
  return new Promise((resolve) => {
    const payload = body === undefined || body === null ? null : JSON.stringify(body);
    const t0 = performance.now();
    const req = http.request(
      {
        host: HOST,
        port: PORT,
        path: p,
        method,
        agent,
        localAddress,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.length < 4 && chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: performance.now() - t0,
            text: Buffer.concat(chunks).toString('utf8').slice(0, 300),
          }),
        );
        res.on('error', (err) => resolve({ error: err.code ?? err.message, ms: performance.now() - t0 }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err) => resolve({ error: err.code ?? err.message, ms: performance.now() - t0 }));
    req.end(payload ?? undefined);
  });
}

/** p50 of 21 sequential requests after one warm-up, on the idle server. */
export async function idleLatency(ep, n = 21) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  const statuses = new Map();
  for (let i = 0; i <= n; i++) {
    const r = await request({ ...ep, body: ep.body?.(i), agent });
    if (i === 0) continue; // warm-up
    if (r.error) statuses.set(r.error, (statuses.get(r.error) ?? 0) + 1);
    else {
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      times.push(r.ms);
    }
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const expected = ep.expect ?? 200;
  const wrong = [...statuses].filter(([s]) => s !== expected && !(expected === 200 && s >= 200 && s < 300));
  return {
    id: ep.id,
    p50: quantile(times, 0.5),
    max: times.at(-1) ?? null,
    n: times.length,
    statuses: Object.fromEntries(statuses),
    wrong,
  };
}

/**
 * `connections` loops for `duration` seconds, each on its own keep-alive connection, one request at
 * a time. With `uniqueIps`, connection i comes from 127.0.(i+1).2: a visitor per connection, so the
 * per-address rate limit state is that of many visitors, not one. After the time is up no new
 * request starts and every request in flight is awaited (so "answered" can be compared with "sent").
 */
export async function runLoad({
  method,
  path: p,
  makeBody,
  connections = CONNECTIONS,
  duration = DURATION,
  uniqueIps = true,
  onAnswer,
  stop,
  tag = p.includes('newsletter') ? 'newsletter' : 'waitlist',
}) {
  const sent = [];
  const answered = new Map(); // email -> status
  const statusCounts = {};
  const errors = {};
  const latencies = [];
  const failures = new Map();
  let seq = 0;
  const t0 = performance.now();
  const deadline = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // A network (/24) per connection too: the flood limits count networks.
      const localAddress = uniqueIps && HOST === '127.0.0.1' ? `127.0.${1 + (i % 250)}.2` : undefined;
      while (Date.now() < deadline && !stop?.()) {
        const email = makeBody ? emailFor(tag, ++seq) : null;
        if (email) sent.push(email);
        const r = await request({ method, path: p, body: makeBody ? makeBody(email) : null, agent, localAddress });
        if (r.error) {
          errors[r.error] = (errors[r.error] ?? 0) + 1;
          await sleep(50); // a refused connection fails at once; do not spin
          continue;
        }
        statusCounts[r.status] = (statusCounts[r.status] ?? 0) + 1;
        onAnswer?.(r.status);
        latencies.push(r.ms);
        if (email) answered.set(email, r.status);
        if (r.status < 200 || r.status >= 300) {
          const key = `${r.status} ${r.text.split('\n')[0].replace(/\s+/g, ' ').slice(0, 140)}`;
          if (failures.has(key) || failures.size < 5) failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
      agent.destroy();
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const ok2xx = Object.entries(statusCounts).reduce(
    (n, [s, c]) => (Number(s) >= 200 && Number(s) < 300 ? n + c : n),
    0,
  );
  return {
    seconds,
    total: latencies.length,
    ok2xx,
    rps: latencies.length / seconds,
    okPerSecond: ok2xx / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? null,
    statusCounts,
    errors,
    failures: [...failures].map(([text, count]) => `${count}× ${text}`),
    sent,
    answered,
  };
}

/** Every JSON blob on disk under the bench site's Blobs directory (index keys excepted): how many, and which do not parse. */
export function checkStoredRecords() {
  const root = path.join(BLOBS_DIR, 'entries');
  const result = { files: 0, bad: [] };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      // The subscriber index holds empty blobs by design (its data is the key names), and so do the
      // jobs store's markers of live jobs (`a/<id>`).
      if (entry.isDirectory() && entry.name.endsWith(':subscriber-index')) continue;
      if (entry.isDirectory() && entry.name === 'a' && dir.endsWith(':jobs')) continue;
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && !entry.name.startsWith('.')) {
        result.files += 1;
        const text = readFileSync(p, 'utf8');
        try {
          JSON.parse(text);
        } catch {
          result.bad.push(`${path.relative(root, p)} (${statSync(p).size} bytes)`);
        }
      }
    }
  };
  if (existsSync(root)) walk(root);
  return result;
}

/**
 * Distinct e-mail addresses containing `marker` in the site's Blobs (entries/<site>/<store>/<key>):
 * every JSON record with an `email` field, in any store except the mail outbox.
 */
export function storedAddresses(marker) {
  const root = path.join(BLOBS_DIR, 'entries');
  const addresses = new Set();
  const stores = new Set();
  const walk = (dir, store) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const next = store ?? (dir === root ? null : entry.name);
        if (!(next && /outbox|ratelimit/i.test(next))) walk(p, next);
        continue;
      }
      if (!store) continue;
      let value;
      try {
        value = JSON.parse(readFileSync(p, 'utf8'));
      } catch {
        continue;
      }
      const email = typeof value?.email === 'string' ? value.email.toLowerCase() : null;
      if (email?.includes(marker)) {
        addresses.add(email);
        stores.add(store);
      }
    }
  };
  if (existsSync(root)) walk(root, null);
  return { addresses, count: addresses.size, stores: [...stores] };
}

/** Sent vs answered vs stored for a signup load run whose addresses were made with `emailFor(tag, n)`. */
export function signupIntegrity(tag, run) {
  const stored = storedAddresses(`bench-${RUN_ID}-${tag}-`);
  const acked = [...run.answered].filter(([, s]) => s >= 200 && s < 300).map(([e]) => e);
  return {
    sent: run.sent.length,
    answered: run.answered.size,
    acked: acked.length,
    stored: run.sent.filter((e) => stored.addresses.has(e)).length,
    lostAcked: acked.filter((e) => !stored.addresses.has(e)).length,
    storedNotAcked: run.sent.filter(
      (e) => stored.addresses.has(e) && !(run.answered.get(e) >= 200 && run.answered.get(e) < 300),
    ).length,
    strays: [...stored.addresses].filter((e) => !run.sent.includes(e)).length,
    fiveXx: Object.entries(run.statusCounts).reduce((n, [s, c]) => (Number(s) >= 500 ? n + c : n), 0),
    stores: stored.stores,
  };
}

/** 300 signups at once, 270 distinct addresses plus 30 repeats in other case and spacing: statuses and records stored. */
export async function parallelRepeats() {
  const tag = `bench-${RUN_ID}-parallel-`;
  const distinct = Array.from({ length: 270 }, (_, i) => `${tag}${i}@example.com`);
  const emails = [...distinct, ...Array.from({ length: 30 }, (_, i) => `  ${distinct[i * 9].toUpperCase()} `)];
  const t0 = performance.now();
  const results = await Promise.all(
    emails.map((email, i) =>
      request({
        method: 'POST',
        path: '/api/waitlist',
        body: signupBodies.waitlist(email),
        localAddress: `127.0.0.${2 + (i % 250)}`,
        agent: false,
      }),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const statuses = {};
  for (const r of results) statuses[r.error ?? r.status] = (statuses[r.error ?? r.status] ?? 0) + 1;
  await sleep(500);
  const stored = storedAddresses(tag).count;
  const ok = results.filter((r) => r.status >= 200 && r.status < 300).length;
  log(`parallel repeats: ${ok}/300 2xx, ${stored} stored (expected 270) in ${seconds.toFixed(1)} s`);
  return { ok, stored, statuses, seconds };
}

/** Blobs operations per signup: counts of the server's Blobs worker around `n` sequential signups. */
export async function blobsOpsPerSignup(kind, n = 20) {
  const before = await blobsCounts();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < n; i++) {
    await request({
      method: 'POST',
      path: kind === 'waitlist' ? '/api/waitlist' : '/api/newsletter/subscribe',
      body: signupBodies[kind](emailFor(`ops-${kind}`, i)),
      agent,
      localAddress: `127.0.0.${200 + i}`,
    });
  }
  agent.destroy();
  const after = await blobsCounts();
  if (!before || !after) return null;
  const per = {};
  for (const k of Object.keys(after)) {
    if (typeof after[k] !== 'number') continue; // byStore: the same requests counted per store
    const d = (after[k] - (before[k] ?? 0)) / n;
    if (d) per[k] = Math.round(d * 10) / 10;
  }
  const total = Object.entries(per)
    .filter(([k]) => k !== 'refused')
    .reduce((a, [, v]) => a + v, 0);
  return { per, total: Math.round(total * 10) / 10 };
}

export { request };
