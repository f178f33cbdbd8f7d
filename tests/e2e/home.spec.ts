import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures';

test.describe('home page', () => {
  test('hero: headline, tagline and the two buttons', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Guide to Tech');
    await expect(page.getByText('Discover the latest tech products, learn from our tutorials, and find your perfect phone.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find Your Phone' })).toHaveAttribute('href', '/phone-recommender');
    await expect(page.getByRole('link', { name: 'Tech Blog' })).toHaveAttribute('href', '/blog');
  });

  test('latest posts: the first three posts and View All Posts', async ({ page }) => {
    await page.goto('/');
    const latest = page.getByRole('region', { name: 'Latest Posts' });
    const cards = latest.locator('[data-post-card]');
    await expect(cards).toHaveCount(3);
    await expect(cards.locator('h3')).toHaveText([/3G/, /Choose Your Next Smartphone/, /Galaxy Buds3 Pro/]);
    for (const card of await cards.all()) {
      await expect(card.locator('[data-category-badge]')).toBeVisible();
      await expect(card.locator('img')).toBeVisible();
      await expect(card.getByRole('link', { name: 'Read More →' })).toBeVisible();
    }
    await latest.getByRole('link', { name: 'View All Posts' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('sections in order, newsletter block last', async ({ page }) => {
    await page.goto('/');
    const headings = await page.locator('main h1, main h2').allTextContents();
    const order = ['Your Guide to Tech', 'Latest Posts', 'Join Our Community'].map((h) => headings.findIndex((t) => t.trim() === h));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(headings.at(-1)?.trim()).toBe('Join Our Community');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await expectNoSeriousA11yViolations(page);
    });
  }
});
