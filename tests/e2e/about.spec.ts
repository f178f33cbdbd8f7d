import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures';

const EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
const choices = (page: Page) => page.getByRole('list', { name: 'Choose a video' }).getByRole('button');
const player = (page: Page) => page.locator('[data-player]');

/** Records every request to the video host and answers none (tests run offline). */
async function watchVideoHost(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.route(/youtube|ytimg|googlevideo/, (route) => {
    seen.push(route.request().url());
    return route.abort();
  });
  return seen;
}

async function frameShape(page: Page) {
  const box = (await player(page).boundingBox())!;
  return { width: box.width, height: box.height };
}

test.describe('about page', () => {
  test('title, videos, social links, shop links, reviews, mission, partners and collaboration', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('About Us | Maple Tech');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^About Us\s*\|\s*Maple Tech$/);
    await expect(page.getByRole('heading', { name: 'Featured Videos' })).toBeVisible();

    const main = page.locator('main');
    await expect(main.getByRole('link', { name: 'Maple Tech on YouTube' })).toHaveAttribute('href', /youtube\.com/);
    await expect(main.getByRole('link', { name: 'Maple Tech on Instagram' })).toHaveAttribute('href', /instagram\.com/);
    await expect(main.getByRole('link', { name: 'Maple Tech on Threads' })).toHaveAttribute('href', /threads\.net/);
    await expect(main.getByRole('img', { name: 'TikTok (coming soon)' })).toBeVisible();

    const shop = page.getByRole('region', { name: 'Shop with Maple Tech' });
    await expect(shop.getByRole('link', { name: /Hardware & accessories/ })).toHaveAttribute('href', '/shop');
    await expect(shop.getByRole('link', { name: /wallpapers/i })).toHaveAttribute('href', '/walls');

    const reviews = page.getByRole('region', { name: 'Latest Phone Reviews' });
    await expect(reviews.getByRole('listitem')).toHaveCount(3);
    await expect(reviews.getByRole('link', { name: /iPhone 17e/ })).toHaveAttribute(
      'href',
      '/blog/iphone-17e-what-changed-from-the-16e',
    );

    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    const partners = page.getByRole('region', { name: "Brands we've worked with" });
    await expect(partners.getByRole('img')).toHaveCount(4);
    for (const name of ['Samsung', 'Intel', 'Walmart', 'Rode'])
      await expect(partners.getByRole('img', { name })).toBeVisible();

    const collab = page.getByRole('region', { name: "Let's work together" });
    await expect(collab).toContainText('hello@mapletech.ca');
    await expect(collab.getByRole('link', { name: 'hello@mapletech.ca' })).toHaveAttribute(
      'href',
      'mailto:hello@mapletech.ca',
    );

    // The about subscribe box (filled in by the signups work) has its place in the sidebar.
    await expect(page.locator('aside').getByRole('heading', { name: 'Stay in the loop' })).toBeVisible();
  });

  test('videos: first is default, nothing loads from the video host until play', async ({ page }) => {
    const seen = await watchVideoHost(page);
    await page.goto('/about');
    await expect(choices(page)).toHaveCount(4);
    await expect(choices(page).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(choices(page).locator('text=Short')).toHaveCount(3);
    await expect(player(page)).toHaveAttribute('data-short', 'false');
    const regular = await frameShape(page);
    expect(regular.width / regular.height).toBeCloseTo(16 / 9, 1);
    await expect(
      page.getByRole('button', { name: 'Play video: Galaxy Buds3 Pro: full review after a month' }),
    ).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
  });

  test('choosing a short swaps the player into a tall frame; play creates the embed', async ({ page }) => {
    const seen = await watchVideoHost(page);
    await page.goto('/about');
    await choices(page).filter({ hasText: 'Will your phone still work after 3G?' }).click();
    await expect(choices(page).nth(3)).toHaveAttribute('aria-pressed', 'true');
    await expect(choices(page).first()).toHaveAttribute('aria-pressed', 'false');
    await expect(player(page)).toHaveAttribute('data-short', 'true');
    await expect(page.locator('[data-now-title]')).toHaveText('Will your phone still work after 3G?');
    const tall = await frameShape(page);
    expect(tall.height).toBeGreaterThan(tall.width);
    expect(tall.width / tall.height).toBeCloseTo(9 / 16, 1);
    // Still a facade: no iframe, nothing requested.
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(seen).toEqual([]);

    await page.getByRole('button', { name: 'Play video: Will your phone still work after 3G?' }).click();
    const frame = player(page).locator('iframe');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('src', `${EMBED_ORIGIN}/embed/Hs2kV9mQwEe?autoplay=1&rel=0&modestbranding=1`);
    await expect(frame).toHaveAttribute('title', 'Will your phone still work after 3G?');
    await expect.poll(() => seen.some((u) => u.startsWith(`${EMBED_ORIGIN}/embed/Hs2kV9mQwEe`))).toBe(true);

    // Once playing, choosing another video plays it in its own frame shape.
    await choices(page).first().click();
    await expect(player(page)).toHaveAttribute('data-short', 'false');
    await expect(player(page).locator('iframe')).toHaveCount(1);
    await expect(player(page).locator('iframe')).toHaveAttribute('src', /\/embed\/mT3bVhgxSkc\?/);
    const wide = await frameShape(page);
    expect(wide.width).toBeGreaterThan(wide.height);
  });

  test('keyboard: choose a video and play it', async ({ page }) => {
    await watchVideoHost(page);
    await page.goto('/about');
    await choices(page).nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(player(page)).toHaveAttribute('data-short', 'true');
    await page.getByRole('button', { name: /^Play video: iPhone vs Galaxy/ }).focus();
    await page.keyboard.press('Enter');
    await expect(player(page).locator('iframe')).toHaveAttribute('src', /\/embed\/Qw7bF2ZcUeA\?/);
  });

  test('mobile and desktop layouts', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/about');
    // Mobile: one column, the video picker is a horizontal strip, no sideways page scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const strip = page.getByRole('list', { name: 'Choose a video' });
    expect(await strip.evaluate((el) => getComputedStyle(el).flexDirection)).toBe('row');
    const main = (await page.getByRole('heading', { name: 'Featured Videos' }).boundingBox())!;
    const aside = (await page.locator('aside').boundingBox())!;
    expect(aside.y).toBeGreaterThan(main.y);

    // Desktop: the sidebar sits beside the videos and the picker is a vertical list.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await strip.evaluate((el) => getComputedStyle(el).flexDirection)).toBe('column');
    const mainD = (await page.locator('featured-videos').boundingBox())!;
    const asideD = (await page.locator('aside').boundingBox())!;
    expect(asideD.x).toBeGreaterThan(mainD.x + mainD.width - 1);
    expect(Math.abs(asideD.y - mainD.y)).toBeLessThan(2);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe (${scheme})`, async ({ page }) => {
      await watchVideoHost(page);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/about');
      await expectNoSeriousA11yViolations(page);
      await choices(page).nth(2).click();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
