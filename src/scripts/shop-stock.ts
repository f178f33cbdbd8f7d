/**
 * Live stock on static pages (docs/shop.md#stock): asks GET /api/shop/status once per page load and
 * updates every stock badge (`data-stock-for`). Plain script, no framework and no store, so pages whose
 * islands share state (home) still load their script as one file. The product page's purchase box
 * builds on it (./shop-status.ts).
 */
import { STOCK_TONES } from '../lib/shop/stock-tones';

export interface ShopStatus {
  ordering: 'open' | 'closed';
  testCheckout: boolean;
  stock: Record<string, { left: number; availability: string }>;
}

function paintBadges(s: ShopStatus) {
  for (const el of document.querySelectorAll<HTMLElement>('[data-stock-for]')) {
    const info = s.stock[el.dataset.stockFor ?? ''];
    if (!info || el.textContent?.trim() === info.availability) continue;
    for (const tone of Object.values(STOCK_TONES)) el.classList.remove(...tone.split(' '));
    el.classList.add(...(STOCK_TONES[info.availability] ?? '').split(' ').filter(Boolean));
    el.textContent = info.availability;
  }
}

let pending: Promise<ShopStatus | null> | null = null;

/** The shop's status, asked once per page (null when it cannot be had); badges are painted with it. */
export function shopStatus(): Promise<ShopStatus | null> {
  pending ??= fetch('/api/shop/status', { headers: { accept: 'application/json' } })
    .then(async (res) => (res.ok ? ((await res.json()) as ShopStatus) : null))
    .catch(() => null)
    .then((s) => {
      if (s) paintBadges(s);
      return s;
    });
  return pending;
}

void shopStatus();
