/**
 * The shop's mails as kinds of the mail queue (src/lib/email/queue): the receipt (with one signed
 * download link per digital line) and the "on its way" note when staff mark an order fulfilled.
 * The entry keeps only the order id (and grant); the text is rendered from the stored order when the
 * mail goes out, so a refunded order's receipt never carries links. Transactional mail: no consent
 * needed, no unsubscribe link (CASL exempts receipts). Server only.
 */
import type { MailHandler } from '../../email/queue/queue';
import { sendMail } from '../../email/queue/queue';
import { escapeHtml, mailFrame } from '../../email/templates';
import { requireConfig } from '../../server/env';
import { SITE } from '../../../config/site';
import { formatCents } from '../cart';
import { downloadToken, DOWNLOAD_DAYS, DOWNLOAD_LIMIT, grantExpiry } from './downloads';
import { getOrder, type Order } from './orders';

export const RECEIPT_KIND = 'order-receipt';
export const FULFILLED_KIND = 'order-fulfilled';

/** The download links of an order's digital lines (current grant). */
export async function downloadLinks(order: Order, siteUrl: string): Promise<{ name: string; url: string }[]> {
  const expiresAt = grantExpiry(order.grant.issuedAt);
  return Promise.all(
    order.lines
      .filter((l) => l.type === 'digital')
      .map(async (l) => ({
        name: l.name,
        url: `${siteUrl}/api/shop/download/${await downloadToken({
          orderId: order.id,
          productId: l.id,
          grant: order.grant.id,
          expiresAt,
        })}`,
      })),
  );
}

function linesText(order: Order): string[] {
  return [
    ...order.lines.map((l) => `${l.quantity} x ${l.name}: ${formatCents(l.amountSubtotal)}`),
    `Shipping: ${formatCents(order.amounts.shipping)}`,
    `Tax: ${formatCents(order.amounts.tax)}`,
    `Total: ${formatCents(order.amounts.total)} ${order.amounts.currency.toUpperCase()}`,
  ];
}

function linesHtml(order: Order): string {
  const row = (a: string, b: string, strong = false) =>
    `<tr><td style="padding:4px 8px 4px 0;">${strong ? `<strong>${a}</strong>` : a}</td><td style="padding:4px 0;text-align:right;white-space:nowrap;vertical-align:top;">${strong ? `<strong>${b}</strong>` : b}</td></tr>`;
  return `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px;">${[
    ...order.lines.map((l) => row(`${l.quantity} × ${escapeHtml(l.name)}`, formatCents(l.amountSubtotal))),
    row('Shipping', formatCents(order.amounts.shipping)),
    row('Tax', formatCents(order.amounts.tax)),
    row('Total', `${formatCents(order.amounts.total)}&nbsp;${order.amounts.currency.toUpperCase()}`, true),
  ].join('')}</table>`;
}

/** Who sold it, at the foot of every receipt. */
const SELLER = `${SITE.name}, ${SITE.mailingAddress} · ${SITE.email}`;

/** The order's day as buyers read it (the business's time zone). */
const orderDate = (order: Order) =>
  new Intl.DateTimeFormat(SITE.locale, { dateStyle: 'long', timeZone: SITE.timeZone }).format(
    new Date(order.createdAt),
  );

/** Where a shipped order goes: its address lines (none for pickup, which the receipt says apart). */
function shipTo(order: Order): string[] {
  if (!order.shipping || order.shipping.method === 'pickup') return [];
  const a = order.shipping.address ?? {};
  return [order.shipping.name, a.line1, a.line2, [a.city, a.state, a.postal_code].filter(Boolean).join(' ')].filter(
    (x): x is string => !!x,
  );
}

