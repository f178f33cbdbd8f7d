import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import {
  DEEP_LINKS,
  downloadFileName,
  isMobileUserAgent,
  neighbourInBrand,
  positionInBrand,
  sharePopupFeatures,
  shareLinks,
  wallpaperPageUrl,
  wallpapersOfBrand,
} from '../../../src/lib/walls/wallpapers';
import { wallpaperCatalogueSchema, withUrls } from '../../../src/lib/walls/schema';
import { WALLPAPERS } from '../../../src/data/wallpapers';

describe('the wallpaper catalogue', () => {
  it('has 30 wallpapers, 10 per brand, with unique ids', () => {
    expect(WALLPAPERS).toHaveLength(30);
    for (const brand of ['Apple', 'Samsung', 'Google']) expect(wallpapersOfBrand(WALLPAPERS, brand)).toHaveLength(10);
    expect(new Set(WALLPAPERS.map((w) => w.id)).size).toBe(30);
  });

  it('points at real 9:16 JPEG files: full 1080x1920, thumbnails 360x640 and smaller', () => {
    for (const w of WALLPAPERS) {
      for (const [url, width, height] of [
        [w.imageUrl, 1080, 1920],
        [w.thumbnailUrl, 360, 640],
      ] as const) {
        const file = `public${url}`;
        expect(existsSync(file), file).toBe(true);
        const bytes = readFileSync(file);
        expect([...bytes.subarray(0, 3)], file).toEqual([0xff, 0xd8, 0xff]);
        expect(jpegSize(bytes), file).toEqual({ width, height });
      }
      expect(readFileSync(`public${w.thumbnailUrl}`).length).toBeLessThan(readFileSync(`public${w.imageUrl}`).length);
    }
  });

  it('rejects a catalogue with a missing wallpaper or a duplicate id', () => {
    const raw = WALLPAPERS.map(({ id, title, category }) => ({ id, title, category }));
    expect(wallpaperCatalogueSchema.safeParse(raw.slice(1).map(withUrls)).success).toBe(false);
    expect(wallpaperCatalogueSchema.safeParse([...raw.slice(1), raw[1]].map(withUrls)).success).toBe(false);
    expect(wallpaperCatalogueSchema.safeParse(raw.map(withUrls)).success).toBe(true);
  });
});

describe('downloadFileName', () => {
  it('lowercases and hyphenates the title and adds .jpg', () => {
    expect(downloadFileName('Aurora Glass')).toBe('aurora-glass.jpg');
    expect(downloadFileName('Galaxy  S25 Nebula')).toBe('galaxy-s25-nebula.jpg');
    expect(downloadFileName(' Crème Brûlée & Co. ')).toBe('creme-brulee-co.jpg');
    expect(downloadFileName('!!!')).toBe('wallpaper.jpg');
  });
});

describe('position and neighbours inside a brand', () => {
  const apple = wallpapersOfBrand(WALLPAPERS, 'Apple');
  it('labels the position like 2 / 10', () => {
    expect(positionInBrand(WALLPAPERS, apple[1].id)).toEqual({ index: 1, total: 10, label: '2 / 10' });
    expect(positionInBrand(WALLPAPERS, 'nope')).toBeNull();
  });
  it('wraps previous/next within the brand', () => {
    expect(neighbourInBrand(WALLPAPERS, apple[9].id, 1)).toBe(apple[0].id);
    expect(neighbourInBrand(WALLPAPERS, apple[0].id, -1)).toBe(apple[9].id);
    expect(neighbourInBrand(WALLPAPERS, apple[3].id, 1)).toBe(apple[4].id);
    const google = wallpapersOfBrand(WALLPAPERS, 'Google');
    expect(neighbourInBrand(WALLPAPERS, google[0].id, -1)).toBe(google[9].id);
    expect(neighbourInBrand(WALLPAPERS, 'nope', 1)).toBeNull();
  });
});

describe('sharing', () => {
  it('builds the social network and microblogging links with the encoded page address', () => {
    const links = shareLinks('https://site.test/walls?w=a b', 'Aurora Glass');
    expect(links.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fsite.test%2Fwalls%3Fw%3Da%20b',
    );
    expect(new URL(links.x).hostname).toBe('x.com');
    expect(new URL(links.x).searchParams.get('url')).toBe('https://site.test/walls?w=a b');
    expect(new URL(links.x).searchParams.get('text')).toContain('Aurora Glass');
  });
  it('opens a 600x400 popup, centred when the window box is known', () => {
    expect(sharePopupFeatures()).toBe('width=600,height=400,noopener,noreferrer');
    expect(sharePopupFeatures({ left: 100, top: 50, width: 1400, height: 900 })).toBe(
      'width=600,height=400,left=500,top=300,noopener,noreferrer',
    );
  });
  it('has app deep links with https web fallbacks', () => {
    for (const d of Object.values(DEEP_LINKS)) {
      expect(d.app).toMatch(/^[a-z0-9]+:\/\//);
      expect(d.web).toMatch(/^https:\/\//);
    }
  });
  it('detects mobile user agents', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; SM-S921W)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/126')).toBe(false);
  });
  it('builds the page address that selects a wallpaper', () => {
    expect(wallpaperPageUrl('https://site.test/', 'apple-aurora-glass')).toBe(
      'https://site.test/walls?w=apple-aurora-glass',
    );
  });
});

/** Width and height from a JPEG's SOF marker. */
function jpegSize(buf: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1];
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}
