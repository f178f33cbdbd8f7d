import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures';

test.describe('home page', () => {
  test('hero: headline, tagline and the two buttons', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Guide to Tech');
    await expect(
      page.getByText('Discover the latest tech products, learn from our tutorials, and find your perfect phone.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find Your Phone' })).toHaveAttribute('href', '/phone-recommender');
    await expect(page.getByRole('link', { name: 'Tech Blog' })).toHaveAttribute('href', '/blog');
  });

  test('featured products: screen protector, flagship phone and smartwatch', async ({ page }) => {
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured Products' });
    const cards = featured.locator('[data-product-card]');
    await expect(cards).toHaveCount(3);
    await expect(cards.locator('h3')).toHaveText([/Screen Protector/i, /Galaxy S25/, /Watch/]);
    for (const card of await cards.all()) {
      await expect(card.locator('[data-price]')).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
      await expect(card.locator('img').first()).toBeVisible();
    }
    await expect(featured.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/shop');
  });

  test('latest posts: the first three posts and View All Posts', async ({ page }) => {
    await page.goto('/');
    const latest = page.getByRole('region', { name: 'Latest Posts' });
    const cards = latest.locator('[data-post-card]');
    await expect(cards).toHaveCount(3);
    await expect(cards.locator('h3')).toHaveText([/Check How Long/, /iPhone 17e/, /3G/]);
    for (const card of await cards.all()) {
      await expect(card.locator('[data-category-badge]')).toBeVisible();
      await expect(card.locator('img')).toBeVisible();
      await expect(card.getByRole('link', { name: 'Read More →' })).toBeVisible();
    }
    await latest.getByRole('link', { name: 'View All Posts' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('shop teaser: up to 3 hardware and 3 digital products and View All Products', async ({ page }) => {
    await page.goto('/');
    const teaser = page.getByRole('region', { name: 'Maple Tech Shop' });
    const hardware = teaser.getByRole('region', { name: 'Hardware Products' }).locator('[data-product-card]');
    const digital = teaser.getByRole('region', { name: 'Digital Products' }).locator('[data-product-card]');
    await expect(hardware).toHaveCount(3);
    await expect(digital).toHaveCount(3);
    // Digital products show a book icon instead of a product photo.
    for (const card of await digital.all()) await expect(card.locator('[data-card-image] img')).toHaveCount(0);
    await teaser.getByRole('link', { name: 'View All Products' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('sections in order, newsletter block last', async ({ page }) => {
    await page.goto('/');
    const headings = (await page.locator('main h1, main h2').allTextContents()).map((t) => t.trim());
    expect(headings).toEqual([
      'Your Guide to Tech',
      'Featured Products',
      'Latest Posts',
      'Maple Tech Shop',
      'Join Our Community',
    ]);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await expectNoSeriousA11yViolations(page);
    });
  }
});
