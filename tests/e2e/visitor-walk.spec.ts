// What a new visitor (and a member of staff) meets walking every route: the shared link shows what the
// wizard showed, the header stays on screen, dialogs give focus back, Escape closes the wallpaper
// preview, scroll areas are reachable by keyboard, the newsletter's suggestions leave the consent box
// alone, exact model names come first, templates say when they were really saved, the link pages
// follow the stored theme, and the search and specs lookups are called once per change.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CONTENT_PAGES, E2E_ADMIN_KEY, expectNoSeriousA11yViolations, uniqueEmail } from './fixtures';
import {
  confirmationLink,
  islands,
  runTag,
  seedConfirmed,
  seedSubscriber,
  signInByApi,
  waitForMail,
} from './admin-helpers';
import { openWizard, setBudget, skip, answer, stepHeading, titleOf } from './recommender-helpers';

const SLOW = { timeout: 20_000 };
test.describe.configure({ timeout: 90_000 });

/** The serious scroll-area rule of axe, on the whole page or under `include`. */
async function scrollAreaViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withRules(['scrollable-region-focusable']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** The percentage a recommendation card shows. */
async function scoreOf(card: ReturnType<Page['getByTestId']>): Promise<string> {
  return ((await card.textContent()) ?? '').match(/(\d+)%/)?.[1] ?? '';
}

test.describe('the shared link is what the wizard showed', () => {
  test("'An iPhone', the budget left, six questions skipped: full results and the shared link show the same picks", async ({
    page,
    browser,
  }) => {
    await openWizard(page);
    await answer(page, 'currentPhone', 'iphone');
    await expect(stepHeading(page)).toHaveText(titleOf('budget'));
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    for (const id of ['os', 'primaryUse', 'cameraQuality', 'batteryLife', 'screenSize', 'storage'])
      await skip(page, id);
    const top = page.getByTestId('top-pick');
    const alt = page.getByTestId('alternative');
    await expect(top).toBeVisible(SLOW);
    const wizard = {
      top: await top.getByTestId('phone-name').textContent(),
      topScore: await scoreOf(top),
      alt: await alt.getByTestId('phone-name').textContent(),
      altScore: await scoreOf(alt),
    };
    const href = (await page.getByTestId('full-results-link').getAttribute('href'))!;
    const code = new URL(href).searchParams.get('a');
    expect(code).toBe('1.pi.b50');
    await expect(top).not.toContainText('Runs iOS, as you prefer');

    for (const target of [page, await (await browser.newContext()).newPage()]) {
      if (target === page) await page.getByTestId('full-results-link').click();
      else await target.goto(href);
      const main = target.getByTestId('main-recommendation');
      const other = target.getByTestId('alternative-option');
      await expect(main.getByTestId('phone-name')).toHaveText(wizard.top!, SLOW);
      expect(await scoreOf(main)).toBe(wizard.topScore);
      await expect(other.getByTestId('phone-name')).toHaveText(wizard.alt!);
      expect(await scoreOf(other)).toBe(wizard.altScore);
      await expect(main).not.toContainText('Runs iOS, as you prefer');
      expect(new URL(target.url()).searchParams.get('a')).toBe(code);
    }
  });
});

test.describe('the header stays on screen', () => {
  const pages = [...CONTENT_PAGES, '/how-we-recommend'];
  for (const width of [375, 1280]) {
    test(`at ${width} px: after scrolling, navigation and theme toggle are still there, with the shadow`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of pages) {
        await page.goto(path);
        const header = page.locator('[data-header]');
        const shadow = () => header.evaluate((h) => getComputedStyle(h).boxShadow);
        expect(await shadow(), path).toBe('none');
        await page.evaluate(() => window.scrollTo(0, 600));
        await expect(header, path).toHaveAttribute('data-scrolled', '');
        expect((await header.boundingBox())!.y, path).toBe(0);
        await expect(page.getByRole('button', { name: 'Toggle dark mode' }).first(), path).toBeInViewport();
        if (width < 768) await expect(page.getByRole('button', { name: 'Open menu' }), path).toBeInViewport();
        else await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeInViewport();
        await expect.poll(shadow, { message: path }).not.toBe('none');
      }
    });
  }
});

