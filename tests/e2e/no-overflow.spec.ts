// No page scrolls sideways on a 375 px phone: every page the build wrote to dist/ (staff pages
// included, signed in, with a long signed link in the outbox) is at most 375 px wide.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { encodeAnswers } from '../../src/lib/recommender';
import { islands, runTag, seedSubscriber, signInByApi } from './admin-helpers';
import { IOS_CAMERA_LOVER } from './recommender-helpers';

/** Every route of the build, from its HTML files ('about/index.html' -> '/about', '404.html' -> a missing page). */
function builtRoutes(dir = 'dist'): string[] {
  const routes: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) {
        const rel = relative(dir, path).replace(/\\/g, '/');
        if (rel === '404.html') routes.push('/no-such-page');
        else routes.push(`/${rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`);
      }
    }
  };
  walk(dir);
  return routes.sort();
}

const routes = builtRoutes();

/**
 * Where each route is opened. The results page without answers sends the visitor back to the
 * recommender (a navigation that would race the scroll below), so it is opened with a shared answer
 * set and measured with its results shown.
 */
const RESULTS = '/phone-recommender/results';
const address = (route: string) =>
  route === RESULTS ? `${RESULTS}?a=${encodeURIComponent(encodeAnswers(IOS_CAMERA_LOVER.prefs))}` : route;

test.use({ viewport: { width: 375, height: 800 } });

test('the build has the pages this test expects to walk', () => {
  for (const r of ['/', '/about', '/blog', '/shop', '/walls', '/join', '/admin', '/admin/mail', '/admin/campaigns']) {
    expect(routes).toContain(r);
  }
});

test.describe('no sideways scrolling at 375 px', () => {
  test.beforeAll(async ({ request }) => {
    // A subscriber with a long name and address: their confirmation lands in the outbox shown on
    // /admin/mail, with a long signed link.
    const tag = runTag('overflow');
    await seedSubscriber(request, { name: `Overflow ${tag}`, email: `${tag}-a-rather-long-address@example.com` });
  });

  for (const route of routes) {
    test(route, async ({ page }) => {
      // The local emulator answers staff API calls slowly under load; nothing here measures time.
      test.setTimeout(60_000);
      if (route.startsWith('/admin')) await signInByApi(page);
      await page.goto(address(route));
      if (route === RESULTS) await expect(page.getByTestId('main-recommendation')).toBeVisible({ timeout: 30_000 });
      // Islands below the fold hydrate when seen: scroll through the page so they render too.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // /admin/sign-in is the page a mailed link opens: it has no Logout.
      if (route.startsWith('/admin') && route !== '/admin/sign-in') {
        await islands(page);
        await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 30_000 });
      } else {
        await page.waitForLoadState('networkidle');
      }
      if (route === '/admin/mail') {
        // Staff read the stored e-mails: open them all. Each has a long signed link: the confirmation
        // seeded above (and any other run's) its confirm link, list mail its unsubscribe link.
        const outbox = page.getByRole('region', { name: 'Outbox' });
        await expect(outbox.locator('details').first()).toBeVisible({ timeout: 30_000 });
        for (const summary of await outbox.locator('details > summary').all()) await summary.click();
        await expect(page.getByText(/\/api\/(confirm|unsubscribe)\?token=/).first()).toBeVisible();
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${route} is ${width} px wide`).toBeLessThanOrEqual(375);
    });
  }
});
