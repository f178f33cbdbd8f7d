// The page budgets (scripts/perf/budgets.ts), checked against the measured figures, and the Markdown report.
import os from 'node:os';
import {
  ANCHOR_ROUTE,
  CONNECTIONS,
  DURATION,
  FLOOR_ROUTE,
  LIGHTHOUSE,
  LOAD,
  RUNS,
  SITE,
  WARMUP,
  elapsed,
  median,
} from './settings.mjs';
import { loadAverage, pkgVersion } from './machine.mjs';

const {
  budgetsFor,
  checkSizeBudgets,
  checkLighthouseBudgets,
  checkPaintBudgets,
  formatKb,
  LIGHTHOUSE_CATEGORIES,
  PAGE_BUDGETS,
} = await import('../perf/budgets.ts');
export { LIGHTHOUSE_CATEGORIES };

/** The runtime targets (docs/runtime.md), in one place. */
export const RUNTIME_TARGETS = {
  idleP50Ms: 50,
  signupsPerSecond: 100,
  signupP99Ms: 1000,
  readsPerSecond: 500,
  readP99Ms: 250,
  parallelStored: 270,
  rssBytes: 600 * 1024 * 1024,
};

export const fmtMs = (v) => (v == null ? '—' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
const fmtCls = (v) => (v == null ? '—' : v.toFixed(3));
const fmtScore = (v) => (v == null ? '—' : String(Math.round(v)));
const fmtMb = (b) => (b == null ? '—' : `${Math.round(b / 1024 / 1024)} MB`);
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
export const cell = (s) => String(s).replace(/\|/g, '\\|');
const statusText = (counts) =>
  Object.entries(counts ?? {})
    .map(([code, n]) => `${code}×${n}`)
    .join(' ') || 'none';
const row = (route, check, measured, ok, source = 'runtime targets') => ({
  route,
  source,
  check,
  measured: String(measured),
  status: ok === null ? 'n/a' : ok ? 'met' : 'missed',
});

/** Every signup sent was answered, none with a 5xx, and exactly the ones answered 2xx were stored. */
function signupIntegrityRows(id, l) {
  const s = l.integrity;
  const errs = Object.values(l.errors).reduce((a, b) => a + b, 0);
  return [
    row(
      id,
      'every request answered',
      `${s.answered} of ${s.sent} answered; ${errs} connection errors`,
      s.answered === s.sent && errs === 0,
    ),
    row(id, '0 5xx', `${s.fiveXx} 5xx`, s.fiveXx === 0),
    row(
      id,
      'records stored == 2xx answers',
      `${s.stored} stored, ${s.acked} answered 2xx` +
        (s.lostAcked ? `, ${s.lostAcked} 2xx NOT stored` : '') +
        (s.storedNotAcked ? `, ${s.storedNotAcked} stored without a 2xx` : '') +
        (s.strays ? `, ${s.strays} strays` : ''),
      s.stored === s.acked && s.lostAcked === 0 && s.strays === 0,
    ),
  ];
}

/**
 * The paint target against the Astro blog example (docs/performance.md, "Observed and simulated paints"):
 * each page's observed FCP and LCP no later than the example post's, measured in the same run.
 */
function anchorRows(pages, anchor) {
  const a = anchor?.observed;
  if (!LIGHTHOUSE || !a) return [];
  const rows = [];
  for (const p of pages.filter((x) => x.route && x.observed)) {
    for (const [metric, label] of [
      ['fcp', 'FCP'],
      ['lcp', 'LCP'],
    ]) {
      const mine = p.observed.error ? null : p.observed[metric];
      const theirs = a.error ? null : a[metric];
      rows.push(
        row(
          p.route,
          `observed ${label} <= the Astro blog example's post (${fmtMs(theirs)})`,
          mine == null ? cell(p.observed.error ?? 'not measured') : fmtMs(mine),
          mine == null || theirs == null ? false : Math.round(mine) <= Math.round(theirs),
          'paints vs the example',
        ),
      );
    }
  }
  return rows;
}

/** Budget rows for pages (sizes, Lighthouse) and the runtime targets. */
export function budgets({ pages, measured, others, idle, loads, parallel, memory, integrity, crash, anchor }) {
  const T = RUNTIME_TARGETS;
  const rows = [];
  rows.push(...anchorRows(pages, anchor));
  for (const p of pages.filter((x) => x.route)) {
    rows.push(...checkSizeBudgets(p.route, p.js));
    if (p.status !== 200 && budgetsFor(p.route).length)
      rows.push(row(p.route, 'page served with 200', p.status, false, 'bench'));
    if (LIGHTHOUSE && p.lh?.error && budgetsFor(p.route).some((b) => b.lighthouse))
      rows.push(row(p.route, 'Lighthouse runs', cell(p.lh.error), false, 'bench'));
    else {
      rows.push(...checkLighthouseBudgets(p.route, LIGHTHOUSE ? (p.lh?.scores ?? null) : null));
      rows.push(...checkPaintBudgets(p.route, LIGHTHOUSE && p.lh && !p.lh.error ? p.lh : null));
    }
  }
  for (const b of PAGE_BUDGETS) {
    if (![...measured.keys()].some((r) => budgetsFor(r).includes(b)))
      rows.push({ route: b.pattern, source: b.source, check: 'page budgets', measured: 'not built', status: 'n/a' });
  }
  rows.push(...others.flatMap((p) => checkSizeBudgets(p.route, p.js)).filter((r) => r.status === 'missed'));

  for (const r of idle) {
    const wrong = r.wrong.length ? `; unexpected answers ${r.wrong.map(([s, n]) => `${s}×${n}`).join(' ')}` : '';
    rows.push(
      row(
        r.id,
        `idle single request p50 <= ${T.idleP50Ms} ms`,
        `${fmtMs(r.p50)} (n=${r.n})${wrong}`,
        r.p50 !== null && r.p50 <= T.idleP50Ms && !r.wrong.length,
      ),
    );
  }
  for (const l of loads) {
    if (l.state !== 'measured') {
      rows.push(row(l.id, 'load', l.note ?? l.state, l.state === 'error' ? false : null));
      continue;
    }
    if (l.signup) {
      // The warm-up's signups are held to the same integrity checks; only its speed is not judged.
      if (l.warmup?.integrity) rows.push(...signupIntegrityRows(`${l.id} (warm-up)`, l.warmup));
      rows.push(...signupIntegrityRows(l.id, l));
      rows.push(
        row(
          l.id,
          `>= ${T.signupsPerSecond} signups/s`,
          `${l.okPerSecond.toFixed(1)}/s`,
          l.okPerSecond >= T.signupsPerSecond,
        ),
      );
      rows.push(row(l.id, `p99 <= ${fmtMs(T.signupP99Ms)}`, fmtMs(l.p99), l.p99 !== null && l.p99 <= T.signupP99Ms));
    } else {
      const non2xx = l.total - l.ok2xx;
      rows.push(
        row(
          l.id,
          `>= ${T.readsPerSecond} req/s, all 2xx`,
          `${Math.round(l.rps)} req/s; ${non2xx} not 2xx`,
          l.rps >= T.readsPerSecond && non2xx === 0,
        ),
      );
      rows.push(row(l.id, `p99 <= ${T.readP99Ms} ms`, fmtMs(l.p99), l.p99 !== null && l.p99 <= T.readP99Ms));
    }
  }
  if (parallel) {
    rows.push(
      row(
        'POST /api/waitlist ×300 at once',
        `all 2xx, exactly ${T.parallelStored} stored (30 repeats)`,
        `${parallel.ok}/300 2xx (${statusText(parallel.statuses)}); ${parallel.stored} stored`,
        parallel.ok === 300 && parallel.stored === T.parallelStored,
      ),
    );
  }
  if (memory)
    rows.push(
      row(
        'server',
        `RSS after the bench < ${fmtMb(T.rssBytes)}`,
        `${fmtMb(memory.own)} (Deno edge runtime apart: ${fmtMb(memory.children)})`,
        memory.own < T.rssBytes,
      ),
    );
  if (integrity)
    rows.push(
      row(
        'Blobs on disk',
        'every stored record parses after the load',
        `${integrity.files} files, ${integrity.bad.length} unparsable${integrity.bad.length ? `: ${cell(integrity.bad.slice(0, 3).join(', '))}` : ''}`,
        integrity.bad.length === 0,
      ),
    );
  if (crash) {
    rows.push(
      row(
        'Blobs on disk',
        'after SIGKILL mid-load and restart: every record parses, every 2xx stored',
        crash.error
          ? cell(crash.error)
          : `${crash.integrity.files} files, ${crash.integrity.bad.length} unparsable; ${crash.acked} answered 2xx before the kill, ${crash.lostAcked} of them not stored; restarted: ${crash.restarted ? 'yes' : 'NO'}`,
        !crash.error && crash.integrity.bad.length === 0 && crash.lostAcked === 0 && crash.restarted,
      ),
    );
  }
  return rows;
}

/** The whole Markdown report. */
export function report({
  t0,
  machine,
  pages,
  others,
  idle,
  loads,
  parallel,
  opsPerSignup,
  memory,
  integrity,
  crash,
  scale,
  mail,
  campaign,
  floor,
  floorObserved,
  anchor,
  budgetRows,
}) {
  const paintRow = (label, sim, obs) => {
    const f = (x, k) => (x && !x.error ? fmtMs(x[k]) : x?.error ? 'error' : '—');
    const elements = [obs, sim]
      .filter((x) => x && !x.error && x.lcpElement)
      .map((x) => x.lcpElement)
      .filter((e, i, all) => all.indexOf(e) === i);
    return [label, f(obs, 'fcp'), f(obs, 'lcp'), f(sim, 'fcp'), f(sim, 'lcp'), cell(elements.join('; ') || '—')];
  };
  const paintRows = [
    ...pages.filter((p) => p.route && p.observed).map((p) => paintRow(p.route, p.lh, p.observed)),
    ...(anchor?.observed
      ? [paintRow(`**Astro blog example** ${ANCHOR_ROUTE}`, anchor.simulated, anchor.observed)]
      : []),
    ...(floorObserved ? [paintRow(`${FLOOR_ROUTE} (floor)`, floor, floorObserved)] : []),
  ];
  const runsOf = (x) => (x?.each ?? []).map((r) => `${Math.round(r.fcp)}/${Math.round(r.lcp)}`).join(', ');
  const runRows = [
    ...pages.filter((p) => p.route && p.observed).map((p) => [p.route, runsOf(p.observed), runsOf(p.lh)]),
    ...(anchor?.observed ? [[ANCHOR_ROUTE, runsOf(anchor.observed), runsOf(anchor.simulated)]] : []),
  ];
  const preloads = pages
    .filter((p) => p.route && p.preload)
    .map((p) => `- \`${p.route}\`: \`${cell(p.preload.split(';')[0])}\``);
  const pageRows = pages.map((p) => {
    if (!p.route) return [p.wanted, 'not built', ...Array(15).fill('—')];
    const lh = p.lh && !p.lh.error ? p.lh : null;
    const islands = p.js.islands.length ? p.js.islands.map((i) => `${i.name} (${i.directive})`).join(', ') : '—';
    return [
      p.route + (p.status === 200 ? '' : ` (HTTP ${p.status})`),
      formatKb(p.js.totalGzip),
      formatKb(p.js.startupGzip),
      formatKb(p.js.eagerGzip),
      p.js.frameworks.length ? p.js.frameworks.join(', ') : 'none',
      cell(islands),
      `${formatKb(p.htmlBytes)} (${formatKb(p.htmlGzip)})`,
      lh ? fmtScore(lh.requests) : '—',
      lh?.transfer != null ? formatKb(lh.transfer) : '—',
      ...LIGHTHOUSE_CATEGORIES.map((c) => (lh ? fmtScore(lh.scores[c]) : p.lh?.error ? 'error' : '—')),
      lh ? fmtMs(lh.fcp) : '—',
      lh ? fmtMs(lh.lcp) : '—',
      lh ? fmtMs(lh.tbt) : '—',
      lh ? fmtCls(lh.cls) : '—',
    ];
  });
  const otherRows = others.map((p) => {
    const res = checkSizeBudgets(p.route, p.js);
    return [
      p.route,
      formatKb(p.js.totalGzip),
      formatKb(p.js.startupGzip),
      formatKb(p.js.eagerGzip),
      p.js.frameworks.length ? p.js.frameworks.join(', ') : 'none',
      `${formatKb(p.htmlBytes)} (${formatKb(p.htmlGzip)})`,
      res.length ? (res.every((r) => r.status === 'met') ? 'met' : '**missed**') : 'n/a',
    ];
  });
  const idleRows = idle.map((r) => [cell(r.id), fmtMs(r.p50), fmtMs(r.max), String(r.n), cell(statusText(r.statuses))]);
  const loadRow = (l, label) =>
    l.state !== 'measured'
      ? [cell(label), cell(l.note ?? l.state), '—', '—', '—', '—', '—', '—']
      : [
          cell(label),
          cell(statusText(l.statusCounts)),
          Math.round(l.rps).toLocaleString('en-CA'),
          l.signup ? `${l.okPerSecond.toFixed(1)}/s` : '—',
          fmtMs(l.p50),
          fmtMs(l.p99),
          cell(statusText(l.errors)),
          l.signup
            ? `${l.integrity.sent} / ${l.integrity.answered} / ${l.integrity.acked} / ${l.integrity.stored}`
            : '—',
        ];
  const loadRows = loads.flatMap((l) => [
    ...(l.warmup ? [loadRow(l.warmup, `${l.id}: warm-up, first ${l.warmup.duration} s (speed not judged)`)] : []),
    loadRow(l, l.warmup ? `${l.id}: measured, next ${l.duration} s` : l.id),
  ]);
  const statusCell = (s) => (s === 'missed' ? '**missed**' : s);
  const missed = budgetRows.filter((r) => r.status === 'missed').length;
  const met = budgetRows.filter((r) => r.status === 'met').length;
  const na = budgetRows.filter((r) => r.status === 'n/a').length;
  const busy = Number(machine.load.split(' / ')[0]) > machine.cpus;
  const ops = (o) =>
    o
      ? `${o.total} (${Object.entries(o.per)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')})`
      : 'not measured';

  return [
    '# Bench results',
    '',
    `- Date: ${machine.date}; commit ${machine.commit}; total bench time ${elapsed(t0)}`,
    `- Machine: ${machine.cpu}, ${machine.memory} RAM; ${machine.os}; load average (1/5/15 min) at start ${machine.load}, at end ${loadAverage()}`,
    `- Software: Node ${machine.node}, ${machine.chromium}, Astro ${machine.astro}, Lighthouse ${machine.lighthouse}, @netlify/dev ${machine.netlifyDev}, zip-it-and-ship-it ${machine.zisi}`,
    `- Server: \`scripts/serve.mjs\` on a scratch copy (${SITE}/) with empty storage: functions bundled once and kept warm, static files, headers and edge functions through @netlify/dev, Blobs on disk, brotli/gzip compression; SITE_LAUNCHED=true, mail to the local outbox; the default settings of \`npm start\` (send rate 120 a minute, flood limits) except the per-address signup limit, raised (and with it the per-network one, 3 times it by default)`,
    `- Lighthouse: ${LIGHTHOUSE ? `mobile (default emulation and simulated throttling; the paints table also observed, with devtools throttling), median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page in interleaved rounds, headless Chromium; CPU benchmark index (median) ${median(pages.map((p) => p.lh?.benchmarkIndex)) ?? '—'}` : 'skipped (--no-lighthouse)'}`,
    ...(busy
      ? [
          `- **The machine was busy** (load average ${machine.load.split(' / ')[0]} on ${machine.cpus} CPUs at the start, other work running): timings and Lighthouse performance are lower than on an idle machine; sizes are unaffected.`,
        ]
      : []),
    `- Load: ${LOAD ? `${CONNECTIONS} keep-alive connections for ${DURATION} s per endpoint${WARMUP ? `, right after ${WARMUP} s of the same load (the warm-up: a server just started compiles its code and grows its heap under load first; its figures are shown, its signups are checked like the others, its speed is not judged)` : ''}, one request at a time each; connection i comes from 127.0.(i+1).2 (a visitor and a network per connection); every request in flight at the end is awaited` : 'skipped (--no-load)'}`,
    '',
    '## Pages',
    '',
    'JS = every script the page can load (inline, files, island component and renderer chunks, and all they import), gzip level 9. "No import()" leaves out code split off behind `import()`; "at load" also leaves out islands that wait for visibility. HTML = raw (gzip). Requests, transfer (compressed bytes over the wire), scores, FCP, LCP, TBT, CLS from Lighthouse.',
    '',
    table(
      [
        'Route',
        'JS',
        'No import()',
        'At load',
        'Framework',
        'Islands',
        'HTML',
        'Requests',
        'Transfer',
        'Perf',
        'A11y',
        'BP',
        'SEO',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
      ],
      pageRows,
    ),
    '',
    ...(paintRows.length
      ? [
          '### First and largest paint: observed and simulated, beside the Astro blog example',
          '',
          'Observed: Lighthouse with `--throttling-method=devtools` (slow 4G: 562.5 ms per request, 1.47 Mbit/s down; CPU 4x slower, applied to the browser for real), the paints as they happened. ' +
            "Simulated: Lighthouse's default replay (the same model, computed), the figures in the table above. " +
            `Median of ${RUNS} run${RUNS > 1 ? 's' : ''}, each round running every page once, the example's post page included: ` +
            `its build (bench/anchors/) is copied into the scratch copy at its own path and sent by the same server. ` +
            'LCP element: the element of the largest paint as Lighthouse names it (observed run first; both when they differ). ' +
            'Target: observed FCP and LCP no later than the example post’s (the budget rows "paints vs the example").',
          '',
          table(['Route', 'Observed FCP', 'Observed LCP', 'Simulated FCP', 'Simulated LCP', 'LCP element'], paintRows),
          '',
          'Each run, FCP/LCP in ms:',
          '',
          table(['Route', 'Observed', 'Simulated'], runRows),
          '',
          ...(preloads.length
            ? [
                'Pages whose first-screen image starts with the document (`Link: rel=preload` response header, image as sent):',
                '',
                ...preloads,
                '',
              ]
            : []),
        ]
      : []),
    ...(floor
      ? [
          "### This machine's floor",
          '',
          `\`${FLOOR_ROUTE}\`: one paragraph, no script, image or stylesheet, added to the scratch copy and served the same way. ` +
            "Lighthouse's simulation puts Chrome's own navigation task (it commits the page and creates its JavaScript context) " +
            'into TBT whenever no request it makes is needed for the first paint; run over 12.5 ms (50 ms simulated), it gives even this page a TBT above 0. ' +
            'So an early FCP and TBT 0 go together only on runs where that task is short (docs/performance.md).',
          '',
          floor.error
            ? `Not measured: ${cell(floor.error)}`
            : table(
                ['Route', 'Perf', 'FCP', 'LCP', 'TBT', 'CLS'],
                [
                  [
                    FLOOR_ROUTE,
                    fmtScore(floor.scores.performance),
                    fmtMs(floor.fcp),
                    fmtMs(floor.lcp),
                    fmtMs(floor.tbt),
                    fmtCls(floor.cls),
                  ],
                ],
              ),
          '',
        ]
      : []),
    ...(otherRows.length
      ? [
          '## Other built pages (size only)',
          '',
          table(['Route', 'JS', 'No import()', 'At load', 'Framework', 'HTML', 'Size budget'], otherRows),
          '',
        ]
      : []),
    '## Endpoints, idle',
    '',
    'One request at a time on the idle server (21 requests after one warm-up, keep-alive).',
    '',
    table(['Endpoint', 'p50', 'max', 'n', 'Responses'], idleRows),
    '',
    '## Endpoints under load',
    '',
    'Signups: each request carries a new address; sent / answered / answered 2xx / stored (distinct sent addresses found in the Blobs store on disk).',
    '',
    table(
      [
        'Endpoint',
        'Responses',
        'Req/s',
        '2xx signups/s',
        'p50',
        'p99',
        'Connection errors',
        'Signups sent / answered / 2xx / stored',
      ],
      loadRows,
    ),
    '',
    ...loads
      .flatMap((l) => [...(l.warmup ? [{ ...l.warmup, id: `${l.id} (warm-up)` }] : []), l])
      .filter((l) => l.failures?.length)
      .flatMap((l) => [
        `Non-2xx answers of ${l.id} (first line of the body):`,
        '',
        ...l.failures.map((f) => `- \`${f.replace(/`/g, "'")}\``),
        '',
      ]),
    '## Storage',
    '',
    `- Blobs operations per signup (counted at the Blobs server, ${opsPerSignup?.n ?? 20} sequential signups each): waitlist ${ops(opsPerSignup?.waitlist)}; newsletter ${ops(opsPerSignup?.newsletter)}.`,
    `- 300 parallel waitlist signups (270 addresses + 30 repeats in other case/spacing): ${parallel ? `${parallel.ok}/300 answered 2xx (${statusText(parallel.statuses)}) in ${parallel.seconds.toFixed(1)} s; ${parallel.stored} records stored` : 'not run'}.`,
    `- Records on disk after the load: ${integrity ? `${integrity.files} files, ${integrity.bad.length} do not parse` : 'not checked'}.`,
    `- SIGKILL during a signup load, then restart: ${crash ? (crash.error ? crash.error : `${crash.sentBeforeKill} signups sent, ${crash.acked} answered 2xx before the kill (${crash.lostAcked} of them not stored); ${crash.integrity.files} files on disk after the restart, ${crash.integrity.bad.length} do not parse`) : 'not run'}.`,
    `- Server memory (RSS) after the bench: ${memory ? `${fmtMb(memory.own)} (Node, with the Blobs worker), Deno edge runtime ${fmtMb(memory.children)}` : 'not measured'}.`,
    '',
    ...(scale ? ['## Scale', '', scale, ''] : []),
    ...(mail ? ['## Mail queue', '', mail, ''] : []),
    ...(campaign ? ['## Campaign', '', campaign, ''] : []),
    '## Budgets',
    '',
    table(
      ['Route', 'Budget', 'Source', 'Measured', 'Status'],
      budgetRows.map((r) => [cell(r.route), cell(r.check), r.source, cell(r.measured), statusCell(r.status)]),
    ),
    '',
    ...(others.length
      ? [
          `Size budgets of the ${others.length} other built page(s): ${budgetRows.some((r) => others.some((o) => o.route === r.route) && r.status === 'missed') ? 'some missed (listed above)' : 'all met or none apply'}.`,
          '',
        ]
      : []),
    `**${met} met, ${missed} missed, ${na} n/a.**${missed ? ' The bench exits with status 1.' : ''}`,
    '',
  ].join('\n');
}

export { pkgVersion, os };
