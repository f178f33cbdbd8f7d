// Defects a visitor or a staff member could see, each pinned by a browser test: sideways scrolling on
// phones, mode-switch words that did nothing, the wallpaper preview left below the fold, newsletter
// errors reported in two rounds, and video titles cut with no way to read them.
import { expect, test, type Page } from '@playwright/test';
import { islands, runTag, seedSubscriber, signInByApi } from './admin-helpers';

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('phones (375 px): no sideways scrolling', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("home: the shop teaser's screen-reader text stays inside its 'View Details' button", async ({ page }) => {
    await page.goto('/');
    const button = page.locator('[data-view-details]').first();
    await button.scrollIntoViewIfNeeded();
    const [outer, inner] = await Promise.all([button.boundingBox(), button.locator('.sr-only').boundingBox()]);
    expect(inner!.x).toBeGreaterThanOrEqual(outer!.x - 1);
    expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width + 1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });

  test('staff: an outbox e-mail with a long link wraps instead of widening the page', async ({ page, request }) => {
    test.setTimeout(60_000);
    const tag = runTag('wrap');
    await seedSubscriber(request, { name: `Wrap ${tag}`, email: `${tag}-with-a-long-address@example.com` });
    await signInByApi(page);
    await page.goto('/admin/mail');
    await islands(page);
    const mail = page
      .getByRole('region', { name: 'Outbox' })
      .locator('details', { hasText: `${tag}-with-a-long-address@example.com` })
      .first();
    await expect(mail).toBeVisible({ timeout: 30_000 });
    await mail.locator('summary').click();
    // The signup's confirmation mail: its long signed link must wrap.
    await expect(mail.getByText('/api/confirm?token=')).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });
});

test.describe('recommender mode switch', () => {
  test("clicking the word 'Advanced' switches to advanced mode, and 'Basic' back", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/phone-recommender');
    await page.waitForSelector('astro-island:not([ssr])');
    const mode = page.getByRole('switch', { name: 'Advanced Mode' });
    await expect(mode).toBeEnabled({ timeout: 20_000 });
    await expect(mode).toHaveAttribute('aria-checked', 'false');
    await page.getByText('Advanced', { exact: true }).click();
    await expect(mode).toHaveAttribute('aria-checked', 'true');
    // Clicking the word of the mode already on changes nothing.
    await page.getByText('Advanced', { exact: true }).click();
    await expect(mode).toHaveAttribute('aria-checked', 'true');
    await page.getByText('Basic', { exact: true }).click();
    await expect(mode).toHaveAttribute('aria-checked', 'false');
  });
});

test.describe('wallpapers at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the first pick brings the whole preview into view: counter, arrows and Download', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/walls');
    const thumb = page.locator('[data-wall-panel="Apple"] [data-wallpaper-id]').first();
    await thumb.click();
    const preview = page.locator('[data-preview]');
    await expect(preview.locator('[data-preview-title]')).toHaveText((await thumb.getAttribute('data-title'))!, {
      timeout: 20_000,
    });
    await expect(preview.locator('[data-preview-counter]')).toBeInViewport({ ratio: 1 });
    await expect(preview.getByRole('button', { name: 'Previous wallpaper' })).toBeInViewport({ ratio: 1 });
    await expect(preview.getByRole('button', { name: 'Next wallpaper' })).toBeInViewport({ ratio: 1 });
    await expect(preview.getByText('Download', { exact: true })).toBeInViewport({ ratio: 1 });
  });
});

test.describe('newsletter block', () => {
  test('reports every invalid field in one round, the unknown phone model included', async ({ page }) => {
    await page.goto('/');
    const block = page.locator('#newsletter');
    await block.scrollIntoViewIfNeeded();
    await page.waitForSelector('#newsletter astro-island:not([ssr])');
    const phone = block.getByRole('combobox', { name: 'Your current phone' });
    await phone.fill('Toaster 3000');
    await block.getByRole('button', { name: 'Subscribe' }).click();
    await expect(block.getByText('Name is required')).toBeVisible();
    await expect(block.getByText('Please enter a valid email address')).toBeVisible();
    await expect(block.getByText('You must consent to receive newsletters')).toBeVisible();
    await expect(phone).toHaveAccessibleDescription('Please enter a valid phone model (e.g., iPhone 15, Galaxy S24)');
  });
});

for (const width of [375, 1280]) {
  test.describe(`about at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every featured-video title is shown whole', async ({ page }) => {
      await page.goto('/about');
      const titles = page.locator('[data-select-video] [data-video-title]');
      await expect(titles).toHaveCount(4);
      for (const title of await titles.all()) {
        await title.scrollIntoViewIfNeeded();
        const cut = await title.evaluate((el) => {
          const style = getComputedStyle(el);
          return {
            clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
            ellipsis: style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none',
          };
        });
        expect(cut, (await title.textContent()) ?? '').toEqual({ clipped: false, ellipsis: false });
      }
    });
  });
}
