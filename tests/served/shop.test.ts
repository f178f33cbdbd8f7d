// The shop against the served site (`npm start` on the production build) with the real `stripe`
// client pointed at a loopback Stripe fake (STRIPE_API_URL) and events signed with the client's own
// test helper. One server for every case; each case uses its own products, so stock never collides.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSendGridFake, type SendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';
import { postJson, requestFrom, startServedSite, type ServedSite } from './served-site';
import { startStripeFake, type StripeFake } from './stripe-fake';

const ADMIN_KEY = 'served-shop-staff-key-7c2d';
const WEBHOOK_SECRET = 'whsec_served_shop_test_secret';
const stripe = new Stripe('sk_test_served_shop');

let site: ServedSite;
let fake: StripeFake;
let mail: SendGridFake;

beforeAll(async () => {
  [fake, mail] = await Promise.all([startStripeFake(), startSendGridFake()]);
  site = await startServedSite('shop', {
    LOCAL_MODE: 'true',
    SITE_LAUNCHED: 'true',
    EDGE_FUNCTIONS: 'off',
    ADMIN_KEY,
    STRIPE_SECRET_KEY: 'sk_test_served_shop',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    SENDGRID_API_KEY: 'SG.served-shop',
    SENDGRID_BASE_URL: mail.url,
    SIGNUP_RATE_LIMIT: '100',
  });
}, 180_000);
afterAll(async () => {
  await site?.remove();
  await Promise.all([fake?.close(), mail?.close()]);
}, 60_000);

let client = 60;
const nextClient = () => `127.0.0.${++client}`;

const checkout = (items: unknown, from = nextClient()) => postJson(`${site.url}/api/checkout`, { items }, from);

