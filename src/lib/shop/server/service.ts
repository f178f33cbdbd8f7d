/**
 * The shop's order path (docs/shop.md): checkout, the session -> order step shared by Stripe's
 * webhook and the local test checkout, refunds, fulfilment. Server only.
 */
import { z } from 'zod';
import type Stripe from 'stripe';
import { recordStore } from '../../server/storage';
import { HttpError } from '../../server/http';
import { PRODUCTS, getProduct } from '../../../data/products';
import { FLAT_SHIPPING_CENTS, needsShipping, priceCart, type CheckoutPayload, type PricedLine } from '../cart';
import { extendUnits, holdUnits, releaseUnits, returnUnits, sellUnits, STALE_HOLD_MS, type SlotRef } from './stock';
import {
  createOrder,
  getOrder,
  orderByPaymentIntent,
  orderNumber,
  updateOrder,
  withEvent,
  type Address,
  type Order,
  type OrderLine,
} from './orders';
import { shopMode, stripeClient } from './stripe';
import { holds, sessionHoldKey, type Hold } from './holds';
import { sendFulfilled, sendReceipt } from './order-mail';

/**
 * How long a checkout holds stock and its session stays open. Stripe's shortest session is 30 minutes
 * after Stripe creates it, by Stripe's clock: 2 minutes more cover the request's time and clock skew
 * (exactly 30 from our clock would be refused).
 */
export const CHECKOUT_MINUTES = 32;

/**
 * How long a refund that came before its order waits for it. Stripe retries an event for up to three
 * days, so a payment's completion comes well within this; a refund of a payment that is not the
 * shop's (the account's other sales) would otherwise be kept for good.
 */
export const PENDING_REFUND_DAYS = 30;

/** A refund whose order is not made yet, by payment intent (`at`: when it came; older records have none). */
const pendingRefunds = recordStore(
  'shop-refunds-pending',
  z.object({ amountRefunded: z.number().int(), full: z.boolean(), at: z.iso.datetime().optional() }),
);

/** The lines, checked against the catalogue; 4xx with the shared error shape when refused. */
export function priceOrRefuse(payload: CheckoutPayload): PricedLine[] {
  const priced = priceCart(payload, PRODUCTS);
  if (!priced.ok) {
    const { code, message, field } = priced.refusal;
    throw new HttpError(code === 'unknown_product' ? 404 : 400, code, message, { [field]: message });
  }
  return priced.lines;
}

/**
 * POST /api/checkout: holds stock, then creates one Checkout Session (Stripe) or a local test
 * session, and answers its URL. No customer, no product, no price object is created.
 */
export async function startCheckout(
  payload: CheckoutPayload,
  siteUrl: string,
  now = Date.now(),
): Promise<{ url: string; id: string }> {
  const mode = shopMode();
  if (mode === 'closed') stripeClient(); // throws 503 not_configured
  const lines = priceOrRefuse(payload);
  const holdId = `h_${crypto.randomUUID().replace(/-/g, '')}`;
  const expiresAt = now + CHECKOUT_MINUTES * 60_000;
  const units = await holdUnits(holdId, lines, expiresAt, now);
  const hold: Hold = {
    holdId,
    sessionId: null,
    mode: mode === 'stripe' ? 'stripe' : 'test',
    lines,
    units,
    expiresAt,
    createdAt: new Date(now).toISOString(),
    state: 'open',
  };
  try {
    if (mode === 'test') {
      const id = `cs_test_local_${crypto.randomUUID().replace(/-/g, '')}`;
      await holds.set(sessionHoldKey(id), { ...hold, sessionId: id });
      return { id, url: `${siteUrl}/shop/test-checkout?session=${id}` };
    }
    const shipped = needsShipping(lines);
    const session = await stripeClient().checkout.sessions.create({
      mode: 'payment',
      currency: 'cad',
      line_items: lines.map((l) => ({
        quantity: l.quantity,
        price_data: {
          currency: 'cad',
          unit_amount: l.unitAmount,
          tax_behavior: 'exclusive',
          product_data: { name: l.name, metadata: { product_id: l.id } },
        },
      })),
      automatic_tax: { enabled: true },
      ...(shipped
        ? {
            shipping_address_collection: { allowed_countries: ['CA'] },
            shipping_options: [
              {
                shipping_rate_data: {
                  type: 'fixed_amount',
                  display_name: 'Flat-rate shipping (Canada Post, 3-7 business days)',
                  fixed_amount: { amount: FLAT_SHIPPING_CENTS, currency: 'cad' },
                  tax_behavior: 'exclusive',
                  metadata: { method: 'flat' },
                },
              },
              {
                shipping_rate_data: {
                  type: 'fixed_amount',
                  display_name: 'Free pickup in Kitchener',
                  fixed_amount: { amount: 0, currency: 'cad' },
                  tax_behavior: 'exclusive',
                  metadata: { method: 'pickup' },
                },
              },
            ],
          }
        : {}),
      metadata: { hold_id: holdId, items: lines.map((l) => `${l.id}:${l.quantity}`).join(',') },
      expires_at: Math.floor(expiresAt / 1000),
      success_url: `${siteUrl}/shop/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${siteUrl}/shop/cancel`,
    });
    await holds.set(sessionHoldKey(session.id), { ...hold, sessionId: session.id });
    if (!session.url) throw new Error('Stripe answered a session without a URL');
    return { id: session.id, url: session.url };
  } catch (err) {
    await releaseUnits(holdId, units);
    if (err instanceof HttpError) throw err;
    console.error('[shop] could not create the checkout session', err);
    throw new HttpError(
      502,
      'payment_provider_error',
      'The payment page could not be opened. Please try again in a moment.',
    );
  }
}

