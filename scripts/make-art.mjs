// Renders the blog cover art and the featured-video thumbnails from hand-written SVG into PNGs under
// src/assets/ (Astro's image pipeline then optimises them into AVIF/WebP at build time).
// The PNGs are committed; run this only to change the art:  node scripts/make-art.mjs
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const W = 1200;
const H = 675;

const phone = (x, y, w, h, rot, screenA, screenB, id) => `
  <g transform="rotate(${rot} ${x + w / 2} ${y + h / 2})">
    <rect x="${x + 8}" y="${y + 18}" width="${w}" height="${h}" rx="${w * 0.16}" fill="#000" opacity=".18"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.16}" fill="#0f172a"/>
    <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${screenA}"/><stop offset="1" stop-color="${screenB}"/></linearGradient>
    <rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="${w * 0.12}" fill="url(#${id})"/>
    <rect x="${x + w / 2 - 22}" y="${y + 22}" width="44" height="12" rx="6" fill="#0f172a"/>
    <rect x="${x + 30}" y="${y + h * 0.55}" width="${w - 60}" height="16" rx="8" fill="#fff" opacity=".55"/>
    <rect x="${x + 30}" y="${y + h * 0.55 + 30}" width="${(w - 60) * 0.7}" height="16" rx="8" fill="#fff" opacity=".35"/>
    <circle cx="${x + w / 2}" cy="${y + h * 0.3}" r="${w * 0.18}" fill="#fff" opacity=".25"/>
  </g>`;

const smartphones = `
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7f1d1d"/><stop offset=".55" stop-color="#c2362b"/><stop offset="1" stop-color="#f59e0b"/></linearGradient>
    <radialGradient id="glow" cx=".75" cy=".2" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  <g opacity=".12" stroke="#fff" stroke-width="2" fill="none">
    ${Array.from({ length: 9 }, (_, i) => `<circle cx="600" cy="360" r="${90 + i * 70}"/>`).join('')}
  </g>
  ${phone(300, 150, 200, 400, -14, '#fde68a', '#f97316', 's1')}
  ${phone(500, 110, 220, 440, 0, '#bfdbfe', '#6366f1', 's2')}
  ${phone(720, 150, 200, 400, 14, '#bbf7d0', '#0ea5e9', 's3')}
  <g fill="#fff">
    <circle cx="185" cy="140" r="10" opacity=".6"/><circle cx="1030" cy="520" r="14" opacity=".5"/><circle cx="1080" cy="170" r="7" opacity=".7"/>
  </g>
</svg>`;

const bud = (x, y, flip) => `
  <g transform="translate(${x} ${y}) scale(${flip ? -1 : 1} 1)">
    <rect x="-34" y="40" width="68" height="230" rx="34" fill="#e2e8f0"/>
    <rect x="-34" y="40" width="68" height="230" rx="34" fill="url(#budShade)"/>
    <rect x="-6" y="90" width="12" height="150" rx="6" fill="#fff" opacity=".95"/>
    <rect x="-6" y="90" width="12" height="150" rx="6" fill="#a5b4fc" opacity=".5" filter="url(#blur)"/>
    <ellipse cx="-20" cy="40" rx="82" ry="70" fill="#f8fafc"/>
    <ellipse cx="-20" cy="40" rx="82" ry="70" fill="url(#budShade)"/>
    <ellipse cx="-70" cy="34" rx="30" ry="36" fill="#cbd5e1"/>
    <ellipse cx="-76" cy="34" rx="18" ry="24" fill="#94a3b8"/>
  </g>`;

const buds = `
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1026"/><stop offset=".6" stop-color="#1e1b4b"/><stop offset="1" stop-color="#4338ca"/></linearGradient>
    <radialGradient id="spot" cx=".5" cy=".55" r=".5"><stop offset="0" stop-color="#818cf8" stop-opacity=".55"/><stop offset="1" stop-color="#818cf8" stop-opacity="0"/></radialGradient>
    <linearGradient id="budShade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#64748b" stop-opacity=".35"/></linearGradient>
    <filter id="blur"><feGaussianBlur stdDeviation="6"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#spot)"/>
  <g fill="none" stroke="#a5b4fc" stroke-linecap="round">
    ${[0, 1, 2, 3].map((i) => `<path d="M ${250 - i * 45} ${250 - i * 40} a ${140 + i * 60} ${140 + i * 60} 0 0 0 0 ${180 + i * 80}" stroke-width="6" opacity="${0.5 - i * 0.1}"/>`).join('')}
    ${[0, 1, 2, 3].map((i) => `<path d="M ${950 + i * 45} ${250 - i * 40} a ${140 + i * 60} ${140 + i * 60} 0 0 1 0 ${180 + i * 80}" stroke-width="6" opacity="${0.5 - i * 0.1}"/>`).join('')}
  </g>
  <ellipse cx="600" cy="585" rx="330" ry="26" fill="#000" opacity=".35"/>
  <rect x="430" y="420" width="340" height="170" rx="70" fill="#e2e8f0"/>
  <rect x="430" y="420" width="340" height="60" rx="30" fill="#f8fafc"/>
  <rect x="430" y="478" width="340" height="4" fill="#94a3b8"/>
  <circle cx="600" cy="540" r="6" fill="#22c55e"/>
  ${bud(520, 150, false)}
  ${bud(690, 150, true)}
</svg>`;

