// Staff screens as a new owner meets them: the subscriber table at a few hundred people
// (status filter, sorting, compact rows, focus after Load more), the outbox's HTML view, the template
// editor's parts and refusals, the empty campaign preview in dark mode, and campaign progress before
// the audience is read. With SHOTS_DIR set, the table is seeded to 2,000 and each screen is
// photographed at 375 and 1280 px, light and dark (the PNGs are looked at, never committed).
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { setEnvironmentContext } from '@netlify/blobs';
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsIn } from './fixtures';
import { islands, runTag, seedSubscriber, signInByApi } from './admin-helpers';
import { loadSignupLib } from '../../scripts/lib/site-lib.mjs';
import { seedSubscribers } from '../../scripts/lib/seed-core.mjs';
import { startBlobsServer } from '../../scripts/runtime/blobs-server.mjs';

test.describe.configure({ timeout: 300_000 });
const SLOW = { timeout: 30_000 };
const SHOTS = process.env.SHOTS_DIR;

/** Writes `count` subscribers straight into the served site's store (as `npm run seed` does). */
async function seedStore(count: number, tag: string) {
  const server = await startBlobsServer({
    directory: path.resolve('.test-site/.netlify/blobs-serve'),
    token: 'e2e-seed',
  });
  try {
    const { url } = server;
    setEnvironmentContext({ siteID: '0', deployID: '0', token: 'e2e-seed', edgeURL: url, uncachedEdgeURL: url });
    await seedSubscribers(await loadSignupLib(), { count, days: 0.05, tag, concurrency: 8, seed: 11 });
  } finally {
    await server.stop();
  }
}

/** Screenshots of the page at 375 and 1280 px, light and dark, when SHOTS_DIR is set. */
async function shots(page: Page, name: string, prepare?: () => Promise<void>) {
  if (!SHOTS) return;
  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      // The theme is set as the page loads (the `dark` class on <html>): set it as a reload would.
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
      await prepare?.();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${scheme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

const rowsOf = (page: Page) => page.locator('tbody tr[data-row]');

test('subscriber table: a status filter, sorting by name, 12 rows at 1280×800, and Load more keeps focus on the list', async ({
  page,
}) => {
  const tag = runTag('st');
  await seedStore(SHOTS ? 2000 : 160, tag);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page);
  await page.goto('/admin/waitlist');
  await islands(page);
  await expect(rowsOf(page)).toHaveCount(50, SLOW);

  // Compact rows: with the table's head at the top of the 800 px window, 12 rows are in view.
  await page.locator('thead').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const twelfth = await rowsOf(page).nth(11).boundingBox();
  expect(twelfth!.y + twelfth!.height).toBeLessThanOrEqual(800);

  // The status filter is the server's: every row shown is pending, and the count is the server's total.
  const answered = page.waitForResponse((r) => r.url().includes('status=pending'), SLOW);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Pending confirmation' });
  const total = Number((await answered).headers()['x-total-count']);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false', SLOW);
  const badges = rowsOf(page).getByTestId('subscriber-status');
  await expect(badges.first()).toHaveText('Pending confirmation');
  expect(new Set(await badges.allTextContents())).toEqual(new Set(['Pending confirmation']));
  await expect(page.getByRole('status').filter({ hasText: /shown/ })).toHaveText(
    new RegExp(`^\\d+ of ${total} subscribers? shown$`),
  );
  await shots(page, 'subscribers-pending');

  // Bounced is offered; no provider events reach this copy, so nobody in it has bounced.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Bounced' });
  await expect(page.getByText('No subscribers found')).toBeVisible(SLOW);

  // Sorted by name, A to Z, across every status.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
  const sorted = page.waitForResponse((r) => r.url().includes('sort=name'), SLOW);
  await page.getByLabel('Sort by').selectOption({ label: 'Name (A–Z)' });
  await sorted;
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false', SLOW);
  // People without a name (shown as "-") come after every name.
  const names = (await rowsOf(page).locator('td:nth-child(2)').allTextContents()).map((n) => n.trim());
  const byName = (a: string, b: string) =>
    Number(a === '-') - Number(b === '-') || a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
  expect(names).toEqual([...names].sort(byName));

  // Load more: focus goes to the first row that came in, not to the page.
  await page.getByLabel('Sort by').selectOption({ label: 'Newest first' });
  await expect(rowsOf(page)).toHaveCount(50, SLOW);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rowsOf(page)).toHaveCount(100, SLOW);
  const fifty = await rowsOf(page).nth(50).getAttribute('data-row');
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.getAttribute('data-row') ?? document.activeElement?.tagName),
    )
    .toBe(fifty);
  await expectNoSeriousA11yViolations(page);
});