/** A paid session, whatever took the payment: what an order is made from. */
export interface PaidSession {
  id: string;
  mode: 'stripe' | 'test';
  paymentIntent: string | null;
  email: string;
  name: string;
  shipping: Order['shipping'];
  lines: OrderLine[];
  amounts: Order['amounts'];
}

/**
 * Turns a paid session into its order, exactly once: the stock held for it is sold, the order stored,
 * and the receipt queued by the one call that stored it. Later calls find the order and only
 * complete what an earlier call was cut off before (index entries).
 */
export async function orderFromSession(
  paid: PaidSession,
  now = Date.now(),
): Promise<{ order: Order; created: boolean }> {
  const existing = await getOrder(paid.id);
  if (existing) return createOrder(existing);
  const hold = await holds.get(sessionHoldKey(paid.id));
  const holdId = hold?.holdId ?? `none_${paid.id}`;
  const { sold, short } = hold ? await sellUnits(hold.holdId, hold.units, paid.id) : { sold: [], short: 0 };
  const at = new Date(now).toISOString();
  let order: Order = {
    id: paid.id,
    number: orderNumber(paid.id),
    createdAt: at,
    mode: paid.mode,
    email: paid.email.trim().toLowerCase(),
    name: paid.name,
    lines: paid.lines,
    amounts: paid.amounts,
    status: 'paid',
    paymentIntent: paid.paymentIntent,
    shipping: paid.lines.some((l) => l.type !== 'digital') ? paid.shipping : null,
    holdId,
    units: sold,
    unitsShort: short,
    grant: { id: 'g0', issuedAt: at },
    fulfilledAt: null,
    refundedAt: null,
    amountRefunded: 0,
    events: [{ at, what: 'Paid' }],
  };
  if (short) order = withEvent(order, `${short} unit(s) were no longer in stock when payment arrived`, at);
  const result = await createOrder(order);
  if (!result.created) {
    // Another delivery of the session stored the order first. Units this call took anew (its hold had
    // been released) belong to no order: they go back on sale, so a session never takes two.
    const kept = (ref: SlotRef) => result.order.units.some((u) => u.productId === ref.productId && u.slot === ref.slot);
    const extra = sold.filter((ref) => !kept(ref));
    if (extra.length) await returnUnits(holdId, extra);
    return result;
  }
  if (hold) await holds.set(sessionHoldKey(paid.id), { ...hold, state: 'complete' });
  await mailAndNote(result.order.id, 'Receipt', () => sendReceipt(result.order));
  const pending = paid.paymentIntent ? await pendingRefunds.get(paid.paymentIntent) : null;
  if (pending && paid.paymentIntent) {
    const refunded = await applyRefund(paid.paymentIntent, pending.amountRefunded, pending.full);
    // Applied: the order now holds it (a later copy of the event finds the order).
    await pendingRefunds.delete(paid.paymentIntent);
    return { order: refunded ?? result.order, created: true };
  }
  return result;
}

/**
 * Queues one of the order's mails (the order is stored first) and notes the outcome on the order, so
 * staff and the buyer's timeline see it. Never throws for the mail.
 */
async function mailAndNote(orderId: string, what: string, send: () => Promise<{ state: string; detail: string }>) {
  const outcome = await send().catch((err: unknown) => {
    console.error(`[shop] ${what} of ${orderId} not queued`, err);
    return { state: 'failed', detail: 'could not be queued' };
  });
  const label = outcome.state === 'sent' ? 'e-mailed' : outcome.state === 'waiting' ? 'queued' : outcome.state;
  return updateOrder(orderId, (o) => withEvent(o, `${what} ${label}`));
}

