import { describe, expect, it } from 'vitest';
import { formatPrice, galleryImages, usableImageSrc, wrapIndex } from '../../src/lib/shop/format';

describe('formatPrice', () => {
  it('shows a $ sign and exactly two decimals', () => {
    expect(formatPrice(7.99)).toBe('$7.99');
    expect(formatPrice(1299.99)).toBe('$1299.99');
    expect(formatPrice(30)).toBe('$30.00');
    expect(formatPrice(0.5)).toBe('$0.50');
    expect(formatPrice(0)).toBe('$0.00');
  });
  it('rounds to the cent', () => {
    expect(formatPrice(19.999)).toBe('$20.00');
    expect(formatPrice(1.004)).toBe('$1.00');
  });
  it('rejects values that are not prices', () => {
    expect(() => formatPrice(-1)).toThrow(RangeError);
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
    expect(() => formatPrice(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('usableImageSrc (spec §5 image rule, plus self-hosted paths)', () => {
  it('accepts http and https addresses', () => {
    expect(usableImageSrc('https://images.example.com/a.png')).toBe('https://images.example.com/a.png');
    expect(usableImageSrc('http://example.com/a.png')).toBe('http://example.com/a.png');
    expect(usableImageSrc('  https://example.com/a.png ')).toBe('https://example.com/a.png');
  });
  it('accepts site paths starting with a single slash', () => {
    expect(usableImageSrc('/images/products/a.png')).toBe('/images/products/a.png');
  });
  it('gives the placeholder (null) for everything else', () => {
    for (const bad of ['', '   ', 'a.png', 'images/a.png', '//evil.example/a.png', 'javascript:alert(1)', 'data:image/png;base64,AA', 'ftp://x/a.png', 'https://', 'httpfoo', null, undefined]) {
      expect(usableImageSrc(bad as string), String(bad)).toBeNull();
    }
  });
});

describe('galleryImages', () => {
  it('lists the main image then the additional ones, skipping unusable and duplicate addresses', () => {
    expect(galleryImages({ image: '/a.png', additionalImages: ['/b.png', '', '/a.png', 'c.png', 'https://x.test/d.png'] })).toEqual([
      '/a.png',
      '/b.png',
      'https://x.test/d.png',
    ]);
  });
  it('is empty when nothing is usable', () => {
    expect(galleryImages({ image: '' })).toEqual([]);
  });
});

describe('wrapIndex', () => {
  it('moves forward and backward, wrapping at both ends', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -1, 3)).toBe(0);
    expect(wrapIndex(9, 1, 10)).toBe(0);
    expect(wrapIndex(0, -11, 10)).toBe(9);
  });
  it('stays at 0 for a single item or an empty list', () => {
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 1)).toBe(0);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});
