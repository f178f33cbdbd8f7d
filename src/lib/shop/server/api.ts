/**
 * The shop's public endpoints (docs/shop.md#endpoints), routed for netlify/functions/shop.ts. Server only.
 *
 * - POST /api/checkout {items:[{id, quantity}]} -> {url}: same-site pages only (the Origin check of
 *   `handler`), SIGNUP_RATE_LIMIT a minute per client like the signups, JSON of at most 16 KB.
 * - POST /api/stripe/webhook: Stripe only, proven by the signature (STRIPE_WEBHOOK_SECRET).
 * - GET /api/shop/status: whether ordering is open and each shipped product's availability.
 * - GET /api/shop/download/<token>: a signed download link (7 days, 5 downloads).
 * - GET /api/shop/order/<session id>: what the success page shows (no address, no e-mail).
 * - /api/shop/test-checkout/<id>[/pay|/cancel]: the local test checkout (local mode without keys).
 * - PUT /api/shop/files/<product id>: staff replace a digital product's file (raw body).
 */
import type Stripe from 'stripe';
import { getEnv, requireConfig } from '../../server/env';
import { allowMethods, clientIp, HttpError, json, rateLimitKey, readJson, type FnContext } from '../../server/http';
import { enforceRateLimit } from '../../server/ratelimit';
import { requireAdmin } from '../../admin/auth';
import { recordAudit } from '../../admin/audit';
import { networkOf } from '../../admin/network';
import { allows } from '../../admin/roles';
import { getProduct } from '../../../data/products';
import { checkoutPayloadSchema } from '../cart';
import { shopMode, stripeClient, webhookSecret } from './stripe';
import { stockReport } from './stock';
import { extendHold, orderFromStripeSession, releaseSession, startCheckout, applyRefund } from './service';
import { payTestSession, testPaySchema, testSession } from './test-checkout';
import { getOrder } from './orders';
import { downloadsUsed, takeDownload, verifyDownloadToken, DOWNLOAD_LIMIT } from './downloads';
import { MAX_UPLOAD_BYTES, productFile, replaceProductFile } from './files';

/** Largest webhook body read (Stripe's events are far smaller). */
const MAX_WEBHOOK_BYTES = 512 * 1024;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/**
 * The origin links, redirects and the server's own fetches use: SITE_URL, or in local mode the same
 * server under another loopback name (`localhost` for `127.0.0.1`, on SITE_URL's port). Never a port
 * or host the request's Host header chose (docs/hardening.md).
 */
export function siteOrigin(req: Request): string {
  const url = new URL(req.url);
  const site = requireConfig('SITE_URL').replace(/\/$/, '');
  if (getEnv().LOCAL_MODE && LOOPBACK.test(url.hostname) && url.port === new URL(site).port) return url.origin;
  return site;
}