/** Releases what an unpaid session held (expired, cancelled, async payment failed). */
export async function releaseSession(sessionId: string): Promise<number> {
  if (await getOrder(sessionId)) return 0;
  const hold = await holds.get(sessionHoldKey(sessionId));
  if (!hold || hold.state !== 'open') return 0;
  const n = await releaseUnits(hold.holdId, hold.units);
  await holds.set(sessionHoldKey(sessionId), { ...hold, state: 'expired' });
  return n;
}

/** A completed session still waiting for an async payment keeps its units a week longer. */
export async function extendHold(sessionId: string, days = 7): Promise<void> {
  const hold = await holds.get(sessionHoldKey(sessionId));
  if (!hold || hold.state !== 'open') return;
  const expiresAt = Date.now() + days * 24 * 60 * 60_000 - STALE_HOLD_MS;
  await holds.set(sessionHoldKey(sessionId), { ...hold, expiresAt });
  await extendUnits(hold.holdId, hold.units, expiresAt);
}

/**
 * A refund of `paymentIntent`: a full one marks the order refunded, puts its units back on sale and
 * ends its download links; a partial one is noted on the order. Before the order exists (events out
 * of order) it is kept and applied when the order is made.
 */
export async function applyRefund(paymentIntent: string, amountRefunded: number, full: boolean): Promise<Order | null> {
  let order = await orderByPaymentIntent(paymentIntent);
  if (!order) {
    await pendingRefunds.set(paymentIntent, { amountRefunded, full, at: new Date().toISOString() });
    // The order may have been stored in between (its maker reads the pending refund only once).
    order = await orderByPaymentIntent(paymentIntent);
    if (!order) return null;
  }
  const at = new Date().toISOString();
  let returned = false;
  const updated = await updateOrder(order.id, (o) => {
    if (o.status === 'refunded') return null;
    if (!full) {
      if (amountRefunded <= o.amountRefunded) return null;
      return withEvent({ ...o, amountRefunded }, `Partly refunded: ${(amountRefunded / 100).toFixed(2)} CAD`, at);
    }
    returned = true;
    return withEvent(
      { ...o, status: 'refunded', refundedAt: at, amountRefunded: Math.max(amountRefunded, o.amounts.total) },
      'Refunded',
      at,
    );
  });
  if (returned && updated) await returnUnits(updated.holdId, updated.units);
  return updated;
}

/**
 * Deletes the refunds that waited PENDING_REFUND_DAYS for an order that never came (maintenance, not
 * past `deadline`). A record from before refunds were dated gets today's date, so it waits its time too.
 * @returns how many were deleted
 */
export async function prunePendingRefunds(now = Date.now(), deadline = Infinity): Promise<number> {
  const cutoff = now - PENDING_REFUND_DAYS * 24 * 60 * 60_000;
  let removed = 0;
  for (const key of await pendingRefunds.keys()) {
    if (Date.now() >= deadline) break;
    const refund = await pendingRefunds.get(key);
    if (!refund) continue;
    if (!refund.at) await pendingRefunds.set(key, { ...refund, at: new Date(now).toISOString() });
    else if (Date.parse(refund.at) < cutoff) {
      await pendingRefunds.delete(key);
      removed += 1;
    }
  }
  return removed;
}

/** Staff: refunds an order in full through Stripe (or at once in the test checkout). */
export async function refundOrder(id: string): Promise<Order> {
  const order = await getOrder(id);
  if (!order) throw new HttpError(404, 'not_found', 'No order with this id.');
  if (order.status === 'refunded') throw new HttpError(409, 'already_refunded', 'This order is already refunded.');
  if (order.mode === 'stripe') {
    if (!order.paymentIntent) throw new HttpError(409, 'no_payment', 'This order has no payment to refund.');
    try {
      await stripeClient().refunds.create({ payment_intent: order.paymentIntent });
    } catch (err) {
      const e = err as { message?: string; code?: string };
      if (e.code !== 'charge_already_refunded') {
        console.error(`[shop] refund of ${id} failed`, err);
        throw new HttpError(
          502,
          'payment_provider_error',
          `Stripe refused the refund: ${e.message ?? 'unknown error'}`,
        );
      }
    }
  }
  return (await applyRefund(order.paymentIntent ?? `test_${id}`, order.amounts.total, true)) ?? order;
}

/** Staff: marks an order fulfilled (shipped or picked up) and mails the buyer. */
export async function fulfilOrder(id: string): Promise<Order> {
  let changed = false;
  const at = new Date().toISOString();
  const updated = await updateOrder(id, (o) => {
    if (o.status !== 'paid') return null;
    changed = true;
    return withEvent({ ...o, status: 'fulfilled', fulfilledAt: at }, 'Marked fulfilled', at);
  });
  if (!updated) throw new HttpError(404, 'not_found', 'No order with this id.');
  if (!changed)
    throw new HttpError(409, 'invalid_state', `This order is ${updated.status}: only paid orders can be fulfilled.`);
  return (await mailAndNote(id, 'Fulfilment e-mail', () => sendFulfilled(updated))) ?? updated;
}

