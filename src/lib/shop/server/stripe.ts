/**
 * How the shop takes payment, from the environment (docs/shop.md#setting-up-stripe), and the one
 * official Stripe client. Server only.
 *
 * - `stripe`: STRIPE_SECRET_KEY is set: Stripe Checkout. The webhook also needs STRIPE_WEBHOOK_SECRET.
 * - `test`: local mode (LOCAL_MODE=true, no deployed context) without a key: our own clearly marked
 *   test checkout (/shop/test-checkout) stands in for Stripe's page, as the outbox stands in for SendGrid.
 * - `closed`: a deploy without a key: checkout and webhook answer 503 `not_configured` and the product
 *   pages say ordering is closed.
 * STRIPE_API_URL (tests only) points the client at a loopback fake: its protocol, host and port.
 */
import Stripe from 'stripe';
import { isLocalMode } from '../../server/env';
import { HttpError } from '../../server/http';

export type ShopMode = 'stripe' | 'test' | 'closed';

const env = () => process.env as Record<string, string | undefined>;
const value = (name: string) => {
  const v = env()[name];
  return v === undefined || v === '' ? undefined : v;
};

/** The shop's payment mode in this environment. */
export function shopMode(): ShopMode {
  if (value('STRIPE_SECRET_KEY')) return 'stripe';
  return isLocalMode(env()) ? 'test' : 'closed';
}

function notConfigured(name: string): HttpError {
  console.error(`[config] ${name} is not set: refusing the request (503). Set it in the site's environment variables.`);
  return new HttpError(
    503,
    'not_configured',
    'Online ordering is not configured on this deployment yet. Please try again later.',
  );
}

let cached: { key: string; client: Stripe } | undefined;

/** The official client for STRIPE_SECRET_KEY (and STRIPE_API_URL in tests); 503 without a key. */
export function stripeClient(): Stripe {
  const secret = value('STRIPE_SECRET_KEY');
  if (!secret) throw notConfigured('STRIPE_SECRET_KEY');
  const apiUrl = value('STRIPE_API_URL');
  const key = `${secret}|${apiUrl ?? ''}`;
  if (cached?.key !== key) {
    const options: Stripe.StripeConfig = {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'maple-tech-shop' },
    };
    if (apiUrl) {
      const url = new URL(apiUrl);
      options.protocol = url.protocol === 'http:' ? 'http' : 'https';
      options.host = url.hostname;
      options.port = url.port || (url.protocol === 'http:' ? 80 : 443);
    }
    cached = { key, client: new Stripe(secret, options) };
  }
  return cached.client;
}

/** STRIPE_WEBHOOK_SECRET; 503 without it. */
export function webhookSecret(): string {
  const secret = value('STRIPE_WEBHOOK_SECRET');
  if (!secret) throw notConfigured('STRIPE_WEBHOOK_SECRET');
  return secret;
}
