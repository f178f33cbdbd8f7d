// The staff table pages on the server: 50 rows, then 'Load more'; select-all acts on the rows shown.
// 60 subscribers are written straight into the served site's Blobs store (record + index key each,
// through the real Blobs client, as `npm run seed` does) so the test does not wait for 60 signups.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { setEnvironmentContext } from '@netlify/blobs';
import { expectNoSeriousA11yViolations } from './fixtures';
import { islands, runTag, signInByApi } from './admin-helpers';
import { loadSignupLib } from '../../scripts/lib/site-lib.mjs';
import { seedSubscribers } from '../../scripts/lib/seed-core.mjs';
import { startBlobsServer } from '../../scripts/runtime/blobs-server.mjs';

test.describe.configure({ timeout: 180_000 });
const SLOW = { timeout: 30_000 };

test('subscriber table: 50 rows, Load more, server-side search, select-all on the rows shown', async ({ page }) => {
  const tag = runTag('pg');
  const server = await startBlobsServer({
    directory: path.resolve('.test-site/.netlify/blobs-serve'),
    token: 'e2e-seed',
  });
  try {
    const { url } = server;
    setEnvironmentContext({ siteID: '0', deployID: '0', token: 'e2e-seed', edgeURL: url, uncachedEdgeURL: url });
    await seedSubscribers(await loadSignupLib(), { count: 60, days: 0.02, tag, concurrency: 8, seed: 7 });
  } finally {
    await server.stop();
  }

  await signInByApi(page);
  await page.goto('/admin/waitlist');
  await islands(page);
  const rows = page.locator('tbody tr').filter({ has: page.getByRole('checkbox') });
  const status = page.getByRole('status').filter({ hasText: /shown/ });

  // The whole list: the first page holds 50 rows and says how many there are in all.
  await expect(rows).toHaveCount(50, SLOW);
  await expect(status).toHaveText(/^50 of \d+ subscribers shown$/);
  const total = Number(/of (\d+)/.exec((await status.textContent()) ?? '')![1]);
  expect(total).toBeGreaterThanOrEqual(60);

  // Our 60, found by the server's search: 50, then the other 10 after 'Load more'.
  // While the server searches, the loaded rows are filtered at once and the table is busy
  // (aria-busy); wait for the server's answer and the table to settle before acting on the rows.
  const searched = page.waitForResponse((r) => r.url().includes(`q=${tag}`), SLOW);
  await page.getByLabel('Search subscribers').fill(tag);
  await searched;
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false', SLOW);
  const more = page.getByRole('button', { name: 'Load more' });
  await expect(more).toBeVisible(SLOW);
  await expect(status).toHaveText('50 of 60 subscribers shown', SLOW);
  await expect(rows).toHaveCount(50);
  const firstPage = await rows.locator('td:nth-child(3)').allTextContents();

  const selectAll = page.getByRole('checkbox', { name: 'Select all' });
  await selectAll.check();
  await expect(page.getByRole('button', { name: 'Delete Selected (50)' })).toBeVisible();
  await selectAll.uncheck();

  await more.click();
  await expect(rows).toHaveCount(60, SLOW);
  await expect(status).toHaveText('60 of 60 subscribers shown');
  await expect(more).toHaveCount(0);
  const all = await rows.locator('td:nth-child(3)').allTextContents();
  expect(all.slice(0, 50)).toEqual(firstPage);
  expect(new Set(all).size).toBe(60);
  // Newest first across the two pages.
  const times = await rows.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
  expect(times).toEqual([...times].sort().reverse());

  await selectAll.check();
  await expect(page.getByRole('button', { name: 'Delete Selected (60)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
