// The shop's payment modes, in process (docs/shop.md#payment-modes): a deploy without Stripe keys
// fails closed; local mode without keys runs the site's own test checkout through the same order path.
import { afterEach, describe, expect, it } from 'vitest';
import checkoutFn from '../../netlify/functions/checkout';
import shopFn from '../../netlify/functions/shop';
import { call } from './helpers';

const restore = { ...process.env };
afterEach(() => {
  for (const k of ['CONTEXT', 'SITE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
    if (restore[k] === undefined) delete process.env[k];
    else process.env[k] = restore[k];
  }
});

const cart = { items: [{ id: 'maple-wallpaper-pack', quantity: 1 }] };

describe('a deploy without Stripe keys', () => {
  it('answers 503 not_configured to checkout and webhook, and the status says ordering is closed', async () => {
    process.env.CONTEXT = 'production';
    process.env.SITE_URL = 'https://shop.example';
    const checkout = await call(checkoutFn, { method: 'POST', path: '/api/checkout', body: cart });
    expect(checkout.status).toBe(503);
    expect(checkout.json.error.code).toBe('not_configured');
    const hook = await call(shopFn, {
      method: 'POST',
      path: '/api/stripe/webhook',
      body: '{}',
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect(hook.status).toBe(503);
    const status = await call(shopFn, { path: '/api/shop/status' });
    expect(status.json.ordering).toBe('closed');
    const test = await call(shopFn, { path: `/api/shop/test-checkout/cs_test_local_${'0'.repeat(32)}` });
    expect(test.status).toBe(404);
  });

  it('with a secret key but no webhook secret, the webhook still fails closed', async () => {
    process.env.CONTEXT = 'production';
    process.env.STRIPE_SECRET_KEY = 'sk_test_x';
    const hook = await call(shopFn, {
      method: 'POST',
      path: '/api/stripe/webhook',
      body: '{}',
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect(hook.status).toBe(503);
    expect(hook.json.error.code).toBe('not_configured');
  });
});

describe('local mode without keys: the test checkout', () => {
  it('opens our own checkout page, and paying makes the order once; paying again changes nothing', async () => {
    const checkout = await call(checkoutFn, { method: 'POST', path: '/api/checkout', body: cart, ip: '203.0.113.50' });
    expect(checkout.status, checkout.text).toBe(200);
    const url = new URL(checkout.json.url);
    expect(url.pathname).toBe('/shop/test-checkout');
    const id = url.searchParams.get('session')!;
    const open = await call(shopFn, { path: `/api/shop/test-checkout/${id}` });
    expect(open.json).toMatchObject({ state: 'open', subtotal: 799, needsShipping: false });
    const bad = await call(shopFn, {
      method: 'POST',
      path: `/api/shop/test-checkout/${id}/pay`,
      body: { email: 'x', name: '' },
    });
    expect(bad.status).toBe(400);
    const paid = await call(shopFn, {
      method: 'POST',
      path: `/api/shop/test-checkout/${id}/pay`,
      body: { email: 'Local.Buyer@example.com', name: 'Local Buyer' },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json.url).toContain(`/shop/success?session_id=${id}`);
    const summary = await call(shopFn, { path: `/api/shop/order/${id}` });
    expect(summary.json).toMatchObject({ status: 'paid', testCheckout: true, amounts: { total: 903 } });
    const again = await call(shopFn, { path: `/api/shop/test-checkout/${id}` });
    expect(again.json.state).toBe('complete');
    const twice = await call(shopFn, {
      method: 'POST',
      path: `/api/shop/test-checkout/${id}/pay`,
      body: { email: 'other@example.com', name: 'Someone Else' },
    });
    expect(twice.json.url).toBe(paid.json.url);
    const outbox = await call(shopFn, { path: `/api/shop/order/${id}` });
    expect(outbox.json).toEqual(summary.json);
  });
});

describe('local mode without keys: cancelling the test checkout', () => {
  it('gives the held unit back and leads to /shop/cancel; paying afterwards is refused', async () => {
    const left = async () =>
      (await call(shopFn, { path: '/api/shop/status' })).json.stock['samsung-galaxy-watch7'].left;
    const before = await left();
    const checkout = await call(checkoutFn, {
      method: 'POST',
      path: '/api/checkout',
      body: { items: [{ id: 'samsung-galaxy-watch7', quantity: 1 }] },
      ip: '203.0.113.51',
    });
    expect(checkout.status, checkout.text).toBe(200);
    const id = new URL(checkout.json.url).searchParams.get('session')!;
    expect(await left()).toBe(before - 1);
    const cancel = await call(shopFn, { method: 'POST', path: `/api/shop/test-checkout/${id}/cancel` });
    expect(cancel.status, cancel.text).toBe(200);
    expect(new URL(cancel.json.url).pathname).toBe('/shop/cancel');
    expect(await left()).toBe(before);
    const pay = await call(shopFn, {
      method: 'POST',
      path: `/api/shop/test-checkout/${id}/pay`,
      body: { email: 'late@example.com', name: 'Late Payer', shipping: 'pickup' },
    });
    expect(pay.status).toBe(410);
    expect(pay.json.error.code).toBe('expired');
  });
});

describe('checkout is rate-limited like the signups', () => {
  it('the 11th checkout of one client within a minute gets 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        await call(checkoutFn, { method: 'POST', path: '/api/checkout', body: { items: [] }, ip: '203.0.113.77' }),
      );
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(400));
    expect(answers[10]!.status).toBe(429);
    expect(answers[10]!.json.error.code).toBe('rate_limited');
    expect(answers[10]!.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
