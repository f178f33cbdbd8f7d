import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { renderWaitlistFormPage } from '/tmp/perf-tools/form-page.mjs';
const OUT = '/tmp/perf-shots';
const BEFORE = 'http://127.0.0.1:8851', AFTER = 'http://127.0.0.1:8855';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const shot = async (name, { base = AFTER, path, js = true, width, scheme, act }) => {
  const ctx = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, colorScheme: scheme, javaScriptEnabled: js, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  if (path) await page.goto(base + path, { waitUntil: 'networkidle' });
  if (act) await act(page);
  const file = `${OUT}/${name}-${width}-${scheme}.png`;
  await page.screenshot({ path: file, fullPage: true });
  await ctx.close();
  return file;
};
const same = [];
for (const width of [375, 1280]) for (const scheme of ['light', 'dark']) {
  const o = { width, scheme };
  for (const p of (process.env.PAGES ?? '/blog/samsung-galaxy-buds3-pro-review').split(',')) {
    const n = p.replace(/\W+/g, '_');
    const a = await shot(`before${n}`, { ...o, base: BEFORE, path: p });
    const b = await shot(`after${n}`, { ...o, path: p });
    same.push(`${p} ${width} ${scheme}: ${readFileSync(a).equals(readFileSync(b)) ? 'identical' : 'DIFFERENT'}`);
  }
  if (process.env.ONLY_CONTENT) continue;
  await shot('join-js-form', { ...o, path: '/join' });
  await shot('join-js-error', { ...o, path: '/join', act: async (page) => {
    await page.getByLabel('Your Name').focus();
    await page.locator('astro-island[ssr]').first().waitFor({ state: 'detached' }).catch(() => {});
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await page.getByLabel('Your Name').fill('A'); await page.getByLabel('Email address').fill('ada@');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await page.getByText('Name must be at least 2 characters').waitFor();
  } });
  await shot('join-js-success', { ...o, path: '/join', act: async (page) => {
    await page.route('**/api/waitlist', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' }));
    await page.getByLabel('Your Name').focus();
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await page.getByLabel('Your Name').fill('Ada Lovelace'); await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await page.getByRole('heading', { name: "You're on the waitlist!" }).waitFor();
    await page.waitForTimeout(400);
  } });
  await shot('join-nojs-form', { ...o, path: '/join', js: false });
  await shot('join-nojs-success', { ...o, path: '/join#joined', js: false });
  await shot('join-nojs-error', { ...o, js: false, act: async (page) => {
    await page.setContent(renderWaitlistFormPage({ page: '/join', values: { name: 'A', email: 'ada@', interests: 'tech_news' }, errors: { name: 'Name must be at least 2 characters', email: 'Please enter a valid email address' } }));
  } });
}
console.log(same.join('\n'));
await browser.close();
