// The staff dashboard lists the catalogue facts that have gone stale (docs/recommender.md, "Facts that
// expire"), phone by phone with what to re-check, worked out with the browser's date. Set SHOTS_DIR to
// also save screenshots at 375 and 1280 px, light and dark.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures';
import { islands, signInByApi } from './admin-helpers';

test.describe.configure({ timeout: 90_000 });

const panel = (page: Page) => page.getByTestId('stale-catalogue');

test('the staff dashboard lists stale catalogue facts with what to re-check', async ({ page }) => {
  // A fixed date long after the catalogue's checks: every phone on sale has a stale price or lineup check.
  await page.clock.setFixedTime(new Date('2027-06-15T12:00:00Z'));
  await signInByApi(page);
  for (const [width, scheme] of [
    [1280, 'light'],
    [1280, 'dark'],
    [375, 'light'],
    [375, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/admin');
    await islands(page);
    const list = panel(page);
    await expect(list.getByRole('heading', { name: /^Stale catalogue facts \(\d+\)$/ })).toBeVisible({
      timeout: 25_000,
    });
    const first = list.getByRole('listitem').first();
    await expect(first).toContainText(/Stale: (CAD price|sold new in Canada) \(.*last checked [A-Z][a-z]{2} \d{4}\)/);
    await expect(first).toContainText(/^.*Re-check /);
    await expect(first).toContainText(/src\/content\/phones\/[a-z0-9-]+\.json/);
    // No sideways scrolling at any width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (process.env.SHOTS_DIR)
      await page.screenshot({
        path: `${process.env.SHOTS_DIR}/stale-catalogue-${width}-${scheme}.png`,
        fullPage: true,
      });
  }
  await panel(page)
    .getByRole('button', { name: /^Show all \d+$/ })
    .click();
  await expect(panel(page).getByRole('button', { name: 'Show fewer' })).toBeVisible();
  // A 2026 phone known only by its US launch price, and the 2025 model it succeeds.
  const s26 = panel(page)
    .getByRole('listitem')
    .filter({ hasText: /^Samsung Galaxy S26Stale/ });
  await expect(s26).toContainText('Canadian price not confirmed (only the US launch price, Mar 2026)');
  await expect(s26).toContainText('sold new in Canada not confirmed');
  await expect(s26).toContainText('Re-check the Canadian price in the maker’s Canadian store');
  await expect(
    panel(page)
      .getByRole('listitem')
      .filter({ hasText: /^Samsung Galaxy S25Stale/ }),
  ).toContainText('successor Samsung Galaxy S26 launched Mar 2026');
  if (process.env.SHOTS_DIR)
    await s26.screenshot({ path: `${process.env.SHOTS_DIR}/stale-catalogue-s26-375-dark.png` });
  await expectNoSeriousA11yViolations(page);
});
