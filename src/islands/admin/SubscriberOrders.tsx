/**
 * The orders of one subscriber's address, with what happened to each (paid, receipt mailed,
 * fulfilled, refunded), shown in their timeline (docs/shop.md#staff). Orders are bookkeeping, not
 * consent: they are listed here, never added to the consent ledger.
 */
import { useEffect, useState } from 'react';
import { adminFetch } from '../../stores/admin';
import { formatCents } from '../../lib/shop/cart';
import type { AdminOrder } from './OrdersManager';
import { staffDateTime } from '../../lib/admin/staff-time';

export default function SubscriberOrders({ email }: { email: string }) {
  const [orders, setOrders] = useState<AdminOrder[] | null>(null);
  useEffect(() => {
    let live = true;
    adminFetch<AdminOrder[]>(`/api/admin/orders?limit=100&email=${encodeURIComponent(email)}`)
      .then((o) => live && setOrders(o))
      .catch(() => live && setOrders([]));
    return () => {
      live = false;
    };
  }, [email]);
  if (!orders || orders.length === 0) return null;
  return (
    <section className="mt-6 border-t border-line pt-4" aria-label="Orders" data-testid="subscriber-orders">
      <h3 className="font-semibold">Orders</h3>
      <ul className="mt-2 grid gap-3 text-sm">
        {orders.map((o) => (
          <li key={o.id}>
            <p className="font-medium">
              {o.number} · {formatCents(o.amounts.total)} · {o.status}
            </p>
            <ul className="text-muted">
              {o.events.map((e, i) => (
                <li key={i}>
                  <time dateTime={e.at}>{staffDateTime(e.at)}</time>: {e.what}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