test.describe('focus comes back', () => {
  test('staff: closing History or Delete returns focus to the button that opened it; a deleted row hands it on', async ({
    page,
    request,
  }) => {
    const tag = runTag('focus');
    const emails = [`${tag}-a@example.com`, `${tag}-b@example.com`];
    for (const email of emails) await seedSubscriber(request, { name: 'Focus Test', email, source: tag });
    await signInByApi(page);
    await page.goto('/admin/waitlist');
    await islands(page);
    await page.getByRole('searchbox').fill(tag);
    const history = page.getByRole('button', { name: `History of ${emails[0]}` });
    await history.click(SLOW);
    const dialog = page.getByRole('dialog', { name: 'Consent history' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(history).toBeFocused();
    await history.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeFocused();

    const del = page.getByRole('button', { name: `Delete ${emails[0]}` });
    await del.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(del).toBeFocused();
    await del.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(del).toHaveCount(0, SLOW);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    await expect(page.getByRole('button', { name: `Delete ${emails[1]}` })).toBeFocused();
  });

  test('staff: after signing in, focus is on the screen’s heading, not lost', async ({ page }) => {
    await page.goto('/admin');
    await islands(page);
    await page.getByLabel('Admin key').fill(E2E_ADMIN_KEY, SLOW);
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeFocused(SLOW);
  });

  test('Escape closes the wallpaper preview, wherever focus is', async ({ page }) => {
    await page.goto('/walls');
    const thumb = page.locator('[data-wall-panel="Apple"] [data-wallpaper-id]').nth(2);
    await thumb.click();
    const preview = page.locator('[data-preview]');
    await expect(preview).toBeVisible(SLOW);
    // Focus is outside the preview (its container), where the preview's own keys never reach.
    expect(await preview.evaluate((p) => p.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);
    await expect(thumb).toBeFocused();
  });
});

test.describe('scroll areas and small screens', () => {
  test('/how-we-recommend at 375 px: the points table fits, no unreachable scroll area, "comparison: 49"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/how-we-recommend');
    const table = page.getByRole('table', { name: 'Criteria and points' });
    const box = (await table.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await scrollAreaViolations(page)).toEqual([]);
    // A colon before a counted figure keeps its space: "comparison: 49", not "comparison:49".
    await expect(page.getByText(/shown on the phone's card and in the comparison: \d/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('staff History dialog at 375 px: its scrolling list is reachable by keyboard', async ({ page, request }) => {
    const email = uniqueEmail('history375');
    await seedConfirmed(request, { name: 'History Phone', email });
    await signInByApi(page);
    await page.setViewportSize({ width: 375, height: 560 });
    await page.goto('/admin/waitlist');
    await islands(page);
    await page.getByRole('searchbox').fill(email);
    await page.getByRole('button', { name: `History of ${email}` }).click(SLOW);
    const dialog = page.getByRole('dialog', { name: 'Consent history' });
    await expect(dialog.getByTestId('timeline-event').first()).toBeVisible(SLOW);
    expect(await scrollAreaViolations(page, '[data-testid="subscriber-timeline"]')).toEqual([]);
  });

  test('staff: e-mail addresses are not broken mid-address at 1280 px, and the table still fits', async ({
    page,
    request,
  }) => {
    const tag = runTag('wrap');
    const usual = `${tag}@example.com`; // about 30 characters, the length of most addresses
    const long = `firstname.lastname.${tag}@example-company-with-a-long-name.com`;
    await seedSubscriber(request, { name: 'Usual Address', email: usual });
    await seedSubscriber(request, { name: 'Long Address', email: long });
    await signInByApi(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/waitlist');
    await islands(page);
    const table = page.getByRole('table');
    /**
     * Where the address's lines break, read from the text as laid out (whatever the markup): the
     * characters that start a new line. Only '@' may.
     */
    const breaks = (email: string) =>
      table.evaluate((t, address) => {
        const cell = [...t.querySelectorAll('tbody td *')].reverse().find((e) => e.textContent === address);
        if (!cell) return null;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const chars: { ch: string; top: number }[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            chars.push({ ch: node.textContent![i], top: Math.round(range.getBoundingClientRect().top) });
          }
        }
        return chars.filter((c, i) => i > 0 && c.top > chars[i - 1].top).map((c) => c.ch);
      }, email);
    const fits = () => table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth);
    const search = page.getByRole('searchbox');
    const rows = page.locator('tbody tr').filter({ has: page.getByRole('checkbox') });

    // An address of usual length: one line, and the whole row, actions included, fits.
    await search.fill(usual);
    await expect(rows).toHaveCount(1, SLOW);
    expect(await breaks(usual)).toEqual([]);
    expect(await fits()).toBe(true);
    // A very long one may take two lines, broken at the '@' only, and the row still fits.
    await search.fill(long);
    await expect(rows).toHaveCount(1, SLOW);
    expect((await breaks(long))!.every((ch) => ch === '@')).toBe(true);
    expect(await fits()).toBe(true);
    // In the whole list (the two are among the newest rows), where the column is shared: the same.
    await search.fill('');
    await expect(rows).not.toHaveCount(1, SLOW);
    await expect.poll(() => breaks(long), SLOW).not.toBeNull();
    expect((await breaks(long))!.every((ch) => ch === '@')).toBe(true);
    expect(await breaks(usual)).toEqual([]);
  });
});

test.describe('newsletter suggestions', () => {
  async function phoneField(page: Page) {
    await page.goto('/');
    const block = page.locator('#newsletter');
    await block.scrollIntoViewIfNeeded();
    await page.waitForSelector('#newsletter astro-island:not([ssr])');
    return { block, phone: block.getByRole('combobox', { name: 'Your current phone' }) };
  }

  test('a click on the consent box while suggestions show checks the box and leaves the phone as typed', async ({
    page,
  }) => {
    const { block, phone } = await phoneField(page);
    await phone.fill('pixel');
    await expect(block.getByRole('listbox')).toBeVisible();
    const consent = block.getByRole('checkbox', { name: /I agree to receive newsletters/ });
    const box = (await consent.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(consent).toBeChecked();
    await expect(phone).toHaveValue('pixel');
  });

  test('"Pixel 8" suggests the exact Pixel 8 first', async ({ page }) => {
    const { block, phone } = await phoneField(page);
    await phone.fill('Pixel 8');
    await expect(block.getByRole('option').first()).toHaveText('Google Pixel 8');
  });
});

test.describe('email templates', () => {
  test('a template nobody saved says so; switching away from unsaved edits asks first', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/admin/email-templates');
    await islands(page);
    const confirmation = page.getByRole('button', { name: /Waitlist welcome/ });
    await expect(confirmation).toContainText('Updated: Never saved', SLOW);

    await confirmation.click();
    const subject = page.getByLabel('Subject line');
    const original = await subject.inputValue();
    await subject.fill(`${original} (draft)`);
    const welcome = page.getByRole('button', { name: /Newsletter welcome/ });
    await welcome.click();
    const ask = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(subject).toHaveValue(`${original} (draft)`);
    await expect(confirmation).toHaveAttribute('aria-pressed', 'true');
    await welcome.click();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await expect(welcome).toHaveAttribute('aria-pressed', 'true');
    await expect(subject).not.toHaveValue(`${original} (draft)`);
  });
});

test.describe('the pages behind the e-mail links', () => {
  test('confirm and unsubscribe follow the stored theme; a used unsubscribe link says already unsubscribed', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('links');
    await seedSubscriber(request, { name: 'Link Pages', email });
    const confirm = await confirmationLink(request, email);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    const dark = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.goto(confirm.pathname + confirm.search);
    await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
    expect(await dark()).toBe('rgb(15, 17, 21)');
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('heading', { name: "You're subscribed!" })).toBeVisible(SLOW);

    const { text } = await waitForMail(request, (m) => m.to === email && /api\/unsubscribe\?token=/.test(m.text));
    const unsubscribe = new URL(text.match(/https?:\/\/\S+\/api\/unsubscribe\?token=\S+/)![0]);
    await page.goto(unsubscribe.pathname + unsubscribe.search);
    expect(await dark()).toBe('rgb(15, 17, 21)');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible(SLOW);
    await page.goto(unsubscribe.pathname + unsubscribe.search);
    await expect(page.getByRole('heading', { name: "You're already unsubscribed" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('one request per change', () => {
  test('the phone search asks once per change of the text (a typed space changes nothing)', async ({ page }) => {
    const queries: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/search-phones') queries.push(url.searchParams.get('query')!);
    });
    await openWizard(page);
    const box = page.getByRole('combobox', { name: 'Search for your current phone' });
    await box.pressSequentially('pixel 8', { delay: 50 });
    await expect(page.getByRole('listbox', { name: 'Matching phones' })).toBeVisible(SLOW);
    expect(queries).toEqual(['p', 'pi', 'pix', 'pixe', 'pixel', 'pixel 8']);
  });

  test('the results page looks up the current phone once', async ({ page }) => {
    const lookups: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/phone-specs/')) lookups.push(r.url());
    });
    await openWizard(page);
    await page.getByRole('combobox', { name: 'Search for your current phone' }).fill('galaxy s22');
    await page.getByRole('option', { name: /Galaxy S22 Ultra/ }).click(SLOW);
    await page.getByRole('button', { name: 'Continue with this phone' }).click();
    await setBudget(page, 60);
    for (const id of ['os', 'primaryUse', 'cameraQuality', 'batteryLife', 'screenSize', 'storage'])
      await skip(page, id);
    await expect(page.getByTestId('top-pick')).toBeVisible(SLOW);
    lookups.length = 0;
    await page.getByTestId('full-results-link').click();
    await expect(page.getByTestId('results-with-current')).toBeVisible(SLOW);
    await expect(page.getByTestId('results-with-current')).toContainText('Galaxy S22 Ultra', SLOW);
    await page.waitForLoadState('networkidle');
    expect(lookups).toHaveLength(1);
  });
});

test.describe('the largest image starts with the document', () => {
  test('pages with a first-screen image send a preload header for the very candidate they use, fetched once', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    for (const path of CONTENT_PAGES) {
      const fetched: string[] = [];
      const onRequest = (r: { url: () => string }) => fetched.push(new URL(r.url()).pathname);
      page.on('request', onRequest);
      const res = await page.goto(path);
      const link = (await res!.allHeaders()).link ?? '';
      const img = page.locator('img[fetchpriority="high"]').first();
      const { src, srcset, sizes } = await img.evaluate((i: HTMLImageElement) => ({
        src: i.getAttribute('src')!,
        srcset: i.getAttribute('srcset'),
        sizes: i.getAttribute('sizes'),
      }));
      expect(link, path).toContain(`<${src}>; rel=preload; as=image`);
      if (srcset) expect(link, path).toContain(`imagesrcset="${srcset}"`);
      if (srcset && sizes) expect(link, path).toContain(`imagesizes="${sizes}"`);
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), SLOW).toBe(true);
      const used = new URL(await img.evaluate((i: HTMLImageElement) => i.currentSrc)).pathname;
      const candidates = new Set([src, ...(srcset ?? '').split(',').map((c) => c.trim().split(/\s+/)[0])]);
      // The preload and the <img> agree: one candidate of this image fetched, the one shown.
      expect(
        fetched.filter((f) => candidates.has(f)),
        path,
      ).toEqual([used]);
      page.off('request', onRequest);
    }
  });
});
