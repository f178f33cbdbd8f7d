import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, recordScripts, type LoadedScript } from './fixtures';

// The preview island is fetched on the first pick; on a busy 2-core machine that can take a while.
test.describe.configure({ timeout: 60_000 });

const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Wallpaper brands' }).getByRole('tab', { name });
const panel = (page: Page, brand: string) => page.locator(`[data-wall-panel="${brand}"]`);
const thumbs = (page: Page, brand: string) => panel(page, brand).locator('[data-wallpaper-id]');
const preview = (page: Page) => page.locator('[data-preview]');
const counter = (page: Page) => page.locator('[data-preview-counter]');

/** Clicks a thumbnail and waits until the preview island has loaded (first pick) and shows it. */
async function pick(page: Page, brand: string, index: number) {
  const thumb = thumbs(page, brand).nth(index);
  const title = (await thumb.getAttribute('data-title')) ?? '';
  await thumb.click();
  await expectPreviewTitle(page, title);
  return title;
}

/** The island is fetched on the first pick; allow for a busy machine. */
async function expectPreviewTitle(page: Page, title: string) {
  await expect(preview(page).locator('[data-preview-title]')).toHaveText(title, { timeout: 20_000 });
}

test.describe('wallpapers page', () => {
  test('title, brand tabs and 10 thumbnails per brand; tabs switch with clicks and arrow keys', async ({ page }) => {
    await page.goto('/walls');
    await expect(page).toHaveTitle('Mobile Wallpapers | MapleTech');
    await expect(page.getByRole('tablist', { name: 'Wallpaper brands' }).getByRole('tab')).toHaveText([
      'Apple',
      'Samsung',
      'Google',
    ]);
    await expect(tab(page, 'Apple')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(thumbs(page, 'Apple')).toHaveCount(10);
    await expect(thumbs(page, 'Apple').first()).toBeVisible();
    await expect(panel(page, 'Samsung')).toBeHidden();

    await tab(page, 'Samsung').click();
    await expect(tab(page, 'Samsung')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Apple')).toHaveAttribute('aria-selected', 'false');
    await expect(panel(page, 'Samsung')).toBeVisible();
    await expect(panel(page, 'Apple')).toBeHidden();
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Samsung');
    await expect(thumbs(page, 'Samsung')).toHaveCount(10);

    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Google')).toBeFocused();
    await expect(tab(page, 'Google')).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'Google')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Apple')).toHaveAttribute('aria-selected', 'true');
  });

  test('grid: 9:16 lazy thumbnails, 2 columns on phones and 5 on wide screens', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/walls');
    const first = thumbs(page, 'Apple').locator('img');
    const columns = async () => {
      const lefts = await first.evaluateAll((imgs) => imgs.map((i) => Math.round(i.getBoundingClientRect().left)));
      return new Set(lefts).size;
    };
    expect(await columns()).toBe(2);
    const box = await first.first().boundingBox();
    expect(box!.height / box!.width).toBeCloseTo(16 / 9, 1);
    await expect(first.last()).toHaveAttribute('loading', 'lazy');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(columns).toBe(5);
  });

  test('the preview island is not loaded until a wallpaper is picked', async ({ page }) => {
    const loaded = recordScripts(page);
    const react = (s: LoadedScript) => /hydrateRoot|createRoot|__reactFiber/.test(s.body);
    await page.goto('/walls', { waitUntil: 'networkidle' });
    await expect(page.getByText('Select a wallpaper to preview').filter({ visible: true })).toBeVisible();
    await loaded.settled();
    expect(loaded.scripts.filter((s) => react(s) || /WallpaperPreview/.test(s.url)).map((s) => s.url)).toEqual([]);
    await pick(page, 'Apple', 0);
    await expect.poll(() => loaded.scripts.filter((s) => /WallpaperPreview/.test(s.url)).length).toBe(1);
    await expect.poll(() => loaded.scripts.some(react)).toBe(true);
    await loaded.settled();
  });

  test('preview: counter, previous/next wrap inside the brand, close returns to the empty state', async ({ page }) => {
    await page.goto('/walls');
    await expect(page.getByText('Select a wallpaper to preview').filter({ visible: true })).toBeVisible();
    await pick(page, 'Apple', 1);
    await expect(counter(page)).toHaveText(/2 \/ 10$/);
    await expect(preview(page)).toHaveAttribute('data-brand', 'Apple');
    await expect(preview(page).locator('[data-frame="Apple"]')).toBeVisible();
    await expect(thumbs(page, 'Apple').nth(1)).toHaveAttribute('aria-current', 'true');

    const next = page.getByRole('button', { name: 'Next wallpaper' });
    const prev = page.getByRole('button', { name: 'Previous wallpaper' });
    await next.click();
    await expect(counter(page)).toHaveText(/3 \/ 10$/);
    await prev.click();
    await prev.click();
    await expect(counter(page)).toHaveText(/1 \/ 10$/);
    await prev.click();
    await expect(counter(page)).toHaveText(/10 \/ 10$/);
    await expect(preview(page).locator('[data-preview-title]')).toHaveText(
      (await thumbs(page, 'Apple').nth(9).getAttribute('data-title'))!,
    );
    await next.click();
    await expect(counter(page)).toHaveText(/1 \/ 10$/);
    // Arrow keys inside the preview do the same.
    await next.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(counter(page)).toHaveText(/10 \/ 10$/);

    const image = preview(page).locator('[data-preview-image]');
    await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1080);

    await page.getByRole('button', { name: 'Close preview' }).click();
    await expect(preview(page)).toHaveCount(0);
    await expect(page.getByText('Select a wallpaper to preview').filter({ visible: true })).toBeVisible();
    await expect(thumbs(page, 'Apple').nth(9)).toBeFocused();
  });

  test('each brand has its own phone frame, and the brand tab follows the selection', async ({ page }) => {
    await page.goto('/walls');
    await tab(page, 'Google').click();
    await pick(page, 'Google', 4);
    await expect(preview(page).locator('[data-frame="Google"]')).toBeVisible();
    await expect(counter(page)).toHaveText(/5 \/ 10$/);

    // Looking at another brand's grid, then moving in the preview brings the Google tab back.
    await tab(page, 'Samsung').click();
    await expect(panel(page, 'Samsung')).toBeVisible();
    await page.getByRole('button', { name: 'Next wallpaper' }).click();
    await expect(tab(page, 'Google')).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'Google')).toBeVisible();

    await tab(page, 'Samsung').click();
    await pick(page, 'Samsung', 0);
    await expect(preview(page).locator('[data-frame="Samsung"]')).toBeVisible();
    await expect(tab(page, 'Samsung')).toHaveAttribute('aria-selected', 'true');
  });

  test('picking a wallpaper far down the page scrolls to the preview', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/walls');
    const last = thumbs(page, 'Apple').nth(9);
    await last.scrollIntoViewIfNeeded();
    await expect(page.locator('#wallpaper-preview')).not.toBeInViewport();
    await last.click();
    // The island is fetched on the first pick; the scroll waits for it to render.
    await expect(page.locator('[data-preview-title]')).toBeInViewport({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/walls\?w=apple-/);
  });

  test('a shared /walls?w= address opens that wallpaper in its brand', async ({ page }) => {
    await page.goto('/walls?w=samsung-orbit-blue');
    await expectPreviewTitle(page, 'Orbit Blue');
    await expect(counter(page)).toHaveText(/3 \/ 10$/);
    await expect(tab(page, 'Samsung')).toHaveAttribute('aria-selected', 'true');
  });

  test('download opens the image in a new tab, then saves a JPEG named from the title', async ({ page }) => {
    await page.goto('/walls');
    await tab(page, 'Samsung').click();
    expect(await pick(page, 'Samsung', 0)).toBe('Galaxy Nebula');
    const popupPromise = page.waitForEvent('popup');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/\/walls\/samsung-[a-z-]+\.jpg$/);
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('galaxy-nebula.jpg');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.length).toBeGreaterThan(10_000);
  });

  test('share: Facebook and X in a popup, Web Share with the JPEG file when available', async ({ page, context }) => {
    await context.route(/^https:\/\/(www\.facebook\.com|x\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>stub</title>' }),
    );
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __shares: unknown[] }).__shares = calls;
      Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: { files?: File[]; title?: string }) => {
          calls.push({
            title: data.title,
            files: data.files?.map((f) => ({ name: f.name, type: f.type, size: f.size })),
          });
        },
      });
    });
    await page.goto('/walls');
    await pick(page, 'Apple', 0);

    const [fb] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Share on Facebook' }).click(),
    ]);
    await fb.waitForLoadState();
    expect(fb.url()).toContain('https://www.facebook.com/sharer/sharer.php?u=');
    expect(decodeURIComponent(fb.url())).toContain('/walls?w=apple-aurora-glass');
    const [x] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Share on X' }).click(),
    ]);
    await x.waitForLoadState();
    expect(new URL(x.url()).hostname).toBe('x.com');

    await page.getByRole('button', { name: 'Share…' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shares: unknown[] }).__shares))
      .toEqual([
        { title: 'Aurora Glass', files: [{ name: 'aurora-glass.jpg', type: 'image/jpeg', size: expect.any(Number) }] },
      ]);
  });

  test('on a phone, Instagram falls back to the web when the app does not open', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; SM-S921W) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      viewport: { width: 390, height: 844 },
      baseURL: test.info().project.use.baseURL,
    });
    await context.route('https://www.instagram.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Instagram stub</title>' }),
    );
    const page = await context.newPage();
    await page.goto('/walls');
    await pick(page, 'Apple', 2);
    await page.getByRole('button', { name: 'Open Instagram' }).click();
    await page.waitForURL('https://www.instagram.com/');
    await context.close();
  });

  test('back-to-top appears after 300 px of scrolling and returns to the top', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/walls');
    const toTop = page.getByRole('button', { name: 'Back to top' });
    await expect(toTop).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect(toTop).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(toTop).toBeVisible();
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(toTop).toBeHidden();
  });

  test('without JavaScript every brand is listed and thumbnails link to the full image', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await page.goto('/walls');
    for (const brand of ['Apple', 'Samsung', 'Google'])
      await expect(page.getByRole('heading', { name: `${brand} wallpapers` })).toBeVisible();
    await expect(page.locator('[data-wallpaper-id]:visible')).toHaveCount(30);
    const href = await page.locator('[data-wallpaper-id]').first().getAttribute('href');
    expect(href).toMatch(/^\/walls\/apple-[a-z-]+\.jpg$/);
    const res = await page.request.get(href!);
    expect(res.headers()['content-type']).toContain('image/jpeg');
    await context.close();
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: /walls (${scheme}) has no serious violations, before and with a preview`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/walls');
    await expectNoSeriousA11yViolations(page);
    await tab(page, 'Samsung').click();
    await pick(page, 'Samsung', 0);
    await expectNoSeriousA11yViolations(page);
  });
}
