// Each page carries only the part of the site stylesheet it can use, inline (first paint without a
// stylesheet request). This checks that the cut changes nothing a visitor sees: every element's
// computed style is the same before and after the whole stylesheet is added to the page, at phone
// and desktop widths, light and dark, hidden content (the mobile menu, the subscribe popover) included.
import { expect, test, type Page } from '@playwright/test';
import { CONTENT_PAGES } from './fixtures';

const PAGES = [...CONTENT_PAGES, '/phone-recommender', '/join', '/waitlist'];

/**
 * Records every element's computed style in the page (all properties but custom ones: the cut drops
 * the custom properties nothing reads, by design, and what they would change shows in the real
 * properties). With `compare`, returns the differences from the recorded styles instead; with
 * `compare: 'and record'`, also records the styles read, for the next comparison.
 */
function styles(page: Page, compare: boolean | 'and record'): Promise<string[]> {
  return page.evaluate((compare) => {
    const w = window as unknown as { __styles?: Map<Element, string[]> };
    const now = new Map<Element, string[]>();
    for (const el of [document.documentElement, ...document.body.querySelectorAll('*')]) {
      if (el.closest('style, script')) continue;
      const style = getComputedStyle(el);
      const values: string[] = [];
      for (const name of style) if (!name.startsWith('--')) values.push(`${name}: ${style.getPropertyValue(name)}`);
      now.set(el, values);
    }
    if (!compare) {
      w.__styles = now;
      return [];
    }
    const differences: string[] = [];
    for (const [el, values] of now) {
      const before = w.__styles!.get(el) ?? [];
      values.forEach((v, i) => {
        if (before[i] !== v)
          differences.push(`${el.tagName.toLowerCase()}.${String(el.className)} ${before[i]} -> ${v}`);
      });
    }
    if (compare === 'and record') w.__styles = now;
    return differences.slice(0, 20);
  }, compare);
}

for (const path of PAGES) {
  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`${path} (${width} px, ${scheme}): the inline CSS styles every element as the whole stylesheet does`, async ({
        page,
      }) => {
        test.setTimeout(60_000);
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        // /join and /waitlist swap their copy once GET /api/site-state answers (launched or not):
        // the styles are compared after that, not while the text may still change under them.
        const siteState = page.waitForResponse((r) => r.url().endsWith('/api/site-state'), { timeout: 15_000 });
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        if ((await page.locator('[data-launched]').count()) > 0) {
          await (await siteState).finished();
          // The page's own promise chain (json, then the swap) runs in the tasks after the body.
          await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
        } else siteState.catch(() => null);
        const from = page.locator('style[data-from]');
        await expect(from).toHaveCount(1);
        await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
        const href = (await from.getAttribute('data-from'))!;

        // The baseline is the page at rest: just after load its scripts may still change the layout
        // (a busy machine once read one container's auto margins before they settled), so read
        // until two readings agree.
        await styles(page, false);
        await expect.poll(() => styles(page, 'and record'), { timeout: 15_000 }).toEqual([]);
        await page.evaluate(
          (url) =>
            new Promise<void>((resolve, reject) => {
              const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url });
              link.onload = () => resolve();
              link.onerror = () => reject(new Error(`could not load ${url}`));
              document.head.append(link);
            }),
          href,
        );
        expect(await styles(page, true)).toEqual([]);
      });
    }
  }
}
