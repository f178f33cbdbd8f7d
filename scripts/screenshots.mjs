// Dev aid: screenshots of pages at 375 px and 1280 px, light and dark, in the system Chromium.
// Usage (site running, e.g. npm start): npm run screenshots -- /about /blog   (BASE_URL, OUT_DIR)
// Staff screens: ADMIN_KEY=<the site's staff key> signs each browser in first (the session cookie).
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8888';
const out = process.env.OUT_DIR ?? 'screenshots';
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
// Signed in once (staff logins are rate limited); every browser below starts with that session.
let storageState;
if (process.env.ADMIN_KEY) {
  const signIn = await browser.newContext();
  const res = await signIn.request.post(`${base}/api/admin/session`, { data: { key: process.env.ADMIN_KEY } });
  if (!res.ok()) throw new Error(`Signing in failed: ${res.status()} ${await res.text()}`);
  storageState = await signIn.storageState();
  await signIn.close();
}
for (const path of paths) {
  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark']) {
      const context = await browser.newContext({
        viewport: { width, height: width === 375 ? 812 : 900 },
        colorScheme: scheme,
        storageState,
      });
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const file = `${out}/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}-${scheme}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
}
await browser.close();