const network = `
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#042f2e"/><stop offset=".55" stop-color="#0f766e"/><stop offset="1" stop-color="#22d3ee"/></linearGradient>
    <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="#fff" stroke-opacity=".07" stroke-width="2"/></pattern>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#grid)"/>
  <g stroke="#ecfeff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round" fill="none">
    <path d="M430 600 L500 250 L570 600 M455 480 H545 M470 400 H530"/>
    ${[1, 2, 3].map((i) => `<path d="M ${500 - 50 * i} ${250 - 50 * i} a ${70 * i} ${70 * i} 0 0 0 0 ${100 * i}" opacity="${1 - i * 0.22}"/><path d="M ${500 + 50 * i} ${250 - 50 * i} a ${70 * i} ${70 * i} 0 0 1 0 ${100 * i}" opacity="${1 - i * 0.22}"/>`).join('')}
  </g>
  <circle cx="500" cy="250" r="22" fill="#ecfeff"/>
  <g transform="rotate(8 860 380)">
    <rect x="760" y="200" width="200" height="380" rx="32" fill="#0f172a"/>
    <rect x="772" y="212" width="176" height="356" rx="24" fill="#f0fdfa"/>
    <g fill="#0f766e">
      <rect x="800" y="300" width="22" height="40" rx="4"/><rect x="832" y="280" width="22" height="60" rx="4"/><rect x="864" y="255" width="22" height="85" rx="4"/><rect x="896" y="230" width="22" height="110" rx="4"/>
    </g>
    <rect x="800" y="380" width="118" height="18" rx="9" fill="#14b8a6" opacity=".6"/>
    <rect x="800" y="412" width="80" height="18" rx="9" fill="#14b8a6" opacity=".35"/>
    <circle cx="860" cy="500" r="34" fill="#22c55e"/>
    <path d="M843 500l12 12 22-24" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <g fill="#ecfeff" opacity=".8"><circle cx="180" cy="150" r="6"/><circle cx="260" cy="520" r="9"/><circle cx="1080" cy="120" r="8"/><circle cx="1100" cy="560" r="5"/></g>
</svg>`;

// A single phone seen from the back: one camera and the MagSafe ring (the iPhone 17e post).
const singleCamera = `
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset=".6" stop-color="#1e3a8a"/><stop offset="1" stop-color="#38bdf8"/></linearGradient>
    <radialGradient id="glow" cx=".3" cy=".25" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".25"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#cbd5e1"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  <g transform="rotate(-8 600 340)">
    <rect x="478" y="88" width="260" height="520" rx="44" fill="#000" opacity=".25"/>
    <rect x="470" y="76" width="260" height="520" rx="44" fill="url(#body)"/>
    <rect x="498" y="104" width="92" height="92" rx="26" fill="#e2e8f0" stroke="#94a3b8" stroke-width="3"/>
    <circle cx="544" cy="150" r="30" fill="#0f172a"/><circle cx="544" cy="150" r="14" fill="#1e3a8a"/><circle cx="536" cy="142" r="5" fill="#fff" opacity=".7"/>
    <circle cx="600" cy="350" r="92" fill="none" stroke="#94a3b8" stroke-width="10" opacity=".75"/>
    <rect x="594" y="450" width="12" height="34" rx="6" fill="#94a3b8" opacity=".75"/>
  </g>
  <g fill="#e0f2fe"><circle cx="220" cy="160" r="8" opacity=".6"/><circle cx="1010" cy="540" r="12" opacity=".5"/><circle cx="1060" cy="150" r="6" opacity=".7"/></g>
</svg>`;

// A phone beside a calendar with a shield: how long a phone gets updates (the Tips & Tricks post).
const updates = `
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#052e16"/><stop offset=".6" stop-color="#15803d"/><stop offset="1" stop-color="#a3e635"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${phone(250, 130, 220, 440, -6, '#dcfce7', '#22c55e', 'u1')}
  <g transform="translate(560 150)">
    <rect x="8" y="14" width="420" height="360" rx="28" fill="#000" opacity=".2"/>
    <rect width="420" height="360" rx="28" fill="#f0fdf4"/>
    <rect width="420" height="80" rx="28" fill="#166534"/><rect y="50" width="420" height="30" fill="#166534"/>
    <rect x="90" y="-22" width="18" height="56" rx="9" fill="#14532d"/><rect x="312" y="-22" width="18" height="56" rx="9" fill="#14532d"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="${34 + (i % 4) * 92}" y="${110 + Math.floor(i / 4) * 78}" width="70" height="52" rx="12" fill="${i < 9 ? '#86efac' : '#fecaca'}"/>`).join('')}
  </g>
  <g transform="translate(930 420)">
    <path d="M0 0 L80 -30 L160 0 V70 C160 130 110 170 80 185 C50 170 0 130 0 70 Z" fill="#fde68a" stroke="#14532d" stroke-width="8"/>
    <path d="M45 85 L72 112 L120 60" fill="none" stroke="#14532d" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;

