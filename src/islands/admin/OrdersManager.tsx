/**
 * /admin/orders (docs/shop.md#staff): the orders (newest first, paged), a packing view of the
 * hardware orders still to send with their shipping address, "Mark fulfilled" (mails the buyer),
 * refunds through Stripe, re-sending a receipt with fresh download links, the units for sale of
 * each shipped product, the file of each download, and revenue by day.
 */
import { useState } from 'react';
import AdminGate from './AdminGate';
import AdminSidebar from './AdminSidebar';
import { useCan } from './useCan';
import { ConfirmDialog, EmptyState, LoadMoreButton, Spinner, Tab, TabList, Tabs, useAdminData } from './ui';
import { adminFetch } from '../../stores/admin';
import { toast } from '../../stores/toast';
import { formatCents } from '../../lib/shop/cart';
import { staffDateTime } from '../../lib/admin/staff-time';

export interface AdminOrder {
  id: string;
  number: string;
  createdAt: string;
  email: string;
  name: string;
  lines: { id: string; name: string; type: string; quantity: number; amountSubtotal: number }[];
  amounts: { subtotal: number; shipping: number; tax: number; total: number; currency: string };
  status: 'paid' | 'fulfilled' | 'refunded';
  shipping: {
    method: string;
    name: string;
    address: Record<string, string | null | undefined> | null;
  } | null;
  mode: 'stripe' | 'test';
  unitsShort: number;
  events: { at: string; what: string }[];
}

const STATUS_TONE: Record<AdminOrder['status'], string> = {
  paid: 'bg-sky-50 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300',
  fulfilled: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  refunded: 'bg-rose-50 text-rose-800 dark:bg-rose-400/15 dark:text-rose-300',
};

const when = staffDateTime;

function addressLines(o: AdminOrder): string[] {
  if (!o.shipping) return [];
  if (o.shipping.method === 'pickup') return [o.shipping.name, 'Pickup in Kitchener'];
  const a = o.shipping.address ?? {};
  return [
    o.shipping.name,
    a.line1,
    a.line2,
    [a.city, a.state, a.postal_code].filter(Boolean).join(' '),
    a.country,
  ].filter((x): x is string => !!x);
}

