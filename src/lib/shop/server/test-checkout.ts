/**
 * The local test checkout (docs/shop.md, "Local test checkout"): in local mode without Stripe keys, our own
 * page stands in for Stripe's, and its "Pay" makes the order by the same path as Stripe's webhook.
 * Server only.
 */
import { z } from 'zod';
import { HttpError } from '../../server/http';
import { FLAT_SHIPPING_CENTS, TEST_CHECKOUT_TAX_RATE, needsShipping } from '../cart';
import { holds, sessionHoldKey } from './holds';
import type { Order } from './orders';
import { orderFromSession } from './service';
import { shopMode } from './stripe';

/** What the test checkout page shows of an open session. */
export async function testSession(id: string) {
  if (shopMode() !== 'test')
    throw new HttpError(404, 'not_found', 'The test checkout exists only in local mode without Stripe keys.');
  const hold = await holds.get(sessionHoldKey(id));
  if (!hold || hold.mode !== 'test') throw new HttpError(404, 'not_found', 'No such checkout session.');
  const subtotal = hold.lines.reduce((n, l) => n + l.unitAmount * l.quantity, 0);
  return { hold, subtotal, needsShipping: needsShipping(hold.lines) };
}

export const testPaySchema = z.object({
  email: z.email('Enter a valid e-mail address.').max(254),
  name: z.string().trim().min(1, 'Enter your name.').max(100),
  shipping: z.enum(['flat', 'pickup']).optional(),
  address: z
    .object({
      line1: z.string().trim().min(1, 'Enter the street address.').max(200),
      city: z.string().trim().min(1, 'Enter the city.').max(100),
      state: z.string().trim().min(2, 'Enter the province.').max(50),
      postal_code: z
        .string()
        .trim()
        .regex(/^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/, 'Enter a Canadian postal code.'),
    })
    .optional(),
});

/** The test checkout's "Pay": the same order path as Stripe's webhook. */
export async function payTestSession(id: string, input: z.infer<typeof testPaySchema>): Promise<Order> {
  const { hold, subtotal, needsShipping: shipped } = await testSession(id);
  if (hold.state === 'expired')
    throw new HttpError(410, 'expired', 'This checkout has expired. Start again from your cart.');
  if (shipped && input.shipping !== 'pickup' && !input.address)
    throw new HttpError(400, 'invalid_input', 'Some fields are missing or invalid.', {
      address: 'Enter the shipping address.',
    });
  const shipping = shipped ? (input.shipping === 'pickup' ? 0 : FLAT_SHIPPING_CENTS) : 0;
  const tax = Math.round((subtotal + shipping) * TEST_CHECKOUT_TAX_RATE);
  const { order } = await orderFromSession({
    id,
    mode: 'test',
    paymentIntent: `test_${id}`,
    email: input.email,
    name: input.name,
    shipping: shipped
      ? {
          method: input.shipping ?? 'flat',
          name: input.name,
          address: input.shipping === 'pickup' ? null : { ...input.address, line2: null, country: 'CA' },
        }
      : null,
    lines: hold.lines.map((l) => ({
      ...l,
      amountSubtotal: l.unitAmount * l.quantity,
      amountTax: Math.round(l.unitAmount * l.quantity * TEST_CHECKOUT_TAX_RATE),
    })),
    amounts: { subtotal, shipping, tax, total: subtotal + shipping + tax, currency: 'cad' },
  });
  return order;
}
