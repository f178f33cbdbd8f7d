// The whole purchase as a newcomer on `npm start` makes it: local mode without Stripe keys, so the
// site's own test checkout stands in for Stripe's page (docs/shop.md#local-test-checkout). Cart ->
// checkout -> paid -> receipt in the outbox -> download; then staff see the order in /admin/orders.
// Screenshots of the cart, /admin/orders and the receipt at 375 and 1280 px go to SHOTS_DIR when set.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, uniqueEmail } from './fixtures';
import { islands, signInByApi, waitForMail } from './admin-helpers';

const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string, { dark = true } = {}) {
  if (!SHOTS) return;
  for (const theme of dark ? ['light', 'dark'] : ['light']) {
    if (dark) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await islands(page);
    }
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png`, fullPage: true });
    }
  }
  if (dark) {
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await islands(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('buy a download and a device in the local test checkout, get the receipt, download, and see the order as staff', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('buyer');

  // Two products into the cart from their pages; the cart survives page loads.
  await page.goto('/product/smartphone-buying-guide');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('#cart-note')).toHaveText(/Added to your cart/);
  await page.goto('/product/samsung-45w-power-adapter');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: 'View cart' }).click();
  await islands(page);
  await expect(page.getByRole('heading', { name: 'Your cart', level: 1 })).toBeVisible();
  await page.getByLabel('Quantity of Samsung 45W').selectOption('2');
  await expect(page.locator('[data-cart-subtotal]')).toHaveText('$144.97');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'cart');

  // Check out: our own, clearly marked test checkout.
  await page.getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByText('Test checkout: no real payment')).toBeVisible();
  await islands(page);
  const main = page.getByRole('main');
  await main.getByLabel('E-mail').fill(email);
  await main.getByLabel('Name', { exact: true }).fill('Casey Buyer');
  await main.getByLabel('Street address').fill('200 King St W');
  await main.getByLabel('City').fill('Kitchener');
  await main.getByLabel('Province').fill('ON');
  await main.getByLabel('Postal code').fill('N2G 4V6');
  await expectNoSeriousA11yViolations(page);
  await main.getByRole('button', { name: /Pay \(test/ }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.locator('[data-order-status]')).toHaveText(/Order MT-\w+ is paid\./);
  await expect(page.locator('[data-order-lines]')).toContainText('2 × Samsung 45W');
  // The cart is empty after buying.
  expect(await page.evaluate(() => localStorage.getItem('maple-cart'))).toBe('[]');

  // The receipt went through the mail queue into the outbox, with one signed link per download.
  const receipt = await waitForMail(request, (m) => m.to === email && m.kind === 'order-receipt');
  expect(receipt.text).toContain('2 x Samsung 45W');
  expect(receipt.text).toMatch(/Ship to:\nCasey Buyer\n200 King St W\nKitchener ON N2G 4V6/);
  const link = receipt.text.match(/https?:\/\/\S+\/api\/shop\/download\/\S+/)![0];
  const file = await request.get(new URL(link).pathname);
  expect(file.status()).toBe(200);
  expect(await file.text()).toContain('The 2025 Smartphone Buying Guide');
  if (SHOTS) {
    // The mail as a mail client shows it, in a light and a dark client (the mail's own colours).
    await page.setContent(receipt.html);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/receipt-${width}-${theme}.png`, fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Staff: the order with its address in the packing view; mark it fulfilled.
  await signInByApi(page);
  await page.goto('/admin/orders');
  await islands(page);
  const card = page.locator('li[data-order]').filter({ hasText: email });
  await expect(card).toBeVisible();
  await expect(card.locator('[data-order-status]')).toHaveText('paid');
  await shoot(page, 'admin-orders');
  await page.getByRole('tab', { name: 'Packing' }).click();
  const packing = page.locator('[data-packing] li').filter({ hasText: 'N2G 4V6' });
  await expect(packing).toContainText('200 King St W');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-packing', { dark: false });
  await packing.getByRole('button', { name: 'Mark fulfilled' }).click();
  await expect(packing).toHaveCount(0);

  // Revenue by day, in the business's time zone.
  await page.getByRole('tab', { name: 'Revenue statistics' }).click();
  const revenue = page.locator('[data-revenue]');
  await expect(revenue).toContainText('Kitchener time');
  await expect(revenue.locator('tbody tr').first()).toContainText(/\$\d/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-revenue', { dark: false });
});
