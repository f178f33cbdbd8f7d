// Layout a visitor or a staff member sees, element by element: on a 375 px phone the home page's
// screen-reader text stays inside its button and an outbox e-mail's long link wraps; the first
// wallpaper pick brings the whole preview into view; every featured-video title on /about is shown
// whole. (No page scrolls sideways at 375 px: no-overflow.spec.ts, over every built page.)
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
