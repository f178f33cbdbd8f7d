import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures';

const NAV = ['Home', 'About Us', 'Phone Recommender', 'Blog', 'Shop', 'Walls', 'Waitlist'];

test.describe('site shell', () => {
  test('desktop navigation reaches every section', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(NAV);
    await nav.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Latest Blog Posts');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('footer: blurb, link groups, contact, current year and affiliate disclosure', async ({ page }) => {
    await page.goto('/about');
    const footer = page.locator('footer');
    await expect(footer).toContainText(
      'Your trusted source for smartphone recommendations and tech knowledge in Kitchener, Ontario.',
    );
    await expect(footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link')).toHaveText([
      'Home',
      'Phone Recommender',
      'Blog & Tutorials',
      'Shop',
      'About Us',
      'Contact',
    ]);
    await expect(footer.getByRole('link', { name: 'Smartphone Guides' })).toHaveAttribute(
      'href',
      '/blog?category=guides',
    );
    await expect(footer.getByRole('link', { name: 'Tech Tips & Tricks' })).toHaveAttribute(
      'href',
      '/blog?category=tips',
    );
    await expect(footer.getByRole('link', { name: 'Local Tech Events' })).toHaveAttribute(
      'href',
      '/blog?category=events',
    );
    await expect(footer).toContainText('Ontario, Canada');
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText('commission');
  });

  test('mobile menu at 375 px: opens, lists links and the subscribe section, closes on a link click', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link')).toHaveText(NAV);
    await expect(menu.getByRole('heading', { name: 'Subscribe for tech updates' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });

  test('header subscribe toggle opens the form and turns into Close', async ({ page }) => {
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Tap here' });
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#header-subscribe').getByPlaceholder('Current phone model')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('#header-subscribe')).toBeHidden();
  });

  test('header gains a shadow after scrolling more than 50 px', async ({ page }) => {
    await page.goto('/about');
    const header = page.locator('[data-header]');
    await expect(header).not.toHaveAttribute('data-scrolled');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 51);
    });
    await expect(header).toHaveAttribute('data-scrolled', '');
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).not.toHaveAttribute('data-scrolled');
  });

  test('theme toggle switches dark mode and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/about');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('without a stored choice the system preference decides', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/about');
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('unknown paths show the 404 page with a 404 status', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('layout rules: /waitlist and /join hide header and footer; /admin shows the admin header only', async ({
    page,
  }) => {
    for (const path of ['/waitlist', '/join']) {
      await page.goto(path);
      await expect(page.locator('[data-header]')).toHaveCount(0);
      await expect(page.locator('footer')).toHaveCount(0);
    }
    await page.goto('/admin');
    await expect(page.locator('[data-header]')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page.locator('[data-admin-header]').getByRole('link')).toHaveAttribute('href', '/admin');
    await expect(page.locator('[data-admin-header]').getByRole('button', { name: 'Toggle dark mode' })).toBeVisible();
  });

  test('security headers are served', async ({ request }) => {
    const res = await request.get('/about');
    const csp = res.headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    // Links to other sites carry the origin only; the page may use no camera, microphone, location,
    // payment or USB.
    expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const permissions = (res.headers()['permissions-policy'] ?? '').split(/,\s*/);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(permissions, feature).toContain(`${feature}=()`);
  });

  test('GET /api/health round-trips storage', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', storage: { ok: true } });
  });
});

const ROUTES = [
  '/',
  '/about',
  '/blog',
  '/shop',
  '/walls',
  '/phone-recommender',
  '/waitlist',
  '/join',
  '/admin',
  '/no-such-page',
];
for (const route of ROUTES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: ${route} (${scheme}) has no serious violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(route);
      await expectNoSeriousA11yViolations(page);
    });
  }
}
