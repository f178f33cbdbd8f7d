import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../../src/data/products';
import {
  availabilityOf,
  checkoutPayloadSchema,
  formatCents,
  isSellable,
  needsShipping,
  priceCart,
  toCents,
} from '../../../src/lib/shop/cart';
import { crc32, zipStream } from '../../../src/lib/shop/zip';
import { isIndexable } from '../../../src/lib/site/sitemap';

const cart = (items: unknown) => checkoutPayloadSchema.safeParse({ items });

describe('the checkout payload', () => {
  it('accepts id and quantity and drops a price the client sends', () => {
    const parsed = cart([{ id: 'maple-wallpaper-pack', quantity: 1, price: 0.01 }]);
    expect(parsed.success && parsed.data.items[0]).toEqual({ id: 'maple-wallpaper-pack', quantity: 1 });
  });
  it.each([[[]], ['x'], [[{ id: 'a', quantity: 0 }]], [[{ id: 'a', quantity: 1.5 }]], [[{ id: 'A B', quantity: 1 }]]])(
    'refuses %j',
    (items) => expect(cart(items).success).toBe(false),
  );
  it('takes at most as many lines as an order read back from Stripe can hold (its first 10), and every sellable product fits', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `product-${i}`, quantity: 1 }));
    expect(cart(lines(10)).success).toBe(true);
    expect(cart(lines(11)).success).toBe(false);
    const sellable = PRODUCTS.filter(isSellable);
    expect(sellable.length).toBeLessThanOrEqual(10);
  });
});

describe('pricing a cart from the catalogue', () => {
  const price = (items: { id: string; quantity: number }[]) => priceCart({ items }, PRODUCTS);
  it('prices in cents from the catalogue', () => {
    const r = price([{ id: 'samsung-galaxy-s25', quantity: 2 }]);
    expect(r.ok && r.lines[0]).toMatchObject({ unitAmount: 128899, quantity: 2, type: 'hardware' });
  });
  it.each([
    [[{ id: 'nope', quantity: 1 }], 'unknown_product'],
    [[{ id: 'ai-prompt-guide', quantity: 2 }], 'invalid_quantity'],
    [[{ id: 'samsung-galaxy-s25', quantity: 6 }], 'invalid_quantity'],
    [[{ id: 'insignia-galaxy-s25-screen-protector-3-pack', quantity: 1 }], 'affiliate_product'],
    [
      [
        { id: 'ai-prompt-guide', quantity: 1 },
        { id: 'ai-prompt-guide', quantity: 1 },
      ],
      'duplicate_line',
    ],
  ])('refuses %j with %s', (items, code) => {
    const r = price(items);
    expect(r.ok ? null : r.refusal.code).toBe(code);
  });
  it('ships only carts with a device', () => {
    expect(needsShipping([{ type: 'digital' }])).toBe(false);
    expect(needsShipping([{ type: 'digital' }, { type: 'hardware' }])).toBe(true);
  });
});

describe('availability and money', () => {
  it.each([
    [0, 'Out of stock'],
    [1, 'Limited Stock'],
    [3, 'Limited Stock'],
    [4, 'In Stock'],
  ])('%i left shows %s', (left, text) => expect(availabilityOf(left)).toBe(text));
  it('rounds dollars to cents and formats them', () => {
    expect(toCents(7.99)).toBe(799);
    expect(toCents(1299.99)).toBe(129999);
    expect(formatCents(144997)).toBe('$1,449.97');
  });
});

describe('the streamed ZIP', () => {
  it('has the right CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
  it('writes every file with its name and an end record naming the entries', async () => {
    const files = ['a.txt', 'dir/b.txt'].map((name) => ({ name, read: async () => new TextEncoder().encode(name) }));
    const bytes = new Uint8Array(await new Response(zipStream(files)).arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    const end = bytes.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(2);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('dir/b.txt');
  });
});

describe('the shop in the sitemap', () => {
  it('lists /shop, never the cart, checkout or order pages', () => {
    expect(isIndexable('/shop')).toBe(true);
    expect(['/shop/cart', '/shop/test-checkout', '/shop/success', '/shop/cancel'].filter(isIndexable)).toEqual([]);
  });
});
