/**
 * Per-page budgets, as data, and the checks that compare a measured page against them. Size checks
 * run in `npm test` on the build output; Lighthouse checks run in the bench.
 *
 * Content pages (blog, posts, about) and shop pages (shop, products, walls) ship no framework and
 * little script; the recommender's start-up stays under 90 KB gzip. See docs/performance.md#the-budgets.
 */
import type { PageJsReport } from '../../integrations/perf/page-js.ts';
import { EAGER_DIRECTIVES } from '../../integrations/perf/page-js.ts';
import { matchRoute } from '../../integrations/perf/routes.ts';

/** "A few KB of plain script at most" on content and shop pages, made concrete: all JS of the page, gzip. */
export const PLAIN_SCRIPT_MAX_GZIP = 5 * 1024;

export type LighthouseCategory = 'performance' | 'accessibility' | 'best-practices' | 'seo';
export const LIGHTHOUSE_CATEGORIES: readonly LighthouseCategory[] = [
  'performance',
  'accessibility',
  'best-practices',
  'seo',
];

export interface PageBudget {
  /** Route or `/prefix/*` pattern (see matchRoute). */
  pattern: string;
  /** Where the budget comes from. */
  source: string;
  /** Upper limit on the page's JavaScript, gzip bytes (what is counted: see jsScope). */
  maxJsGzip?: number;
  /**
   * 'all' (default): every script the page can load, including code behind `import()`.
   * 'startup': what the page runs without an `import()` call (eager scripts and islands with their
   * static imports); code split off behind `import()` is reported but not counted.
   * 'without-interaction': what loads before the visitor interacts (inline and eager scripts,
   * islands waiting for visibility); islands hydrated on interaction and code behind `import()`
   * are reported but not counted.
   */
  jsScope?: 'all' | 'startup' | 'without-interaction';
  /** Most script files (requests) the page may load at start-up; inline scripts and islands are not counted. */
  maxStartupScriptFiles?: number;
  /** No framework runtime (React, react-dom, an island renderer...) anywhere in the page's JS. */
  noFramework?: boolean;
  /** Hydration directives the page's islands must not use (they hydrate before interaction or visibility). */
  forbiddenDirectives?: readonly string[];
  /** Minimum Lighthouse mobile scores, 0-100. */
  lighthouse?: Partial<Record<LighthouseCategory, number>>;
  /** Most Lighthouse mobile paint metrics may reach (medians): ms, and CLS unitless. */
  paint?: PaintLimits;
}

