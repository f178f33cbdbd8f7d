// Shared browser-test helpers: axe scans and the gated server's address.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const GATED_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8899) - 1}`;
/** The launched site on its own copy, for tests that store many records (see playwright.config.ts). */
export const LOAD_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8899) - 2}`;
export const E2E_ADMIN_KEY = 'e2e-admin-key-0123';

/**
 * Runs axe (WCAG 2.1 A/AA) and fails on serious or critical violations, listing them. `exclude`:
 * selectors left out, e.g. sandboxed mail frames, which axe cannot enter (no scripts run there):
 * check their documents on their own with `expectNoSeriousA11yViolationsIn`.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { exclude = [] }: { exclude?: string[] } = {},
): Promise<void> {
  // Colours read in the middle of a transition (a filter button a page script has just switched on)
  // are neither the old ones nor the new ones: let running transitions finish first.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

/**
 * The same check on an HTML document of its own (a mail's HTML part, as a sandboxed frame shows it),
 * opened in a new page of `page`'s browser context and closed after.
 */
export async function expectNoSeriousA11yViolationsIn(page: Page, html: string): Promise<void> {
  const own = await page.context().newPage();
  try {
    await own.setContent(html);
    await expectNoSeriousA11yViolations(own);
  } finally {
    await own.close();
  }
}

/** A unique e-mail address for this run (tests never assume an empty store). */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The public content pages the browser tests visit, one of each kind (a post, a product). */
export const CONTENT_PAGES = [
  '/',
  '/blog',
  '/blog/samsung-galaxy-buds3-pro-review',
  '/about',
  '/shop',
  '/product/samsung-galaxy-s25',
  '/walls',
] as const;

const ENTRIES = '.test-site/.netlify/blobs-serve/entries';

/** The stored subscriber of an address, read from the test site's Blobs directory (key = SHA-256 of the normalised e-mail), or null. */
export async function storedSubscriber(email: string): Promise<any | null> {
  const id = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  for (const dir of await readdir(ENTRIES).catch(() => [] as string[])) {
    try {
      return JSON.parse(await readFile(`${ENTRIES}/${dir}/site:subscribers/${id}`, 'utf8'));
    } catch {
      /* not in this deploy directory */
    }
  }
  return null;
}

/** A script the page loaded, with its body. */
export interface LoadedScript {
  url: string;
  body: string;
}

/**
 * Records every script response of `page` with its body. Each body is read as its response comes in;
 * `settled()` waits for the reads still going, so a test awaits it before it ends (a read still going
 * when the test ends fails the test with "response.text: Test ended"). A body that cannot be read
 * (the page navigated away) is left out.
 */
export function recordScripts(page: Page): { scripts: LoadedScript[]; settled(): Promise<void> } {
  const scripts: LoadedScript[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script') return;
    reads.push(
      r.text().then(
        (body) => void scripts.push({ url: r.url(), body }),
        () => undefined,
      ),
    );
  });
  return { scripts, settled: async () => void (await Promise.all(reads)) };
}
