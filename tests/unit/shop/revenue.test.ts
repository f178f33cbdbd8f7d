// Revenue by day on /admin/orders (docs/shop.md#staff): a day is a date in the business's time zone,
// as in every staff statistic, and refunds are taken off.
import { describe, expect, it } from 'vitest';
import { revenueByDay } from '../../../src/lib/shop/server/admin';
import type { Order } from '../../../src/lib/shop/server/orders';

const order = (createdAt: string, total: number, amountRefunded = 0) =>
  ({ createdAt, amounts: { subtotal: 0, shipping: 0, tax: 0, total, currency: 'cad' }, amountRefunded }) as Order;

describe('revenueByDay', () => {
  it('counts an evening order in Kitchener on that day, not on the next UTC day', () => {
    // 21:30 on 14 March in Toronto (EDT) is 01:30 UTC on 15 March.
    expect(revenueByDay([order('2026-03-15T01:30:00.000Z', 5000)], 'America/Toronto')).toEqual([
      { day: '2026-03-14', orders: 1, revenue: 5000 },
    ]);
  });

  it('sums the orders of a day, oldest day first, with refunds taken off', () => {
    const days = revenueByDay(
      [
        order('2026-06-02T15:00:00.000Z', 1000),
        order('2026-06-01T15:00:00.000Z', 2000, 2000),
        order('2026-06-02T16:00:00.000Z', 3000, 500),
      ],
      'America/Toronto',
    );
    expect(days).toEqual([
      { day: '2026-06-01', orders: 1, revenue: 0 },
      { day: '2026-06-02', orders: 2, revenue: 3500 },
    ]);
  });
});
