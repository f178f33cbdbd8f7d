import { describe, expect, it } from 'vitest';
import {
  chooseImage,
  imageUrlOrPlaceholder,
  isUsableImageUrl,
  PLACEHOLDER_IMAGE,
  PLACEHOLDER_ONERROR,
} from '../../src/lib/images';

const asset = { src: '/_astro/cover.png', width: 1200, height: 675, format: 'png' };

describe('image rules', () => {
  it('uses an address only when it starts with http', () => {
    expect(isUsableImageUrl('https://example.com/a.jpg')).toBe(true);
    expect(isUsableImageUrl('http://example.com/a.jpg')).toBe(true);
    for (const v of [
      '',
      '/images/a.jpg',
      'images/a.jpg',
      './a.png',
      'data:image/png;base64,xx',
      'ftp://x/a.jpg',
      ' https://x/a.jpg',
      null,
      undefined,
      42,
    ]) {
      expect(isUsableImageUrl(v)).toBe(false);
    }
  });

  it('falls back to the placeholder for unusable addresses', () => {
    expect(imageUrlOrPlaceholder('https://example.com/a.jpg')).toBe('https://example.com/a.jpg');
    expect(imageUrlOrPlaceholder('/uploads/a.jpg')).toBe(PLACEHOLDER_IMAGE);
    expect(imageUrlOrPlaceholder('')).toBe(PLACEHOLDER_IMAGE);
    expect(imageUrlOrPlaceholder(undefined)).toBe(PLACEHOLDER_IMAGE);
  });

  it('chooses the optimised asset, the remote address, or the placeholder', () => {
    expect(chooseImage(asset)).toEqual({ kind: 'asset', asset });
    expect(chooseImage('https://cdn.example.com/a.webp')).toEqual({
      kind: 'remote',
      src: 'https://cdn.example.com/a.webp',
    });
    expect(chooseImage('cover.png')).toEqual({ kind: 'placeholder', src: PLACEHOLDER_IMAGE });
    expect(chooseImage(null)).toEqual({ kind: 'placeholder', src: PLACEHOLDER_IMAGE });
  });

  it('the load-error handler swaps in the placeholder once and drops the srcset', () => {
    const attrs = new Map<string, string>([
      ['srcset', 'a 1x'],
      ['sizes', '100vw'],
    ]);
    const img: Record<string, unknown> = {
      src: 'https://broken.example/a.jpg',
      onerror: 'set',
      removeAttribute: (name: string) => attrs.delete(name),
    };
    new Function(PLACEHOLDER_ONERROR).call(img);
    expect(img.src).toBe(PLACEHOLDER_IMAGE);
    expect(img.onerror).toBeNull();
    expect([...attrs.keys()]).toEqual([]);
  });
});
