// A visitor's first seconds: what is typed, checked or submitted before an island's script has loaded
// is kept and acted on once it has (docs/performance.md, "Input before an island is ready").
// Every test starts typing right after `page.goto`, with no wait for hydration, once at normal speed
// and once with the CPU slowed 4x (Chrome DevTools Protocol `Emulation.setCPUThrottlingRate`).
import { expect, test, type Page } from '@playwright/test';
import { storedSubscriber, uniqueEmail } from './fixtures';

/** Waiting on a signup answer or an island loading at a quarter of the CPU: nothing here asserts a time. */
const SLOW = { timeout: 30_000 };
test.describe.configure({ timeout: 90_000 });

/** Requests to a path, counted from now on. */
function countRequests(page: Page, path: string): { count: number; methods: string[]; types: string[] } {
  const seen = { count: 0, methods: [] as string[], types: [] as string[] };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname !== path) return;
    seen.count += 1;
    seen.methods.push(r.method());
    seen.types.push(r.headers()['content-type'] ?? '');
  });
  return seen;
}

for (const cpu of [1, 4]) {
  test.describe(`typed at once after navigation, CPU ${cpu}x`, () => {
    test.beforeEach(async ({ page }) => {
      if (cpu === 1) return;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    });

    test('home newsletter: fields typed and the box checked before the block loads are the ones subscribed', async ({
      page,
    }) => {
      const email = uniqueEmail(`early-nl-${cpu}x`);
      const posts = countRequests(page, '/api/newsletter/subscribe');
      await page.goto('/');
      const block = page.locator('#newsletter');
      await block.getByLabel('Your name').pressSequentially('Grace Hopper');
      await block.getByLabel('Email address').fill(email);
      await block.getByRole('combobox', { name: 'Your current phone' }).fill('Google Pixel 8');
      await block.getByRole('checkbox', { name: /I agree to receive newsletters/ }).check();
      await block.getByRole('button', { name: 'Subscribe' }).click();

      await expect(block.getByText("Subscribed! We'll send updates for Google Pixel 8")).toBeVisible(SLOW);
      expect(posts.count).toBe(1);
      expect(await storedSubscriber(email)).toMatchObject({
        name: 'Grace Hopper',
        email,
        phoneModel: 'Google Pixel 8',
        list: 'newsletter',
      });
    });

    test('home newsletter: Subscribe pressed before the block loads is answered by the block, not a reload', async ({
      page,
    }) => {
      const posts = countRequests(page, '/api/newsletter/subscribe');
      await page.goto('/');
      const block = page.locator('#newsletter');
      await block.getByLabel('Your name').fill('Early Bird');
      await block.getByRole('button', { name: 'Subscribe' }).click();
      // The name typed is kept; the fields still missing get their messages.
      await expect(block.getByText('Please enter a valid email address')).toBeVisible(SLOW);
      await expect(block.getByText('You must consent to receive newsletters')).toBeVisible();
      await expect(block.getByText('Name is required')).toHaveCount(0);
      await expect(block.getByLabel('Your name')).toHaveValue('Early Bird');
      expect(posts.count).toBe(0);
    });

    test('recommender: text typed into the phone search before the wizard loads is searched', async ({ page }) => {
      const searches = countRequests(page, '/api/search-phones');
      await page.goto('/phone-recommender');
      const box = page.getByRole('combobox', { name: 'Search for your current phone' });
      await box.pressSequentially('pixel 8');
      const list = page.getByRole('listbox', { name: 'Matching phones' });
      await expect(list).toBeVisible(SLOW);
      await expect(list.getByRole('option').first()).toContainText('Pixel 8');
      await expect(box).toBeFocused();
      expect(searches.count).toBeGreaterThan(0);
    });

    test('recommender: Enter pressed in the phone search before the wizard loads picks a phone', async ({ page }) => {
      await page.goto('/phone-recommender');
      const box = page.getByRole('combobox', { name: 'Search for your current phone' });
      await box.fill('Google Pixel 8');
      await box.press('Enter');
      const selected = page.getByTestId('selected-phone');
      await expect(selected).toBeVisible(SLOW);
      await expect(selected.getByRole('heading')).toContainText('Pixel 8');
      expect(new URL(page.url()).pathname).toBe('/phone-recommender');
    });

    test('/join: an empty Join the Waitlist clicked at once stays on the page with the form’s own messages', async ({
      page,
    }) => {
      const posts = countRequests(page, '/api/waitlist');
      await page.goto('/join');
      await page.getByRole('button', { name: 'Join the Waitlist' }).click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible(SLOW);
      expect(new URL(page.url()).pathname).toBe('/join');
      await expect(page.getByRole('list', { name: 'What you get' })).toBeVisible();
      expect(posts.count).toBe(0);
    });

    test('/join: a filled form sent at once is sent by the form script and answered in place', async ({ page }) => {
      const email = uniqueEmail(`early-wl-${cpu}x`);
      const posts = countRequests(page, '/api/waitlist');
      await page.goto('/join');
      await page.getByLabel('Your Name').pressSequentially('Ada');
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('group', { name: "I'm interested in" }).getByText('Smartphone Tutorials').click();
      await page.getByLabel('Email address').press('Enter');
      await expect(page.getByText(`confirmation email to ${email}`)).toBeVisible(SLOW);
      expect(posts.types).toEqual(['application/json']);
      expect(await storedSubscriber(email)).toMatchObject({ name: 'Ada', interests: ['smartphone_tutorials'] });
    });
  });
}

