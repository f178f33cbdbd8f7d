// The staff campaign screen against the served site (mail goes to the local outbox, read through the
// staff API): compose with a live preview and the audience count, a test copy, Send now with the
// progress bar up to 100% and the report, the archive; a scheduled campaign cancelled behind its
// confirmation; the dashboard's launch offer. Then an early-access wave: the invited subscriber's pass
// link, taken from the mail they were sent, opens the pre-launch site; after staff revoke it, the link
// no longer does, and the browser that holds the pass loses it at its next check.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY, GATED_BASE_URL, expectNoSeriousA11yViolations } from './fixtures';
import { islands, runTag, seedConfirmed, signInByApi } from './admin-helpers';
import { PASS_COOKIE, PASS_RECHECK_MS, readPassCookie, signPassCookie } from '../../src/lib/campaigns/pass';

// Sends run in the background function of a shared, busy machine: give them room.
test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 45_000 };
const WAITLIST_HEADING = /Join the .* community/;

interface OutboxMail {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** The newest outbox mail matching `match`, paging back through the outbox (null when none). */
async function findMail(request: APIRequestContext, match: (m: OutboxMail) => boolean): Promise<OutboxMail | null> {
  let url: string | null = '/api/admin/outbox';
  for (let page = 0; url && page < 100; page++) {
    const res = await request.get(url, { headers: { 'admin-key': E2E_ADMIN_KEY }, timeout: 60_000 });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { entries: OutboxMail[]; next: string | null };
    const found = body.entries.find(match);
    if (found) return found;
    url = body.next ? `/api/admin/outbox?cursor=${encodeURIComponent(body.next)}` : null;
  }
  return null;
}

/** Waits for a mail the background send writes. */
async function mailTo(request: APIRequestContext, match: (m: OutboxMail) => boolean): Promise<OutboxMail> {
  let found: OutboxMail | null = null;
  await expect
    .poll(async () => {
      found = await findMail(request, match);
      return found !== null;
    }, SLOW)
    .toBe(true);
  return found!;
}

async function openCampaigns(page: Page, query = '') {
  await signInByApi(page);
  await page.goto(`/admin/campaigns${query}`);
  await islands(page);
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible(SLOW);
}

async function expectToast(page: Page, title: string) {
  await expect(page.locator('li[data-variant]').filter({ hasText: title })).toBeVisible(SLOW);
}

/** The number the audience line shows, once counted. */
async function audienceCount(page: Page, pattern: RegExp): Promise<number> {
  const line = page.getByText(pattern);
  await expect(line).toBeVisible(SLOW);
  return Number((await line.innerText()).match(pattern)![1].replace(/,/g, ''));
}

/** Presses "Send now…" and confirms in the dialog; the campaign's own view opens. */
async function sendNow(page: Page) {
  await page.getByRole('button', { name: 'Send now…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(/Send to [\d,]+ recipients? now\?/);
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\?id=c[a-z0-9-]+$/, SLOW);
}

/** Waits for the progress bar to reach 100% and the report; returns the report's figures. */
async function finished(page: Page) {
  const bar = page.getByRole('progressbar', { name: 'Sending progress' });
  await expect(bar).toBeVisible(SLOW);
  await expect(bar).toHaveAttribute('aria-valuenow', '100', SLOW);
  const report = page.getByTestId('campaign-report');
  await expect(report).toBeVisible(SLOW);
  await expect(page.locator('article[data-status]')).toHaveAttribute('data-status', 'sent', SLOW);
  const figure = async (label: string) =>
    Number(
      (
        await report
          .locator('div', { has: page.getByText(label, { exact: true }) })
          .locator('dd')
          .innerText()
      ).replace(/,/g, ''),
    );
  return {
    report,
    recipients: await figure('Recipients'),
    sent: await figure('Sent'),
    failed: await figure('Failed'),
    skipped: await figure('Skipped'),
    unknown: await figure('Outcome unknown'),
  };
}

test('staff compose a campaign, send a test copy, send it, watch it reach 100% and read the report', async ({
  page,
}) => {
  const tag = runTag('cmp');
  const reader = { name: `Reader ${tag}`, email: `reader-${tag}@example.com` };
  await seedConfirmed(page.request, { ...reader, interests: 'tech_news' });
  await openCampaigns(page);
  await expect(page.getByRole('radio', { name: /^Campaign/ })).toBeChecked();

  // Compose: the preview is the mail as the server renders it, with sample values.
  await page.getByLabel('Subject').fill(`News ${tag} for {{name}}`);
  await page
    .getByLabel('Body (Markdown)')
    .fill(`Hi **{{name}}**,\n\nSomething new: [read it](https://mapletech.ca/blog).`);
  await expect(page.getByTestId('preview-subject')).toHaveText(`News ${tag} for Alex Sample`);
  const mail = page.frameLocator('iframe[title="HTML e-mail preview"]');
  await expect(mail.locator('strong')).toHaveText('Alex Sample');
  await expect(mail.getByRole('link', { name: 'read it' })).toHaveAttribute('href', 'https://mapletech.ca/blog');
  await expect(mail.getByRole('link', { name: /unsubscribe/i })).toBeVisible();
  // axe cannot run inside the sandboxed (script-less) HTML preview: scan with the text preview.
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await expect(page.getByTestId('preview-text')).toContainText('Something new: read it (https://mapletech.ca/blog)');
  await expectNoSeriousA11yViolations(page);

  // Audience: the waitlist's readers of tech news, counted before anything is sent.
  await page.getByRole('checkbox', { name: 'Newsletter' }).uncheck();
  await page.getByRole('checkbox', { name: 'Tech News' }).check();
  await expect(page.getByText('Confirmed subscribers of the waitlist interested in Tech News')).toBeVisible();
  expect(await audienceCount(page, /^([\d,]+) recipients?$/)).toBeGreaterThanOrEqual(1);

  // A test copy to an address staff type.
  const staff = `staff-${tag}@example.com`;
  await page.getByLabel('Send a test copy to').fill(staff);
  await page.getByRole('button', { name: 'Send test copy' }).click();
  await expectToast(page, 'Test copy sent');
  const test = await mailTo(page.request, (m) => m.to === staff && m.kind === 'campaign-test');
  expect(test.subject).toBe(`[Test] News ${tag} for there`);

  // Send now (confirmed), then the progress up to 100% and the report.
  await sendNow(page);
  const figures = await finished(page);
  expect(figures.sent).toBeGreaterThanOrEqual(1);
  expect(figures.failed + figures.unknown).toBe(0);
  expect(figures.sent + figures.skipped).toBe(figures.recipients);
  await expectNoSeriousA11yViolations(page);

  // The reader got their own copy, by name, with their own unsubscribe link.
  const copy = await mailTo(page.request, (m) => m.to === reader.email && m.kind === 'campaign-campaign');
  expect(copy.subject).toBe(`News ${tag} for ${reader.name}`);
  expect(copy.text).toMatch(/\/api\/unsubscribe\?token=\S+/);
  expect(copy.text).not.toContain('token=preview');

  // The archive lists it; it opens to its report again.
  await page.getByRole('link', { name: 'All campaigns' }).click();
  await expect(page.getByRole('tab', { name: 'Archive' })).toHaveAttribute('aria-selected', 'true');
  const entry = page
    .getByRole('list', { name: 'Campaigns, newest first' })
    .getByRole('listitem')
    .filter({ hasText: `News ${tag} for {{name}}` });
  await expect(entry).toContainText('Sent', SLOW);
  await expectNoSeriousA11yViolations(page);
  await entry.getByRole('link').click();
  await expect(page.getByTestId('campaign-report')).toBeVisible(SLOW);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Archive' })).toHaveAttribute('aria-selected', 'true');
});

test('a scheduled campaign waits for its time and is cancelled only after the confirmation', async ({ page }) => {
  const tag = runTag('sch');
  await openCampaigns(page);
  await page.getByLabel('Subject').fill(`Later ${tag}`);
  await page.getByLabel('Body (Markdown)').fill('Coming tomorrow.');
  await page.getByRole('radio', { name: 'Send at a set time' }).check();
  await page.getByRole('button', { name: 'Schedule…' }).click();
  await expect(page.getByText('Choose when to send')).toBeVisible();
  await expect(page.getByLabel('Send on')).toBeFocused();

  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await page
    .getByLabel('Send on')
    .fill(
      `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T${pad(tomorrow.getHours())}:${pad(tomorrow.getMinutes())}`,
    );
  await page.getByRole('button', { name: 'Schedule…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Schedule' }).click();
  await expect(page.locator('article[data-status]')).toHaveAttribute('data-status', 'scheduled', SLOW);
  await expect(page.getByText('Goes out on', { exact: true })).toBeVisible();

  // Escape keeps it and gives focus back; the confirmed Cancel stops it for good.
  const cancel = page.getByRole('button', { name: 'Cancel…' });
  await cancel.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await expect(page.locator('article[data-status]')).toHaveAttribute('data-status', 'scheduled');
  await cancel.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel campaign' }).click();
  await expect(page.locator('article[data-status]')).toHaveAttribute('data-status', 'cancelled', SLOW);
  await expect(page.getByRole('button', { name: 'Send now…' })).toHaveCount(0);
});

test('once launched, the dashboard offers the launch notification, pre-filled for the whole waitlist', async ({
  page,
}) => {
  await signInByApi(page);
  await page.goto('/admin');
  await islands(page);
  await page.getByRole('link', { name: 'Write the launch notification' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\?kind=launch$/);
  await expect(page.getByRole('radio', { name: /^Launch notification/ })).toBeChecked(SLOW);
  await expect(page.getByLabel('Subject')).toHaveValue("We're live: Maple Tech is open");
  await expect(page.getByLabel('Body (Markdown)')).toHaveValue(/^Hi \{\{name\}\},/);
  await expect(page.getByText('Confirmed subscribers of the waitlist', { exact: true })).toBeVisible();
  expect(await audienceCount(page, /^([\d,]+) recipients?$/)).toBeGreaterThanOrEqual(0);

  // The dashboard's Email & Settings tab links the screen too.
  await page.goto('/admin');
  await islands(page);
  await page.getByRole('tab', { name: 'Email & Settings' }).click();
  await expect(page.getByRole('link', { name: 'Open Campaigns' })).toHaveAttribute('href', '/admin/campaigns');
});

/** The session secret of the test site's copy (both servers sign with it). */
function testSiteSecret(): string {
  return JSON.parse(readFileSync('.test-site/.netlify/local-secrets.json', 'utf8')).SESSION_SECRET as string;
}

/**
 * Ages the pass cookie `context` holds as if its last revocation check were a minute old (what a
 * minute's wait would do): the same pass, re-signed with an older check time.
 */
async function ageTheCookie(context: BrowserContext) {
  const secret = testSiteSecret();
  const held = (await context.cookies()).find((c) => c.name === PASS_COOKIE);
  expect(held, 'the pass cookie').toBeTruthy();
  const read = await readPassCookie(held!.value, secret);
  expect(read).not.toBeNull();
  const aged = await signPassCookie(read!.pass, Date.now() - PASS_RECHECK_MS - 1_000, secret);
  await context.addCookies([{ ...held!, value: aged }]);
}

test('an early-access pass opens the pre-launch site until staff revoke it', async ({ page, browser }) => {
  const tag = runTag('wave');
  const guest = { name: `Guest ${tag}`, email: `guest-${tag}@example.com` };
  await seedConfirmed(page.request, { ...guest, interests: 'smartphone_tutorials' });

  // Staff invite a wave of everyone not invited yet who reads smartphone tutorials.
  await openCampaigns(page, '?kind=early-access');
  await expect(page.getByRole('radio', { name: /^Early-access wave/ })).toBeChecked(SLOW);
  await page.getByLabel('Subject').fill(`Early access ${tag}`);
  await page.getByRole('checkbox', { name: 'Smartphone Tutorials' }).check();
  await page.getByLabel('Wave size').fill('100000');
  expect(await audienceCount(page, /^This wave invites ([\d,]+) subscribers?/)).toBeGreaterThanOrEqual(1);
  await sendNow(page);
  await finished(page);
  const row = page.locator(`tr[data-email="${guest.email}"]`);
  await expect(row).toContainText('Not yet', SLOW);

  // The pass link from the guest's invitation opens the pre-launch site (the gated server).
  const invitation = await mailTo(page.request, (m) => m.to === guest.email && m.kind === 'campaign-early-access');
  const link = new URL(invitation.text.match(/https?:\/\/\S+\/api\/pass\?token=[^\s)]+/)![0]);
  const passPath = `${link.pathname}${link.search}`;
  const visitor = await browser.newContext();
  const guestPage = await visitor.newPage();
  await guestPage.goto(`${GATED_BASE_URL}${passPath}`);
  await expect(guestPage).toHaveTitle(/Your Guide to Tech/, SLOW);
  await guestPage.goto(`${GATED_BASE_URL}/about`);
  await expect(guestPage).toHaveTitle(/About/, SLOW);
  // A minute on, the gate checks the pass again (through /api/pass/check) and still lets it in.
  await ageTheCookie(visitor);
  await guestPage.goto(`${GATED_BASE_URL}/blog`);
  await expect(guestPage).toHaveTitle(/Blog/, SLOW);
  // The pass opens the site, never the staff area: /admin asks for a staff sign-in.
  await guestPage.goto(`${GATED_BASE_URL}/admin`);
  await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText('Admin access', SLOW);

  // Staff see the pass used, and revoke it (behind a confirmation).
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(row.locator('td').nth(2)).not.toHaveText('Not yet', SLOW);
  await row.getByRole('button', { name: `Revoke the pass of ${guest.email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke the pass' }).click();
  await expect(row).toContainText('Revoked', SLOW);
  await expectNoSeriousA11yViolations(page);

  // The link no longer opens anything.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  const refused = await strangerPage.goto(`${GATED_BASE_URL}${passPath}`);
  expect(refused?.status()).toBe(403);
  await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText(
    'This early-access pass is no longer active',
  );
  await strangerPage.goto(`${GATED_BASE_URL}/about`);
  await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText(WAITLIST_HEADING, SLOW);

  // The browser holding the pass loses it at its next check (at most a minute after the revoke).
  await ageTheCookie(visitor);
  await guestPage.goto(`${GATED_BASE_URL}/about`);
  await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText(WAITLIST_HEADING, SLOW);
  await expect.poll(async () => (await visitor.cookies()).some((c) => c.name === PASS_COOKIE)).toBe(false);
  await guestPage.goto(`${GATED_BASE_URL}/blog`);
  await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText(WAITLIST_HEADING, SLOW);
  await visitor.close();
  await stranger.close();
});
