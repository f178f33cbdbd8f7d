import { describe, expect, it } from 'vitest';
import { findPhoneById } from '../../../src/lib/catalogue';
import { PRODUCTS } from '../../../src/data/products';
import { formatPrice } from '../../../src/lib/shop/format';
import { formatCad } from '../../../src/lib/money';
import { withCataloguePrices, type ProductSource } from '../../../src/lib/shop/phone-price';
import { phonePriceLabel } from '../../../src/lib/recommender/price-label';
import { renderRecommendationsEmail } from '../../../src/lib/email/recommendations-email';
import { recommend } from '../../../src/lib/recommender/recommend';
import { toRecommendationSummary } from '../../../src/lib/recommender/recommendation';
import { PHONES } from '../../../src/lib/catalogue';

describe('one price per phone', () => {
  it('every shop product that is a catalogue phone costs exactly what the recommender shows', () => {
    const phones = PRODUCTS.filter((p) => p.phoneId);
    expect(phones.map((p) => p.id)).toContain('samsung-galaxy-s25');
    for (const product of phones) {
      const phone = findPhoneById(product.phoneId!)!;
      expect(phone, product.id).toBeDefined();
      expect(product.price, product.id).toBe(phone.price);
      expect(formatPrice(product.price)).toBe(phonePriceLabel(phone));
    }
  });

  it('the Galaxy S25 reads $1,288.99 in the shop, on the recommender card and in the results mail', () => {
    const product = PRODUCTS.find((p) => p.id === 'samsung-galaxy-s25')!;
    const phone = findPhoneById('samsung-galaxy-s25')!;
    const shown = formatPrice(product.price);
    expect(shown).toBe(formatPrice(phone.price));
    expect(phonePriceLabel(phone)).toBe(shown);
    const [pick] = recommend(PHONES, {}, { today: new Date('2026-01-15') });
    const mail = renderRecommendationsEmail({
      name: 'Ada',
      phoneModel: null,
      preferences: {},
      recommendations: [{ ...toRecommendationSummary(pick!), brand: phone.brand, model: phone.model }],
      phones: [phone],
      siteUrl: 'https://example.test',
    });
    expect(mail.text).toContain(`${shown} CAD`);
    expect(mail.html).toContain(`${shown} CAD`);
    expect(mail.text).not.toMatch(/CA\$/);
  });

  it('the recommender writes every catalogue price as the shop does (formatCad)', () => {
    for (const p of PHONES.filter((x) => !x.priceEstimated)) expect(phonePriceLabel(p), p.id).toBe(formatCad(p.price));
  });

  it('takes the price from the catalogue entry, and refuses an unknown phone or an estimated price', () => {
    const base = {
      id: 'x',
      name: 'X',
      image: '',
      type: 'hardware',
      stock: 'In Stock',
      category: 'Smartphone',
    } as const;
    const sources: ProductSource[] = [
      { ...base, phoneId: 'p' },
      { ...base, id: 'y', price: 5 },
    ];
    const out = withCataloguePrices(sources, (id) =>
      id === 'p' ? { price: 999.99, priceEstimated: false } : undefined,
    );
    expect(out.map((p) => p.price)).toEqual([999.99, 5]);
    expect(() => withCataloguePrices([{ ...base, phoneId: 'gone' }], () => undefined)).toThrow(
      /no catalogue phone 'gone'/,
    );
    expect(() =>
      withCataloguePrices([{ ...base, phoneId: 'p' }], () => ({ price: 2420, priceEstimated: true })),
    ).toThrow(/estimated/);
  });
});