// Featured-video thumbnails: big, legible titles like a channel's own thumbnails.
const thumb = ({ w, h, a, b, title, sub, art, top = false }) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset=".45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${art}
  <rect width="${w}" height="${h}" fill="url(#fade)"/>
  <text font-family="Liberation Sans, DejaVu Sans, sans-serif" font-weight="700" font-size="${h > w ? 84 : 88}" fill="#fff">${title
    .map(
      (line, i) =>
        `<tspan x="${w * 0.07}" y="${top ? 150 + i * 98 : h - (h > w ? 180 : 110) - (title.length - 1 - i) * 98}">${line}</tspan>`,
    )
    .join('')}</text>
  <text x="${w * 0.07}" y="${top ? 150 + title.length * 98 - 20 : h - (h > w ? 90 : 40)}" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-weight="700" font-size="${h > w ? 38 : 34}" fill="#fde68a" letter-spacing="4">${sub}</text>
</svg>`;

const videos = [
  {
    file: 'buds3-pro-review.png',
    w: 1280,
    h: 720,
    a: '#1e1b4b',
    b: '#6366f1',
    title: ['Galaxy Buds3 Pro', 'full review'],
    sub: 'MAPLE TECH · REVIEW',
    top: true,
    art: `<g transform="translate(700 300)">${bud(200, 60, false)}${bud(400, 60, true)}</g>
      <defs><linearGradient id="budShade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#64748b" stop-opacity=".35"/></linearGradient><filter id="blur"><feGaussianBlur stdDeviation="6"/></filter></defs>`,
  },
  {
    file: 'short-camera-test.png',
    w: 720,
    h: 1280,
    a: '#7f1d1d',
    b: '#f97316',
    title: ['iPhone vs', 'Galaxy:', 'night photos'],
    sub: '#SHORTS',
    art: `<g transform="translate(100 120)">${phone(0, 0, 230, 460, -10, '#fde68a', '#f97316', 'p1')}${phone(260, 40, 230, 460, 10, '#bfdbfe', '#6366f1', 'p2')}</g>`,
  },
  {
    file: 'short-android-settings.png',
    w: 720,
    h: 1280,
    a: '#052e16',
    b: '#16a34a',
    title: ['3 Android', 'settings to', 'turn on'],
    sub: '#SHORTS',
    art: `<g fill="none" stroke="#dcfce7" stroke-width="22" stroke-linecap="round">
      ${[0, 1, 2].map((i) => `<rect x="150" y="${180 + i * 170}" width="200" height="100" rx="50" fill="${i === 1 ? '#22c55e' : '#166534'}" stroke="none"/><circle cx="${i === 1 ? 300 : 200}" cy="${230 + i * 170}" r="38" fill="#f0fdf4" stroke="none"/><path d="M400 ${230 + i * 170} H560" opacity=".6"/>`).join('')}</g>`,
  },
  {
    file: 'short-3g-check.png',
    w: 720,
    h: 1280,
    a: '#042f2e',
    b: '#0891b2',
    title: ['Will your', 'phone work', 'after 3G?'],
    sub: '#SHORTS',
    art: `<g stroke="#ecfeff" stroke-width="18" stroke-linecap="round" stroke-linejoin="round" fill="none" transform="translate(-140 -20)">
      <path d="M430 560 L500 250 L570 560 M455 460 H545"/>
      ${[1, 2, 3].map((i) => `<path d="M ${500 - 50 * i} ${250 - 50 * i} a ${70 * i} ${70 * i} 0 0 0 0 ${100 * i}" opacity="${1 - i * 0.22}"/><path d="M ${500 + 50 * i} ${250 - 50 * i} a ${70 * i} ${70 * i} 0 0 1 0 ${100 * i}" opacity="${1 - i * 0.22}"/>`).join('')}</g>`,
  },
];

mkdirSync('src/assets/blog', { recursive: true });
mkdirSync('src/assets/videos', { recursive: true });
const render = (svg, out) => sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toFile(out);

await render(smartphones, 'src/assets/blog/choosing-a-smartphone.png');
await render(buds, 'src/assets/blog/galaxy-buds3-pro.png');
await render(network, 'src/assets/blog/canada-3g-shutdown.png');
await render(singleCamera, 'src/assets/blog/iphone-17e.png');
await render(updates, 'src/assets/blog/phone-updates.png');
for (const v of videos) await render(thumb(v), `src/assets/videos/${v.file}`);
console.log('Cover art and thumbnails written to src/assets/blog and src/assets/videos.');
