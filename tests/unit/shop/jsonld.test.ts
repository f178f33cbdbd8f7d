import { describe, expect, it } from 'vitest';
import { jsonLdScript, productJsonLd } from '../../../src/lib/shop/jsonld';
import { getProduct } from '../../../src/data/products';

describe('productJsonLd', () => {
  it('describes a hardware product with brand, images and a CAD offer', () => {
    const p = getProduct('samsung-galaxy-watch7')!;
    const ld = productJsonLd(p, {
      url: 'https://site.test/product/samsung-galaxy-watch7',
      images: ['https://site.test/a.webp'],
      currency: 'CAD',
    });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      sku: 'samsung-galaxy-watch7',
      image: ['https://site.test/a.webp'],
      brand: { '@type': 'Brand', name: 'Samsung' },
      offers: {
        '@type': 'Offer',
        price: '439.99',
        priceCurrency: 'CAD',
        availability: 'https://schema.org/LimitedAvailability',
        url: 'https://site.test/product/samsung-galaxy-watch7',
      },
    });
  });
  it('points the offer of an affiliate product at the retailer and omits missing images', () => {
    const p = getProduct('insignia-galaxy-s25-screen-protector-3-pack')!;
    const ld = productJsonLd(p, { url: 'https://site.test/product/x', images: [], currency: 'CAD' });
    expect((ld.offers as { url: string }).url).toBe(p.affiliate_link);
    expect(ld).not.toHaveProperty('image');
  });
});

describe('jsonLdScript', () => {
  it('cannot close the script element', () => {
    const out = jsonLdScript({ name: '</script><script>alert(1)</script>' });
    expect(out).not.toContain('<');
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