test('the outbox shows the HTML part as the recipient sees it beside the text part, its links open in a new tab', async ({
  page,
}) => {
  const tag = runTag('ob');
  const email = `outbox-${tag}@example.com`;
  await seedSubscriber(page.request, { name: `Outbox ${tag}`, email });
  await signInByApi(page);
  await page.goto('/admin/mail');
  await islands(page);
  const message = page.locator('details').filter({ hasText: `To ${email}` });
  await message.locator('summary').click(SLOW);
  const frame = message.locator(`iframe[title="HTML part of the e-mail to ${email}"]`);
  await expect(frame).toBeVisible(SLOW);
  // The kind in words, never its code.
  await expect(message.locator('summary')).toContainText('Confirmation request');
  // Sandboxed: no scripts, no same origin; pop-ups only, so links open in a new tab.
  const sandbox = (await frame.getAttribute('sandbox')) ?? '';
  expect(sandbox.split(/\s+/)).not.toContain('allow-scripts');
  expect(sandbox.split(/\s+/)).not.toContain('allow-same-origin');
  const button = page
    .frameLocator(`iframe[title="HTML part of the e-mail to ${email}"]`)
    .getByRole('link', { name: 'Confirm my subscription' });
  await expect(button).toBeVisible();
  const [opened] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
  await opened.waitForLoadState('domcontentloaded');
  expect(opened.url()).toContain('/api/confirm?token=');
  await opened.close();

  const text = message.getByRole('region', { name: `Text part of the e-mail to ${email}` });
  await expect(text).toContainText('Please confirm it by opening this link');
  const link = text.getByRole('link', { name: /\/api\/confirm\?token=/ });
  await expect(link).toHaveAttribute('target', '_blank');
  // axe cannot run inside a sandboxed frame (no scripts there): the page without the frames, then the
  // mail's HTML document on its own, as the frame shows it.
  await expectNoSeriousA11yViolations(page, { exclude: ['iframe[sandbox]'] });
  const srcdoc = await frame.getAttribute('srcdoc');
  expect(srcdoc).toContain('Confirm my subscription');
  await expectNoSeriousA11yViolationsIn(page, srcdoc!);
  await shots(page, 'outbox-html');
});

