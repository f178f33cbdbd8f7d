/**
 * The local test checkout (/shop/test-checkout?session=…): in local mode without Stripe keys it
 * stands in for Stripe's hosted page, as the outbox stands in for SendGrid. No card is asked for;
 * "Pay (test)" drives the same order path as Stripe's webhook (docs/shop.md#local-test-checkout).
 */
import { useEffect, useState } from 'react';
import { formatCents, FLAT_SHIPPING_CENTS, TEST_CHECKOUT_TAX_RATE } from '../../lib/shop/cart';

interface Session {
  id: string;
  state: 'open' | 'complete' | 'expired';
  lines: { id: string; name: string; quantity: number; unitAmount: number; type: string }[];
  subtotal: number;
  needsShipping: boolean;
}
interface ApiError {
  error?: { message?: string; fields?: Record<string, string> };
}

async function post(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { ok: res.ok, body: (await res.json().catch(() => ({}))) as { url?: string } & ApiError };
}

export default function TestCheckout() {
  const [session, setSession] = useState<Session | null>(null);
  const [loadError, setLoadError] = useState('');
  const [shipping, setShipping] = useState<'flat' | 'pickup'>('flat');
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('session') ?? '');

  useEffect(() => {
    fetch(`/api/shop/test-checkout/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        const body = await res.json();
        if (res.ok) setSession(body as Session);
        else setLoadError((body as ApiError).error?.message ?? 'This checkout cannot be opened.');
      })
      .catch(() => setLoadError('This checkout cannot be opened.'));
  }, [id]);

  if (loadError)
    return (
      <p className="card p-6" role="alert">
        {loadError}{' '}
        <a href="/shop/cart" className="font-semibold underline">
          Back to your cart
        </a>
      </p>
    );
  if (!session) return <p className="text-muted">Loading the checkout…</p>;

  const shippingCents = session.needsShipping && shipping === 'flat' ? FLAT_SHIPPING_CENTS : 0;
  const tax = Math.round((session.subtotal + shippingCents) * TEST_CHECKOUT_TAX_RATE);

  async function pay(e: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError('');
    setFields({});
    const { ok, body } = await post(`/api/shop/test-checkout/${encodeURIComponent(id)}/pay`, {
      email: text('email'),
      name: text('name'),
      ...(session!.needsShipping
        ? {
            shipping,
            ...(shipping === 'flat'
              ? {
                  address: {
                    line1: text('line1'),
                    city: text('city'),
                    state: text('state'),
                    postal_code: text('postal_code'),
                  },
                }
              : {}),
          }
        : {}),
    }).catch(() => ({
      ok: false,
      body: { error: { message: 'No connection. Try again.' } } as ApiError & { url?: string },
    }));
    if (ok && body.url) {
      window.location.assign(body.url);
      return;
    }
    setError(body.error?.message ?? 'The payment could not be simulated.');
    setFields(body.error?.fields ?? {});
    setBusy(false);
  }

  async function cancel() {
    const { body } = await post(`/api/shop/test-checkout/${encodeURIComponent(id)}/cancel`, {});
    window.location.assign(body.url ?? '/shop/cancel');
  }

  const field = (name: string, label: string, props: Record<string, string> = {}) => {
    const message = fields[name] ?? fields[`address.${name}`];
    return (
      <div>
        <label className="label" htmlFor={`tc-${name}`}>
          {label}
        </label>
        <input
          id={`tc-${name}`}
          name={name}
          className="input"
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `tc-${name}-error` : undefined}
          {...props}
        />
        {message && (
          <p id={`tc-${name}-error`} className="mt-1 text-sm text-rose-700 dark:text-rose-300">
            {message}
          </p>
        )}
      </div>
    );
  };

  if (session.state !== 'open')
    return (
      <p className="card p-6" role="alert">
        This checkout is {session.state === 'complete' ? 'already paid' : 'expired'}.{' '}
        <a href="/shop" className="font-semibold underline">
          Back to the shop
        </a>
      </p>
    );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="card p-5 sm:p-6" aria-labelledby="tc-summary">
        <h2 id="tc-summary" className="text-lg font-bold">
          Order summary
        </h2>
        <ul className="mt-4 divide-y divide-[var(--line)] text-sm">
          {session.lines.map((l) => (
            <li key={l.id} className="flex justify-between gap-4 py-2">
              <span>
                {l.quantity} × {l.name}
              </span>
              <span className="tabular-nums">{formatCents(l.unitAmount * l.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-1 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Shipping</dt>
            <dd className="tabular-nums">{formatCents(shippingCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">HST 13 % (test rate)</dt>
            <dd className="tabular-nums">{formatCents(tax)}</dd>
          </div>
          <div className="flex justify-between text-base font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-test-total>
              {formatCents(session.subtotal + shippingCents + tax)} CAD
            </dd>
          </div>
        </dl>
      </section>
      <form className="card space-y-4 p-5 sm:p-6" onSubmit={pay} noValidate aria-labelledby="tc-pay">
        <h2 id="tc-pay" className="text-lg font-bold">
          Your details
        </h2>
        {field('email', 'E-mail', { type: 'email', autoComplete: 'email' })}
        {field('name', 'Name', { autoComplete: 'name' })}
        {session.needsShipping && (
          <fieldset className="space-y-2">
            <legend className="label">Delivery</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="shipping" checked={shipping === 'flat'} onChange={() => setShipping('flat')} />
              Flat-rate shipping in Canada ($15.00)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="shipping"
                checked={shipping === 'pickup'}
                onChange={() => setShipping('pickup')}
              />
              Free pickup in Kitchener
            </label>
          </fieldset>
        )}
        {session.needsShipping && shipping === 'flat' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{field('line1', 'Street address', { autoComplete: 'address-line1' })}</div>
            {field('city', 'City', { autoComplete: 'address-level2' })}
            {field('state', 'Province', { autoComplete: 'address-level1' })}
            {field('postal_code', 'Postal code', { autoComplete: 'postal-code' })}
          </div>
        )}
        <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-300">
          {error}
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary py-3" disabled={busy} data-test-pay>
            {busy ? 'Paying…' : 'Pay (test, no money moves)'}
          </button>
          <button type="button" className="btn-secondary py-3" onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
