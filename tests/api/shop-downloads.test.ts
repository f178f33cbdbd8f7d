// The download rules, in process (docs/shop.md#download-rules): a link works for 7 days and 5
// downloads, staff re-sending the receipt replaces the links, and a file staff upload is what the
// links deliver from then on. The order is made by the local test checkout (the same order path as
// Stripe's webhook).
import { afterEach, describe, expect, it, vi } from 'vitest';
import checkoutFn from '../../netlify/functions/checkout';
import shopFn from '../../netlify/functions/shop';
import adminFn from '../../netlify/functions/admin';
import { getOrder } from '../../src/lib/shop/server/orders';
import { downloadLinks } from '../../src/lib/shop/server/order-mail';
import { getSubscriber } from '../../src/lib/subscribers/store';
import { call, storeSignup, useEnv } from './helpers';

const KEY = 'api-shop-downloads-admin-key-01';
useEnv({ ADMIN_KEY: KEY });
afterEach(() => vi.restoreAllMocks());

const DAY = 24 * 60 * 60_000;
let ip = 10;

/** Buys `productId` in the test checkout; the order's id. */
async function buy(productId: string): Promise<string> {
  const checkout = await call(checkoutFn, {
    method: 'POST',
    path: '/api/checkout',
    body: { items: [{ id: productId, quantity: 1 }] },
    ip: `203.0.113.${++ip}`,
  });
  expect(checkout.status, checkout.text).toBe(200);
  const id = new URL(checkout.json.url).searchParams.get('session')!;
  const paid = await call(shopFn, {
    method: 'POST',
    path: `/api/shop/test-checkout/${id}/pay`,
    body: { email: `dl-${ip}@example.com`, name: 'Dana Download' },
  });
  expect(paid.status, paid.text).toBe(200);
  return id;
}

/** The path of the order's (only) download link as the receipt carries it now. */
async function linkOf(id: string): Promise<string> {
  const [link] = await downloadLinks((await getOrder(id))!, 'http://localhost:8888');
  return new URL(link!.url).pathname;
}

const download = (path: string) => call(shopFn, { path });

describe('download links', () => {
  it('work for 7 days after the receipt, then answer 410 link_expired', async () => {
    const id = await buy('ai-prompt-guide');
    const path = await linkOf(id);
    const issued = Date.parse((await getOrder(id))!.grant.issuedAt);
    const now = vi.spyOn(Date, 'now');

    now.mockReturnValue(issued + 7 * DAY - 60_000);
    const lastDay = await download(path);
    expect(lastDay.status).toBe(200);
    expect(lastDay.text).toContain('<!doctype html>');

    now.mockReturnValue(issued + 7 * DAY + 60_000);
    const late = await download(path);
    expect(late.status).toBe(410);
    expect(late.json.error.code).toBe('link_expired');
  });

  it('re-sending the receipt gives new links and ends the old ones', async () => {
    const id = await buy('smartphone-buying-guide');
    const old = await linkOf(id);
    expect((await download(old)).status).toBe(200);
    const resent = await call(adminFn, {
      method: 'POST',
      path: `/api/admin/orders/${id}/resend`,
      headers: { 'admin-key': KEY },
    });
    expect(resent.status, resent.text).toBe(200);
    const fresh = await linkOf(id);
    expect(fresh).not.toBe(old);
    expect((await download(old)).status).toBe(410);
    const ok = await download(fresh);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-downloads-left')).toBe('4');
  });

  it('a file staff upload replaces the built-in one; strangers cannot upload', async () => {
    const id = await buy('android-optimization-toolkit');
    const path = await linkOf(id);
    const upload = (headers: Record<string, string>) =>
      call(shopFn, {
        method: 'PUT',
        path: '/api/shop/files/android-optimization-toolkit',
        body: 'Toolkit, second edition',
        headers: { 'content-type': 'text/plain', 'x-file-name': 'toolkit-v2.txt', ...headers },
      });
    expect((await upload({})).status).toBe(401);
    const done = await upload({ 'admin-key': KEY });
    expect(done.status, done.text).toBe(200);
    const file = await download(path);
    expect(file.status).toBe(200);
    expect(file.text).toBe('Toolkit, second edition');
    expect(file.headers.get('content-disposition')).toContain('toolkit-v2.txt');
  });
});

describe('privacy', () => {
  it("a buyer who is a subscriber sees the order in their record's orders; deleting the subscriber keeps the order and adds no consent", async () => {
    const id = await buy('smartphone-photography-masterclass');
    const email = (await getOrder(id))!.email;
    const sub = await storeSignup({ email, name: 'Dana Download', interest: 'all' }, new Date().toISOString());
    const listed = () =>
      call(adminFn, {
        path: `/api/admin/orders?email=${encodeURIComponent(email.toUpperCase())}`,
        headers: { 'admin-key': KEY },
      });
    const before = await listed();
    expect(before.json.map((o: { id: string }) => o.id)).toEqual([id]);
    expect(before.json[0].events.map((e: { what: string }) => e.what)).toEqual(
      expect.arrayContaining(['Paid', expect.stringMatching(/^Receipt /)]),
    );
    const deleted = await call(adminFn, {
      method: 'DELETE',
      path: `/api/admin/waitlist/${sub.id}`,
      headers: { 'admin-key': KEY },
    });
    expect(deleted.status, deleted.text).toBe(200);
    const after = await listed();
    expect(after.json.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[id, 'paid']]);
    // The order never became consent: the tombstone holds no list membership.
    const tomb = await getSubscriber(sub.id);
    expect(tomb?.deletedAt).toBeTruthy();
    expect(JSON.stringify(after.json[0])).not.toMatch(/consent|marketing/i);
  });
});