function OrderCard({ order, onChange }: { order: AdminOrder; onChange: (o: AdminOrder) => void }) {
  // Buttons the role cannot use are not shown (docs/staff.md, "Roles"); the server refuses them anyway.
  const can = useCan();
  const [busy, setBusy] = useState('');
  const [confirmRefund, setConfirmRefund] = useState(false);
  const shipped = order.lines.some((l) => l.type !== 'digital');
  const digital = order.lines.some((l) => l.type === 'digital');
  async function act(action: 'fulfil' | 'refund' | 'resend', done: string) {
    setBusy(action);
    try {
      onChange(
        await adminFetch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(order.id)}/${action}`, { method: 'POST' }),
      );
      toast({ title: done });
    } catch (err) {
      toast({ title: 'Not done', description: (err as Error).message, variant: 'destructive' });
    } finally {
      setBusy('');
    }
  }
  return (
    <li className="card p-4 sm:p-5" data-order={order.number}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">
            {order.number}{' '}
            <span className={`badge ml-1 ${STATUS_TONE[order.status]}`} data-order-status>
              {order.status}
            </span>
            {order.mode === 'test' && (
              <span className="badge ml-1 bg-amber-50 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
                test checkout
              </span>
            )}
          </p>
          <p className="mt-1 text-sm wrap-anywhere text-muted">
            {order.name} · {order.email}
          </p>
          <p className="text-xs text-muted">{when(order.createdAt)}</p>
        </div>
        <p className="text-lg font-bold tabular-nums sm:text-right">
          {formatCents(order.amounts.total)}
          <span className="block text-xs font-normal text-muted">incl. tax {formatCents(order.amounts.tax)}</span>
        </p>
      </div>
      <ul className="mt-3 text-sm">
        {order.lines.map((l) => (
          <li key={l.id} className="flex justify-between gap-3">
            <span>
              {l.quantity} × {l.name}
            </span>
            <span className="tabular-nums">{formatCents(l.amountSubtotal)}</span>
          </li>
        ))}
        {shipped && (
          <li className="flex justify-between gap-3 text-muted">
            <span>Shipping</span>
            <span className="tabular-nums">{formatCents(order.amounts.shipping)}</span>
          </li>
        )}
      </ul>
      {order.unitsShort > 0 && (
        <p className="mt-2 text-sm font-semibold text-rose-700 dark:text-rose-300">
          {order.unitsShort} unit(s) were out of stock when payment arrived.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {shipped && order.status === 'paid' && can('POST', '/orders/:id/fulfil') && (
          <button
            type="button"
            className="btn-primary"
            disabled={!!busy}
            onClick={() => act('fulfil', 'Marked fulfilled; the buyer was e-mailed.')}
          >
            {busy === 'fulfil' ? <Spinner /> : null}
            Mark fulfilled
          </button>
        )}
        {digital && order.status !== 'refunded' && can('POST', '/orders/:id/resend') && (
          <button
            type="button"
            className="btn-secondary"
            disabled={!!busy}
            onClick={() => act('resend', 'Receipt re-sent with new download links.')}
          >
            {busy === 'resend' ? <Spinner /> : null}
            Re-send receipt
          </button>
        )}
        {order.status !== 'refunded' && can('POST', '/orders/:id/refund') && (
          <button type="button" className="btn-secondary" disabled={!!busy} onClick={() => setConfirmRefund(true)}>
            {busy === 'refund' ? <Spinner /> : null}
            Refund
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirmRefund}
        onOpenChange={setConfirmRefund}
        title={`Refund order ${order.number}?`}
        description={`${formatCents(order.amounts.total)} goes back to ${order.email} through Stripe. Its units return to stock and its download links stop working.`}
        confirmLabel="Refund"
        onConfirm={() => {
          setConfirmRefund(false);
          void act('refund', 'Refunded.');
        }}
      />
    </li>
  );
}

function OrderList({ status }: { status?: string }) {
  const path = `/api/admin/orders?limit=20${status ? `&status=${status}` : ''}`;
  const { data, setData, failed, loading, next, loadingMore, loadMore } = useAdminData<AdminOrder[]>(path, 'orders');
  if (failed) return <p role="alert">The orders could not be loaded.</p>;
  if (!data) return <Spinner />;
  if (data.length === 0) return <EmptyState title="No orders yet." />;
  const replace = (o: AdminOrder) => setData((prev) => (prev ?? []).map((x) => (x.id === o.id ? o : x)));
  return (
    <>
      <ul className="grid gap-4" aria-busy={loading}>
        {data.map((o) => (
          <OrderCard key={o.id} order={o} onChange={replace} />
        ))}
      </ul>
      {next && <LoadMoreButton busy={loadingMore} onClick={() => void loadMore((a, b) => [...a, ...b])} />}
    </>
  );
}

function PackingView() {
  const { data, setData, failed } = useAdminData<AdminOrder[]>(
    '/api/admin/orders?limit=100&status=paid',
    'packing list',
  );
  if (failed) return <p role="alert">The packing list could not be loaded.</p>;
  if (!data) return <Spinner />;
  const toPack = data.filter((o) => o.shipping);
  if (toPack.length === 0) return <EmptyState title="Nothing to pack: every hardware order is fulfilled." />;
  return (
    <ul className="grid gap-4 md:grid-cols-2" data-packing>
      {toPack.map((o) => (
        <li key={o.id} className="card p-4 sm:p-5">
          <p className="font-semibold">{o.number}</p>
          <address className="mt-2 text-sm wrap-anywhere not-italic">
            {addressLines(o).map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
          <ul className="mt-3 list-disc pl-5 text-sm">
            {o.lines
              .filter((l) => l.type !== 'digital')
              .map((l) => (
                <li key={l.id}>
                  {l.quantity} × {l.name}
                </li>
              ))}
          </ul>
          <button
            type="button"
            className="btn-primary mt-4"
            onClick={async () => {
              try {
                await adminFetch(`/api/admin/orders/${encodeURIComponent(o.id)}/fulfil`, { method: 'POST' });
                setData((prev) => (prev ?? []).filter((x) => x.id !== o.id));
                toast({ title: `${o.number} fulfilled; the buyer was e-mailed.` });
              } catch (err) {
                toast({ title: 'Not done', description: (err as Error).message, variant: 'destructive' });
              }
            }}
          >
            Mark fulfilled
          </button>
        </li>
      ))}
    </ul>
  );
}

function StockPanel() {
  const can = useCan();
  const { data, reload } = useAdminData<{ id: string; name: string; left: number; availability: string }[]>(
    '/api/admin/shop/stock',
    'stock',
  );
  const files = useAdminData<{ id: string; name: string; file: { source: string; name: string | null } }[]>(
    '/api/admin/shop/files',
    'files',
  );
  if (!data) return <Spinner />;
  return (
    <div className="grid gap-6">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">Units for sale</caption>
        <thead>
          <tr className="text-muted">
            <th className="py-2 pr-3 font-medium">Product</th>
            <th className="py-2 pr-3 font-medium">Shown as</th>
            <th className="py-2 font-medium">Units for sale</th>
          </tr>
        </thead>
        <tbody>
          {data.map((p) => (
            <tr key={p.id} className="border-t border-line">
              <td className="py-2 pr-3">{p.name}</td>
              <td className="py-2 pr-3">{p.availability}</td>
              <td className="py-2">
                <form
                  className="flex items-center gap-2"
                  onSubmit={async (e) => {
                    e.preventDefault();
                    const units = Number(new FormData(e.currentTarget).get('units'));
                    try {
                      await adminFetch(`/api/admin/shop/stock/${p.id}`, { method: 'PUT', body: { units } });
                      toast({ title: `${p.name}: ${units} for sale.` });
                      void reload();
                    } catch (err) {
                      toast({ title: 'Not saved', description: (err as Error).message, variant: 'destructive' });
                    }
                  }}
                >
                  <label className="sr-only" htmlFor={`units-${p.id}`}>
                    Units of {p.name} for sale
                  </label>
                  <input
                    id={`units-${p.id}`}
                    name="units"
                    type="number"
                    min={0}
                    max={10000}
                    defaultValue={p.left}
                    readOnly={!can('PUT', '/shop/stock/:id')}
                    className="input w-24"
                  />
                  {can('PUT', '/shop/stock/:id') ? (
                    <button type="submit" className="btn-secondary">
                      Save
                    </button>
                  ) : null}
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {files.data && (
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-semibold">Download files</caption>
          <tbody>
            {files.data.map((f) => (
              <tr key={f.id} className="border-t border-line">
                <td className="py-2 pr-3">{f.name}</td>
                <td className="py-2 pr-3 text-muted">
                  {f.file.name} ({f.file.source})
                </td>
                <td className="py-2">
                  {can('PUT', '/shop/stock/:id') ? (
                    <label className="btn-secondary cursor-pointer">
                      Replace file
                      <input
                        type="file"
                        className="sr-only"
                        onChange={async (e) => {
                          const file = e.currentTarget.files?.[0];
                          if (!file) return;
                          const res = await fetch(`/api/shop/files/${f.id}`, {
                            method: 'PUT',
                            credentials: 'same-origin',
                            headers: {
                              'x-file-name': file.name,
                              'content-type': file.type || 'application/octet-stream',
                            },
                            body: file,
                          });
                          const body = await res.json().catch(() => ({}));
                          if (res.ok) {
                            toast({ title: `${f.name}: file replaced.` });
                            void files.reload();
                          } else
                            toast({ title: 'Not replaced', description: body?.error?.message, variant: 'destructive' });
                        }}
                      />
                    </label>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function RevenuePanel() {
  const { data } = useAdminData<{ day: string; orders: number; revenue: number }[]>(
    '/api/admin/shop/revenue',
    'revenue',
  );
  if (!data) return <Spinner />;
  if (data.length === 0) return <EmptyState title="No sales in the last 90 days." />;
  const max = Math.max(...data.map((d) => d.revenue), 1);
  return (
    <table className="w-full text-left text-sm" data-revenue>
      <caption className="mb-2 text-left font-semibold">Revenue by day (Kitchener time, after refunds)</caption>
      <thead>
        <tr className="text-muted">
          <th className="py-2 pr-3 font-medium">Day</th>
          <th className="py-2 pr-3 font-medium">Orders</th>
          <th className="py-2 font-medium">Revenue</th>
        </tr>
      </thead>
      <tbody>
        {[...data].reverse().map((d) => (
          <tr key={d.day} className="border-t border-line">
            <td className="whitespace-nowrap py-2 pr-3 tabular-nums">{d.day}</td>
            <td className="py-2 pr-3 tabular-nums">{d.orders}</td>
            <td className="py-2">
              <span className="flex items-center gap-2">
                <span className="w-12 shrink-0 sm:w-32" aria-hidden="true">
                  <span
                    className="block h-2 rounded bg-brand-500"
                    style={{ width: `${Math.max(4, (Math.max(0, d.revenue) / max) * 100)}%` }}
                  />
                </span>
                <span className="whitespace-nowrap tabular-nums">{formatCents(d.revenue)}</span>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function OrdersManager() {
  return (
    <AdminGate variant="page" title="Orders" subtitle="What was bought, what to pack, refunds and stock.">
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <AdminSidebar current="/admin/orders" />
        <div className="min-w-0">
          <Tabs.Root defaultValue="orders">
            <TabList label="Order views">
              <Tab value="orders">All orders</Tab>
              <Tab value="packing">Packing</Tab>
              <Tab value="stock">Stock & files</Tab>
              <Tab value="revenue">Revenue statistics</Tab>
            </TabList>
            <Tabs.Content value="orders" className="mt-6">
              <OrderList />
            </Tabs.Content>
            <Tabs.Content value="packing" className="mt-6">
              <PackingView />
            </Tabs.Content>
            <Tabs.Content value="stock" className="mt-6">
              <StockPanel />
            </Tabs.Content>
            <Tabs.Content value="revenue" className="mt-6">
              <RevenuePanel />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      </div>
    </AdminGate>
  );
}
