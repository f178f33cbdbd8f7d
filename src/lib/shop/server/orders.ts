/**
 * Orders in Netlify Blobs (docs/shop.md#orders). Server only.
 *
 * One blob per order, keyed by its Checkout Session id and created with a conditional write, so a
 * session becomes an order exactly once however often (and in whatever order) Stripe delivers its
 * events. Next to it, small blobs with no other content: `list/<reverse time>/<session>` (the staff
 * list, newest first, from one list call) and `pi/<payment intent>` (a refund finds its order).
 * Status changes (fulfilled, refunded) are conditional read-modify-writes of the order's own blob.
 */
import { z } from 'zod';
import { recordStore } from '../../server/storage';
import { slotRefSchema } from './stock';

export const ORDER_STATES = ['paid', 'fulfilled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

const addressSchema = z.object({
  line1: z.string().nullable().optional(),
  line2: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  postal_code: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
});
export type Address = z.infer<typeof addressSchema>;

export const orderLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['hardware', 'accessory', 'digital']),
  quantity: z.number().int().positive(),
  /** Cents per unit, before tax. */
  unitAmount: z.number().int(),
  /** Cents of the line, before tax. */
  amountSubtotal: z.number().int(),
  /** Tax of the line, cents. */
  amountTax: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  /** The Checkout Session id. */
  id: z.string(),
  /** Short number buyers and staff quote. */
  number: z.string(),
  createdAt: z.string(),
  mode: z.enum(['stripe', 'test']),
  email: z.string(),
  name: z.string(),
  lines: z.array(orderLineSchema),
  /** Cents, CAD. */
  amounts: z.object({
    subtotal: z.number().int(),
    shipping: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    currency: z.string(),
  }),
  status: z.enum(ORDER_STATES),
  paymentIntent: z.string().nullable(),
  /** Hardware orders only: how it ships and where. */
  shipping: z.object({ method: z.string(), name: z.string(), address: addressSchema.nullable() }).nullable(),
  holdId: z.string(),
  units: z.array(slotRefSchema),
  /** Units paid for that were no longer in stock (staff must sort it out). */
  unitsShort: z.number().int().default(0),
  /** The current download links' grant: links of older grants stop working. */
  grant: z.object({ id: z.string(), issuedAt: z.string() }),
  fulfilledAt: z.string().nullable().default(null),
  refundedAt: z.string().nullable().default(null),
  amountRefunded: z.number().int().default(0),
  /** What happened to the order, for staff and the buyer's timeline. */
  events: z.array(z.object({ at: z.string(), what: z.string() })).default([]),
});
export type Order = z.infer<typeof orderSchema>;

const orders = recordStore('shop-orders', orderSchema);
const markers = recordStore('shop-order-index', z.object({ id: z.string() }));

const orderKey = (id: string) => `order/${id}`;
const REVERSE_BASE = 9_999_999_999_999;
const listKey = (o: Pick<Order, 'id' | 'createdAt'>) =>
  `list/${String(REVERSE_BASE - Date.parse(o.createdAt)).padStart(13, '0')}/${o.id}`;

/** The order of a session, or null. */
export function getOrder(id: string): Promise<Order | null> {
  return orders.get(orderKey(id));
}

/**
 * Stores `order` unless its session already has one; the index entries are (re)written either way,
 * so a delivery cut off after the order was stored completes them next time.
 * @returns created: true only for the one call that stored it
 */
export async function createOrder(order: Order): Promise<{ created: boolean; order: Order }> {
  const made = await orders.create(orderKey(order.id), order);
  const stored = made ? order : ((await getOrder(order.id)) ?? order);
  await markers.set(listKey(stored), { id: stored.id });
  if (stored.paymentIntent) await markers.set(`pi/${stored.paymentIntent}`, { id: stored.id });
  return { created: !!made, order: stored };
}

/** The order paid with `paymentIntent`, or null. */
export async function orderByPaymentIntent(paymentIntent: string): Promise<Order | null> {
  const ref = await markers.get(`pi/${paymentIntent}`);
  return ref ? getOrder(ref.id) : null;
}

/**
 * Applies `change` to the stored order with a conditional write (retried when another writer got
 * there first). `change` returns null to leave the order as it is.
 */
export async function updateOrder(id: string, change: (o: Order) => Order | null): Promise<Order | null> {
  for (let i = 0; i < 8; i++) {
    const found = await orders.read(orderKey(id));
    if (found.status !== 'ok') return null;
    const next = change(found.value);
    if (!next) return found.value;
    if (await orders.replace(orderKey(id), next, found.etag ?? '')) return next;
  }
  throw new Error(`order ${id}: too many concurrent changes`);
}

/** One page of orders, newest first; `cursor` is the last list key of the previous page. */
export async function orderPage(
  limit: number,
  cursor?: string,
  filter?: (o: Order) => boolean,
): Promise<{ orders: Order[]; next: string | null; total: number }> {
  const keys = (await markers.keys('list/')).sort();
  const ids = keys.map((k) => ({ key: k, id: k.slice(k.lastIndexOf('/') + 1) }));
  const start = cursor ? ids.findIndex((k) => k.key > cursor) : 0;
  const rest = start < 0 ? [] : ids.slice(start);
  if (!filter) {
    const page = rest.slice(0, limit);
    const { values } = await orders.getMany(page.map((p) => orderKey(p.id)));
    return { orders: values, next: rest.length > limit ? page[page.length - 1].key : null, total: ids.length };
  }
  const { values } = await orders.getMany(rest.map((p) => orderKey(p.id)));
  const matching = values.filter(filter);
  const page = matching.slice(0, limit);
  const last = page[page.length - 1];
  return { orders: page, next: matching.length > limit && last ? listKey(last) : null, total: matching.length };
}

/** Every order (statistics, a buyer's timeline): fine for a small shop's volume. */
export async function allOrders(): Promise<Order[]> {
  const keys = await markers.keys('list/');
  const { values } = await orders.getMany(keys.map((k) => orderKey(k.slice(k.lastIndexOf('/') + 1))));
  return values;
}

/** A short order number from the session id (stable, easy to read out). */
export function orderNumber(sessionId: string): string {
  let h = 0;
  for (const c of sessionId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `MT-${h.toString(36).toUpperCase().padStart(7, '0').slice(-7)}`;
}

/** An event line on the order. */
export function withEvent(o: Order, what: string, at = new Date().toISOString()): Order {
  return { ...o, events: [...o.events, { at, what }] };
}
