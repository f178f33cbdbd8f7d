// The waitlist form without JavaScript (a plain form POST answered with the success view or the
// field errors), and with JavaScript: React loads only on the first interaction with the form.
// Stored signups are checked through the admin API, as a staff script would (the consent record's
// page and form are checked in tests/api/signups-form-post.test.ts).
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, expectNoSeriousA11yViolations, uniqueEmail } from './fixtures';

/** The stored subscriber of an address, through GET /api/admin/waitlist?q= with the admin-key header. */
async function stored(page: Page, email: string): Promise<any | null> {
  const res = await page.request.get(`/api/admin/waitlist?q=${encodeURIComponent(email)}`, {
    headers: { 'admin-key': E2E_ADMIN_KEY },
  });
  expect(res.status()).toBe(200);
  const list = (await res.json()) as any[];
  return list.find((s) => s.email === email) ?? null;
}

/** Waiting on a signup answer: the local runtime starts a worker per request, slow on a busy machine. */
const ANSWER = { timeout: 20_000 };
// Each test makes several function calls (signup, admin API), each a fresh worker locally.
test.describe.configure({ timeout: 90_000 });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/join: the form posts itself, the signup is stored, and the success view is shown', async ({ page }) => {
    const email = uniqueEmail('nojs');
    await page.goto('/join?utm_source=poster');
    await page.getByLabel('Your Name').fill('No Script');
    await page.getByLabel('Email address').fill(email);
    const group = page.getByRole('group', { name: "I'm interested in" });
    await expect(group.getByRole('radio', { name: 'All of the above' })).toBeChecked();
    await group.getByText('Phone Recommender').click();
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();

    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible(ANSWER);
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/join#joined');
    await expect(page.getByText('confirmation email')).toBeVisible();
    await expect(page.getByLabel('Your Name')).toBeHidden();

    expect(await stored(page, email)).toMatchObject({
      name: 'No Script',
      email,
      interests: ['phone_recommendations'],
      source: 'poster',
      list: 'waitlist',
    });

    // 'Sign up another email' returns to the form.
    await page.getByRole('link', { name: 'Sign up another email' }).click();
    await expect(page.getByLabel('Your Name')).toBeVisible();
    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeHidden();
  });

  test('/join: invalid input comes back with the errors under the fields and the values kept; fixed, it is stored', async ({
    page,
  }) => {
    const email = uniqueEmail('nojs-err');
    await page.goto('/join');
    await page.getByLabel('Your Name').fill('A');
    await page.getByLabel('Email address').fill('not-an-address');
    await page.getByRole('radio', { name: 'Tech News' }).check({ force: true });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/waitlist'), ANSWER);
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    expect((await answer).status()).toBe(400);

    const name = page.getByLabel('Your Name');
    await expect(name).toHaveValue('A');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name must be at least 2 characters');
    await expect(name).toBeFocused();
    await expect(page.getByLabel('Email address')).toHaveValue('not-an-address');
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(page.getByRole('radio', { name: 'Tech News' })).toBeChecked();
    await expect(page.getByRole('alert')).toContainText('Please check the form');
    expect(await stored(page, 'not-an-address')).toBeNull();

    await name.fill('Ada Lovelace');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible(ANSWER);
    expect(await stored(page, email)).toMatchObject({
      name: 'Ada Lovelace',
      interests: ['tech_news'],
      list: 'waitlist',
    });
  });

  test('/waitlist returns to its own success view', async ({ page }) => {
    const email = uniqueEmail('nojs-wl');
    await page.goto('/waitlist');
    await page.getByLabel('Your Name').fill('Waitlist Page');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible(ANSWER);
    expect(new URL(page.url()).pathname).toBe('/waitlist');
    expect(await stored(page, email)).toMatchObject({ name: 'Waitlist Page', list: 'waitlist' });
  });
});

// axe runs in the page, so these views are scanned in a page with JavaScript on.
test.describe('axe on the views a visitor without JavaScript gets', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the #joined success view and the error page (${scheme})`, async ({ page, baseURL }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/join#joined');
      await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      const answer = await page.request.post('/api/waitlist', {
        form: { page: '/join', name: 'A', email: 'nope', interests: 'all', website: '' },
        headers: { origin: baseURL! },
      });
      expect(answer.status()).toBe(400);
      await page.setContent(await answer.text());
      await expect(page.getByLabel('Your Name')).toHaveAccessibleDescription('Name must be at least 2 characters');
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('with JavaScript: React waits for the first interaction', () => {
  const reactFiles = (urls: string[]) =>
    urls.filter((u) => /\/_astro\/(WaitlistForm|Toaster|client)\.[\w-]+\.js$/.test(u));

  test('no React at load; the first focus hydrates the form, which then validates on the client', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/join');
    await page.waitForLoadState('networkidle');
    expect(reactFiles(requested)).toEqual([]);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(2); // the form and the toast region, server-rendered

    await page.getByLabel('Your Name').focus();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    expect(reactFiles(requested).length).toBeGreaterThan(0);

    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.getByLabel('Your Name').fill('A');
    await page.getByLabel('Email address').fill('ada@');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByLabel('Your Name')).toHaveAccessibleDescription('Name must be at least 2 characters');
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(posts).toEqual([]);
  });

  test('what is typed while React loads is kept and sent', async ({ page }) => {
    const email = uniqueEmail('early');
    // Hold the form's code back so the typing certainly happens before hydration.
    await page.route(/\/_astro\/WaitlistForm\.[\w-]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto('/join');
    await page.getByLabel('Your Name').fill('Early Typist');
    await page.getByLabel('Email address').fill(email);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.getByLabel('Your Name')).toHaveValue('Early Typist');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible(ANSWER);
    await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Successfully joined the waitlist!');
    expect(await stored(page, email)).toMatchObject({ name: 'Early Typist' });
  });
});
