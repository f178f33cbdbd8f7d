// Named staff in the browser (docs/staff.md): the e-mailed sign-in link's flow, what each role is
// shown, the /admin/staff and /admin/audit screens (the trail filtered by a person) and the campaign
// archive naming who acted, at 375 and 1280 px, light and dark (axe clean, no sideways scrolling). Screenshots go to /tmp/shots-36 for a person to look at, never the repo.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, expectNoSeriousA11yViolations } from './fixtures';
import { islands, runTag, signInByApi, waitForMail } from './admin-helpers';

test.describe.configure({ timeout: 90_000 });
const SLOW = { timeout: 25_000 };
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-36';
const owner = { 'admin-key': E2E_ADMIN_KEY };

/** Invites someone with the owner key; returns the account. */
async function invite(request: APIRequestContext, role: 'admin' | 'editor' | 'viewer', tag: string) {
  const res = await request.post('/api/admin/staff', {
    headers: owner,
    data: { email: `${tag}@example.com`, name: `${role[0].toUpperCase()}${role.slice(1)} ${tag}`, role },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; email: string; name: string; role: string };
}

/** The sign-in link in the newest mail to `email` (path and query), from the outbox. */
async function mailedLink(request: APIRequestContext, email: string): Promise<string> {
  const mail = await waitForMail(request, (m) => m.to === email && m.kind === 'staff-sign-in', { headers: owner });
  const url = new URL(/https?:\/\/\S+\/api\/admin\/login\/link\?token=[\w-]+/.exec(mail.text)![0]);
  return `${url.pathname}${url.search}`;
}

async function signInWithLink(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible(SLOW);
}

test('an invited editor signs in through the mailed link; opening it alone signs nobody in', async ({
  page,
  request,
}) => {
  const editor = await invite(request, 'editor', runTag('ed'));
  const link = await mailedLink(request, editor.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Sign in to the staff area' })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === 'mt_admin')).toBe(false);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible(SLOW);
  await expect(page.getByTestId('signed-in-as')).toHaveText(`${editor.name} · editor`);
  // The link is used up.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This sign-in link does not work' })).toBeVisible();

  // An editor is not shown the staff screens, and is told so if they open one.
  await page.goto('/admin/mail');
  await islands(page);
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link', { name: 'Campaigns' })).toBeVisible(SLOW);
  await expect(sidebar.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Outbox' })).toHaveCount(0);
  await page.goto('/admin/staff');
  await expect(page.getByText('Only admins manage staff')).toBeVisible(SLOW);
});

test('a viewer is shown no delete, export or send controls', async ({ page, request }) => {
  const viewer = await invite(request, 'viewer', runTag('vw'));
  await signInWithLink(page, await mailedLink(request, viewer.email));
  await page.goto('/admin/waitlist');
  await expect(page.getByRole('heading', { name: 'Waitlist', level: 1 })).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Refresh' }).first()).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await page.goto('/admin/campaigns');
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible(SLOW);
  await expect(page.getByRole('tab', { name: 'New campaign' })).toHaveCount(0);
});

test('a named admin sees "You" instead of Remove and Role on their own line, and changes another\'s role', async ({
  page,
  request,
}) => {
  const admin = await invite(request, 'admin', runTag('me'));
  const other = await invite(request, 'viewer', runTag('rl'));
  await signInWithLink(page, await mailedLink(request, admin.email));
  await page.goto('/admin/staff');
  const own = page.getByRole('listitem').filter({ hasText: admin.email });
  await expect(own.getByText('You', { exact: true })).toBeVisible(SLOW);
  await expect(own.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(own.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / }).first()).toBeVisible();

  // Another person's role, from their line: the list and the server both say editor afterwards.
  const line = page.getByRole('listitem').filter({ hasText: other.email });
  await line.getByRole('combobox', { name: `Role of ${other.name}` }).selectOption('editor');
  // The toast (its text is also in the live region that announces it).
  await expect(page.getByText(`${other.name} is now an editor.`).first()).toBeVisible(SLOW);
  await expect(line.getByRole('combobox', { name: `Role of ${other.name}` })).toHaveValue('editor', SLOW);
  const listed = await request.get('/api/admin/staff', { headers: owner });
  expect(((await listed.json()) as { id: string; role: string }[]).find((m) => m.id === other.id)?.role).toBe('editor');
});

test('"E-mail me a sign-in link" answers the same for anyone', async ({ page }) => {
  await page.goto('/admin/sign-in');
  await islands(page);
  const field = page.getByLabel('Your work e-mail');
  await field.fill('someone.unknown@example.com');
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('If this address belongs to a staff account');
  await expectNoSeriousA11yViolations(page);
});

test.describe('staff and audit screens', () => {
  let admin: { id: string; name: string };
  let gone: { id: string; name: string };
  let tag = '';
  test.beforeAll(async ({ request, playwright, baseURL }) => {
    // Something to show: two people and a few actions.
    tag = runTag('sc');
    admin = await invite(request, 'admin', `${tag}a`);
    gone = await invite(request, 'editor', `${tag}g`);
    await invite(request, 'viewer', `${tag}v-with-a-rather-long-address-for-narrow-screens`);
    await request.post('/api/admin/campaigns', {
      headers: owner,
      data: { subject: `Screens ${tag}`, body: 'Hello {{name}}' },
    });
    // Both mailed links are read first: the campaign sent below mails every confirmed subscriber of
    // this server, and those mails would bury the invitations deep in the outbox.
    const token = new URL(await mailedLink(request, `${tag}a@example.com`), baseURL).searchParams.get('token')!;
    const goneToken = new URL(await mailedLink(request, `${tag}g@example.com`), baseURL).searchParams.get('token')!;
    const signIn = async (linkToken: string) => {
      const context = await playwright.request.newContext({ baseURL });
      const signed = await context.post('/api/admin/login/link', {
        form: { token: linkToken },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      expect(signed.status(), await signed.text()).toBe(303);
      return context;
    };
    // The admin, signed in through their mailed link in a session of their own, makes two campaigns:
    // one sent, one scheduled that the owner key then cancels.
    const asAdmin = await signIn(token);
    const make = async (subject: string, sendAt?: string) => {
      const res = await asAdmin.post('/api/admin/campaigns', { data: { subject, body: 'Hello {{name}}', sendAt } });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const sent = await make(`Sent ${tag}`);
    expect((await asAdmin.post(`/api/admin/campaigns/${sent}/send`)).status()).toBe(202);
    const later = await make(`Dropped ${tag}`, new Date(Date.now() + 86_400_000).toISOString());
    expect((await request.post(`/api/admin/campaigns/${later}/cancel`, { headers: owner })).status()).toBe(200);
    // Someone who signed in once and was removed since: their actions stay in the trail, filterable.
    const asGone = await signIn(goneToken);
    expect((await request.delete(`/api/admin/staff/${gone.id}`, { headers: owner })).status()).toBe(200);
    await asAdmin.dispose();
    await asGone.dispose();
  });

  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`/admin/staff and /admin/audit at ${width} px, ${scheme}`, async ({ page }) => {
        mkdirSync(SHOTS, { recursive: true });
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await signInByApi(page);

        await page.goto('/admin/staff');
        await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible(SLOW);
        await expect(page.getByRole('heading', { name: 'Staff accounts' })).toBeVisible();
        await expect(page.getByRole('button', { name: /^Remove / }).first()).toBeVisible(SLOW);
        await expect(page.getByRole('button', { name: 'Send invitation' })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/staff-${width}-${scheme}.png`, fullPage: true });
        await expectNoSeriousA11yViolations(page);

        await page.goto('/admin/audit');
        await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible(SLOW);
        const trail = page.getByRole('list', { name: 'Audit trail, newest first' });
        await expect(trail.getByText('Invited staff').first()).toBeVisible(SLOW);
        await expect(trail.getByText('owner key').first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/audit-${width}-${scheme}.png`, fullPage: true });
        await expectNoSeriousA11yViolations(page);
        // Filter by person: the owner key's own actions only, then the admin's.
        await page.getByLabel('Person').selectOption('owner');
        await expect(trail.getByText('Invited staff').first()).toBeVisible(SLOW);
        await expect(trail.locator('li').filter({ hasNotText: 'owner key' })).toHaveCount(0);
        await page.getByLabel('Person').selectOption(admin.id);
        await expect(trail.getByText('Created a campaign').first()).toBeVisible(SLOW);
        await expect(trail.locator('li').filter({ hasNotText: admin.name })).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/audit-person-${width}-${scheme}.png`, fullPage: true });
        // A removed person can still be picked: what they did stays in the trail.
        await page.getByLabel('Person').selectOption('');
        await expect(trail.getByText(gone.name).first()).toBeVisible(SLOW);
        await page.getByLabel('Person').selectOption({ label: `${gone.name} (editor), removed` });
        await expect(trail.getByText('Signed in').first()).toBeVisible(SLOW);
        await expect(trail.locator('li').filter({ hasNotText: gone.name })).toHaveCount(0);

        // The campaign archive names who created, sent and cancelled each campaign.
        await page.goto('/admin/campaigns?view=archive');
        const archive = page.getByRole('list', { name: 'Campaigns, newest first' });
        const card = (subject: string) => archive.locator('li').filter({ hasText: subject });
        await expect(card(`Sent ${tag}`).getByTestId('campaign-who')).toHaveText(
          `Created by ${admin.name} (admin) · sent by ${admin.name} (admin)`,
          SLOW,
        );
        await expect(card(`Dropped ${tag}`).getByTestId('campaign-who')).toHaveText(
          `Created by ${admin.name} (admin) · cancelled by owner key`,
        );
        await expect(card(`Screens ${tag}`).getByTestId('campaign-who')).toHaveText('Created by owner key');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/campaigns-archive-${width}-${scheme}.png`, fullPage: true });
        await expectNoSeriousA11yViolations(page);
      });
    }
  }
});

test('the sign-in screens at 375 and 1280 px, light and dark', async ({ page, request }) => {
  mkdirSync(SHOTS, { recursive: true });
  const person = await invite(request, 'viewer', runTag('sh'));
  const link = await mailedLink(request, person.email);
  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const screens: [string, string, string][] = [
        ['sign-in', '/admin/sign-in', 'Staff sign-in'],
        ['admin-signed-out', '/admin', 'Owner key'],
        ['link', link, 'Sign in to the staff area'],
      ];
      for (const [name, path, heading] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading })).toBeVisible(SLOW);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
        await expectNoSeriousA11yViolations(page);
      }
    }
  }
});
