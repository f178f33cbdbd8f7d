// Stripe's webhook under repeated deliveries that race, in process with the real `stripe` client
// against the loopback fake (docs/shop.md#orders): a session whose hold was released (expired, then
// paid after all) that is delivered several times at once still takes one unit and makes one order.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import checkoutFn from '../../netlify/functions/checkout';
import shopFn from '../../netlify/functions/shop';
import { startStripeFake, type StripeFake } from '../served/stripe-fake';
import { MAINTENANCE_STEPS, runMaintenance } from '../../src/lib/composition/maintenance';
import { call, storeKeys, useEnv } from './helpers';

const SECRET = 'whsec_api_races';
const stripe = new Stripe('sk_test_api_races');
let fake: StripeFake;
const env: Record<string, string> = { STRIPE_SECRET_KEY: 'sk_test_api_races', STRIPE_WEBHOOK_SECRET: SECRET };
beforeAll(async () => {
  fake = await startStripeFake();
  env.STRIPE_API_URL = fake.url;
  process.env.STRIPE_API_URL = fake.url;
});
afterAll(async () => {
  delete process.env.STRIPE_API_URL;
  await fake?.close();
});
useEnv(env);

function deliver(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object },
  });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return call(shopFn, {
    method: 'POST',
    path: '/api/stripe/webhook',
    body: payload,
    headers: { 'stripe-signature': header },
  });
}
const sessionObject = (id: string) => {
  const { params: _p, line_items: _l, ...rest } = fake.sessions.get(id)!;
  return rest;
};
const left = async (id: string) => (await call(shopFn, { path: '/api/shop/status' })).json.stock[id].left as number;

describe('repeated deliveries at once', () => {
  it('expired, then paid after all and delivered four times at once: one unit sold, one order', async () => {
    const product = 'samsung-galaxy-watch7';
    const before = await left(product);
    const res = await call(checkoutFn, {
      method: 'POST',
      path: '/api/checkout',
      body: { items: [{ id: product, quantity: 1 }] },
      ip: '203.0.113.90',
    });
    expect(res.status, res.text).toBe(200);
    const id = new URL(res.json.url).pathname.split('/').pop()!;
    expect((await deliver('checkout.session.expired', { ...sessionObject(id), status: 'expired' })).status).toBe(200);
    expect(await left(product)).toBe(before);
    fake.pay(id, { email: 'racer@example.com', name: 'Rae Racer' });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => deliver('checkout.session.completed', sessionObject(id))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const order = await call(shopFn, { path: `/api/shop/order/${id}` });
    expect(order.json.status).toBe('paid');
    expect(await left(product)).toBe(before - 1);
  });
});

describe('a refund that comes before its order (docs/shop.md#orders)', () => {
  const DAY = 24 * 60 * 60_000;
  const refundStep = MAINTENANCE_STEPS.filter((step) => step.name === 'shop refunds');
  const maintainAt = (now: number) => runMaintenance({ now, steps: refundStep });
  const refundOf = (pi: string, amount: number) => ({
    id: `ch_${pi}`,
    object: 'charge',
    payment_intent: pi,
    amount,
    amount_refunded: amount,
    refunded: true,
  });

  it('is kept while its order may still come, applied when it does, and then forgotten', async () => {
    const res = await call(checkoutFn, {
      method: 'POST',
      path: '/api/checkout',
      body: { items: [{ id: 'samsung-galaxy-watch7', quantity: 1 }] },
      ip: '203.0.113.91',
    });
    const id = new URL(res.json.url).pathname.split('/').pop()!;
    const paid = fake.pay(id, { email: 'early-refund@example.com', name: 'Early Refund' });
    const pi = String(paid.payment_intent);
    expect((await deliver('charge.refunded', refundOf(pi, paid.amount_total!))).status).toBe(200);
    expect(await storeKeys('shop-refunds-pending')).toContain(pi);
    // A day later maintenance keeps it: the payment's own event may still be on its way.
    await maintainAt(Date.now() + DAY);
    expect(await storeKeys('shop-refunds-pending')).toContain(pi);
    expect((await deliver('checkout.session.completed', sessionObject(id))).status).toBe(200);
    const order = await call(shopFn, { path: `/api/shop/order/${id}` });
    expect(order.json.status).toBe('refunded');
    expect(await storeKeys('shop-refunds-pending')).not.toContain(pi);
  });

  it("a refund of a payment that is not the shop's is deleted after 30 days, not kept for good", async () => {
    const pi = `pi_other_sale_${Date.now()}`;
    expect((await deliver('charge.refunded', refundOf(pi, 2500))).status).toBe(200);
    await maintainAt(Date.now() + 29 * DAY);
    expect(await storeKeys('shop-refunds-pending')).toContain(pi);
    const report = await maintainAt(Date.now() + 31 * DAY);
    expect(report.errors).toEqual([]);
    expect(report.steps['shop refunds']).toBeGreaterThanOrEqual(1);
    expect(await storeKeys('shop-refunds-pending')).not.toContain(pi);
  });
});
