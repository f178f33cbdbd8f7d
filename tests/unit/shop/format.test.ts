import { describe, expect, it } from 'vitest';
import { formatPrice, galleryImages, wrapIndex } from '../../../src/lib/shop/format';

describe('formatPrice', () => {
  it('shows a $ sign, grouped thousands and exactly two decimals', () => {
    expect(formatPrice(7.99)).toBe('$7.99');
    expect(formatPrice(1299.99)).toBe('$1,299.99');
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

describe('galleryImages', () => {
  it('by default keeps http addresses only, in order, without duplicates', () => {
    expect(
      galleryImages({
        image: 'https://x.test/a.png',
        additionalImages: ['/b.png', '', 'https://x.test/a.png', 'c.png', 'http://x.test/d.png'],
      }),
    ).toEqual(['https://x.test/a.png', 'http://x.test/d.png']);
  });
  it('takes a rule for local assets too', () => {
    const known = new Set(['/src/assets/products/a.png', '/src/assets/products/b.png']);
    const isUsable = (ref: string) => known.has(ref) || ref.startsWith('http');
    expect(
      galleryImages(
        {
          image: '/src/assets/products/a.png',
          additionalImages: ['/src/assets/products/b.png', '/src/assets/products/missing.png', 'https://x.test/c.png'],
        },
        isUsable,
      ),
    ).toEqual(['/src/assets/products/a.png', '/src/assets/products/b.png', 'https://x.test/c.png']);
  });
  it('is empty when nothing is usable', () => {
    expect(galleryImages({ image: '' })).toEqual([]);
    expect(galleryImages({ image: '/local.png', additionalImages: ['x.png'] })).toEqual([]);
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
