import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { measurePageJs, type ReadAsset } from '../../../integrations/perf/page-js';
import { checkSizeBudgets, PLAIN_SCRIPT_MAX_GZIP } from '../../../scripts/perf/budgets';

const SITE = path.join(import.meta.dirname, 'fixtures', 'site');
const page = (file: string) => readFileSync(path.join(SITE, file), 'utf8');
/** Reads fixture files by URL path; `overrides` replaces files by URL path. */
const reader =
  (overrides: Record<string, string> = {}): ReadAsset =>
  (urlPath) => {
    if (urlPath in overrides) return overrides[urlPath];
    try {
      return readFileSync(path.join(SITE, urlPath));
    } catch {
      return null;
    }
  };
const gz = (file: string) => gzipSync(readFileSync(path.join(SITE, file)), { level: 9 }).length;

describe('measurePageJs on a plain content page', () => {
  const report = measurePageJs(page('about.html'), '/about', reader());

  it('follows the script through its static and dynamic imports, counting each file once', () => {
    expect(report.files.map((f) => [f.path, f.loading])).toEqual([
      ['/_astro/about.Bx1.js', 'eager'],
      ['/_astro/shared.Cy2.js', 'eager'],
      ['/_astro/video-dialog.Dz3.js', 'lazy'],
    ]);
    expect(report.inline.count).toBe(1); // the theme script; JSON-LD is data
    expect(report.missing).toEqual([]);
    expect(report.external).toEqual([]);
  });

  it('sums gzip sizes of inline code and files', () => {
    const files = gz('_astro/about.Bx1.js') + gz('_astro/shared.Cy2.js') + gz('_astro/video-dialog.Dz3.js');
    expect(report.totalGzip).toBe(report.inline.gzip + files);
    expect(report.lazyGzip).toBe(gz('_astro/video-dialog.Dz3.js'));
    expect(report.startupGzip).toBe(report.eagerGzip); // no islands
    expect(report.startupGzip + report.lazyGzip).toBe(report.totalGzip);
  });

  it('finds no framework and meets the content-page size budget', () => {
    expect(report.frameworks).toEqual([]);
    const results = checkSizeBudgets('/about', report);
    expect(results.map((r) => [r.check, r.status])).toEqual([
      [`JS (gzip) <= ${PLAIN_SCRIPT_MAX_GZIP / 1024}.0 KB`, 'met'],
      ['no framework JS', 'met'],
      ['script files at start-up <= 1', 'missed'],
    ]);
  });

  it('a script with a static import is two start-up requests (a chain): over the one-request budget', () => {
    expect(report.eagerFiles).toBe(2);
    const requests = checkSizeBudgets('/about', report).find((r) => r.check === 'script files at start-up <= 1');
    expect(requests?.measured).toBe('2: /_astro/about.Bx1.js, /_astro/shared.Cy2.js');
    // The same page with the chain bundled into one file meets it.
    const one = measurePageJs(
      page('about.html'),
      '/about',
      reader({ '/_astro/about.Bx1.js': 'document.title = "one file";' }),
    );
    expect(one.eagerFiles).toBe(1);
    expect(checkSizeBudgets('/about', one).every((r) => r.status === 'met')).toBe(true);
  });
});

describe('a React island added to a content page', () => {
  const report = measurePageJs(page('about-with-react-island.html'), '/about', reader());

  it('pulls in the component, the renderer and the shared react-dom chunk', () => {
    expect(report.islands).toEqual([
      expect.objectContaining({ name: 'VideoPicker', directive: 'load', rendererUrl: '/_astro/client.Cd34.js' }),
    ]);
    expect(report.files.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        '/_astro/VideoPicker.Ab12.js',
        '/_astro/client.Cd34.js',
        '/_astro/react-dom.BUV3Pspu.js',
      ]),
    );
    expect(report.frameworks).toEqual(expect.arrayContaining(['react', 'astro-renderer']));
    expect(report.frameworkFiles).toEqual(
      expect.arrayContaining([
        '/_astro/client.Cd34.js',
        '/_astro/react-dom.BUV3Pspu.js',
        '/_astro/VideoPicker.Ab12.js',
      ]),
    );
  });

  it('is reported over budget: framework JS on a content page, and more than a few KB', () => {
    const results = checkSizeBudgets('/about', report);
    expect(results.filter((r) => r.status === 'missed').map((r) => r.check)).toEqual([
      `JS (gzip) <= ${PLAIN_SCRIPT_MAX_GZIP / 1024}.0 KB`,
      'no framework JS',
      'script files at start-up <= 1',
    ]);
    expect(results.find((r) => r.check === 'no framework JS')?.measured).toContain('react-dom.BUV3Pspu.js');
  });

  it('with the real react-dom client as renderer the page carries tens of KB of framework code', () => {
    const require = createRequire(import.meta.url);
    const reactDomClient = readFileSync(
      path.join(path.dirname(require.resolve('react-dom')), 'cjs', 'react-dom-client.production.js'),
      'utf8',
    );
    const real = measurePageJs(
      page('about-with-react-island.html'),
      '/about',
      reader({ '/_astro/client.Cd34.js': reactDomClient }),
    );
    expect(real.totalGzip).toBeGreaterThan(50 * 1024);
    expect(checkSizeBudgets('/blog/some-post', real).every((r) => r.status === 'missed')).toBe(true);
  });

  it('stays within budget on a page that has none (e.g. the staff area)', () => {
    expect(checkSizeBudgets('/admin', report)).toEqual([]);
  });
});

