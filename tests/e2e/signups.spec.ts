// Signups in the browser: waitlist pages, the newsletter block, the header and about forms.
// Stored records are read from the test site's local Blobs directory (what staff would see).
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, storedSubscriber, uniqueEmail } from './fixtures';
import { confirmationLink, islands, signInByApi } from './admin-helpers';
import { subscriberStatus } from '../../src/lib/subscribers/status';

/** The waitlist form (and the toast region) hydrate on the first interaction: focus the form, wait for React. */
async function hydrated(page: Page) {
  await page.getByLabel('Your Name').focus();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
/** Waiting on a signup answer: the local runtime starts a worker per request, slow on a busy machine. */
const ANSWER = { timeout: 20_000 };

test.describe('waitlist page', () => {
  test('happy path: stored with consent, toast, success view, and back to the form', async ({ page }) => {
    const email = uniqueEmail('wl');
    await page.goto('/waitlist');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByLabel('Your Name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill(email.toUpperCase());
    const group = page.getByRole('group', { name: "I'm interested in" });
    await expect(group.getByRole('radio')).toHaveCount(4);
    await expect(group.getByRole('radio', { name: 'All of the above' })).toBeChecked();
    await group.getByText('Smartphone Tutorials').click();
    await expect(group.getByRole('radio', { name: 'Smartphone Tutorials' })).toBeChecked();

    // Hold the request briefly so the sending state can be seen.
    await page.route('/api/waitlist', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible(ANSWER);
    await expect(page.getByText(`confirmation email to ${email}`)).toBeVisible();
    const toast = page.getByRole('region', { name: /Notification/ });
    await expect(toast).toContainText('Successfully joined the waitlist!');
    await expect(toast).toContainText('Check your email for a confirmation message.');

    const sub = await storedSubscriber(email);
    expect(sub).toMatchObject({
      name: 'Ada Lovelace',
      email,
      interests: ['smartphone_tutorials'],
      list: 'waitlist',
      consent: { form: 'waitlist', page: '/waitlist' },
    });
    expect(subscriberStatus(sub)).toBe('pending');
    expect(sub.consent.wording).toContain('By joining you agree');

    await page.getByRole('button', { name: 'Sign up another email' }).click();
    await expect(page.getByLabel('Your Name')).toBeFocused();
    await expect(page.getByLabel('Your Name')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Join the Waitlist' })).toBeEnabled();
  });

  test('validation: messages in red under the fields, label red, aria wiring, nothing sent', async ({ page }) => {
    let posted = 0;
    page.on('request', (r) => r.url().includes('/api/waitlist') && (posted += 1));
    await page.goto('/join');
    await hydrated(page);
    await page.getByLabel('Your Name').fill('A');
    await page.getByLabel('Email address').fill('ada@');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();

    const name = page.getByLabel('Your Name');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name must be at least 2 characters');
    await expect(name).toBeFocused();
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(page.getByText('Name must be at least 2 characters')).toHaveClass(/text-red-700/);
    await expect(page.locator('label', { hasText: 'Your Name' })).toHaveClass(/text-red-700/);
    await expectNoSeriousA11yViolations(page);

    await name.fill('Ada');
    await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid');
    expect(posted).toBe(0);
  });

  test('/join shows the copyright line with the current year', async ({ page }) => {
    await page.goto('/join');
    await expect(page.getByText(`© ${new Date().getFullYear()} Maple Tech`)).toBeVisible();
    await page.goto('/waitlist');
    await expect(page.getByText(/© \d{4} Maple Tech/)).toHaveCount(0);
  });

  test('source capture: utm_source wins over source; the referrer host is used when neither is given', async ({
    page,
  }) => {
    const first = uniqueEmail('utm');
    await page.goto('/join?utm_source=e2e-newsletter&source=ignored');
    await hydrated(page);
    await page.getByLabel('Your Name').fill('Source Test');
    await page.getByLabel('Email address').fill(first);
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible(ANSWER);
    expect(await storedSubscriber(first)).toMatchObject({
      source: 'e2e-newsletter',
      consent: { source: 'e2e-newsletter', page: '/join' },
    });

    const second = uniqueEmail('ref');
    await page.goto('/waitlist', { referer: 'https://www.reddit.com/r/android/' });
    await hydrated(page);
    await page.getByLabel('Your Name').fill('Referrer Test');
    await page.getByLabel('Email address').fill(second);
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible(ANSWER);
    expect(await storedSubscriber(second)).toMatchObject({
      source: 'www.reddit.com',
      referrer: 'https://www.reddit.com/r/android/',
    });
  });

  test('failure: destructive toast, the form and its input stay', async ({ page }) => {
    await page.route('/api/waitlist', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/waitlist');
    await hydrated(page);
    await page.getByLabel('Your Name').fill('Grace Hopper');
    await page.getByLabel('Email address').fill('grace@example.com');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    const toast = page.getByRole('region', { name: /Notification/ }).locator('[data-variant="destructive"]');
    await expect(toast).toContainText('Something went wrong');
    await expect(toast).toContainText('Please try again later.');
    await expect(page.getByLabel('Your Name')).toHaveValue('Grace Hopper');
    await expect(page.getByRole('button', { name: 'Join the Waitlist' })).toBeEnabled();
  });

  test('double opt-in: sign up, confirm from the mailed link, see it confirmed with its timeline in the staff area, then unsubscribe from the mail link page', async ({
    page,
  }) => {
    test.setTimeout(240_000); // about 15 round trips to the local runtime, which starts a worker per request
    const email = uniqueEmail('doi');
    await page.goto('/waitlist');
    await hydrated(page);
    await page.getByLabel('Your Name').fill('Opt In');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible(ANSWER);
    expect(subscriberStatus(await storedSubscriber(email))).toBe('pending');

    // The confirmation mail, read from the outbox through the admin API.
    const link = await confirmationLink(page.request, email);
    const opened = await page.goto(link.pathname + link.search);
    expect(opened?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
    expect(subscriberStatus(await storedSubscriber(email))).toBe('pending'); // opening the link changes nothing
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('heading', { name: "You're subscribed!" })).toBeVisible(ANSWER);
    expect(subscriberStatus(await storedSubscriber(email))).toBe('confirmed');

    // The staff area: confirmed, with its consent timeline.
    await signInByApi(page);
    await page.goto('/admin/waitlist');
    await islands(page);
    await page.getByLabel('Search subscribers').fill(email);
    const row = page.locator('tbody tr').filter({ hasText: email });
    await expect(row.getByTestId('subscriber-status')).toHaveText('Confirmed', ANSWER);
    await row.getByRole('button', { name: `History of ${email}` }).click();
    const timeline = page.getByTestId('subscriber-timeline');
    await expect(timeline.getByRole('heading', { name: 'Consent history' })).toBeVisible();
    const events = timeline.getByTestId('timeline-event');
    await expect(events.first()).toContainText('Signed up (consent requested)', ANSWER);
    await expect(events.first()).toContainText('By joining you agree');
    await expect(timeline).toContainText('Confirmation e-mail: sent');
    await expect(timeline).toContainText('Confirmed (express consent)');
    await expect(timeline).toContainText('Welcome e-mail: sent');
    await expect(timeline.getByRole('link', { name: 'Download proof of consent (CSV)' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(timeline).toHaveCount(0);

    // The welcome's unsubscribe link: a page with one button; GET alone changes nothing.
    const { entries } = await (await page.request.get('/api/admin/outbox')).json();
    // The test site is launched: the welcome is the after-launch one (no launch notification promised).
    const welcome = entries.find(
      (m: { to: string; kind: string }) => m.to === email && m.kind === 'waitlist-welcome-launched',
    );
    expect(welcome.text).not.toContain('launch notification');
    expect(welcome.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsub = new URL(welcome.headers['List-Unsubscribe'].slice(1, -1));
    expect(welcome.html).toContain(`href="${unsub.href}"`);

    const tampered = await page.goto(unsub.pathname + unsub.search.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    expect(tampered?.status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeVisible();

    await page.goto(unsub.pathname + unsub.search);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from our e-mails?' })).toBeVisible();
    expect((await storedSubscriber(email)).unsubscribedAt).toBeNull();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible(ANSWER);
    const after = await storedSubscriber(email);
    expect(subscriberStatus(after)).toBe('unsubscribed');
    expect(Date.parse(after.unsubscribedAt)).not.toBeNaN();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: /waitlist success view (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/waitlist');
      await hydrated(page);
      await page.getByLabel('Your Name').fill('Axe Test');
      await page.getByLabel('Email address').fill(uniqueEmail('axe'));
      await page.getByRole('button', { name: 'Join the Waitlist' }).click();
      await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible(ANSWER);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('newsletter block', () => {
  async function openBlock(page: Page) {
    await page.goto('/');
    const block = page.locator('#newsletter');
    await block.scrollIntoViewIfNeeded();
    await page.waitForSelector('#newsletter astro-island:not([ssr])');
    return block;
  }

  test('validation: spec messages, consent never pre-checked, an unknown phone model is refused', async ({ page }) => {
    let posted = 0;
    page.on('request', (r) => r.url().includes('/api/newsletter/subscribe') && (posted += 1));
    const block = await openBlock(page);
    await expect(block.getByRole('heading', { name: 'Join Our Community' })).toBeVisible();
    await expect(block.getByText('Subscribe for Tutorials and Tech Updates')).toBeVisible();
    const consent = block.getByRole('checkbox', { name: 'I agree to receive newsletters from Maple Tech' });
    await expect(consent).not.toBeChecked();
    await expect(block.getByText('We respect your privacy.')).toBeVisible();

    await block.getByRole('button', { name: 'Subscribe' }).click();
    await expect(block.getByText('Name is required')).toBeVisible();
    await expect(block.getByText('Please enter a valid email address')).toBeVisible();
    await expect(block.getByText('Phone model is required')).toBeVisible();
    await expect(block.getByText('You must consent to receive newsletters')).toBeVisible();
    await expect(consent).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    await block.getByLabel('Your name').fill('Linus');
    await block.getByLabel('Email address').fill('linus@example.com');
    await block.getByRole('combobox', { name: 'Your current phone' }).fill('Toaster 3000');
    await consent.check();
    await block.getByRole('button', { name: 'Subscribe' }).click();
    const phone = block.getByRole('combobox', { name: 'Your current phone' });
    await expect(phone).toHaveAccessibleDescription('Please enter a valid phone model (e.g., iPhone 15, Galaxy S24)');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(0);
  });

  test('reports every invalid field in one round, the unknown phone model included', async ({ page }) => {
    const block = await openBlock(page);
    const phone = block.getByRole('combobox', { name: 'Your current phone' });
    await phone.fill('Toaster 3000');
    await block.getByRole('button', { name: 'Subscribe' }).click();
    await expect(block.getByText('Name is required')).toBeVisible();
    await expect(block.getByText('Please enter a valid email address')).toBeVisible();
    await expect(block.getByText('You must consent to receive newsletters')).toBeVisible();
    await expect(phone).toHaveAccessibleDescription('Please enter a valid phone model (e.g., iPhone 15, Galaxy S24)');
  });

  test('type-ahead: up to 5 title-cased suggestions, pick by mouse or keyboard, none for an empty field', async ({
    page,
  }) => {
    const block = await openBlock(page);
    const phone = block.getByRole('combobox', { name: 'Your current phone' });
    await phone.fill('galaxy s2');
    const list = block.getByRole('listbox', { name: 'Phone suggestions' });
    await expect(phone).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('option')).toHaveCount(5);
    for (const text of await list.getByRole('option').allTextContents()) expect(text).toMatch(/^Samsung Galaxy S2/);
    const maxHeight = await list.evaluate((el) => getComputedStyle(el).maxHeight);
    expect(maxHeight).toBe('144px'); // 9rem

    await list.getByRole('option').nth(1).click();
    const picked = await phone.inputValue();
    expect(picked).toMatch(/^Samsung Galaxy S2/);
    await expect(list).toBeHidden();

    await phone.fill('pixel 9');
    await phone.press('ArrowDown');
    const first = await list.getByRole('option').first().textContent();
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await phone.press('Enter');
    await expect(phone).toHaveValue(first!);

    await phone.fill('');
    await expect(list).toBeHidden();
    await expect(phone).toHaveAttribute('aria-expanded', 'false');
  });

  test('success: green confirmation, then a pulsing check after 2 s, then the block collapses after 2 s more', async ({
    page,
  }) => {
    await page.clock.install();
    const email = uniqueEmail('nl');
    const block = await openBlock(page);
    await block.getByLabel('Your name').fill('Margaret');
    await block.getByLabel('Email address').fill(email);
    await block.getByRole('combobox', { name: 'Your current phone' }).fill('google pixel 9 pro');
    await page.keyboard.press('Tab'); // on to the checkbox; the suggestion list closes
    await expect(block.getByRole('listbox')).toBeHidden();
    await block.getByRole('checkbox', { name: /I agree to receive newsletters/ }).check();
    await block.getByRole('button', { name: 'Subscribe' }).click();

    await expect(block.getByText("Subscribed! We'll send updates for google pixel 9 pro")).toBeVisible(ANSWER);
    await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Subscription successful');
    await expect(block.locator('[data-phase]')).toHaveAttribute('data-phase', 'confirmed');
    await expect(block.getByRole('heading', { name: 'Join Our Community' })).toBeVisible();

    await page.clock.runFor(2000);
    await expect(block.locator('[data-phase]')).toHaveAttribute('data-phase', 'check');
    await expect(block.locator('.animate-pulse')).toBeVisible();
    await expect(block.getByText("Subscribed! We'll send updates for")).toHaveCount(0);

    await page.clock.runFor(2000);
    await expect(block.locator('[data-phase]')).toHaveAttribute('data-phase', 'collapsed');
    await expect(block.getByRole('heading', { name: 'Join Our Community' })).not.toBeInViewport();
    await expect(block.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);

    expect(await storedSubscriber(email)).toMatchObject({
      list: 'newsletter',
      phoneModel: 'google pixel 9 pro',
      consent: { form: 'newsletter', page: '/' },
    });
  });

  test('failure: error toast, input kept', async ({ page }) => {
    await page.route('/api/newsletter/subscribe', (route) => route.fulfill({ status: 500, body: 'boom' }));
    const block = await openBlock(page);
    await block.getByLabel('Your name').fill('Barbara');
    await block.getByLabel('Email address').fill('barbara@example.com');
    await block.getByRole('combobox', { name: 'Your current phone' }).fill('iPhone 15');
    await page.keyboard.press('Escape'); // closes the suggestion list
    await block.getByRole('checkbox', { name: /I agree/ }).check();
    await block.getByRole('button', { name: 'Subscribe' }).click();
    const toast = page.getByRole('region', { name: /Notification/ }).locator('[data-variant="destructive"]');
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('There was a problem with your subscription. Please try again.');
    await expect(block.getByLabel('Email address')).toHaveValue('barbara@example.com');
    await expect(block.getByRole('checkbox', { name: /I agree/ })).toBeChecked();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: newsletter block with suggestions open (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const block = await openBlock(page);
      await block.getByRole('combobox', { name: 'Your current phone' }).fill('iphone 16');
      await expect(block.getByRole('listbox')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('header and about subscribe forms', () => {
  test('header (desktop): a real signup, "Thanks! ✓" for 3 s, then cleared and closed', async ({ page }) => {
    await page.clock.install();
    const email = uniqueEmail('hdr');
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Tap here' }).click();
    const panel = page.locator('#header-subscribe');
    await expect(
      panel.getByText('By subscribing you agree to receive tech updates by e-mail from Maple Tech'),
    ).toBeVisible();
    await panel.getByPlaceholder('Your name').fill('Header Person');
    await panel.getByPlaceholder('Current phone model').fill('Nokia 3310');
    await panel.getByPlaceholder('Email address').fill(email);
    await panel.getByRole('button', { name: 'Subscribe' }).click();
    await expect(panel.getByRole('status')).toHaveText('Thanks! ✓', ANSWER);
    expect(await storedSubscriber(email)).toMatchObject({
      list: 'newsletter',
      phoneModel: 'Nokia 3310',
      consent: { form: 'header', page: '/shop' },
    });

    await page.clock.runFor(3000);
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Tap here' }).click();
    await expect(panel.getByPlaceholder('Email address')).toHaveValue('');
    await expect(panel.locator('[data-status]')).toBeEmpty();
  });

  test('header (desktop): a failure shows an error instead of thanks and keeps the input', async ({ page }) => {
    await page.route('/api/newsletter/subscribe', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Tap here' }).click();
    const panel = page.locator('#header-subscribe');
    await panel.getByPlaceholder('Your name').fill('Header Person');
    await panel.getByPlaceholder('Current phone model').fill('Pixel 8');
    await panel.getByPlaceholder('Email address').fill('fail@example.com');
    await panel.getByRole('button', { name: 'Subscribe' }).click();
    await expect(panel.getByRole('status')).toContainText("Sorry, we couldn't subscribe you");
    await expect(panel.getByRole('status')).not.toContainText('Thanks');
    await expect(panel.getByPlaceholder('Email address')).toHaveValue('fail@example.com');
    await expect(panel).toBeVisible();
  });

  test('header (mobile menu): "Thanks for subscribing! ✓" for 3 s, then the menu closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.clock.install();
    const email = uniqueEmail('mob');
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByPlaceholder('Your name').fill('Mobile Person');
    await menu.getByPlaceholder('Current phone model').fill('Galaxy S24');
    await menu.getByPlaceholder('Email address').fill(email);
    await menu.getByRole('button', { name: 'Subscribe' }).click();
    await expect(menu.getByRole('status')).toHaveText('Thanks for subscribing! ✓', ANSWER);
    expect((await storedSubscriber(email)).consent.form).toBe('header-mobile');
    await page.clock.runFor(3000);
    await expect(menu).toBeHidden();
  });

  test('about box: collapsed -> form -> confirmation -> collapsed again after 2 s', async ({ page }) => {
    await page.clock.install();
    const email = uniqueEmail('about');
    await page.goto('/about');
    const box = page.locator('about-subscribe');
    const open = box.getByRole('button', { name: 'Subscribe for updates' });
    await expect(box.getByLabel('Email address')).toBeHidden();
    await open.click();
    await expect(box.getByLabel('Your name')).toBeFocused();
    await box.getByLabel('Your name').fill('About Person');
    await box.getByLabel('Current phone model').fill('iPhone 13');
    await box.getByLabel('Email address').fill(email);
    await expectNoSeriousA11yViolations(page);
    await box.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(box.getByText("You're subscribed! Thanks for joining us.")).toBeVisible(ANSWER);
    await expect(box.getByLabel('Email address')).toBeHidden();
    expect((await storedSubscriber(email)).consent).toMatchObject({ form: 'about', page: '/about' });

    await page.clock.runFor(2000);
    await expect(box.getByText("You're subscribed! Thanks for joining us.")).toBeHidden();
    await expect(open).toBeVisible();
    await expect(open).toBeFocused();
    await open.click();
    await expect(box.getByLabel('Email address')).toHaveValue('');
  });

  test('about box: a failure shows an error and keeps the form open', async ({ page }) => {
    await page.route('/api/newsletter/subscribe', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/about');
    const box = page.locator('about-subscribe');
    await box.getByRole('button', { name: 'Subscribe for updates' }).click();
    await box.getByLabel('Your name').fill('About Person');
    await box.getByLabel('Current phone model').fill('iPhone 13');
    await box.getByLabel('Email address').fill('about-fail@example.com');
    await box.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(box.getByRole('status').first()).toContainText("Sorry, we couldn't subscribe you");
    await expect(box.getByText("You're subscribed!")).toBeHidden();
    await expect(box.getByLabel('Email address')).toHaveValue('about-fail@example.com');
  });
});