test('email templates: each is named for what it is, the preview shows the part being edited, and a refused save says why', async ({
  page,
}) => {
  await signInByApi(page);
  await page.goto('/admin/email-templates');
  await islands(page);
  const welcome = page.getByRole('button', { name: /Waitlist welcome/ });
  await expect(welcome).toContainText('The welcome: sent when someone confirms joining the waitlist', SLOW);
  await welcome.click();
  await expect(page.getByTestId('template-parts-note')).toContainText('Every recipient gets both parts');

  // Editing the text part previews the text part, and says the HTML part goes as it is.
  const body = page.getByLabel('Text body');
  const original = await body.inputValue();
  await body.fill(`${original}\nP.S. ${tag()}`);
  await expect(page.getByTestId('preview-text')).toContainText('P.S.');
  await expect(page.getByTestId('template-html-unchanged')).toContainText('The HTML part, which most recipients see');
  await body.fill(original);

  // The HTML part without its unsubscribe link is refused, and the editor says why where it is.
  await page.getByRole('tab', { name: 'HTML Content' }).click();
  await expect(page.locator('iframe[title="HTML e-mail preview"]')).toBeVisible();
  const html = page.getByLabel('HTML body');
  const originalHtml = await html.inputValue();
  await html.fill(originalHtml.replace(/\{\{\s*unsubscribeUrl\s*\}\}/g, 'https://example.com/'));
  await page.getByRole('tab', { name: 'Text Content' }).click();
  await page.getByRole('button', { name: 'Save Template' }).click();
  const toast = page.locator('li[data-variant]').filter({ hasText: 'Error saving template' });
  await expect(toast).toContainText('HTML part: Keep the {{unsubscribeUrl}} placeholder', SLOW);
  await expect(page.getByRole('tab', { name: 'HTML Content' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('every e-mail needs a working unsubscribe link').first()).toBeVisible();
  await html.fill(originalHtml);

  // The confirmation request, the first mail everyone gets, is editable too: without its link the save
  // is refused and says why; its placeholders are its own (no name: the address is not confirmed yet).
  await page.getByRole('button', { name: /Confirmation request/ }).click();
  await expect(page.getByText('{{confirmUrl}}').first()).toBeVisible();
  const request = page.getByLabel('Text body');
  const requestText = await request.inputValue();
  expect(requestText).toContain('{{confirmUrl}}');
  await request.fill(requestText.replace(/\{\{\s*confirmUrl\s*\}\}/g, ''));
  await expect(page.getByTestId('preview-text')).toContainText('Someone, hopefully you, asked to join');
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(
    page.locator('li[data-variant]').filter({ hasText: 'Text part: Keep the {{confirmUrl}} placeholder' }),
  ).toBeVisible(SLOW);
  await expect(page.locator('#tpl-text-error')).toContainText('needs a working confirmation link');
  await request.fill(requestText);
  await page.getByRole('button', { name: /Waitlist welcome/ }).click();
  await shots(page, 'template-editor', async () => {
    await expect(
      page.frameLocator('iframe[title="HTML e-mail preview"]').getByText("You're on the waitlist!"),
    ).toBeVisible();
  });
});

test('campaigns: the empty preview follows dark mode, and progress shows no full bar while the audience is read', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInByApi(page);
  await page.goto('/admin/campaigns');
  await islands(page);
  const empty = page.getByTestId('preview-empty');
  await expect(empty).toHaveText('Write the message to see it here as a subscriber will.', SLOW);
  await expect(page.locator('iframe[title="HTML e-mail preview"]')).toHaveCount(0);
  const background = await empty.evaluate((el) => {
    let node: Element | null = el;
    while (node) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
      node = node.parentElement;
    }
    return '';
  });
  expect(background).not.toBe('rgb(255, 255, 255)');
  await shots(page, 'campaign-empty-preview');
});

test('campaign progress: while the audience is read nothing is drawn as done, and the phase is said in words', async ({
  page,
}) => {
  // A send that has just started: the audience is being read (no total yet), nobody sent. The answer
  // is held at that moment (routed), as the real one is for the first seconds of a send.
  const id = 'cprogress-e2e';
  const now = new Date().toISOString();
  await page.route(`**/api/admin/campaigns/${id}`, (route) =>
    route.fulfill({
      json: {
        id,
        kind: 'campaign',
        subject: 'News for {{name}}',
        body: 'Something new.',
        audience: { lists: ['waitlist'], interests: [] },
        limit: null,
        status: 'sending',
        createdAt: now,
        sendAt: null,
        startedAt: now,
        finishedAt: null,
        audienceCount: 3,
        jobId: 'j1',
        revokedAt: null,
        total: null,
        sent: 0,
        failed: 0,
        skipped: 0,
        unknown: 0,
        error: null,
      },
    }),
  );
  await signInByApi(page);
  await page.goto(`/admin/campaigns?id=${id}`);
  await islands(page);
  const bar = page.getByRole('progressbar', { name: 'Sending progress' });
  await expect(bar).toBeVisible(SLOW);
  await expect(bar).not.toHaveAttribute('aria-valuenow');
  await expect(bar).toHaveAttribute('aria-valuetext', 'Reading the audience');
  await expect(page.getByText('Reading the audience…')).toBeVisible();
  const filled = await bar.evaluate((el) => (el.firstElementChild as HTMLElement).getBoundingClientRect().width);
  expect(filled).toBe(0);
  await shots(page, 'campaign-progress-reading');
});

function tag() {
  return runTag('tp');
}