describe('island hydration directives', () => {
  it('a client:visible island is not eager, and allowed on /walls', () => {
    const report = measurePageJs(page('walls-visible-island.html'), '/walls', reader());
    const island = report.files.filter((f) =>
      ['/_astro/VideoPicker.Ab12.js', '/_astro/client.Cd34.js', '/_astro/react-dom.BUV3Pspu.js'].includes(f.path),
    );
    expect(island.map((f) => f.loading)).toEqual(['island', 'island', 'island']);
    expect(report.startupGzip - report.eagerGzip).toBe(island.reduce((s, f) => s + f.gzip, 0));
    expect(checkSizeBudgets('/walls', report).map((r) => [r.check, r.status])).toEqual([
      ['islands hydrate lazily (no client:load/only/idle)', 'met'],
      ['script files at start-up <= 1', 'missed'], // about.Bx1.js imports shared.Cy2.js
    ]);
  });

  it('a client:load island is an eager miss on /walls', () => {
    const report = measurePageJs(page('about-with-react-island.html'), '/walls', reader());
    const [result] = checkSizeBudgets('/walls', report);
    expect(result.status).toBe('missed');
    expect(result.measured).toBe('VideoPicker: client:load');
  });
});

describe('the start-up scope of the recommender budget', () => {
  it('counts islands and their static imports but not code behind import()', () => {
    const big =
      'export const data = ' +
      JSON.stringify(Array.from({ length: 40_000 }, (_, i) => `phone-${i}-${(i * 7919) % 10007}`)) +
      ';';
    const lazyHeavy = reader({ '/_astro/video-dialog.Dz3.js': big });
    const report = measurePageJs(page('walls-visible-island.html'), '/phone-recommender', lazyHeavy);
    expect(report.lazyGzip).toBeGreaterThan(90 * 1024);
    expect(report.totalGzip).toBeGreaterThan(90 * 1024);
    const [size] = checkSizeBudgets('/phone-recommender', report);
    expect(size.check).toBe('JS without import() (gzip) <= 90.0 KB');
    expect(size.status).toBe('met');
    expect(size.measured).toContain('behind import()');
  });

  it('still misses when the start-up code itself is too big', () => {
    const big =
      'export const data = ' +
      JSON.stringify(Array.from({ length: 40_000 }, (_, i) => `phone-${i}-${(i * 7919) % 10007}`)) +
      ';';
    const report = measurePageJs(
      page('walls-visible-island.html'),
      '/phone-recommender',
      reader({ '/_astro/shared.Cy2.js': big }),
    );
    expect(checkSizeBudgets('/phone-recommender', report)[0].status).toBe('missed');
  });
});

describe('unmeasurable scripts', () => {
  it('reports missing files and other origins and fails the size budget', () => {
    const html =
      '<script src="https://cdn.example.com/lib.js"></script><script type="module" src="/_astro/gone.js"></script>';
    const report = measurePageJs(html, '/shop', reader());
    expect(report.external).toEqual(['https://cdn.example.com/lib.js']);
    expect(report.missing).toEqual(['/_astro/gone.js']);
    const size = checkSizeBudgets('/shop', report).find((r) => r.check.startsWith('JS'));
    expect(size?.status).toBe('missed');
  });
});

describe('islands hydrated on interaction (client:interaction)', () => {
  const html = page('walls-visible-island.html').replace('client="visible"', 'client="interaction"');
  const report = measurePageJs(html, '/join', reader());
  const islandFiles = ['/_astro/VideoPicker.Ab12.js', '/_astro/client.Cd34.js', '/_astro/react-dom.BUV3Pspu.js'];

  it('are told apart from code loaded without interaction', () => {
    expect(report.files.filter((f) => islandFiles.includes(f.path)).map((f) => f.loading)).toEqual([
      'interaction',
      'interaction',
      'interaction',
    ]);
    const onInteraction = report.files.filter((f) => f.loading === 'interaction').reduce((s, f) => s + f.gzip, 0);
    expect(report.interactionGzip).toBe(onInteraction);
    expect(report.withoutInteractionGzip).toBe(report.eagerGzip);
    expect(report.startupGzip).toBe(report.withoutInteractionGzip + report.interactionGzip);
  });

  it('client:interaction="visible" loads when seen, like client:visible', () => {
    const visible = measurePageJs(html.replace('"value":true', '"value":"visible"'), '/join', reader());
    expect(visible.islands.map((i) => i.directive)).toEqual(['interaction=visible']);
    expect(visible.files.filter((f) => islandFiles.includes(f.path)).map((f) => f.loading)).toEqual([
      'island',
      'island',
      'island',
    ]);
  });

  it('the pre-launch budget counts only what loads without interaction', () => {
    const [size, directives] = checkSizeBudgets('/join', report);
    expect(size.check).toBe('JS without interaction (gzip) <= 15.0 KB');
    expect(size.status).toBe('met');
    expect(size.measured).toContain('on interaction');
    expect(directives.status).toBe('met');
  });

  it('the same React island hydrated at load misses it', () => {
    const big =
      'export const data = ' +
      JSON.stringify(Array.from({ length: 8_000 }, (_, i) => `react-${i}-${(i * 7919) % 10007}`)) +
      ';';
    const eager = measurePageJs(
      page('about-with-react-island.html'),
      '/join',
      reader({ '/_astro/client.Cd34.js': big }),
    );
    expect(checkSizeBudgets('/join', eager).map((r) => r.status)).toEqual(['missed', 'missed']);
  });
});
