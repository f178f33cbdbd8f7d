import { expect, test } from '@playwright/test';
import { GATED_BASE_URL, expectNoSeriousA11yViolations } from './fixtures';
import { islands, signInByApi } from './admin-helpers';

// The launch as staff and visitors see it (docs/site.md#launching). Two servers: the pre-launch one
// (closed) and the launched one (SITE_LAUNCHED=true). Both share one data folder with the other
// browser tests, so nothing here flips the stored switch (the served test tests/served/launch.test.ts
// launches, undoes and audits it on a site of its own).
const SLOW = { timeout: 25_000 };
test.describe.configure({ timeout: 90_000 });

test('before launch the dashboard says the site is closed, marks only /join and /waitlist public, and asks before launching', async ({
  page,
}) => {
  await signInByApi(page, GATED_BASE_URL);
  await page.goto(`${GATED_BASE_URL}/admin`);
  await islands(page);
  const panel = page.getByTestId('launch-switch');
  await expect(panel.getByRole('heading')).toContainText('Closed: visitors see /join', SLOW);
  const card = (title: string) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card('Standalone Waitlist')).toContainText('Public');
  await expect(card('Waitlist')).toContainText('Public');
  await expect(card('Blog')).toContainText('At launch');
  await expect(card('Home')).toContainText('At launch');

  await panel.getByRole('button', { name: 'Launch the site' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Every page opens to everyone');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('heading')).toContainText('Closed: visitors see /join');
  await expect(panel.getByRole('button', { name: 'Launch the site' })).toBeFocused();
});

test('once launched the dashboard says the site is open to everyone and every page is public', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/admin');
  await islands(page);
  const panel = page.getByTestId('launch-switch');
  await expect(panel.getByRole('heading')).toContainText('Open to everyone', SLOW);
  // SITE_LAUNCHED=true forces it: the switch says so and offers no undo.
  await expect(panel).toContainText('SITE_LAUNCHED=true forces the site open');
  await expect(panel.getByRole('button', { name: 'Undo the launch' })).toHaveCount(0);
  await expect(page.getByText('At launch', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('article').filter({ hasText: '/blog' })).toContainText('Public');
});

for (const path of ['/join', '/waitlist']) {
  test(`after launch ${path} no longer says "Launching soon" nor promises a launch notification`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId('launch-badge')).toHaveText('Now open in Kitchener, Ontario', SLOW);
    await expect(page.getByText(/launching soon/i)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Launch Notification' })).toHaveCount(0);
    await expect(page.getByText(/the moment we go live/i)).toHaveCount(0);
    await expect(page.getByText(/launch notification/i)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Occasional News' })).toBeVisible();
  });

  test(`before launch ${path} says "Launching soon" and promises the launch notification`, async ({ page }) => {
    await page.goto(`${GATED_BASE_URL}${path}`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('launch-badge')).toHaveText('Launching soon in Kitchener, Ontario');
    await expect(page.getByRole('heading', { name: 'Launch Notification' })).toBeVisible();
  });
}
