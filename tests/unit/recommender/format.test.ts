import { describe, expect, it } from 'vitest';
import { UNKNOWN, formatPrice, orUnknown, phonePriceLabel } from '../../../src/lib/recommender';

describe('display helpers', () => {
  it("shows unknown facts as '—', amounts with 0 decimals, phone prices to the cent, marking converted estimates", () => {
    expect(UNKNOWN).toBe('—');
    expect([orUnknown(null), orUnknown(undefined), orUnknown(''), orUnknown(0), orUnknown('IP68')]).toEqual([
      '—',
      '—',
      '—',
      '0',
      'IP68',
    ]);
    expect(formatPrice(1199.99)).toBe('$1,200');
    expect(formatPrice(399.99, 2)).toBe('$399.99');
    expect(formatPrice(1288.99)).toBe('$1,289');
    expect(phonePriceLabel({ price: 2420, priceEstimated: true })).toBe('about $2,420');
    expect(phonePriceLabel({ price: 1299.99, priceEstimated: false })).toBe('$1,299.99');
    expect(phonePriceLabel({ price: 1288.99, priceEstimated: false })).toBe('$1,288.99');
  });
});
