/**
 * The staff side of the shop (docs/shop.md#staff), as routes of the admin API (src/lib/composition/admin-api/index.ts
 * mounts them under /api/admin, behind its authentication). Server only.
 *
 * - GET /orders?cursor=&limit=&status=&email=: orders newest first, one page (the next in `Link`,
 *   the number matching in `X-Total-Count`).
 * - GET /orders/:id; POST /orders/:id/fulfil | /refund | /resend.
 * - GET /shop/stock; PUT /shop/stock/:id {units}: units for sale now.
 * - GET /shop/files: what each digital product delivers (upload: PUT /api/shop/files/:id).
 * - GET /shop/revenue: paid revenue by day in the business's time zone (refunds taken off), the last 90 days.
 */
import { z } from 'zod';
import { HttpError, json, readJson, type FnContext } from '../../server/http';
import { PRODUCTS } from '../../../data/products';
import { allOrders, getOrder, orderPage, ORDER_STATES, type Order } from './orders';
import { fulfilOrder, refundOrder, resendReceipt } from './service';
import { setUnitsForSale, stockReport, MAX_UNITS } from './stock';
import { fileSummary } from './files';
import { dayOf } from '../../subscribers/days';

interface ShopRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: boolean;
  run: (req: Request, context: FnContext, params: Record<string, string>) => Promise<Response>;
}

const ORDER_ID = /^cs_[\w]{1,200}$/;
const querySchema = z.object({
  cursor: z
    .string()
    .max(300)
    .regex(/^list\/\d{13}\/cs_\w+$/, 'Invalid cursor.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(ORDER_STATES).optional(),
  email: z.string().max(254).optional(),
});
const stockSchema = z.object({ units: z.number().int().min(0).max(MAX_UNITS) });

/** The staff view of an order (everything stored: staff need it to pack, refund, answer). */
export function toAdminOrder(o: Order) {
  return {
    id: o.id,
    number: o.number,
    createdAt: o.createdAt,
    email: o.email,
    name: o.name,
    lines: o.lines,
    amounts: o.amounts,
    status: o.status,
    shipping: o.shipping,
    fulfilledAt: o.fulfilledAt,
    refundedAt: o.refundedAt,
    amountRefunded: o.amountRefunded,
    unitsShort: o.unitsShort,
    mode: o.mode,
    events: o.events,
  };
}

async function existing(id: string): Promise<Order> {
  const order = ORDER_ID.test(id) ? await getOrder(id) : null;
  if (!order) throw new HttpError(404, 'not_found', 'No order with this id.');
  return order;
}

/**
 * Paid revenue by day, cents, refunds taken off. A day is a date in the business's time zone, as in
 * every staff statistic (`dayOf`, docs/storage.md "Statistics"): an order at 9 p.m. in Kitchener
 * counts on that day, not on the next UTC one.
 */
export function revenueByDay(
  orders: readonly Order[],
  timeZone?: string,
): { day: string; orders: number; revenue: number }[] {
  const days = new Map<string, { orders: number; revenue: number }>();
  for (const o of orders) {
    const day = dayOf(Date.parse(o.createdAt), timeZone);
    const d = days.get(day) ?? { orders: 0, revenue: 0 };
    d.orders += 1;
    d.revenue += o.amounts.total - o.amountRefunded;
    days.set(day, d);
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, d]) => ({ day, ...d }));
}

export const SHOP_ADMIN_ROUTES: ShopRoute[] = [
  {
    method: 'GET',
    path: '/orders',
    auth: true,
    async run(req) {
      const q = querySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
      if (!q.success) throw new HttpError(400, 'invalid_query', 'Invalid list query.');
      const { cursor, limit, status, email } = q.data;
      const wanted = email?.trim().toLowerCase();
      const filter =
        status || wanted
          ? (o: Order) => (!status || o.status === status) && (!wanted || o.email === wanted)
          : undefined;
      const page = await orderPage(limit, cursor, filter);
      const headers: Record<string, string> = { 'x-total-count': String(page.total) };
      if (page.next) {
        const url = new URL(req.url);
        url.searchParams.set('cursor', page.next);
        headers.link = `<${url.pathname}${url.search}>; rel="next"`;
      }
      return json(page.orders.map(toAdminOrder), { headers });
    },
  },
  {
    method: 'GET',
    path: '/orders/:id',
    auth: true,
    async run(_req, _c, { id }) {
      return json(toAdminOrder(await existing(id)));
    },
  },
  ...(
    [
      ['fulfil', fulfilOrder],
      ['refund', refundOrder],
      ['resend', resendReceipt],
    ] as const
  ).map(([action, run]): ShopRoute => ({
    method: 'POST',
    path: `/orders/:id/${action}`,
    auth: true,
    async run(_req, _c, { id }) {
      await existing(id);
      return json(toAdminOrder(await run(id)));
    },
  })),
  {
    method: 'GET',
    path: '/shop/stock',
    auth: true,
    async run() {
      const report = await stockReport();
      return json(PRODUCTS.filter((p) => report[p.id]).map((p) => ({ id: p.id, name: p.name, ...report[p.id] })));
    },
  },
  {
    method: 'PUT',
    path: '/shop/stock/:id',
    auth: true,
    async run(req, _c, { id }) {
      const { units } = await readJson(req, stockSchema);
      const left = await setUnitsForSale(id, units);
      return json({ id, left });
    },
  },
  {
    method: 'GET',
    path: '/shop/files',
    auth: true,
    async run() {
      const digital = PRODUCTS.filter((p) => p.type === 'digital');
      return json(
        await Promise.all(digital.map(async (p) => ({ id: p.id, name: p.name, file: await fileSummary(p.id) }))),
      );
    },
  },
  {
    method: 'GET',
    path: '/shop/revenue',
    auth: true,
    async run() {
      const since = new Date(Date.now() - 90 * 24 * 60 * 60_000).toISOString();
      return json(revenueByDay((await allOrders()).filter((o) => o.createdAt >= since)));
    },
  },
];
