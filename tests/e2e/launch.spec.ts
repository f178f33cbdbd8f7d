import { expect, test } from '@playwright/test';
import { E2E_ADMIN_KEY, GATED_BASE_URL, LOAD_BASE_URL, expectNoSeriousA11yViolations } from './fixtures';
import { confirmationLink, islands, runTag, signInByApi } from './admin-helpers';

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

// On the third server (launched, its own data, which no other test sends a launch notification on).
test('a second launch notification shows who already had it and leaves them out, unless staff tick the warning', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = { 'admin-key': E2E_ADMIN_KEY };
  const email = `${runTag('launched')}@example.com`;
  // A confirmed waitlist subscriber (signup, then the mailed confirmation link's form).
  expect(
    (
      await request.post(`${LOAD_BASE_URL}/api/waitlist`, { data: { name: 'Lou Launch', email, interests: 'all' } })
    ).status(),
  ).toBe(200);
  const token = (await confirmationLink(request, email, LOAD_BASE_URL)).searchParams.get('token')!;
  expect((await request.post(`${LOAD_BASE_URL}/api/confirm`, { form: { token } })).status()).toBe(200);
  // A first launch notification reaches them.
  const made = await request.post(`${LOAD_BASE_URL}/api/admin/campaigns`, {
    headers: admin,
    data: { kind: 'launch', subject: "We're live", body: 'Hi {{name}}, [visit]({{siteUrl}})' },
  });
  expect(made.status()).toBe(201);
  const { id } = await made.json();
  expect((await request.post(`${LOAD_BASE_URL}/api/admin/campaigns/${id}/send`, { headers: admin })).status()).toBe(
    202,
  );
  await expect
    .poll(
      async () =>
        (await (await request.get(`${LOAD_BASE_URL}/api/admin/campaigns/${id}`, { headers: admin })).json()).status,
      { timeout: 60_000 },
    )
    .toBe('sent');

  // Composing another: who had it is shown and left out.
  await signInByApi(page, LOAD_BASE_URL);
  await page.goto(`${LOAD_BASE_URL}/admin/campaigns?kind=launch`);
  await islands(page);
  const notified = page.getByTestId('already-notified');
  await expect(notified).toContainText(/already had a launch notification: they are left out/, SLOW);
  await notified.getByText('Who already had it').click();
  await expect(notified.getByText(`Lou Launch <${email}>`)).toBeVisible();
  const countLine = page.getByText(/^([\d,]+) recipients?$/);
  const before = Number((await countLine.innerText()).match(/[\d,]+/)![0].replace(/,/g, ''));
  // Ticking the box is the deliberate choice: the warning says they get it again, and the count grows.
  await notified.getByRole('checkbox', { name: /Send it to them again anyway/ }).check();
  await expect(notified).toContainText(/Warning: .* will get this one too/);
  await expect
    .poll(async () => Number((await countLine.innerText()).match(/[\d,]+/)![0].replace(/,/g, '')), SLOW)
    .toBeGreaterThan(before);
});
