// Generates the 30 wallpapers of /walls (src/data/wallpapers.json: 10 per brand) as real JPEG files:
//   public/walls/{id}.jpg          1080 x 1920 (9:16), quality 80 — the download
//   public/walls/thumbs/{id}.jpg    360 x 640, quality 72 — the grid thumbnail
// Each brand has its own look: Apple soft glass gradients, Samsung cosmic scenes, Google Material
// shapes. Drawn as SVG, rasterised by sharp, deterministic (seeded), no external hosts.
// Output is committed; re-run after changing a drawing or the catalogue:
//   node scripts/generate-wallpapers.mjs
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import sharp from 'sharp';

const W = 1080;
const H = 1920;
const OUT = 'public/walls';
const list = JSON.parse(readFileSync('src/data/wallpapers.json', 'utf8'));

/** Small seeded PRNG (mulberry32) so every run draws the same pictures. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hash = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
const svg = (body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;

// ---------- Apple: soft blurred colour fields under a glass sweep ----------
const APPLE = [
  ['#0b1f3a', '#3fd0c9', '#7b5cff', '#ff7ac6', '#b6f3ff'],
  ['#ffb36b', '#ff6f7d', '#ffd7a8', '#ff9a3c', '#fff1d6'],
  ['#0b2a4a', '#1f7ae0', '#ff8a5c', '#ffc7a1', '#4ec3ff'],
  ['#a88bf7', '#e8d9ff', '#7f6bdc', '#f7b9e4', '#ffffff'],
  ['#c9f7e1', '#4fd1a5', '#9be7ff', '#e9fff6', '#2aa198'],
  ['#3a1c00', '#ff9f1c', '#ffd166', '#ef476f', '#ffe8b0'],
  ['#05060f', '#1d2a6b', '#5b3cc4', '#00b4d8', '#c77dff'],
  ['#ff7b7b', '#ffb4a2', '#ff4d6d', '#ffd6a5', '#fef0ee'],
  ['#c8ced8', '#eef2f7', '#9aa5b4', '#ffffff', '#dfe6f0'],
  ['#0d0a2e', '#2e1a87', '#4361ee', '#7209b7', '#4cc9f0'],
];
function apple(i, r) {
  const [base, ...cols] = APPLE[i];
  const blobs = cols
    .map((c, k) => {
      const cx = (0.15 + r() * 0.7) * W;
      const cy = (0.1 + (k / cols.length) * 0.8 + (r() - 0.5) * 0.15) * H;
      const rad = (0.35 + r() * 0.3) * W;
      return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${rad.toFixed(0)}" fill="${c}" opacity="${(0.65 + r() * 0.3).toFixed(2)}"/>`;
    })
    .join('');
  const sweepY = (0.45 + r() * 0.2) * H;
  return svg(
    `<rect width="${W}" height="${H}" fill="${base}"/>
     <g filter="url(#b)">${blobs}</g>
     <path d="M-100 ${sweepY} C ${W * 0.3} ${sweepY - 360}, ${W * 0.7} ${sweepY + 260}, ${W + 100} ${sweepY - 200} L ${W + 100} ${H + 100} L -100 ${H + 100} Z" fill="#ffffff" opacity=".10" filter="url(#s)"/>
     <path d="M-100 ${sweepY + 180} C ${W * 0.35} ${sweepY - 120}, ${W * 0.65} ${sweepY + 420}, ${W + 100} ${sweepY} L ${W + 100} ${H + 100} L -100 ${H + 100} Z" fill="#ffffff" opacity=".08" filter="url(#s)"/>
     <rect width="${W}" height="${H}" fill="url(#v)"/>`,
    `<filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="150"/></filter>
     <filter id="s"><feGaussianBlur stdDeviation="6"/></filter>
     <radialGradient id="v" cx="50%" cy="45%" r="75%"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".25"/></radialGradient>`,
  );
}

// ---------- Samsung: nebulae, stars, planets and orbits ----------
const SAMSUNG = [
  { bg: ['#090b2a', '#000'], neb: ['#5b2fd6', '#1e90ff', '#ff4fa3'], planet: ['#8ec5ff', '#3a47d5'] },
  { bg: ['#0a0f1f', '#000'], neb: ['#00b3ff', '#6c2bd9'], planet: ['#fcd34d', '#b45309'], ring: true },
  { bg: ['#04132c', '#00050f'], neb: ['#0066ff', '#00e0ff'], planet: ['#bfe3ff', '#1e5bd6'], orbits: true },
  { bg: ['#1a0500', '#000'], neb: ['#ff6a00', '#ffb703', '#d00000'], planet: ['#ffd166', '#e85d04'] },
  { bg: ['#12002b', '#000'], neb: ['#9d4edd', '#ff70a6', '#5a189a'], planet: ['#e0aaff', '#7b2cbf'], ring: true },
  { bg: ['#0c0c0f', '#000'], neb: ['#3a3a4a', '#5b5b72'], planet: ['#d9d9e3', '#4a4a57'], orbits: true },
  { bg: ['#03121f', '#000'], neb: ['#48cae4', '#caf0f8'], planet: ['#ffffff', '#90e0ef'], comet: true },
  { bg: ['#001a12', '#000'], neb: ['#00c896', '#0b6e4f', '#73ffb9'], planet: ['#b7ffd8', '#06795a'] },
  { bg: ['#1a0008', '#000'], neb: ['#c9184a', '#ff4d6d'], planet: ['#111', '#000'], eclipse: true },
  { bg: ['#020c1b', '#000'], neb: ['#3d5a80', '#98c1d9'], planet: ['#e0fbfc', '#7d9bb8'], orbits: true },
];
function samsung(i, r) {
  const s = SAMSUNG[i];
  const nebula = s.neb
    .map(
      (c) =>
        `<ellipse cx="${(r() * W).toFixed(0)}" cy="${(0.15 + r() * 0.7) * H}" rx="${(0.3 + r() * 0.4) * W}" ry="${(0.15 + r() * 0.25) * H}" fill="${c}" opacity="${(0.35 + r() * 0.3).toFixed(2)}" transform="rotate(${(r() * 60 - 30).toFixed(0)} ${W / 2} ${H / 2})"/>`,
    )
    .join('');
  let stars = '';
  for (let k = 0; k < 220; k++) {
    const big = r() > 0.93;
    stars += `<circle cx="${(r() * W).toFixed(0)}" cy="${(r() * H).toFixed(0)}" r="${(big ? 2.2 + r() * 2 : 0.6 + r() * 1.4).toFixed(1)}" fill="#fff" opacity="${(0.35 + r() * 0.65).toFixed(2)}"/>`;
  }
  const px = (0.25 + r() * 0.5) * W;
  const py = (0.55 + r() * 0.2) * H;
  const pr = (0.22 + r() * 0.12) * W;
  let extra = '';
  if (s.ring)
    extra += `<ellipse cx="${px}" cy="${py}" rx="${pr * 1.9}" ry="${pr * 0.38}" fill="none" stroke="${s.planet[0]}" stroke-width="14" opacity=".55" transform="rotate(-18 ${px} ${py})"/>`;
  if (s.orbits)
    for (let k = 1; k <= 4; k++)
      extra += `<circle cx="${px}" cy="${py}" r="${pr * (1 + k * 0.55)}" fill="none" stroke="#fff" stroke-opacity="${0.22 - k * 0.04}" stroke-width="2"/>`;
  if (s.comet)
    extra += `<path d="M${W * 0.9} ${H * 0.12} L ${W * 0.25} ${H * 0.42}" stroke="url(#tail)" stroke-width="10" stroke-linecap="round"/><circle cx="${W * 0.25}" cy="${H * 0.42}" r="14" fill="#fff"/>`;
  const planet = s.eclipse
    ? `<circle cx="${px}" cy="${py}" r="${pr * 1.08}" fill="${s.neb[1]}" filter="url(#glow)"/><circle cx="${px}" cy="${py}" r="${pr}" fill="#050505"/>`
    : `<circle cx="${px}" cy="${py}" r="${pr * 1.15}" fill="${s.planet[0]}" opacity=".25" filter="url(#glow)"/><circle cx="${px}" cy="${py}" r="${pr}" fill="url(#pl)"/>`;
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>
     <g filter="url(#neb)">${nebula}</g>
     ${stars}${planet}${extra}`,
    `<radialGradient id="bg" cx="50%" cy="35%" r="80%"><stop offset="0" stop-color="${s.bg[0]}"/><stop offset="1" stop-color="${s.bg[1]}"/></radialGradient>
     <radialGradient id="pl" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="${s.planet[0]}"/><stop offset="1" stop-color="${s.planet[1]}"/></radialGradient>
     <linearGradient id="tail" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff"/></linearGradient>
     <filter id="neb" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="110"/></filter>
     <filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>`,
  );
}

// ---------- Google: Material You flat shapes ----------
const GOOGLE = [
  ['#d3e3fd', '#0b57d0', '#7cacf8', '#a8c7fa', '#041e49'],
  ['#fde7e9', '#f6aea9', '#fbd3a4', '#c4e7d4', '#8ab4f8'],
  ['#e2ecd9', '#8fb996', '#b9d8b0', '#4f7a55', '#f3f7ee'],
  ['#ffe3d6', '#f28b82', '#ffb48f', '#c5221f', '#ffd9c7'],
  ['#d6f0ff', '#0091d5', '#67c8ff', '#00497a', '#b3e5ff'],
  ['#fff6c7', '#fdd663', '#f9ab00', '#e37400', '#fffbe6'],
  ['#f1f3f4', '#dadce0', '#9aa0a6', '#5f6368', '#ffffff'],
  ['#efe3d3', '#b08968', '#ddb892', '#7f5539', '#f6eee3'],
  ['#e6f4ea', '#81c995', '#1e8e3e', '#a8dab5', '#0d652d'],
  ['#202124', '#3c4043', '#8ab4f8', '#f28b82', '#fdd663'],
];
function google(i, r) {
  const [bg, a, b, c, d] = GOOGLE[i];
  const cols = [a, b, c, d];
  const pick = () => cols[Math.floor(r() * cols.length)];
  let shapes = '';
  const layout = i % 5;
  if (layout === 0) {
    for (let k = 0; k < 6; k++) {
      const y = H * (0.1 + k * 0.16);
      shapes += `<path d="M0 ${y} Q ${W * 0.25} ${y - 140} ${W * 0.5} ${y} T ${W} ${y} V ${H} H 0 Z" fill="${cols[k % 4]}" opacity="${0.55 + (k % 3) * 0.15}"/>`;
    }
  } else if (layout === 1) {
    for (let k = 0; k < 9; k++) {
      const cx = r() * W,
        cy = r() * H,
        rx = 120 + r() * 220,
        ry = rx * (0.7 + r() * 0.4);
      shapes += `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${rx.toFixed(0)}" ry="${ry.toFixed(0)}" fill="${pick()}" transform="rotate(${(r() * 180).toFixed(0)} ${cx.toFixed(0)} ${cy.toFixed(0)})"/>`;
    }
  } else if (layout === 2) {
    for (let k = 0; k < 7; k++) {
      shapes += `<circle cx="${(r() * W).toFixed(0)}" cy="${(r() * H).toFixed(0)}" r="${(140 + r() * 320).toFixed(0)}" fill="${pick()}" opacity=".9"/>`;
    }
    shapes += `<circle cx="${W / 2}" cy="${H * 0.62}" r="300" fill="none" stroke="${d}" stroke-width="28"/>`;
  } else if (layout === 3) {
    for (let k = 0; k < 5; k++) {
      const x = (k % 2) * W * 0.5 - 60 + r() * 80,
        y = H * 0.06 + k * H * 0.19,
        w = W * 0.62,
        h = H * 0.17;
      shapes += `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" rx="${(h / 2).toFixed(0)}" fill="${cols[k % 4]}"/>`;
    }
    shapes += `<circle cx="${W * 0.78}" cy="${H * 0.3}" r="120" fill="${bg}" stroke="${a}" stroke-width="24"/>`;
  } else {
    for (let k = 0; k < 4; k++) {
      const cx = W * (0.2 + (k % 2) * 0.6),
        cy = H * (0.25 + Math.floor(k / 2) * 0.45),
        rad = 260 + r() * 120;
      shapes += `<path d="M${cx - rad} ${cy + rad} V ${cy} A ${rad} ${rad} 0 0 1 ${cx + rad} ${cy} V ${cy + rad} Z" fill="${cols[k]}"/>`;
      shapes += `<path d="M${cx - rad * 0.55} ${cy + rad} V ${cy} A ${rad * 0.55} ${rad * 0.55} 0 0 1 ${cx + rad * 0.55} ${cy} V ${cy + rad} Z" fill="${bg}" opacity=".85"/>`;
    }
  }
  // Soft shadow under everything gives the flat shapes a paper-cut depth.
  return svg(
    `<rect width="${W}" height="${H}" fill="${bg}"/>
     <g filter="url(#sh)">${shapes}</g>`,
    `<filter id="sh" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="14" stdDeviation="18" flood-color="#000" flood-opacity=".18"/></filter>`,
  );
}

const draw = { Apple: apple, Samsung: samsung, Google: google };
mkdirSync(`${OUT}/thumbs`, { recursive: true });
let total = 0;
const index = { Apple: 0, Samsung: 0, Google: 0 };
for (const w of list) {
  const i = index[w.category]++;
  const image = sharp(Buffer.from(draw[w.category](i, rng(hash(w.id)))));
  const png = await image.png().toBuffer();
  await sharp(png).jpeg({ quality: 80, mozjpeg: true, progressive: true }).toFile(`${OUT}/${w.id}.jpg`);
  await sharp(png).resize(360, 640).jpeg({ quality: 72, mozjpeg: true }).toFile(`${OUT}/thumbs/${w.id}.jpg`);
  const full = statSync(`${OUT}/${w.id}.jpg`).size,
    thumb = statSync(`${OUT}/thumbs/${w.id}.jpg`).size;
  total += full + thumb;
  console.log(`${w.id.padEnd(28)} ${Math.round(full / 1024)} KB  thumb ${Math.round(thumb / 1024)} KB`);
}
console.log(`total ${(total / 1024 / 1024).toFixed(2)} MB`);