async function readRaw(req: Request, max: number): Promise<Uint8Array> {
  if (Number(req.headers.get('content-length') ?? '0') > max)
    throw new HttpError(413, 'payload_too_large', `The request body is larger than ${Math.round(max / 1024)} KB.`);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new HttpError(413, 'payload_too_large', `The request body is larger than ${Math.round(max / 1024)} KB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function checkout(req: Request, context: FnContext): Promise<Response> {
  allowMethods(req, 'POST');
  enforceRateLimit('checkout', rateLimitKey(clientIp(req, context)), getEnv().SIGNUP_RATE_LIMIT, 60_000);
  if (shopMode() === 'closed') stripeClient();
  const payload = await readJson(req, checkoutPayloadSchema);
  const { url } = await startCheckout(payload, siteOrigin(req));
  return json({ url });
}

const SESSION_ID = /^cs_\w{1,200}$/;
const PAYMENT_INTENT_ID = /^pi_\w{1,200}$/;
/** How far in the future a signature's timestamp may lie (the client only refuses old ones). */
const SIGNATURE_TOLERANCE_S = 300;

/** A signed event whose object is not what its type promises: 400, nothing changed. */
function invalidEvent(event: Stripe.Event, what: string): HttpError {
  console.warn(`[shop] ${event.type} ${event.id} refused: ${what}`);
  return new HttpError(400, 'invalid_event', `The event's object is not valid: ${what}.`);
}

/** The object of a verified event, checked to be a plain object. */
function objectOf(event: Stripe.Event): Record<string, unknown> {
  const data = (event as { data?: { object?: unknown } }).data;
  const object = data?.object;
  if (!object || typeof object !== 'object' || Array.isArray(object)) throw invalidEvent(event, 'no object');
  return object as Record<string, unknown>;
}

function sessionIdOf(event: Stripe.Event): string {
  const id = objectOf(event).id;
  if (typeof id !== 'string' || !SESSION_ID.test(id)) throw invalidEvent(event, 'no Checkout Session id');
  return id;
}

/**
 * Handles one verified Stripe event. Whether a session is paid is read from Stripe
 * (`GET /v1/checkout/sessions/{id}`), never from the event's copy of it: events repeat and come out
 * of order, so a copy may be older than the session.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const id = sessionIdOf(event);
      const made = await orderFromStripeSession(id);
      if (made) return made.created ? `order ${made.order.number} created` : 'order exists';
      if (made === undefined) return 'no such session at Stripe: ignored';
      // Completed but not paid yet (a delayed payment method): the units stay held until it settles.
      await extendHold(id);
      return 'waiting for an async payment';
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return `released ${await releaseSession(sessionIdOf(event))} unit(s)`;
    case 'charge.refunded': {
      const charge = objectOf(event) as unknown as Stripe.Charge;
      const pi = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!pi) return 'no payment intent';
      const amount = Number(charge.amount);
      const refunded = Number(charge.amount_refunded);
      if (!PAYMENT_INTENT_ID.test(pi) || !Number.isInteger(amount) || !Number.isInteger(refunded) || refunded < 0)
        throw invalidEvent(event, 'not a charge');
      const full = charge.refunded === true || refunded >= amount;
      const order = await applyRefund(pi, refunded, full);
      return order ? `order ${order.number} ${order.status}` : 'refund kept until the order exists';
    }
    default:
      return 'ignored';
  }
}

async function webhook(req: Request): Promise<Response> {
  allowMethods(req, 'POST');
  stripeClient();
  const secret = webhookSecret();
  const signature = req.headers.get('stripe-signature');
  if (!signature) throw new HttpError(400, 'invalid_signature', 'Missing Stripe-Signature header.');
  const raw = Buffer.from(await readRaw(req, MAX_WEBHOOK_BYTES)).toString('utf8');
  const refused = () => new HttpError(400, 'invalid_signature', 'The Stripe signature is missing, wrong or too old.');
  let event: Stripe.Event;
  try {
    event = stripeClient().webhooks.constructEvent(raw, signature, secret, SIGNATURE_TOLERANCE_S);
  } catch (err) {
    console.warn('[shop] webhook refused:', (err as Error).message);
    throw refused();
  }
  // The client refuses timestamps older than the tolerance; one from the future is refused here.
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (!(signedAt <= Date.now() / 1000 + SIGNATURE_TOLERANCE_S)) {
    console.warn('[shop] webhook refused: timestamp in the future');
    throw refused();
  }
  const outcome = await handleStripeEvent(event);
  console.info(`[shop] ${event.type} ${event.id}: ${outcome}`);
  return json({ received: true });
}

async function status(): Promise<Response> {
  const mode = shopMode();
  return json(
    { ordering: mode === 'closed' ? 'closed' : 'open', testCheckout: mode === 'test', stock: await stockReport() },
    { headers: { 'cache-control': 'no-store' } },
  );
}

async function download(req: Request, token: string): Promise<Response> {
  allowMethods(req, 'GET');
  const claim = await verifyDownloadToken(token);
  const gone = (msg: string) => new HttpError(410, 'link_expired', msg);
  if (!claim) throw gone('This download link is not valid or has expired. Ask us to re-send your receipt.');
  const order = await getOrder(claim.orderId);
  if (
    !order ||
    order.grant.id !== claim.grant ||
    !order.lines.some((l) => l.id === claim.productId && l.type === 'digital')
  )
    throw gone('This download link has been replaced or is not valid. Use the newest receipt.');
  if (order.status === 'refunded') throw gone('This order was refunded: its downloads have ended.');
  if (!(await takeDownload(claim)))
    throw new HttpError(
      429,
      'download_limit',
      `This link has been used ${DOWNLOAD_LIMIT} times. Ask us to re-send your receipt.`,
    );
  const file = await productFile(claim.productId, siteOrigin(req));
  if (!file) throw new HttpError(404, 'not_found', 'This file is not available. Please contact us.');
  return new Response(file.body as BodyInit, {
    headers: {
      'content-type': file.type,
      'content-disposition': `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, no-store',
      'x-downloads-left': String(DOWNLOAD_LIMIT - (await downloadsUsed(claim))),
      ...(file.size ? { 'content-length': String(file.size) } : {}),
    },
  });
}

async function orderSummary(id: string): Promise<Response> {
  const order = /^cs_[\w]{1,200}$/.test(id) ? await getOrder(id) : null;
  if (!order) throw new HttpError(404, 'not_found', 'No order for this checkout yet. It may take a few seconds.');
  return json({
    number: order.number,
    status: order.status,
    lines: order.lines.map((l) => ({ name: l.name, quantity: l.quantity, type: l.type })),
    amounts: order.amounts,
    testCheckout: order.mode === 'test',
  });
}

async function testCheckout(req: Request, id: string, action: string | undefined): Promise<Response> {
  if (!/^cs_test_local_[0-9a-f]{32}$/.test(id)) throw new HttpError(404, 'not_found', 'No such checkout session.');
  if (!action) {
    allowMethods(req, 'GET');
    const { hold, subtotal, needsShipping } = await testSession(id);
    return json({ id, state: hold.state, lines: hold.lines, subtotal, needsShipping, expiresAt: hold.expiresAt });
  }
  allowMethods(req, 'POST');
  const origin = siteOrigin(req);
  if (action === 'pay') {
    const order = await payTestSession(id, await readJson(req, testPaySchema));
    return json({ url: `${origin}/shop/success?session_id=${order.id}` });
  }
  if (action === 'cancel') {
    await testSession(id);
    await releaseSession(id);
    return json({ url: `${origin}/shop/cancel` });
  }
  throw new HttpError(404, 'not_found', 'No such action.');
}

async function uploadFile(req: Request, context: FnContext, productId: string): Promise<Response> {
  allowMethods(req, 'PUT');
  // Outside the admin API, so the role rule is applied here: editors and admins (docs/staff.md, "Roles").
  const { actor } = await requireAdmin(req, context);
  if (!allows(actor.role, 'editor'))
    throw new HttpError(403, 'forbidden', `Your role (${actor.role}) may not do this. Ask an admin if you need it.`);
  const product = getProduct(productId);
  if (!product || product.type !== 'digital') throw new HttpError(404, 'not_found', 'No digital product with this id.');
  const name = (req.headers.get('x-file-name') ?? '').trim();
  if (!/^[\w][\w .()-]{0,99}\.[A-Za-z0-9]{1,8}$/.test(name))
    throw new HttpError(
      400,
      'invalid_input',
      'Send the file name in the X-File-Name header (letters, digits, dot, dash).',
    );
  const bytes = await readRaw(req, MAX_UPLOAD_BYTES);
  if (bytes.length === 0) throw new HttpError(400, 'invalid_input', 'The file is empty.');
  const type = (req.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
  await replaceProductFile(
    productId,
    name,
    /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream',
    bytes,
  );
  await recordAudit({
    actor,
    network: networkOf(clientIp(req, context)),
    action: 'shop.file',
    target: { type: 'product', id: productId, label: name },
    status: 200,
  });
  return json({ productId, name, size: bytes.length });
}

/** Routes one request of the shop function. */
export async function shopApi(req: Request, context: FnContext): Promise<Response> {
  const path = new URL(req.url).pathname.replace(/\/+$/, '');
  if (path === '/api/checkout') return checkout(req, context);
  if (path === '/api/stripe/webhook') return webhook(req);
  if (path === '/api/shop/status') {
    allowMethods(req, 'GET');
    return status();
  }
  const parts = path.split('/').slice(3).map(decodeURIComponent);
  if (parts[0] === 'download' && parts.length === 2) return download(req, parts[1]!);
  if (parts[0] === 'order' && parts.length === 2) {
    allowMethods(req, 'GET');
    return orderSummary(parts[1]!);
  }
  if (parts[0] === 'test-checkout' && (parts.length === 2 || parts.length === 3))
    return testCheckout(req, parts[1]!, parts[2]);
  if (parts[0] === 'files' && parts.length === 2) return uploadFile(req, context, parts[1]!);
  throw new HttpError(404, 'not_found', `No shop endpoint at ${path}.`);
}
