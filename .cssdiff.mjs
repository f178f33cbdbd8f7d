import { chromium } from '@playwright/test';
const [base, path, width = '375', scheme = 'light'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
await page.goto(base + path);
const snap = () => page.evaluate(() => {
  const out = {};
  const pathOf = (el) => { const parts = []; for (let e = el; e && e !== document.documentElement; e = e.parentElement) { const i = e.parentElement ? [...e.parentElement.children].indexOf(e) : 0; parts.unshift(`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').slice(0,3).join('.') : ''}:${i}`); } return parts.join('>') || 'html'; };
  for (const el of [document.documentElement, ...document.body.querySelectorAll('*')]) {
    if (el.closest('style, script')) continue;
    const s = getComputedStyle(el); const v = {};
    for (const n of s) if (!n.startsWith('--')) v[n] = s.getPropertyValue(n);
    out[pathOf(el)] = v;
  }
  return out;
});
const before = await snap();
const href = await page.locator('style[data-from]').getAttribute('data-from');
await page.evaluate((url) => new Promise((r) => { const l = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url }); l.onload = r; document.head.append(l); }), href);
const after = await snap();
const diffs = [];
for (const [el, vals] of Object.entries(after)) for (const [n, v] of Object.entries(vals)) if (before[el]?.[n] !== v) diffs.push(`${el} ${n}: ${before[el]?.[n]} -> ${v}`);
const props = {};
for (const d of diffs) { const p = d.split(' ').slice(-4)[0]; }
console.log(diffs.length); console.log(diffs.filter(d => !/(height|origin|block-size|inset|top|bottom)/.test(d.split(':').slice(-3)[0])).slice(0, 40).join('\n'));
await browser.close();