/** Staff: a new grant of download links (7 days, 5 downloads each), mailed in a fresh receipt. */
export async function resendReceipt(id: string): Promise<Order> {
  const at = new Date().toISOString();
  const updated = await updateOrder(id, (o) =>
    o.status === 'refunded'
      ? null
      : withEvent(
          { ...o, grant: { id: `g${Date.now().toString(36)}`, issuedAt: at } },
          'Receipt re-sent with new download links',
          at,
        ),
  );
  if (!updated) throw new HttpError(404, 'not_found', 'No order with this id.');
  if (updated.status === 'refunded')
    throw new HttpError(409, 'invalid_state', 'This order is refunded: no receipt with downloads.');
  return (await mailAndNote(id, 'Receipt', () => sendReceipt(updated))) ?? updated;
}

// ------------------------------------------------------------------------------------------------
// Stripe sessions

const str = (v: unknown) =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : null;

/** The lines of a Stripe session (expanded `line_items`) matched to catalogue products. */
function linesOf(session: Stripe.Checkout.Session, hold: Hold | null): OrderLine[] {
  const items = session.line_items?.data ?? [];
  const fromMeta = (session.metadata?.items ?? '')
    .split(',')
    .map((s) => s.split(':')[0])
    .filter(Boolean);
  return items.map((item, i) => {
    const product =
      PRODUCTS.find((p) => p.name === item.description) ??
      getProduct(hold?.lines[i]?.id ?? '') ??
      getProduct(fromMeta[i] ?? '');
    const quantity = item.quantity ?? 1;
    return {
      id: product?.id ?? `unknown-${i}`,
      name: product?.name ?? item.description ?? 'Item',
      type: product?.type ?? 'digital',
      quantity,
      unitAmount: item.price?.unit_amount ?? Math.round(item.amount_subtotal / quantity),
      amountSubtotal: item.amount_subtotal,
      amountTax: item.amount_tax ?? 0,
    };
  });
}

/** A session read from Stripe; undefined when Stripe has no such session. 502 when Stripe fails. */
async function retrieveSession(sessionId: string): Promise<Stripe.Checkout.Session | undefined> {
  try {
    return await stripeClient().checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
  } catch (err) {
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 404 || e.code === 'resource_missing') {
      console.warn(`[shop] Stripe has no session ${sessionId}: ${e.message ?? ''}`);
      return undefined;
    }
    console.error(`[shop] could not read session ${sessionId} from Stripe`, err);
    // Not 2xx: Stripe delivers the event again later.
    throw new HttpError(502, 'payment_provider_error', 'Stripe could not be reached. The event will be retried.');
  }
}

/**
 * Reads a session with its lines from Stripe and makes its order when it is paid: the order, null
 * when the session is not paid (yet), undefined when Stripe has no such session.
 */
export async function orderFromStripeSession(
  sessionId: string,
): Promise<{ order: Order; created: boolean } | null | undefined> {
  const existing = await getOrder(sessionId);
  if (existing) return createOrder(existing);
  const session = await retrieveSession(sessionId);
  if (!session) return undefined;
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return null;
  const hold = await holds.get(sessionHoldKey(sessionId));
  const details = session.customer_details;
  const shippingDetails =
    (session as unknown as { collected_information?: { shipping_details?: { name?: string; address?: Address } } })
      .collected_information?.shipping_details ??
    (session as unknown as { shipping_details?: { name?: string; address?: Address } }).shipping_details ??
    null;
  // Before tax: the shipping cost's total includes the tax on shipping, which the session's tax total
  // already counts (subtotal + shipping + tax = total).
  const shippingAmount = session.shipping_cost?.amount_subtotal ?? session.total_details?.amount_shipping ?? 0;
  return orderFromSession({
    id: session.id,
    mode: 'stripe',
    paymentIntent: str(session.payment_intent),
    email: details?.email ?? session.customer_email ?? '',
    name: details?.name ?? shippingDetails?.name ?? '',
    shipping: {
      method: shippingAmount === 0 ? 'pickup' : 'flat',
      name: shippingDetails?.name ?? details?.name ?? '',
      address: shippingDetails?.address ?? null,
    },
    lines: linesOf(session, hold),
    amounts: {
      subtotal: session.amount_subtotal ?? 0,
      shipping: shippingAmount,
      tax: session.total_details?.amount_tax ?? 0,
      total: session.amount_total ?? 0,
      currency: session.currency ?? 'cad',
    },
  });
}
