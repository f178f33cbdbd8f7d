import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, recordScripts } from './fixtures';

const EMPTY_TEXT = 'No products found with the selected filters. Try adjusting your filters or check back later.';
const AFFILIATE_ID = 'insignia-galaxy-s25-screen-protector-3-pack';

const cards = (page: Page) => page.locator('[data-product-card]:visible');
const categoryButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Category' }).getByRole('button', { name, exact: true });
const brandGroup = (page: Page) => page.getByRole('group', { name: 'Filter by Brand' });
const brandButton = (page: Page, name: string) => brandGroup(page).getByRole('button', { name, exact: true });

test.describe('shop filters', () => {
  test('category buttons: All plus the distinct categories; All lists all 11 products in 3 columns', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button')).toHaveText([
      'All',
      'Smartphone',
      'Audio',
      'Wearable',
      'Tablet',
      'Accessory',
      'Guide',
      'Design',
      'Utility',
      'Course',
    ]);
    await expect(categoryButton(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(11);
    // Three cards share the first row on a wide screen.
    const tops = await cards(page).evaluateAll((els) =>
      els.slice(0, 4).map((e) => Math.round(e.getBoundingClientRect().top)),
    );
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0]);
  });

  test('a category filters the grid, hides the brand row and is reflected in the URL', async ({ page }) => {
    await page.goto('/shop');
    await expect(brandGroup(page)).toBeVisible();
    await categoryButton(page, 'Audio').click();
    await expect(categoryButton(page, 'Audio')).toHaveAttribute('aria-pressed', 'true');
    await expect(categoryButton(page, 'All')).toHaveAttribute('aria-pressed', 'false');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole('heading')).toHaveText('Samsung Galaxy Buds3 Pro');
    await expect(brandGroup(page)).toBeHidden();
    await expect(page).toHaveURL(/\/shop\?category=Audio$/);

    await categoryButton(page, 'Guide').click();
    await expect(cards(page)).toHaveCount(2);
    await expect(page).toHaveURL(/\?category=Guide$/);
  });

  test('brand filter under Accessory and All; choosing a category resets the brand', async ({ page }) => {
    await page.goto('/shop');
    await categoryButton(page, 'Accessory').click();
    await expect(brandGroup(page)).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    await brandButton(page, 'Insignia').click();
    await expect(brandButton(page, 'Insignia')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole('heading')).toContainText('Insignia');
    await expect(page).toHaveURL(/\?category=Accessory&brand=Insignia$/);

    // Choosing a category (even 'All') resets the brand.
    await categoryButton(page, 'All').click();
    await expect(brandButton(page, 'All Brands')).toHaveAttribute('aria-pressed', 'true');
    await expect(brandButton(page, 'Insignia')).toHaveAttribute('aria-pressed', 'false');
    await expect(cards(page)).toHaveCount(11);
    await expect(page).toHaveURL(/\/shop$/);

    // Brand under All.
    await brandButton(page, 'Samsung').click();
    await expect(cards(page)).toHaveCount(5);
    await categoryButton(page, 'Accessory').click();
    await expect(brandButton(page, 'All Brands')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(2);
  });

  test('empty state when no product matches, and a way back', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.getByText(EMPTY_TEXT)).toBeHidden();
    await categoryButton(page, 'Accessory').click();
    await brandButton(page, 'Maple Tech').click();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
    await expect(page.getByText('Showing 0 of 11 products')).toBeVisible();
    await page.getByRole('button', { name: 'Show all products' }).click();
    await expect(cards(page)).toHaveCount(11);
    await expect(page.getByText(EMPTY_TEXT)).toBeHidden();
  });

  test('filters are read from the URL on load; unknown values fall back to All', async ({ page }) => {
    await page.goto('/shop?category=Accessory&brand=Maple%20Tech');
    await expect(categoryButton(page, 'Accessory')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
    await page.goto('/shop?category=Wearable');
    await expect(cards(page)).toHaveCount(1);
    await expect(brandGroup(page)).toBeHidden();
    await page.goto('/shop?category=Toasters&brand=Nope');
    await expect(categoryButton(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(11);
  });
});

test.describe('product cards', () => {
  test('card content: image or book icon, name, brand, 2-line description, price with 2 decimals, stock', async ({
    page,
  }) => {
    await page.goto('/shop');
    const phone = page.locator('[data-product-card][data-id="samsung-galaxy-s25"]');
    await expect(phone.getByRole('heading')).toHaveText('Samsung Galaxy S25 (128 GB)');
    await expect(phone).toContainText('Samsung');
    await expect(phone.locator('[data-price]')).toHaveText('$1,288.99');
    await expect(phone.locator('[data-stock]')).toHaveText('In Stock');
    const img = phone.locator('img');
    await expect(img).toHaveJSProperty('complete', true);
    expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    const clamp = await phone.locator('p.line-clamp-2').evaluate((p) => getComputedStyle(p).webkitLineClamp);
    expect(clamp).toBe('2');

    const digital = page.locator('[data-product-card][data-id="maple-wallpaper-pack"]');
    await expect(digital.locator('img')).toHaveCount(0);
    await expect(digital.locator('[data-card-image] svg[aria-label="Digital product"]')).toBeVisible();
    await expect(digital.locator('[data-price]')).toHaveText('$7.99');
    await expect(digital.locator('[data-stock]')).toHaveText('Digital Download');
  });

  test('image and name go to /product/{id}; View Details too when there is no affiliate link', async ({ page }) => {
    await page.goto('/shop');
    const card = page.locator('[data-product-card][data-id="samsung-galaxy-watch7"]');
    await card.locator('[data-card-image]').click();
    await expect(page).toHaveURL(/\/product\/samsung-galaxy-watch7$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Samsung Galaxy Watch7 (44 mm)');

    await page.goto('/shop');
    await card.getByRole('link', { name: 'Samsung Galaxy Watch7 (44 mm)', exact: true }).click();
    await expect(page).toHaveURL(/\/product\/samsung-galaxy-watch7$/);

    await page.goto('/shop');
    const details = card.getByRole('link', { name: /View Details/ });
    await expect(details).not.toHaveAttribute('target', /.*/);
    await details.click();
    await expect(page).toHaveURL(/\/product\/samsung-galaxy-watch7$/);
  });

  test('View Details of the affiliate product opens the retailer in a new tab without opener or referrer', async ({
    page,
    context,
  }) => {
    await context.route('https://www.bestbuy.ca/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Retailer</title><p>Retailer stub</p>' }),
    );
    await page.goto('/shop');
    const card = page.locator(`[data-product-card][data-id="${AFFILIATE_ID}"]`);
    const details = card.getByRole('link', { name: /View Details/ });
    await expect(details).toHaveAttribute('target', '_blank');
    await expect(details).toHaveAttribute('href', /^https:\/\/www\.bestbuy\.ca\//);
    const rel = (await details.getAttribute('rel'))?.split(/\s+/) ?? [];
    expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer', 'sponsored']));
    await expect(card.locator('[data-affiliate-disclosure]')).toContainText('commission');

    const [popup] = await Promise.all([page.waitForEvent('popup'), details.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/^https:\/\/www\.bestbuy\.ca\//);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(await popup.evaluate(() => document.referrer)).toBe('');
    await expect(page).toHaveURL(/\/shop$/);

    // Its image and name still go to the product page.
    await card.getByRole('link', { name: /Insignia Tempered Glass/ }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${AFFILIATE_ID}$`));
  });
});

test.describe('product detail', () => {
  test('hardware product: back link, name, brand, price, stock, description, working Add to Cart, features, specs', async ({
    page,
  }) => {
    await page.goto('/product/samsung-galaxy-s25');
    await expect(page).toHaveTitle('Samsung Galaxy S25 (128 GB) | Maple Tech');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Samsung Galaxy S25 (128 GB)');
    await expect(page.locator('[data-product-brand]')).toHaveText('Samsung');
    await expect(page.locator('[data-product-price]')).toContainText('$1,288.99');
    await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
    await expect(page.getByText(/Snapdragon 8 Elite for Galaxy, a 120 Hz display/)).toBeVisible();
    // Ordering is open (the shop sells; docs/shop.md): the button adds to the browser's cart.
    const cart = page.getByRole('button', { name: 'Add to Cart' });
    await expect(cart).toBeEnabled();
    await expect(page.getByText('Coming soon')).toHaveCount(0);
    await cart.click();
    await expect(page.locator('#cart-note')).toHaveText(/Added to your cart \(1 in cart\)/);
    await expect(page.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/shop/cart');
    await expect(page.getByRole('link', { name: /Buy Now/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Key Features' })).toBeVisible();
    await expect(page.locator('[data-features] li')).toHaveCount(6);
    await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
    await expect(page.locator('[data-specs] dt').first()).toHaveText('Display');

    await page.getByRole('link', { name: 'Back to Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('a deploy without Stripe keys: the product page says ordering is closed and Add to Cart is off', async ({
    page,
  }) => {
    // What GET /api/shop/status answers on a deploy without keys (tests/api/shop-modes.test.ts proves it).
    await page.route('**/api/shop/status', (route) =>
      route.fulfill({ json: { ordering: 'closed', testCheckout: false, stock: {} } }),
    );
    for (const id of ['samsung-galaxy-buds3-pro', 'maple-wallpaper-pack']) {
      await page.goto(`/product/${id}`);
      await expect(page.locator('#cart-note')).toHaveText(/Online ordering is closed right now/);
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    }
    // Out of stock, when ordering is open: the badge and the button say so.
    await page.unroute('**/api/shop/status');
    await page.route('**/api/shop/status', (route) =>
      route.fulfill({
        json: {
          ordering: 'open',
          testCheckout: true,
          stock: { 'samsung-galaxy-watch7': { left: 0, availability: 'Out of stock' } },
        },
      }),
    );
    await page.goto('/product/samsung-galaxy-watch7');
    await expect(page.locator('#cart-note')).toHaveText(/Out of stock/);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await expect(page.locator('[data-stock-for="samsung-galaxy-watch7"]').first()).toHaveText('Out of stock');
  });

  test('affiliate product: Buy Now opens the retailer in a new tab with the disclosure next to it', async ({
    page,
  }) => {
    await page.goto(`/product/${AFFILIATE_ID}`);
    const buy = page.getByRole('link', { name: /Buy Now/ });
    await expect(buy).toHaveAttribute('target', '_blank');
    await expect(buy).toHaveAttribute('href', /^https:\/\/www\.bestbuy\.ca\//);
    expect((await buy.getAttribute('rel'))?.split(/\s+/)).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer', 'sponsored']),
    );
    await expect(page.locator('main [data-affiliate-disclosure]')).toContainText('Affiliate link.');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  });

  test('digital product shows the book icon instead of a gallery', async ({ page }) => {
    await page.goto('/product/smartphone-photography-masterclass');
    await expect(page.getByRole('img', { name: 'Digital product' })).toBeVisible();
    await expect(page.getByRole('region', { name: /images/ })).toHaveCount(0);
    await expect(page.getByText('Digital Download', { exact: true })).toBeVisible();
    await expect(page.locator('[data-product-price]')).toContainText('$49.99');
  });

  test('gallery: previous/next wrap around, thumbnails select, counter follows', async ({ page }) => {
    await page.goto('/product/samsung-galaxy-s25');
    const gallery = page.getByRole('region', { name: 'Samsung Galaxy S25 (128 GB) images' });
    const counter = gallery.locator('[data-gallery-counter]');
    const shown = gallery.locator('[data-slide]:visible img');
    await expect(counter).toHaveText('1 / 3');
    await expect(shown).toHaveAttribute('alt', /view 1 of 3/);

    await gallery.getByRole('button', { name: 'Previous image' }).click();
    await expect(counter).toHaveText('3 / 3');
    await expect(shown).toHaveAttribute('alt', /view 3 of 3/);
    await gallery.getByRole('button', { name: 'Next image' }).click();
    await expect(counter).toHaveText('1 / 3');
    await gallery.getByRole('button', { name: 'Next image' }).click();
    await gallery.getByRole('button', { name: 'Next image' }).click();
    await expect(counter).toHaveText('3 / 3');
    await gallery.getByRole('button', { name: 'Next image' }).click();
    await expect(counter).toHaveText('1 / 3');

    const thumb2 = gallery.getByRole('button', { name: 'Show image 2 of 3' });
    await thumb2.click();
    await expect(counter).toHaveText('2 / 3');
    await expect(thumb2).toHaveAttribute('aria-current', 'true');
    await expect(shown).toHaveAttribute('alt', /view 2 of 3/);
    await expect.poll(() => shown.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  });

  test('gallery is keyboard operable: Tab to the buttons, Enter, arrow keys wrap, Home/End', async ({ page }) => {
    await page.goto('/product/samsung-galaxy-buds3-pro');
    const gallery = page.getByRole('region', { name: /Buds3 Pro images/ });
    const counter = gallery.locator('[data-gallery-counter]');
    const next = gallery.getByRole('button', { name: 'Next image' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(counter).toHaveText('2 / 2');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('1 / 2');
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('2 / 2');
    await page.keyboard.press('Home');
    await expect(counter).toHaveText('1 / 2');
    // From a thumbnail, arrows move the selection and the focus together.
    await gallery.getByRole('button', { name: 'Show image 1 of 2' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('2 / 2');
    await expect(gallery.getByRole('button', { name: 'Show image 2 of 2' })).toBeFocused();
  });

  test('Product JSON-LD describes the product with a CAD offer', async ({ page }) => {
    await page.goto('/product/samsung-galaxy-tab-s10-fe');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Samsung Galaxy Tab S10 FE (128 GB)',
      brand: { name: 'Samsung' },
      offers: { price: '699.99', priceCurrency: 'CAD', availability: 'https://schema.org/InStock' },
    });
    expect(ld.image.length).toBe(2);
  });

  test('unknown product: 404 status and "Product not found" with a link back to the shop', async ({ page }) => {
    const res = await page.goto('/product/galaxy-s99-ultra');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await expect(page.getByText('404 Page Not Found')).toBeHidden();
    await expect(page).toHaveTitle(/^Product not found/);
    await page.getByRole('link', { name: 'Back to Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);

    // Other unknown paths keep the generic texts.
    await page.goto('/not-a-product/x');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Product not found')).toBeHidden();
  });
});

/** Signatures of a framework runtime (React's renderer) in a script body. */
const FRAMEWORK_RUNTIME = /hydrateRoot|createRoot|__reactFiber|react-dom|react\.production/;

test.describe('budgets', () => {
  for (const path of ['/shop', '/product/samsung-galaxy-s25', `/product/${AFFILIATE_ID}`]) {
    test(`${path} ships no framework JavaScript (small plain scripts only)`, async ({ page }) => {
      const loaded = recordScripts(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('astro-island')).toHaveCount(0);
      await loaded.settled();
      const scripts = loaded.scripts.map((s) => ({ url: s.url, bytes: s.body.length }));
      expect(loaded.scripts.filter((s) => FRAMEWORK_RUNTIME.test(s.body)).map((s) => s.url)).toEqual([]);
      const inline = await page
        .locator('script:not([src]):not([type="application/ld+json"])')
        .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
      expect(inline.filter((t) => FRAMEWORK_RUNTIME.test(t))).toEqual([]);
      // Everything together (site shell included) stays small: no framework-sized payload.
      const total = scripts.reduce((n, s) => n + s.bytes, 0) + inline.reduce((n, t) => n + t.length, 0);
      expect(total).toBeLessThan(20_000);
    });
  }
});

const A11Y_PAGES = [
  '/shop',
  '/shop?category=Accessory&brand=Maple%20Tech',
  '/product/samsung-galaxy-s25',
  `/product/${AFFILIATE_ID}`,
  '/product/ai-prompt-guide',
  '/product/no-such-product',
];
for (const path of A11Y_PAGES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: ${path} (${scheme}) has no serious violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    });
  }
}
