import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, GATED_BASE_URL, expectNoSeriousA11yViolations } from './fixtures';

// The pre-launch server (SITE_LAUNCHED=false). The local emulator serves a gated page's /join
// content at the requested address, so these tests assert what is shown (and where the script moves the address).
const gated = (path: string) => `${GATED_BASE_URL}${path}`;
const WAITLIST_HEADING = /Join the .* community/;
// Sign-in flows make several round trips through the emulator on a shared machine.
const SLOW = { timeout: 25_000 };
test.describe.configure({ timeout: 90_000 });

/** Answers browser dialogs in order; records their kind and text. */
function answerDialogs(page: Page, answers: (string | null)[]) {
  const seen: { type: string; message: string }[] = [];
  page.on('dialog', async (d) => {
    seen.push({ type: d.type(), message: d.message() });
    const answer = answers.shift();
    // A navigation can close the dialog first; answering it is then moot, not an error.
    const gone = () => undefined;
    if (answer === null || answer === undefined) await d.dismiss().catch(gone);
    else await d.accept(answer).catch(gone);
  });
  return seen;
}

test.describe('pre-launch gate', () => {
  /** Records dialogs and console errors (a visitor must see neither). */
  function watch(page: Page) {
    const seen = answerDialogs(page, []);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    return { dialogs: seen, errors };
  }

  test('a visitor opening a deep link before launch lands on /join quietly: no prompt, no error in the console', async ({
    page,
  }) => {
    const { dialogs, errors } = watch(page);
    await page.goto(gated('/about'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(WAITLIST_HEADING, SLOW);
    await expect(page).toHaveURL(gated('/join'), SLOW);
    await expect(page.getByText('About Us')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the home page shows the waitlist without a prompt; /waitlist and /join are open', async ({ page }) => {
    const dialogs = answerDialogs(page, []);
    await page.goto(gated('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(WAITLIST_HEADING, SLOW);
    await expect(page).toHaveURL(gated('/join'), SLOW);
    for (const path of ['/waitlist', '/join']) {
      await page.goto(gated(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(WAITLIST_HEADING, SLOW);
      await expect(page).toHaveURL(gated(path));
    }
    expect(dialogs).toEqual([]);
  });

  test('?admin=KEY opens the site in dev mode and strips the parameter from the address', async ({ page }) => {
    await page.goto(gated(`/about?admin=${E2E_ADMIN_KEY}&tab=2`));
    await expect(page).toHaveURL(gated('/about?tab=2'));
    await expect(page).toHaveTitle(/About/, SLOW);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(WAITLIST_HEADING, SLOW);
    // The keyed address is not in the tab's history.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
    await page.goBack().catch(() => {});
    expect(page.url()).not.toContain(E2E_ADMIN_KEY);

    // Dev mode also opens the home page.
    await page.goto(gated('/'));
    await expect(page).toHaveTitle(/Your Guide to Tech/, SLOW);
    await page.goto(gated('/admin'));
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible(SLOW);
  });

  test('a wrong ?admin= key does not open the site (and is stripped too), without a prompt', async ({ page }) => {
    const dialogs = answerDialogs(page, []);
    await page.goto(gated('/about?admin=not-the-key'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(WAITLIST_HEADING, SLOW);
    await expect(page).toHaveURL(gated('/join'), SLOW);
    await expect(page).not.toHaveURL(/not-the-key/);
    expect(dialogs).toEqual([]);
  });

  test('staff follow "Staff sign in" on /join to /admin, sign in with the key, and the deep link then opens', async ({
    page,
  }) => {
    const dialogs = answerDialogs(page, []);
    await page.goto(gated('/blog'));
    await expect(page).toHaveURL(gated('/join'), SLOW);
    await page.getByRole('link', { name: 'Staff sign in' }).click();
    await expect(page).toHaveURL(gated('/admin'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin access', SLOW);
    await page.getByLabel('Admin key').fill(E2E_ADMIN_KEY);
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible(SLOW);
    await page.goto(gated('/blog'));
    await expect(page).toHaveTitle(/Blog/, SLOW);
    // The home page still needs dev mode.
    await page.goto(gated('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(WAITLIST_HEADING, SLOW);
    expect(dialogs).toEqual([]);
  });

  test('a staff subpage before launch sends a visitor to /join; /admin asks for a sign-in and shows no data', async ({
    page,
  }) => {
    await page.goto(gated('/admin/waitlist'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(WAITLIST_HEADING, SLOW);
    await expect(page).toHaveURL(gated('/join'), SLOW);
    await page.goto(gated('/admin'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin access', SLOW);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  });

  test('static assets and the API pass the gate', async ({ request }) => {
    const icon = await request.get(gated('/favicon.svg'));
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('svg');
    const health = await request.get(gated('/api/health'));
    expect(health.status()).toBe(200);
    expect((await health.json()).launched).toBe(false);
    // Admin API: the gate lets it through, the function itself refuses without auth.
    expect((await request.get(gated('/api/admin/waitlist'))).status()).toBe(401);
  });

  test('the launched server has no gate', async ({ page }) => {
    const dialogs = answerDialogs(page, []);
    await page.goto('/about');
    await expect(page).toHaveTitle(/About/, SLOW);
    await page.goto('/');
    await expect(page).toHaveTitle(/Your Guide to Tech/, SLOW);
    expect(dialogs).toEqual([]);
  });

  test('axe: the gated waitlist view has no serious violations', async ({ page }) => {
    await page.goto(gated('/about'));
    await expect(page).toHaveURL(gated('/join'), SLOW);
    await expectNoSeriousA11yViolations(page);
  });
});