async function admin(method: string, path: string, body?: unknown) {
  const res = await requestFrom('127.0.0.1', `${site.url}/api/admin${path}`, {
    method,
    headers: { 'admin-key': ADMIN_KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { ...res, body: res.text ? JSON.parse(res.text) : null };
}

/** A Stripe event, signed as Stripe signs it (or with another secret / an old timestamp). */
function signedEvent(type: string, object: unknown, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { payload, header };
}

async function deliver(
  type: string,
  object: unknown,
  opts: { secret?: string; timestamp?: number; header?: string | null } = {},
) {
  const { payload, header } = signedEvent(type, object, opts);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = opts.header === undefined ? header : opts.header;
  if (sig !== null) headers['stripe-signature'] = sig;
  return requestFrom('127.0.0.1', `${site.url}/api/stripe/webhook`, { method: 'POST', headers, body: payload });
}

/** The session as an event carries it (Stripe sends the object without its line items). */
function sessionObject(id: string) {
  const { params: _p, line_items: _l, ...rest } = fake.sessions.get(id)!;
  return rest;
}

const sessionIdOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function buy(items: { id: string; quantity: number }[], email: string, pickup = false) {
  const res = await checkout(items);
  expect(res.status, res.text).toBe(200);
  const id = sessionIdOf(JSON.parse(res.text).url);
  fake.pay(id, { email, name: 'Sam Buyer', pickup });
  const done = await deliver('checkout.session.completed', sessionObject(id));
  expect(done.status, done.text).toBe(200);
  return id;
}

async function ordersOf(email: string) {
  const res = await admin('GET', `/orders?email=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return res.body as {
    id: string;
    status: string;
    lines: { id: string }[];
    shipping: unknown;
    amounts: { total: number };
  }[];
}

const receiptsTo = (email: string) =>
  mail.messages.filter(
    (m) => m.body.personalizations[0].to[0].email === email && m.body.categories.includes('order-receipt'),
  );
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/\S+\/api\/shop\/download\/\S+/g)].map((m) => m[0]);
const localLink = (link: string) => `${site.url}${new URL(link).pathname}`;
const left = async (id: string) => {
  const res = await requestFrom('127.0.0.1', `${site.url}/api/shop/status`);
  return JSON.parse(res.text).stock[id]?.left as number;
};

describe('checkout refuses what it must, and prices from the catalogue', () => {
  it('ignores a price sent by the client: the session carries the catalogue price in CAD, and creates nothing else', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await checkout([{ id: 'maple-wallpaper-pack', quantity: 1, price: 0.01, unit_amount: 1 }]);
    expect(res.status, res.text).toBe(200);
    const session = fake.sessions.get(sessionIdOf(JSON.parse(res.text).url))!;
    // Stripe refuses a session ending less than 30 minutes after it creates it (by its clock): a margin.
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 30 * 60 + 60);
    const line = (session.params.line_items as any[])[0];
    expect(line.price_data.unit_amount).toBe('799');
    expect(line.price_data.currency).toBe('cad');
    expect(session.params.currency).toBe('cad');
    expect(session.params.mode).toBe('payment');
    expect(session.params.shipping_address_collection).toBeUndefined();
    expect(fake.calls.filter((c) => /customers|products|prices/.test(c.path))).toEqual([]);
  });

  it.each([
    ['an unknown product', [{ id: 'no-such-thing', quantity: 1 }], 404, 'unknown_product'],
    ['a quantity of 0', [{ id: 'samsung-galaxy-buds3-pro', quantity: 0 }], 400, 'invalid_input'],
    ['two of a download', [{ id: 'ai-prompt-guide', quantity: 2 }], 400, 'invalid_quantity'],
    ['too many of a device', [{ id: 'samsung-galaxy-buds3-pro', quantity: 6 }], 400, 'invalid_quantity'],
    [
      'an affiliate product',
      [{ id: 'insignia-galaxy-s25-screen-protector-3-pack', quantity: 1 }],
      400,
      'affiliate_product',
    ],
    ['an empty cart', [], 400, 'invalid_input'],
    ['a malformed cart', 'three phones please', 400, 'invalid_input'],
    ['a fractional quantity', [{ id: 'samsung-galaxy-buds3-pro', quantity: 1.5 }], 400, 'invalid_input'],
  ])('refuses %s with %i and the shared error shape', async (_what, items, status, code) => {
    const before = fake.sessions.size;
    const res = await checkout(items);
    expect(res.status, res.text).toBe(status);
    expect(JSON.parse(res.text).error.code).toBe(code);
    expect(fake.sessions.size).toBe(before);
  });

  it('hardware asks for a Canadian shipping address and offers flat-rate shipping and free Kitchener pickup', async () => {
    const res = await checkout([{ id: 'samsung-45w-power-adapter', quantity: 1 }]);
    expect(res.status, res.text).toBe(200);
    const params = fake.sessions.get(sessionIdOf(JSON.parse(res.text).url))!.params as any;
    expect(params.shipping_address_collection.allowed_countries).toEqual(['CA']);
    const amounts = params.shipping_options.map((o: any) => o.shipping_rate_data.fixed_amount.amount);
    expect(amounts).toEqual(['1500', '0']);
    expect(params.automatic_tax.enabled).toBe('true');
  });
});

describe('webhook signatures', () => {
  it('refuses forged, stale and unsigned events and changes nothing', async () => {
    const res = await checkout([{ id: 'smartphone-photography-masterclass', quantity: 1 }]);
    const id = sessionIdOf(JSON.parse(res.text).url);
    fake.pay(id, { email: 'forged@example.com', name: 'Mallory' });
    const forged = await deliver('checkout.session.completed', sessionObject(id), { secret: 'whsec_not_ours' });
    const stale = await deliver('checkout.session.completed', sessionObject(id), {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const unsigned = await deliver('checkout.session.completed', sessionObject(id), { header: null });
    const garbage = await deliver('checkout.session.completed', sessionObject(id), { header: 't=1,v1=abc' });
    for (const r of [forged, stale, unsigned, garbage]) {
      expect(r.status, r.text).toBe(400);
      expect(JSON.parse(r.text).error.code).toBe('invalid_signature');
    }
    expect(await ordersOf('forged@example.com')).toEqual([]);
  });

  it('refuses a signature dated in the future; a signed event that is not what its type says gets 400, never 500', async () => {
    const res = await checkout([{ id: 'smartphone-photography-masterclass', quantity: 1 }]);
    const id = sessionIdOf(JSON.parse(res.text).url);
    fake.pay(id, { email: 'future@example.com', name: 'Marty' });
    const future = await deliver('checkout.session.completed', sessionObject(id), {
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(future.status, future.text).toBe(400);
    expect(JSON.parse(future.text).error.code).toBe('invalid_signature');
    for (const [type, object] of [
      ['checkout.session.completed', { object: 'checkout.session', payment_status: 'paid' }],
      ['checkout.session.expired', { id: '../../admin', object: 'checkout.session' }],
      ['charge.refunded', { id: 'ch_x', object: 'charge', payment_intent: 'pi_x', amount: 'all' }],
      ['checkout.session.completed', null],
    ] as const) {
      const r = await deliver(type, object);
      expect(r.status, `${type} ${JSON.stringify(object)}: ${r.text}`).toBe(400);
      expect(JSON.parse(r.text).error.code).toBe('invalid_event');
    }
    expect(await ordersOf('future@example.com')).toEqual([]);
  });

  it('a paid event for a session Stripe does not know is acknowledged and makes no order', async () => {
    const res = await deliver('checkout.session.completed', {
      id: 'cs_test_not_at_stripe',
      object: 'checkout.session',
      payment_status: 'paid',
      customer_details: { email: 'ghost@example.com', name: 'Ghost' },
    });
    expect(res.status, res.text).toBe(200);
    expect(await ordersOf('ghost@example.com')).toEqual([]);
  });
});

describe('buying', () => {
  it('a digital purchase: cart -> paid -> one order and one receipt whose links download the real file 5 times', async () => {
    const email = `digital-${Date.now()}@example.com`;
    const id = await buy(
      [
        { id: 'maple-wallpaper-pack', quantity: 1 },
        { id: 'smartphone-buying-guide', quantity: 1 },
      ],
      email,
    );
    // Stripe repeats events and sends them out of order: still one order.
    await deliver('checkout.session.async_payment_succeeded', sessionObject(id));
    await deliver('checkout.session.completed', sessionObject(id));
    const orders = await ordersOf(email);
    expect(orders.map((o) => o.id)).toEqual([id]);
    expect(orders[0]!.status).toBe('paid');
    expect(orders[0]!.shipping).toBeNull();
    expect(orders[0]!.amounts.total).toBe(Math.round((799 + 1499) * 1.13));
    // The session's lines were read from Stripe with expand[]=line_items.
    expect(fake.calls.some((c) => c.method === 'GET' && c.path === `/v1/checkout/sessions/${id}`)).toBe(true);

    const receipts = receiptsTo(email);
    expect(receipts).toHaveLength(1);
    const links = linksIn(receipts[0]!.body.content.find((c: any) => c.type === 'text/plain').value);
    expect(links).toHaveLength(2);
    const [zipLink, guideLink] = links.map(localLink);

    const zip = await fetch(zipLink!);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const bytes = new Uint8Array(await zip.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    const end = bytes.length - 22;
    expect(new DataView(bytes.buffer).getUint16(end + 10, true)).toBe(30); // the 30 wallpapers

    for (let n = 1; n <= 5; n++) {
      const res = await fetch(guideLink!);
      expect(res.status, `download ${n}`).toBe(200);
      expect(await res.text()).toContain('Smartphone Buying Guide');
    }
    const sixth = await fetch(guideLink!);
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error.code).toBe('download_limit');
    // A changed signature, and the same signature spelled differently (spare bits of its last character).
    for (const change of [/.(?=.{10}$)/, /.$/]) {
      const tampered = await fetch(guideLink!.replace(change, (c) => (c === 'A' ? 'B' : 'A')));
      expect(tampered.status).toBe(410);
    }
  });

  it('a hardware purchase reduces the stock, keeps the address and shows in the packing data', async () => {
    const product = 'samsung-galaxy-tab-s10-fe';
    expect((await admin('PUT', `/shop/stock/${product}`, { units: 4 })).body.left).toBe(4);
    const email = `hardware-${Date.now()}@example.com`;
    const id = await buy([{ id: product, quantity: 2 }], email);
    expect(await left(product)).toBe(2);
    // A late 'expired' for a paid session (events come out of order) gives nothing back.
    await deliver('checkout.session.expired', { ...sessionObject(id), status: 'expired' });
    expect(await left(product)).toBe(2);
    const [order] = await ordersOf(email);
    expect(order!.shipping).toMatchObject({ method: 'flat', address: { city: 'Kitchener', postal_code: 'N2G 1A1' } });
    // Shipping before tax; the tax on it is in the tax total, so the parts add up to what was charged.
    const { subtotal, shipping, tax, total } = (order as unknown as { amounts: Record<string, number> }).amounts;
    expect(shipping).toBe(1500);
    expect(subtotal + shipping + tax).toBe(total);
    const stock = await requestFrom('127.0.0.1', `${site.url}/api/shop/status`);
    expect(JSON.parse(stock.text).stock[product].availability).toBe('Limited Stock');
    // Staff mark it fulfilled: the buyer gets a mail.
    const done = await admin('POST', `/orders/${order!.id}/fulfil`);
    expect(done.body.status).toBe('fulfilled');
    expect(
      mail.messages.some(
        (m) => m.body.personalizations[0].to[0].email === email && m.body.categories.includes('order-fulfilled'),
      ),
    ).toBe(true);
  });

  it('two buyers racing for the last unit: one gets a checkout, the other is told it is out of stock; expiry frees it', async () => {
    const product = 'samsung-galaxy-watch7';
    await admin('PUT', `/shop/stock/${product}`, { units: 1 });
    const [a, b] = await Promise.all([
      checkout([{ id: product, quantity: 1 }]),
      checkout([{ id: product, quantity: 1 }]),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(JSON.parse(loser.text).error.code).toBe('out_of_stock');
    expect(await left(product)).toBe(0);
    const stock = await requestFrom('127.0.0.1', `${site.url}/api/shop/status`);
    expect(JSON.parse(stock.text).stock[product].availability).toBe('Out of stock');
    // The winner walks away: the session expires and the unit is for sale again.
    const winner = sessionIdOf(JSON.parse((a.status === 200 ? a : b).text).url);
    const expired = await deliver('checkout.session.expired', { ...sessionObject(winner), status: 'expired' });
    expect(expired.status).toBe(200);
    expect(await left(product)).toBe(1);
  });

  it('a delayed payment: completed unpaid keeps the unit held; async_payment_succeeded makes the order once, whatever its copy of the session says', async () => {
    const product = 'samsung-galaxy-s25';
    await admin('PUT', `/shop/stock/${product}`, { units: 2 });
    const email = `async-${Date.now()}@example.com`;
    const res = await checkout([{ id: product, quantity: 1 }]);
    expect(res.status, res.text).toBe(200);
    const id = sessionIdOf(JSON.parse(res.text).url);
    const unpaid = { ...sessionObject(id), status: 'complete', payment_status: 'unpaid' };
    expect((await deliver('checkout.session.completed', unpaid)).status).toBe(200);
    expect(await ordersOf(email)).toEqual([]);
    expect(await left(product)).toBe(1);
    // The bank transfer settles; the event's copy of the session may still be the unpaid one.
    fake.pay(id, { email, name: 'Avery Async' });
    expect((await deliver('checkout.session.async_payment_succeeded', unpaid)).status).toBe(200);
    expect((await ordersOf(email)).map((o) => o.status)).toEqual(['paid']);
    expect((await deliver('checkout.session.completed', unpaid)).status).toBe(200);
    expect((await deliver('checkout.session.async_payment_succeeded', sessionObject(id))).status).toBe(200);
    const orders = await ordersOf(email);
    expect(orders.map((o) => [o.id, o.status])).toEqual([[id, 'paid']]);
    expect(receiptsTo(email)).toHaveLength(1);
    expect(await left(product)).toBe(1);
  });

  it('out of order: expired before completed (the buyer paid at the last second) still sells one unit and makes the order', async () => {
    const product = 'samsung-galaxy-watch7';
    await admin('PUT', `/shop/stock/${product}`, { units: 2 });
    const email = `late-pay-${Date.now()}@example.com`;
    const res = await checkout([{ id: product, quantity: 1 }]);
    const id = sessionIdOf(JSON.parse(res.text).url);
    expect(await left(product)).toBe(1);
    fake.pay(id, { email, name: 'Lee Late' });
    expect((await deliver('checkout.session.expired', { ...sessionObject(id), status: 'expired' })).status).toBe(200);
    expect(await left(product)).toBe(2);
    expect((await deliver('checkout.session.completed', sessionObject(id))).status).toBe(200);
    expect((await deliver('checkout.session.completed', sessionObject(id))).status).toBe(200);
    const orders = await ordersOf(email);
    expect(orders.map((o) => o.status)).toEqual(['paid']);
    expect(await left(product)).toBe(1);
  });

  it('many buyers at once never get more units than there are', async () => {
    const product = 'samsung-galaxy-buds3-pro';
    await admin('PUT', `/shop/stock/${product}`, { units: 3 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout([{ id: product, quantity: 1 }])));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await left(product)).toBe(0);
  });

  it('a refund (Stripe event by payment_intent, or by staff through Stripe) marks it refunded, puts stock back and ends the downloads', async () => {
    const product = 'samsung-45w-power-adapter';
    await admin('PUT', `/shop/stock/${product}`, { units: 5 });
    const email = `refund-${Date.now()}@example.com`;
    const id = await buy(
      [
        { id: product, quantity: 1 },
        { id: 'ai-prompt-guide', quantity: 1 },
      ],
      email,
      true,
    );
    expect(await left(product)).toBe(4);
    const [link] = linksIn(receiptsTo(email)[0]!.body.content[0].value).map(localLink);
    expect((await fetch(link!)).status).toBe(200);
    const session = fake.sessions.get(id)!;
    const charge = {
      id: 'ch_1',
      object: 'charge',
      payment_intent: session.payment_intent,
      amount: session.amount_total,
      amount_refunded: session.amount_total,
      refunded: true,
    };
    expect((await deliver('charge.refunded', charge)).status).toBe(200);
    expect((await deliver('charge.refunded', charge)).status).toBe(200);
    const [order] = await ordersOf(email);
    expect(order!.status).toBe('refunded');
    expect(await left(product)).toBe(5);
    expect((await fetch(link!)).status).toBe(410);

    // Staff refund: through Stripe's POST /v1/refunds, applied at once.
    const email2 = `refund-staff-${Date.now()}@example.com`;
    const id2 = await buy([{ id: product, quantity: 2 }], email2);
    expect(await left(product)).toBe(3);
    const refunded = await admin('POST', `/orders/${id2}/refund`);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.status).toBe('refunded');
    expect(fake.refunds.map((r) => r.payment_intent)).toContain(fake.sessions.get(id2)!.payment_intent);
    expect(await left(product)).toBe(5);
    expect((await admin('POST', `/orders/${id2}/refund`)).status).toBe(409);

    // The refund's event arrives before the payment's: the order is made refunded and its unit stays on sale.
    const email3 = `refund-early-${Date.now()}@example.com`;
    const res = await checkout([{ id: product, quantity: 1 }]);
    const id3 = sessionIdOf(JSON.parse(res.text).url);
    const paid = fake.pay(id3, { email: email3, name: 'Early Refund' });
    const early = {
      ...charge,
      id: 'ch_3',
      payment_intent: paid.payment_intent,
      amount: paid.amount_total,
      amount_refunded: paid.amount_total,
    };
    expect((await deliver('charge.refunded', early)).status).toBe(200);
    expect((await deliver('checkout.session.completed', sessionObject(id3))).status).toBe(200);
    const [order3] = await ordersOf(email3);
    expect(order3!.status).toBe('refunded');
    expect(await left(product)).toBe(5);
  });

  it('staff list orders newest first, paged, with the fields staff need; strangers get 401', async () => {
    const page = await admin('GET', '/orders?limit=2');
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect(page.headers.link).toMatch(/rel="next"/);
    const o = page.body[0];
    for (const key of ['id', 'email', 'name', 'lines', 'amounts', 'status', 'createdAt']) expect(o).toHaveProperty(key);
    expect(o.amounts).toHaveProperty('tax');
    expect(page.body[0].createdAt >= page.body[1].createdAt).toBe(true);
    const stranger = await requestFrom('127.0.0.1', `${site.url}/api/admin/orders`);
    expect(stranger.status).toBe(401);
  });
});
