// Draws the shop's product illustrations (studio-style renders) as SVG and rasterises them with sharp
// into src/assets/products/*.png. Astro's image pipeline turns those into sized WebP at build time,
// so the PNGs are only sources. No external hosts are involved. Re-run after changing a drawing:
//   node scripts/generate-product-images.mjs
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const OUT = 'src/assets/products';
const SIZE = 1000;

/** Soft studio backdrop with a floor shadow under the object. */
function scene(body, { bg = ['#f4f6fa', '#e3e8f0'], shadow = { cx: 500, cy: 880, rx: 260, ry: 34 } } = {}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 1000 1000">
  <defs>
    <radialGradient id="bg" cx="50%" cy="38%" r="75%">
      <stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/>
    </radialGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="22"/></filter>
    <filter id="blur8" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8"/></filter>
    <linearGradient id="gloss" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="1000" height="1000" fill="url(#bg)"/>
  <ellipse cx="${shadow.cx}" cy="${shadow.cy}" rx="${shadow.rx}" ry="${shadow.ry}" fill="#1b2233" opacity=".22" filter="url(#soft)"/>
  ${body}
</svg>`;
}

/** A phone screen wallpaper (abstract blue-violet waves). */
function screenArt(id, x, y, w, h, r) {
  return `<defs>
    <linearGradient id="${id}-g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b1b4d"/><stop offset=".5" stop-color="#3a3fd8"/><stop offset="1" stop-color="#9d7bff"/>
    </linearGradient>
    <clipPath id="${id}-c"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}"/></clipPath>
  </defs>
  <g clip-path="url(#${id}-c)">
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id}-g)"/>
    <circle cx="${x + w * 0.85}" cy="${y + h * 0.22}" r="${w * 0.55}" fill="#7fd3ff" opacity=".35" filter="url(#blur8)"/>
    <circle cx="${x + w * 0.1}" cy="${y + h * 0.8}" r="${w * 0.6}" fill="#ff7ab8" opacity=".28" filter="url(#blur8)"/>
    <path d="M${x} ${y + h * 0.62} C ${x + w * 0.3} ${y + h * 0.5}, ${x + w * 0.6} ${y + h * 0.75}, ${x + w} ${y + h * 0.58} L ${x + w} ${y + h} L ${x} ${y + h} Z" fill="#ffffff" opacity=".12"/>
    <path d="M${x} ${y + h * 0.72} C ${x + w * 0.35} ${y + h * 0.62}, ${x + w * 0.65} ${y + h * 0.86}, ${x + w} ${y + h * 0.7} L ${x + w} ${y + h} L ${x} ${y + h} Z" fill="#ffffff" opacity=".1"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#gloss)" opacity=".5"/>
  </g>`;
}

function phoneFront(cx, cy, w, h, { frame = ['#dfe8f3', '#9fb2c8'], rot = 0, id = 'pf' } = {}) {
  const x = cx - w / 2,
    y = cy - h / 2;
  const b = Math.round(w * 0.035);
  return `<g transform="rotate(${rot} ${cx} ${cy})">
    <defs><linearGradient id="${id}-fr" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${frame[1]}"/><stop offset=".5" stop-color="${frame[0]}"/><stop offset="1" stop-color="${frame[1]}"/></linearGradient></defs>
    <rect x="${x - 6}" y="${y - 6}" width="${w + 12}" height="${h + 12}" rx="${w * 0.16}" fill="url(#${id}-fr)"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.145}" fill="#0a0c10"/>
    ${screenArt(id, x + b, y + b, w - 2 * b, h - 2 * b, w * 0.12)}
    <circle cx="${cx}" cy="${y + b + w * 0.07}" r="${w * 0.028}" fill="#05060a"/>
    <rect x="${cx - w * 0.16}" y="${y + h - b - w * 0.06}" width="${w * 0.32}" height="${w * 0.012}" rx="4" fill="#fff" opacity=".7"/>
    <rect x="${x + w + 4}" y="${y + h * 0.22}" width="6" height="${h * 0.1}" rx="3" fill="${frame[1]}"/>
    <rect x="${x + w + 4}" y="${y + h * 0.35}" width="6" height="${h * 0.06}" rx="3" fill="${frame[1]}"/>
  </g>`;
}

function phoneBack(cx, cy, w, h, { body = ['#dcebf7', '#a9c4de'], rot = 0, id = 'pb' } = {}) {
  const x = cx - w / 2,
    y = cy - h / 2;
  const lens = (
    ly,
  ) => `<circle cx="${x + w * 0.2}" cy="${ly}" r="${w * 0.085}" fill="#c8d3df" stroke="#8d9cad" stroke-width="3"/>
    <circle cx="${x + w * 0.2}" cy="${ly}" r="${w * 0.062}" fill="#111520"/>
    <circle cx="${x + w * 0.2}" cy="${ly}" r="${w * 0.035}" fill="#1f2a44"/>
    <circle cx="${x + w * 0.185}" cy="${ly - w * 0.018}" r="${w * 0.012}" fill="#9fb8ff" opacity=".8"/>`;
  return `<g transform="rotate(${rot} ${cx} ${cy})">
    <defs><linearGradient id="${id}-b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${body[0]}"/><stop offset="1" stop-color="${body[1]}"/></linearGradient></defs>
    <rect x="${x - 6}" y="${y - 6}" width="${w + 12}" height="${h + 12}" rx="${w * 0.16}" fill="#8fa3b8"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.145}" fill="url(#${id}-b)"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.145}" fill="url(#gloss)" opacity=".6"/>
    ${lens(y + w * 0.2)}${lens(y + w * 0.42)}${lens(y + w * 0.64)}
    <circle cx="${x + w * 0.38}" cy="${y + w * 0.2}" r="${w * 0.025}" fill="#f4f1e6" stroke="#b8c2cc" stroke-width="2"/>
  </g>`;
}

const drawings = {
  'samsung-galaxy-s25-front.png': () => scene(phoneFront(500, 470, 330, 700, { id: 'a' })),
  'samsung-galaxy-s25-back.png': () => scene(phoneBack(500, 470, 330, 700, { id: 'b' })),
  'samsung-galaxy-s25-side.png': () =>
    scene(phoneBack(410, 470, 290, 620, { rot: -10, id: 'c' }) + phoneFront(590, 490, 290, 620, { rot: 8, id: 'd' }), {
      shadow: { cx: 500, cy: 870, rx: 330, ry: 34 },
    }),

  'samsung-galaxy-buds3-pro-case.png': () =>
    scene(
      `
      <defs>
        <linearGradient id="case" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbfcfd"/><stop offset="1" stop-color="#cdd3da"/></linearGradient>
        <linearGradient id="lid" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset="1" stop-color="#bfc7cf"/></linearGradient>
      </defs>
      <rect x="270" y="360" width="460" height="420" rx="150" fill="url(#case)" stroke="#b3bcc6" stroke-width="3"/>
      <path d="M270 520 h460" stroke="#a6b0bb" stroke-width="4"/>
      <path d="M300 380 Q500 330 700 380 L 720 440 Q 500 400 280 440 Z" fill="url(#lid)" opacity=".8"/>
      <rect x="300" y="560" width="400" height="190" rx="95" fill="url(#gloss)" opacity=".35"/>
      <circle cx="500" cy="640" r="9" fill="#3ddc84"/>
      <circle cx="500" cy="640" r="22" fill="#3ddc84" opacity=".18"/>`,
      { shadow: { cx: 500, cy: 800, rx: 260, ry: 30 } },
    ),
  'samsung-galaxy-buds3-pro-buds.png': () => {
    const bud = (cx, cy, rot, id) => `<g transform="rotate(${rot} ${cx} ${cy})">
      <defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c9d0d8"/><stop offset=".5" stop-color="#f8fafb"/><stop offset="1" stop-color="#b7c0ca"/></linearGradient></defs>
      <rect x="${cx - 42}" y="${cy - 40}" width="84" height="330" rx="42" fill="url(#${id})" stroke="#aab4be" stroke-width="2"/>
      <rect x="${cx - 6}" y="${cy + 10}" width="12" height="250" rx="6" fill="#e9fbff"/>
      <rect x="${cx - 14}" y="${cy + 4}" width="28" height="262" rx="14" fill="#8fe9ff" opacity=".35" filter="url(#blur8)"/>
      <ellipse cx="${cx}" cy="${cy - 70}" rx="92" ry="78" fill="url(#${id})" stroke="#aab4be" stroke-width="2"/>
      <ellipse cx="${cx - 8}" cy="${cy - 120}" rx="58" ry="34" fill="#5d6873"/>
      <ellipse cx="${cx - 8}" cy="${cy - 124}" rx="40" ry="20" fill="#7c8792"/>
    </g>`;
    return scene(bud(380, 430, -14, 'l') + bud(620, 450, 16, 'r'), { shadow: { cx: 500, cy: 820, rx: 280, ry: 30 } });
  },

  'samsung-galaxy-watch7-face.png': () =>
    scene(
      `
      <defs>
        <linearGradient id="strap" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#3d5a45"/><stop offset=".5" stop-color="#5c7c63"/><stop offset="1" stop-color="#3d5a45"/></linearGradient>
        <linearGradient id="bezel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef2ee"/><stop offset="1" stop-color="#8f9c92"/></linearGradient>
        <radialGradient id="face" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="#1c2a22"/><stop offset="1" stop-color="#050807"/></radialGradient>
      </defs>
      <rect x="395" y="60" width="210" height="300" rx="40" fill="url(#strap)"/>
      <rect x="395" y="640" width="210" height="300" rx="40" fill="url(#strap)"/>
      <rect x="410" y="120" width="180" height="6" rx="3" fill="#2b3f30" opacity=".5"/>
      <rect x="410" y="860" width="180" height="6" rx="3" fill="#2b3f30" opacity=".5"/>
      <rect x="735" y="440" width="30" height="56" rx="12" fill="#9aa79d"/>
      <rect x="735" y="530" width="30" height="56" rx="12" fill="#9aa79d"/>
      <circle cx="500" cy="500" r="260" fill="url(#bezel)"/>
      <circle cx="500" cy="500" r="232" fill="#101512"/>
      <circle cx="500" cy="500" r="220" fill="url(#face)"/>
      <circle cx="500" cy="500" r="196" fill="none" stroke="#1f3a2a" stroke-width="14"/>
      <path d="M500 304 A196 196 0 1 1 327 593" fill="none" stroke="#4ade80" stroke-width="14" stroke-linecap="round"/>
      <circle cx="500" cy="500" r="166" fill="none" stroke="#1f2f3a" stroke-width="12"/>
      <path d="M500 334 A166 166 0 0 1 650 571" fill="none" stroke="#38bdf8" stroke-width="12" stroke-linecap="round"/>
      <text x="500" y="520" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="96" font-weight="700" fill="#f1f5f2">10:08</text>
      <text x="500" y="580" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#86efac">♥ 64 bpm</text>
      <circle cx="500" cy="500" r="232" fill="url(#gloss)" opacity=".35"/>`,
      { shadow: { cx: 500, cy: 930, rx: 150, ry: 22 } },
    ),
  'samsung-galaxy-watch7-side.png': () =>
    scene(
      `
      <defs>
        <linearGradient id="strap2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5c7c63"/><stop offset="1" stop-color="#34503c"/></linearGradient>
        <linearGradient id="case2" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#9aa79d"/><stop offset=".5" stop-color="#eef2ee"/><stop offset="1" stop-color="#8f9c92"/></linearGradient>
      </defs>
      <path d="M300 560 C 300 800, 700 800, 700 560" fill="none" stroke="url(#strap2)" stroke-width="150" stroke-linecap="round"/>
      <path d="M330 470 C 330 300, 670 300, 670 470" fill="none" stroke="#4d6b54" stroke-width="130"/>
      <ellipse cx="500" cy="470" rx="250" ry="110" fill="url(#case2)"/>
      <ellipse cx="500" cy="455" rx="232" ry="96" fill="#0b0f0d"/>
      <ellipse cx="500" cy="455" rx="215" ry="86" fill="#12231a"/>
      <path d="M310 455 A190 76 0 0 1 640 410" fill="none" stroke="#4ade80" stroke-width="10" stroke-linecap="round"/>
      <ellipse cx="440" cy="420" rx="120" ry="30" fill="#fff" opacity=".12"/>
      <rect x="742" y="440" width="26" height="44" rx="10" fill="#9aa79d"/>`,
      { shadow: { cx: 500, cy: 840, rx: 280, ry: 30 } },
    ),

  'samsung-galaxy-tab-s10-fe-front.png': () =>
    scene(
      `
      <rect x="84" y="234" width="832" height="548" rx="44" fill="#8d96a1"/>
      <rect x="90" y="240" width="820" height="536" rx="40" fill="#0b0d12"/>
      ${screenArt('tab', 116, 266, 768, 484, 20)}
      <circle cx="500" cy="253" r="5" fill="#1d2230"/>
      <rect x="160" y="815" width="640" height="16" rx="8" fill="#59616b"/>
      <path d="M800 815 l 44 8 l -44 8 z" fill="#3b4149"/>`,
      { shadow: { cx: 500, cy: 840, rx: 400, ry: 30 } },
    ),
  'samsung-galaxy-tab-s10-fe-back.png': () =>
    scene(
      `
      <defs><linearGradient id="tb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b8bfc8"/><stop offset="1" stop-color="#7f8893"/></linearGradient></defs>
      <rect x="230" y="90" width="540" height="820" rx="44" fill="#6f7782"/>
      <rect x="236" y="96" width="528" height="808" rx="40" fill="url(#tb)"/>
      <rect x="236" y="96" width="528" height="808" rx="40" fill="url(#gloss)" opacity=".5"/>
      <circle cx="300" cy="164" r="30" fill="#c8d0d8" stroke="#606873" stroke-width="3"/>
      <circle cx="300" cy="164" r="20" fill="#10141c"/>
      <circle cx="350" cy="164" r="8" fill="#eee9db"/>
      <rect x="486" y="300" width="28" height="460" rx="14" fill="#4a515b"/>
      <rect x="490" y="306" width="8" height="440" rx="4" fill="#fff" opacity=".25"/>`,
      { shadow: { cx: 500, cy: 930, rx: 280, ry: 24 } },
    ),

  'samsung-45w-power-adapter-front.png': () =>
    scene(
      `
      <defs><linearGradient id="ch" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a3f47"/><stop offset="1" stop-color="#0d0f12"/></linearGradient></defs>
      <rect x="452" y="170" width="24" height="120" rx="6" fill="#c9cdd2"/>
      <rect x="524" y="170" width="24" height="120" rx="6" fill="#c9cdd2"/>
      <rect x="330" y="270" width="340" height="470" rx="70" fill="url(#ch)"/>
      <rect x="330" y="270" width="340" height="470" rx="70" fill="url(#gloss)" opacity=".25"/>
      <rect x="455" y="620" width="90" height="34" rx="17" fill="#050607" stroke="#565c66" stroke-width="4"/>
      <rect x="475" y="632" width="50" height="10" rx="5" fill="#2c3038"/>
      <text x="500" y="470" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="700" fill="#e5e7eb" opacity=".85">45W</text>`,
      { shadow: { cx: 500, cy: 790, rx: 220, ry: 26 } },
    ),
  'samsung-45w-power-adapter-cable.png': () =>
    scene(
      `
      <defs><linearGradient id="ch2" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a3f47"/><stop offset="1" stop-color="#0d0f12"/></linearGradient></defs>
      <path d="M360 600 C 200 600, 180 420, 330 400 C 480 380, 520 560, 660 540 C 800 520, 790 360, 680 330" fill="none" stroke="#16181c" stroke-width="26" stroke-linecap="round"/>
      <path d="M360 600 C 200 600, 180 420, 330 400 C 480 380, 520 560, 660 540 C 800 520, 790 360, 680 330" fill="none" stroke="#4b5059" stroke-width="6" stroke-linecap="round" opacity=".6"/>
      <rect x="360" y="570" width="120" height="60" rx="20" fill="url(#ch2)"/>
      <rect x="480" y="584" width="46" height="32" rx="10" fill="#b9bec5"/>
      <g transform="rotate(-62 680 330)"><rect x="620" y="300" width="120" height="60" rx="20" fill="url(#ch2)"/><rect x="740" y="314" width="46" height="32" rx="10" fill="#b9bec5"/></g>
      <rect x="250" y="680" width="210" height="170" rx="36" fill="url(#ch2)"/>
      <rect x="320" y="790" width="70" height="26" rx="13" fill="#050607" stroke="#565c66" stroke-width="3"/>`,
      { shadow: { cx: 480, cy: 860, rx: 320, ry: 28 } },
    ),

  'insignia-screen-protector-pack.png': () => {
    const glass = (dx, dy, i) => `<g transform="translate(${dx} ${dy}) rotate(${-8 + i * 6} 500 500)">
      <rect x="330" y="170" width="340" height="660" rx="52" fill="#d9f1ff" opacity=".38" stroke="#ffffff" stroke-width="5"/>
      <rect x="330" y="170" width="340" height="660" rx="52" fill="none" stroke="#7fb6d6" stroke-width="2" opacity=".7"/>
      <path d="M380 240 L 470 240 L 380 420 Z" fill="#fff" opacity=".55"/>
      <path d="M600 620 L 640 620 L 560 790 L 520 790 Z" fill="#fff" opacity=".35"/>
      <circle cx="500" cy="210" r="12" fill="none" stroke="#7fb6d6" stroke-width="2"/>
    </g>`;
    return scene(
      `${glass(-110, 10, 0)}${glass(0, 0, 1)}${glass(110, 10, 2)}
      <g transform="translate(712 150)"><circle r="62" fill="#0046be"/><text y="20" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="58" font-weight="700" fill="#fff">×3</text></g>`,
      { bg: ['#f1f6fb', '#dbe5ef'], shadow: { cx: 500, cy: 880, rx: 330, ry: 30 } },
    );
  },
  'insignia-screen-protector-phone.png': () =>
    scene(
      `${phoneFront(470, 480, 320, 680, { id: 'sp' })}
      <g transform="rotate(-9 640 300)">
        <path d="M330 150 L 680 150 Q 720 150 720 190 L 720 600 Q 620 560 520 700 L 330 700 Q 290 700 290 660 L 290 190 Q 290 150 330 150 Z" fill="#dff4ff" opacity=".42" stroke="#ffffff" stroke-width="5"/>
        <path d="M340 200 L 440 200 L 340 400 Z" fill="#fff" opacity=".5"/>
      </g>`,
      { bg: ['#f1f6fb', '#dbe5ef'] },
    ),
};

mkdirSync(OUT, { recursive: true });
for (const [file, draw] of Object.entries(drawings)) {
  const info = await sharp(Buffer.from(draw())).png({ compressionLevel: 9, palette: false }).toFile(`${OUT}/${file}`);
  console.log(file, `${Math.round(info.size / 1024)} KB`);
}
