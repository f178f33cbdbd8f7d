// Size budgets on the real build output (run by `npm test` after `astro build`, or alone with
// `npx vitest run -c vitest.budgets.config.ts`). Each built page's JavaScript (inline scripts,
// script files, island chunks and everything they import, gzip) is checked against the budgets of
// scripts/perf/budgets.ts; pages without a budget still must not reference missing
// or cross-origin scripts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distReader, listBuiltPages } from '../../integrations/perf/dist';
import { measurePageJs } from '../../integrations/perf/page-js';
import { budgetsFor, checkSizeBudgets, formatKb } from '../../scripts/perf/budgets';

const DIST = path.resolve(process.env.BUDGETS_DIST ?? 'dist');

if (!existsSync(path.join(DIST, 'index.html'))) {
  throw new Error(`No build in ${DIST}. Run "npx astro build" first (npm test does).`);
}

const read = distReader(DIST);
const pages = listBuiltPages(DIST).map((p) => ({
  ...p,
  report: measurePageJs(readFileSync(path.join(DIST, p.file), 'utf8'), p.route, read),
}));

describe('size budgets of the built pages', () => {
  afterAll(() => {
    const lines = pages.map(
      (p) =>
        `${p.route.padEnd(40)} ${formatKb(p.report.totalGzip).padStart(9)} JS gzip (${formatKb(p.report.startupGzip)} without import())` +
        (p.report.frameworks.length ? `  [${p.report.frameworks.join(', ')}]` : ''),
    );
    console.log(`JavaScript per built page:\n${lines.join('\n')}`);
  });

  it('finds the built pages, including the content pages that have budgets', () => {
    const routes = pages.map((p) => p.route);
    expect(routes).toEqual(expect.arrayContaining(['/', '/about', '/blog']));
  });

  it.each(pages.filter((p) => budgetsFor(p.route).length > 0).map((p) => [p.route, p] as const))(
    '%s stays within its budget',
    (_route, page) => {
      const missed = checkSizeBudgets(page.route, page.report).filter((r) => r.status === 'missed');
      expect(missed.map((r) => `${r.source}: ${r.check} — measured ${r.measured}`)).toEqual([]);
    },
  );

  it.each(pages.map((p) => [p.route, p] as const))(
    '%s references only scripts that exist in the build',
    (_route, page) => {
      expect({ missing: page.report.missing, external: page.report.external }).toEqual({ missing: [], external: [] });
    },
  );
});