export interface PaintLimits {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Lighthouse's paint metrics of a page (medians); null when not measured. */
export type PaintMetrics = Partial<Record<'fcp' | 'lcp' | 'tbt' | 'cls', number | null>>;

const ALL_100: Record<LighthouseCategory, number> = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const content = (pattern: string): PageBudget => ({
  pattern,
  source: 'content pages',
  noFramework: true,
  maxJsGzip: PLAIN_SCRIPT_MAX_GZIP,
  lighthouse: ALL_100,
});
/** The first-paint targets: FCP and LCP of the Astro blog example, no blocking time, no shift. */
export const FIRST_PAINT: PaintLimits = { fcpMs: 800, lcpMs: 1200, tbtMs: 0, cls: 0 };
const SHOP_LIGHTHOUSE = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

/** Every page budget. Pages without an entry have no budget (reported as n/a). */
export const PAGE_BUDGETS: readonly PageBudget[] = [
  content('/blog'),
  content('/blog/*'),
  content('/about'),
  // The recommender's method page is a content page like /about: plain HTML, no framework.
  { pattern: '/how-we-recommend', source: 'content page rule', noFramework: true, maxJsGzip: PLAIN_SCRIPT_MAX_GZIP },
  {
    pattern: '/shop',
    source: 'shop pages',
    noFramework: true,
    maxJsGzip: PLAIN_SCRIPT_MAX_GZIP,
    lighthouse: SHOP_LIGHTHOUSE,
  },
  {
    pattern: '/product/*',
    source: 'shop pages',
    noFramework: true,
    maxJsGzip: PLAIN_SCRIPT_MAX_GZIP,
    lighthouse: SHOP_LIGHTHOUSE,
  },
  // The grid is static; the preview island loads only on interaction or when visible.
  { pattern: '/walls', source: 'shop pages', forbiddenDirectives: EAGER_DIRECTIVES, lighthouse: SHOP_LIGHTHOUSE },
  // The wizard hydrates when visible; client:idle is left to small helpers such as the toast region.
  // "Total JS <= 90 KB" is read as the wizard's start-up: results code the wizard loads with import()
  // when the visitor gets there is reported, not counted. Set jsScope 'all' for the strict reading.
  {
    pattern: '/phone-recommender',
    source: 'recommender page',
    maxJsGzip: 90 * 1024,
    jsScope: 'startup',
    forbiddenDirectives: ['load', 'only'],
    lighthouse: { performance: 90, accessibility: 100 },
  },
  // First paint (docs/performance.md): the shell's scripts arrive as one request, not a chain, and
  // the content pages and /join paint at least as early as the Astro blog example.
  ...['/', '/blog', '/blog/*', '/about', '/shop', '/product/*', '/walls', '/phone-recommender'].map(
    (pattern): PageBudget => ({ pattern, source: 'first paint', maxStartupScriptFiles: 1 }),
  ),
  ...['/', '/blog', '/blog/*', '/about', '/shop', '/product/*', '/walls', '/phone-recommender', '/join'].map(
    (pattern): PageBudget => ({
      pattern,
      source: 'first paint',
      lighthouse: { performance: 100 },
      paint: FIRST_PAINT,
    }),
  ),
  // The pre-launch pages (docs/performance.md): the form works without JavaScript and React waits
  // for the first interaction, so a visitor who only reads the page downloads little script.
  ...['/join', '/waitlist'].map((pattern): PageBudget => ({
    pattern,
    source: 'pre-launch page',
    maxJsGzip: 15 * 1024,
    jsScope: 'without-interaction',
    forbiddenDirectives: EAGER_DIRECTIVES,
  })),
];

/** The budgets that apply to `route`. */
export function budgetsFor(route: string): PageBudget[] {
  return PAGE_BUDGETS.filter((b) => matchRoute(b.pattern, route));
}

export type BudgetStatus = 'met' | 'missed' | 'n/a';

export interface BudgetResult {
  route: string;
  source: string;
  /** What is checked, e.g. 'JS (gzip) <= 5.0 KB'. */
  check: string;
  measured: string;
  status: BudgetStatus;
}

/** Bytes as KB with one decimal ('0 B' for zero). */
export function formatKb(bytes: number): string {
  return bytes === 0 ? '0 B' : `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * Size and hydration checks of one page against its budgets (none when the page has no budget).
 * Unmeasurable scripts (other origins) and references to missing files count as misses.
 */
export function checkSizeBudgets(route: string, report: PageJsReport): BudgetResult[] {
  const results: BudgetResult[] = [];
  for (const b of budgetsFor(route)) {
    const add = (check: string, measured: string, ok: boolean) =>
      results.push({ route, source: b.source, check, measured, status: ok ? 'met' : 'missed' });
    if (b.maxJsGzip !== undefined) {
      const unknown = [...report.external, ...report.missing];
      const startup = b.jsScope === 'startup';
      const quiet = b.jsScope === 'without-interaction';
      const measured = startup ? report.startupGzip : quiet ? report.withoutInteractionGzip : report.totalGzip;
      const label = startup ? 'JS without import()' : quiet ? 'JS without interaction' : 'JS';
      add(
        `${label} (gzip) <= ${formatKb(b.maxJsGzip)}`,
        formatKb(measured) +
          (startup && report.lazyGzip > 0 ? ` (+ ${formatKb(report.lazyGzip)} behind import())` : '') +
          (quiet && report.interactionGzip + report.lazyGzip > 0
            ? ` (+ ${formatKb(report.interactionGzip + report.lazyGzip)} on interaction or behind import())`
            : '') +
          (unknown.length ? ` + unmeasurable: ${unknown.join(', ')}` : ''),
        measured <= b.maxJsGzip && unknown.length === 0,
      );
    }
    if (b.maxStartupScriptFiles !== undefined) {
      const eager = report.files.filter((f) => f.loading === 'eager').map((f) => f.path);
      add(
        `script files at start-up <= ${b.maxStartupScriptFiles}`,
        eager.length === 0 ? 'none' : `${eager.length}: ${eager.join(', ')}`,
        eager.length <= b.maxStartupScriptFiles,
      );
    }
    if (b.noFramework) {
      add(
        'no framework JS',
        report.frameworkFiles.length || report.inline.frameworks.length
          ? `${report.frameworks.join(', ')} in ${[...report.frameworkFiles, ...(report.inline.frameworks.length ? ['inline script'] : [])].join(', ')}`
          : 'none',
        report.frameworks.length === 0,
      );
    }
    if (b.forbiddenDirectives) {
      const eager = report.islands.filter((i) => b.forbiddenDirectives!.includes(i.directive));
      add(
        `islands hydrate lazily (no client:${b.forbiddenDirectives.join('/')})`,
        report.islands.length === 0
          ? 'no islands'
          : report.islands.map((i) => `${i.name}: client:${i.directive}`).join(', '),
        eager.length === 0,
      );
    }
  }
  return results;
}

/**
 * Lighthouse checks of one page. `scores` holds 0-100 values; null (or a missing category) means
 * the page was not measured, reported as n/a.
 */
export function checkLighthouseBudgets(
  route: string,
  scores: Partial<Record<LighthouseCategory, number | null>> | null,
): BudgetResult[] {
  const results: BudgetResult[] = [];
  // Two budgets of a page may ask the same (content pages and first paint: performance 100); a
  // minimum that an earlier budget already checks at least as strictly is one check, not two.
  const checked = new Map<LighthouseCategory, number>();
  for (const b of budgetsFor(route)) {
    for (const category of LIGHTHOUSE_CATEGORIES) {
      const min = b.lighthouse?.[category];
      if (min === undefined || (checked.get(category) ?? -1) >= min) continue;
      checked.set(category, min);
      const value = scores?.[category];
      results.push({
        route,
        source: b.source,
        check: `Lighthouse ${category} ${min === 100 ? '= 100' : `>= ${min}`}`,
        measured: value === null || value === undefined ? 'not measured' : String(value),
        status: value === null || value === undefined ? 'n/a' : value >= min ? 'met' : 'missed',
      });
    }
  }
  return results;
}

/**
 * Paint checks of one page (FCP, LCP, TBT, CLS medians) against its budgets. TBT and CLS are
 * compared as Lighthouse shows them (whole ms, three decimals); a metric not measured is n/a.
 */
export function checkPaintBudgets(route: string, metrics: PaintMetrics | null): BudgetResult[] {
  const results: BudgetResult[] = [];
  for (const b of budgetsFor(route)) {
    if (!b.paint) continue;
    const limits: [keyof PaintMetrics, string, number, (v: number) => number, (v: number) => string][] = [
      ['fcp', 'FCP', b.paint.fcpMs, (v) => Math.round(v), (v) => `${Math.round(v)} ms`],
      ['lcp', 'LCP', b.paint.lcpMs, (v) => Math.round(v), (v) => `${Math.round(v)} ms`],
      ['tbt', 'TBT', b.paint.tbtMs, (v) => Math.round(v), (v) => `${Math.round(v)} ms`],
      ['cls', 'CLS', b.paint.cls, (v) => Number(v.toFixed(3)), (v) => v.toFixed(3)],
    ];
    for (const [key, name, max, shown, format] of limits) {
      const value = metrics?.[key];
      const unit = key === 'cls' ? '' : ' ms';
      results.push({
        route,
        source: b.source,
        check: `Lighthouse ${name} <= ${max}${unit}`,
        measured: value === null || value === undefined ? 'not measured' : format(value),
        status: value === null || value === undefined ? 'n/a' : shown(value) <= max ? 'met' : 'missed',
      });
    }
  }
  return results;
}
