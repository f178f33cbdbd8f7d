/**
 * The cart page (/shop/cart): the lines of the browser's cart (src/stores/cart.ts) with quantities,
 * the subtotal, and "Check out", which asks POST /api/checkout for the payment page and goes there.
 * Prices shown come from the catalogue the page was built with; the server prices the order again.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cart, setQuantity } from '../../stores/cart';
import { formatCents } from '../../lib/shop/cart';
import * as ICON from '../../lib/icons';
import { Icon } from '../ui/Icon';

export interface CartProduct {
  id: string;
  name: string;
  /** Cents. */
  price: number;
  type: 'hardware' | 'accessory' | 'digital';
  max: number;
}

interface ApiError {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

export default function CartView({ products }: { products: CartProduct[] }) {
  const lines = useStore($cart);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const known = lines.flatMap((l) => {
    const p = products.find((x) => x.id === l.id);
    return p ? [{ ...l, product: p, quantity: Math.min(l.quantity, p.max) }] : [];
  });
  const subtotal = known.reduce((n, l) => n + l.product.price * l.quantity, 0);
  const shipped = known.some((l) => l.product.type !== 'digital');

  async function checkout() {
    setBusy(true);
    setError('');
    try {
      const res = await fetch('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ items: known.map((l) => ({ id: l.id, quantity: l.quantity })) }),
      });
      const body = (await res.json().catch(() => ({}))) as { url?: string } & ApiError;
      if (res.ok && body.url) {
        window.location.assign(body.url);
        return;
      }
      setError(body.error?.message ?? 'The checkout could not be started. Please try again.');
    } catch {
      setError('No connection. Check your network and try again.');
    }
    setBusy(false);
  }

  if (known.length === 0)
    return (
      <div className="card p-8 text-center" data-cart-empty>
        <p className="text-lg font-semibold">Your cart is empty.</p>
        <p className="mt-2 text-muted">Add a product from the shop to see it here.</p>
        <a href="/shop" className="btn-primary mt-6">
          Browse the shop
        </a>
      </div>
    );

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <ul className="card divide-y divide-[var(--line)] lg:col-span-2" aria-label="Items in your cart" data-cart-lines>
        {known.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center gap-4 p-4 sm:p-5" data-cart-line={l.id}>
            <div className="min-w-0 flex-1 basis-48">
              <a href={`/product/${l.id}`} className="font-semibold hover:text-brand-600 dark:hover:text-brand-300">
                {l.product.name}
              </a>
              <p className="text-sm text-muted">
                {formatCents(l.product.price)} each
                {l.product.type === 'digital' ? ' · download' : ''}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <label className="sr-only" htmlFor={`qty-${l.id}`}>
                Quantity of {l.product.name}
              </label>
              <select
                id={`qty-${l.id}`}
                className="input w-20"
                value={l.quantity}
                disabled={l.product.max === 1}
                onChange={(e) => setQuantity(l.id, Number(e.target.value))}
              >
                {Array.from({ length: l.product.max }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn-ghost px-3"
                onClick={() => setQuantity(l.id, 0)}
                aria-label={`Remove ${l.product.name}`}
              >
                <Icon svg={ICON.x} className="h-4 w-4" />
                <span className="hidden sm:inline">Remove</span>
              </button>
            </div>
            <p className="w-24 text-right font-semibold tabular-nums">{formatCents(l.product.price * l.quantity)}</p>
          </li>
        ))}
      </ul>
      <div className="card h-fit p-5 sm:p-6">
        <h2 className="text-lg font-bold">Summary</h2>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Subtotal</dt>
            <dd className="font-semibold tabular-nums" data-cart-subtotal>
              {formatCents(subtotal)}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Shipping</dt>
            <dd className="text-right">{shipped ? '$15.00 flat, or free pickup in Kitchener' : 'None (download)'}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Tax</dt>
            <dd className="text-right">Calculated at checkout</dd>
          </div>
        </dl>
        <button type="button" className="btn-primary mt-6 w-full py-3" onClick={checkout} disabled={busy} data-checkout>
          {busy ? 'Opening checkout…' : 'Check out'}
        </button>
        <p className="mt-3 text-xs text-muted">
          Prices in CAD. Payment on a secure checkout page; card details never reach this site.
        </p>
        <p role="alert" className="mt-3 text-sm font-medium text-rose-700 dark:text-rose-300" data-cart-error>
          {error}
        </p>
      </div>
    </div>
  );
}