/** The receipt of `order` as subject, text and HTML. */
export async function renderReceipt(order: Order, siteUrl: string) {
  const links = order.status === 'refunded' ? [] : await downloadLinks(order, siteUrl);
  const hello = `Hi ${order.name || 'there'},`;
  const rule = `Each link works for ${DOWNLOAD_DAYS} days and ${DOWNLOAD_LIMIT} downloads.`;
  const shipping = order.shipping
    ? order.shipping.method === 'pickup'
      ? 'Pickup in Kitchener: we will e-mail you when your order is ready to collect.'
      : 'We will e-mail you when your order ships.'
    : '';
  const date = orderDate(order);
  const destination = shipTo(order);
  const text = [
    hello,
    '',
    `Thank you for your order ${order.number} of ${date}.`,
    '',
    ...linesText(order),
    '',
    ...(links.length ? ['Your downloads:', ...links.map((l) => `${l.name}: ${l.url}`), rule, ''] : []),
    ...(destination.length ? ['Ship to:', ...destination, ''] : []),
    ...(shipping ? [shipping, ''] : []),
    SELLER,
  ].join('\n');
  const html = mailFrame(
    `Your Maple Tech receipt ${order.number}`,
    `<p style="margin:0 0 16px;">${escapeHtml(hello)}</p>
<p style="margin:0 0 16px;">Thank you for your order <strong style="white-space:nowrap;">${escapeHtml(order.number)}</strong> of ${escapeHtml(date)}.</p>
${linesHtml(order)}
${
  links.length
    ? `<h2 style="margin:24px 0 8px;font-size:18px;">Your downloads</h2><ul style="padding-left:20px;">${links
        .map(
          (l) =>
            `<li style="margin:0 0 8px;"><a href="${escapeHtml(l.url)}" style="color:#b42318;">Download ${escapeHtml(l.name)}</a></li>`,
        )
        .join('')}</ul><p style="margin:0 0 16px;font-size:14px;color:#52606d;">${rule}</p>`
    : ''
}
${
  destination.length
    ? `<p style="margin:16px 0 0;font-weight:600;">Ship to</p><p style="margin:0 0 16px;">${destination.map(escapeHtml).join('<br>')}</p>`
    : ''
}
${shipping ? `<p style="margin:16px 0;">${escapeHtml(shipping)}</p>` : ''}
<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#4b5563;">${escapeHtml(SELLER)}</p>`,
  );
  return { subject: `Your Maple Tech receipt ${order.number}`, text, html };
}

function renderFulfilled(order: Order) {
  const pickup = order.shipping?.method === 'pickup';
  const what = pickup ? 'is ready for pickup at our Kitchener location' : 'is on its way';
  const text = [
    `Hi ${order.name || 'there'},`,
    '',
    `Your order ${order.number} ${what}.`,
    '',
    ...linesText(order),
    '',
    'Maple Tech, Kitchener, Ontario',
  ].join('\n');
  const html = mailFrame(
    `Order ${order.number}`,
    `<p style="margin:0 0 16px;">Hi ${escapeHtml(order.name || 'there')},</p><p style="margin:0 0 16px;">Your order <strong>${escapeHtml(order.number)}</strong> ${what}.</p>${linesHtml(order)}`,
  );
  return {
    subject: `Your Maple Tech order ${order.number} ${pickup ? 'is ready for pickup' : 'has shipped'}`,
    text,
    html,
  };
}

const orderOf = async (render: Record<string, unknown>) =>
  typeof render.orderId === 'string' ? getOrder(render.orderId) : null;

export const receiptMailHandler: MailHandler = {
  async render(entry) {
    const order = await orderOf(entry.render);
    if (!order) return { skip: 'the order no longer exists' };
    return renderReceipt(order, requireConfig('SITE_URL'));
  },
};

export const fulfilledMailHandler: MailHandler = {
  async render(entry) {
    const order = await orderOf(entry.render);
    if (!order) return { skip: 'the order no longer exists' };
    if (order.status === 'refunded') return { skip: 'the order was refunded' };
    return renderFulfilled(order);
  },
};

/** Queues the receipt of `order` (stored first: the order is the record). */
export function sendReceipt(order: Order) {
  return sendMail(
    { to: order.email, kind: RECEIPT_KIND, render: { orderId: order.id, grant: order.grant.id } },
    receiptMailHandler,
  );
}

/** Queues the "fulfilled" note of `order`. */
export function sendFulfilled(order: Order) {
  return sendMail({ to: order.email, kind: FULFILLED_KIND, render: { orderId: order.id } }, fulfilledMailHandler);
}
