// Each page carries only the part of the site stylesheet it can use, inline (first paint without a
// stylesheet request). This checks that the cut changes nothing a visitor sees: every element's
// computed style is the same before and after the whole stylesheet is added to the page, at phone
// and desktop widths, light and dark, with the mobile menu's hidden content included.
import { expect, test, type Page } from '@playwright/test';

const PAGES = [
  '/',
  '/blog',
  '/blog/samsung-galaxy-buds3-pro-review',
  '/about',
  '/shop',
  '/product/samsung-galaxy-s25',
  '/walls',
  '/phone-recommender',
  '/join',
  '/waitlist',
];

/** Every element's computed style (all properties), keyed by a readable path. */
function snapshot(page: Page): Promise<Record<string, Record<string, string>>> {
  return page.evaluate(() => {
    const out: Record<string, Record<string, string>> = {};
    const pathOf = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) {
        const index = e.parentElement ? [...e.parentElement.children].indexOf(e) : 0;
        parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}:${index}`);
      }
      return parts.join('>') || 'html';
    };
    for (const el of [document.documentElement, ...document.body.querySelectorAll('*')]) {
      if (el.closest('style, script')) continue;
      const style = getComputedStyle(el);
      const values: Record<string, string> = {};
      // Custom properties are left out: the cut drops the ones nothing reads, by design; what
      // they would change shows in the real properties compared here.
      for (const name of style) if (!name.startsWith('--')) values[name] = style.getPropertyValue(name);
      out[pathOf(el)] = values;
    }
    return out;
  });
}

for (const path of PAGES) {
  test(`${path}: the inline CSS styles every element exactly as the whole stylesheet does`, async ({ page }) => {
    test.setTimeout(90_000);
    for (const width of [375, 1280]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        const from = page.locator('style[data-from]');
        await expect(from).toHaveCount(1);
        await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
        const href = (await from.getAttribute('data-from'))!;

        const before = await snapshot(page);
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
        const after = await snapshot(page);

        const differences: string[] = [];
        for (const [el, values] of Object.entries(after)) {
          for (const [name, value] of Object.entries(values)) {
            if (before[el]?.[name] !== value) differences.push(`${el} ${name}: ${before[el]?.[name]} -> ${value}`);
          }
        }
        expect(differences.slice(0, 20), `${path} at ${width}px, ${scheme}`).toEqual([]);
      }
    }
  });
}
