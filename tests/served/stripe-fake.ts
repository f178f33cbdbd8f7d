// A loopback stand-in for api.stripe.com for the served shop tests: the real `stripe` client, pointed
// here with STRIPE_API_URL, calls it exactly as it would call Stripe. It keeps Checkout Sessions made
// from the form-encoded parameters, answers GET /v1/checkout/sessions/{id} (with `expand[]=line_items`),
// records refunds, and counts every other call (customers and products must never be created).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_tax: number; amount_shipping: number; amount_discount: number };
  shipping_cost: { amount_subtotal: number; amount_tax: number; amount_total: number } | null;
  customer_details: { email: string; name: string; address: Record<string, string | null> | null } | null;
  collected_information: { shipping_details: { name: string; address: Record<string, string | null> } | null } | null;
  metadata: Record<string, string>;
  expires_at: number;
  /** The parameters the site sent, parsed. */
  params: Record<string, unknown>;
  line_items: { object: 'list'; data: Record<string, unknown>[] };
}

export interface StripeFake {
  url: string;
  sessions: Map<string, FakeSession>;
  /** Every request: method and path. */
  calls: { method: string; path: string; body: Record<string, unknown> }[];
  refunds: Record<string, unknown>[];
  /** Marks a session paid as Stripe would after the buyer paid: buyer, address, shipping, 13 % tax. */
  pay(id: string, buyer: { email: string; name: string; pickup?: boolean }): FakeSession;
  close(): Promise<void>;
}

/** `a[b][0][c]=v` form parameters as nested objects and arrays. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key = part === '' ? String((node as unknown[]).length) : part;
      if (last) {
        (node as Record<string, unknown>)[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(parts[i + 1]!);
      const existing = (node as Record<string, unknown>)[key];
      const child = existing ?? (nextIsIndex ? [] : {});
      (node as Record<string, unknown>)[key] = child;
      node = child as Record<string, unknown>;
    });
  }
  return root;
}

const rand = () => Math.random().toString(36).slice(2, 12) + Math.random().toString(36).slice(2, 12);

export async function startStripeFake(): Promise<StripeFake> {
  const sessions = new Map<string, FakeSession>();
  const calls: StripeFake['calls'] = [];
  const refunds: Record<string, unknown>[] = [];
  let url = '';
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${rand()}` });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://fake');
      const body = parseForm(data);
      calls.push({ method: req.method ?? '', path: u.pathname, body });
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_'))
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method === 'POST' && u.pathname === '/v1/checkout/sessions') {
        // As Stripe: a session lasts 30 minutes to 24 hours from its creation, by Stripe's clock.
        const expiresAt = Number(body.expires_at ?? 0);
        const createdAt = Math.floor(Date.now() / 1000);
        if (body.expires_at !== undefined && (expiresAt < createdAt + 30 * 60 || expiresAt > createdAt + 24 * 3600))
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              param: 'expires_at',
              message:
                'The `expires_at` timestamp must be between 30 minutes and 24 hours after Checkout Session creation.',
            },
          });
        const id = `cs_test_${rand()}${rand()}`;
        const items = (body.line_items as Record<string, any>[]) ?? [];
        const data = items.map((item, i) => {
          const unit = Number(item.price_data.unit_amount);
          const quantity = Number(item.quantity);
          return {
            id: `li_${i}_${rand()}`,
            object: 'item',
            description: item.price_data.product_data.name,
            quantity,
            amount_subtotal: unit * quantity,
            amount_tax: Math.round(unit * quantity * 0.13),
            amount_total: Math.round(unit * quantity * 1.13),
            currency: 'cad',
            price: {
              id: `price_${rand()}`,
              object: 'price',
              unit_amount: unit,
              currency: 'cad',
              product: `prod_${rand()}`,
            },
          };
        });
        const subtotal = data.reduce((n, l) => n + l.amount_subtotal, 0);
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `${url}/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          currency: String(body.currency ?? 'cad'),
          amount_subtotal: subtotal,
          amount_total: subtotal,
          total_details: { amount_tax: 0, amount_shipping: 0, amount_discount: 0 },
          shipping_cost: null,
          customer_details: null,
          collected_information: null,
          metadata: (body.metadata as Record<string, string>) ?? {},
          expires_at: Number(body.expires_at ?? 0),
          params: body,
          line_items: { object: 'list', data },
        };
        sessions.set(id, session);
        const { line_items: _omit, params: _p, ...answer } = session;
        return send(res, 200, answer);
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(u.pathname);
      if (req.method === 'GET' && sessionMatch) {
        const session = sessions.get(sessionMatch[1]!);
        if (!session)
          return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        const expand = u.searchParams.getAll('expand[]').concat(u.searchParams.getAll('expand[0]'));
        const { params: _p, line_items, ...rest } = session;
        return send(res, 200, expand.includes('line_items') ? { ...rest, line_items } : rest);
      }
      if (req.method === 'POST' && u.pathname === '/v1/refunds') {
        const refund = {
          id: `re_${rand()}`,
          object: 'refund',
          status: 'succeeded',
          payment_intent: body.payment_intent,
        };
        refunds.push(refund);
        return send(res, 200, refund);
      }
      return send(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${u.pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sessions,
    calls,
    refunds,
    pay(id, buyer) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no session ${id}`);
      const shipped = Array.isArray(s.params.shipping_options);
      const shipping = shipped && !buyer.pickup ? 1500 : 0;
      const tax = Math.round((s.amount_subtotal + shipping) * 0.13);
      const address = {
        line1: '1 King St W',
        line2: null,
        city: 'Kitchener',
        state: 'ON',
        postal_code: 'N2G 1A1',
        country: 'CA',
      };
      Object.assign(s, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${rand()}`,
        amount_total: s.amount_subtotal + shipping + tax,
        total_details: { amount_tax: tax, amount_shipping: shipping, amount_discount: 0 },
        // As Stripe: the shipping cost's total includes the tax on shipping (HST applies to it).
        shipping_cost: shipped
          ? {
              amount_subtotal: shipping,
              amount_tax: Math.round(shipping * 0.13),
              amount_total: shipping + Math.round(shipping * 0.13),
            }
          : null,
        customer_details: { email: buyer.email, name: buyer.name, address: null },
        collected_information: shipped ? { shipping_details: { name: buyer.name, address } } : null,
      });
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