test.describe('when the form script cannot load', () => {
  test('/join: the early submit still goes through, as a plain form post', async ({ page }) => {
    await page.route('**/_astro/WaitlistForm*', (route) => route.abort());
    const email = uniqueEmail('early-nojs');
    await page.goto('/join');
    await page.getByLabel('Your Name').fill('Plain Post');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible(SLOW);
    expect(await storedSubscriber(email)).toMatchObject({ name: 'Plain Post', list: 'waitlist' });
  });

  for (const [stored, system, dark] of [
    ['dark', 'light', true],
    ['light', 'dark', false],
  ] as const) {
    test(`/join: the plain error page has the benefit cards and follows the stored ${stored} theme`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: system });
      await page.addInitScript((t) => localStorage.setItem('theme', t), stored);
      await page.route('**/_astro/WaitlistForm*', (route) => route.abort());
      await page.goto('/join');
      await page.getByRole('button', { name: 'Join the Waitlist' }).click();
      await expect(page.getByRole('heading', { name: 'Please check the form' })).toBeVisible(SLOW);
      const cards = page.getByRole('list', { name: 'What you get' });
      for (const title of ['Early Access', 'Launch Notification', 'Exclusive Content']) {
        await expect(cards.getByRole('heading', { name: title })).toBeVisible();
      }
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, b] = background.match(/\d+/g)!.map(Number);
      expect(r + g + b < 150, `body background ${background}`).toBe(dark);
    });
  }
});

// The moment an island takes over: the directive stops holding when the island asks for what it held,
// and the island's adopted values reach its handlers one render later. A submit landing in between
// (here sent from a microtask queued by the island's request, which runs right after React's commit
// and before its effects) must act on what was typed, not on the island's empty first state. The
// island's code is held back until the fields are filled, so the submit always lands at that moment.
test.describe('a submit that lands just as the island takes over', () => {
  /**
   * Holds the island's code (`chunk`) until the returned release is called, and submits `form` from a
   * microtask queued when the island asks the directive for held input.
   */
  async function submitAtTakeover(page: Page, chunk: string, form: string): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/_astro/${chunk}.*.js`, async (route) => {
      await released;
      await route.continue();
    });
    await page.addInitScript((selector) => {
      document.addEventListener(
        'maple:early-input',
        (e) => {
          const root = e.target as Element;
          const target = root.matches(selector)
            ? (root as HTMLFormElement)
            : root.querySelector<HTMLFormElement>(selector);
          if (target) queueMicrotask(() => target.requestSubmit());
        },
        { capture: true },
      );
    }, form);
    return release;
  }

  test('recommender: the phone typed is picked', async ({ page }) => {
    const release = await submitAtTakeover(page, 'PhoneWizard', 'form[role="search"]');
    await page.goto('/phone-recommender');
    await page.getByRole('combobox', { name: 'Search for your current phone' }).fill('Google Pixel 8');
    release();
    const selected = page.getByTestId('selected-phone');
    await expect(selected).toBeVisible(SLOW);
    await expect(selected.getByRole('heading')).toContainText('Pixel 8');
  });

  test('home newsletter: the fields typed are the ones checked', async ({ page }) => {
    const release = await submitAtTakeover(page, 'NewsletterSignup', 'form');
    const posts = countRequests(page, '/api/newsletter/subscribe');
    await page.goto('/');
    const block = page.locator('#newsletter');
    await block.getByLabel('Your name').fill('Early Bird');
    release();
    await expect(block.getByText('Please enter a valid email address')).toBeVisible(SLOW);
    await expect(block.getByText('Name is required')).toHaveCount(0);
    expect(posts.count).toBe(0);
  });

  test('/join: the fields typed are the ones sent', async ({ page }) => {
    const release = await submitAtTakeover(page, 'WaitlistForm', 'form');
    const email = uniqueEmail('early-takeover');
    const posts = countRequests(page, '/api/waitlist');
    await page.goto('/join');
    await page.getByLabel('Your Name').fill('Ada');
    await page.getByLabel('Email address').fill(email);
    release();
    await expect(page.getByText(`confirmation email to ${email}`)).toBeVisible(SLOW);
    expect(posts.types).toEqual(['application/json']);
    expect(await storedSubscriber(email)).toMatchObject({ name: 'Ada', list: 'waitlist' });
  });
});
