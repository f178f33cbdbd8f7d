/**
 * Live shop state on static pages (docs/shop.md#stock): asks GET /api/shop/status once per page load
 * and updates every stock badge (`data-stock-for`) and the product page's purchase box (`data-buy`):
 * Add to Cart, or why not (out of stock, ordering closed). Plain script, no framework.
 */
import { STOCK_TONES } from '../lib/shop/stock-tones';
import { $cart, addToCart, cartCount } from '../stores/cart';

interface Status {
  ordering: 'open' | 'closed';
  testCheckout: boolean;
  stock: Record<string, { left: number; availability: string }>;
}

let status: Status | null = null;

function paintBadges(s: Status) {
  for (const el of document.querySelectorAll<HTMLElement>('[data-stock-for]')) {
    const info = s.stock[el.dataset.stockFor ?? ''];
    if (!info || el.textContent?.trim() === info.availability) continue;
    for (const tone of Object.values(STOCK_TONES)) el.classList.remove(...tone.split(' '));
    el.classList.add(...(STOCK_TONES[info.availability] ?? '').split(' ').filter(Boolean));
    el.textContent = info.availability;
  }
}

function paintBuyBoxes(s: Status | null) {
  for (const box of document.querySelectorAll<HTMLElement>('[data-buy]')) {
    const id = box.dataset.productId ?? '';
    const button = box.querySelector<HTMLButtonElement>('[data-add-to-cart]');
    const note = box.querySelector<HTMLElement>('[data-buy-note]');
    const viewCart = box.querySelector<HTMLElement>('[data-view-cart]');
    if (!button || !note) continue;
    const inCart = $cart.get().find((l) => l.id === id)?.quantity ?? 0;
    const max = Number(box.dataset.max ?? '1');
    const left = s?.stock[id]?.left;
    let reason = '';
    if (s?.ordering === 'closed') reason = 'Online ordering is closed right now. Please check back soon.';
    else if (left !== undefined && left <= 0) reason = 'Out of stock. Check back soon.';
    else if (inCart >= max || (left !== undefined && inCart >= left))
      reason = 'The most you can order is in your cart.';
    button.disabled = !!reason;
    if (reason) note.textContent = reason;
    else if (inCart) note.textContent = `${inCart} in your cart.`;
    else note.textContent = box.dataset.defaultNote ?? '';
    if (viewCart) viewCart.hidden = cartCount() === 0;
  }
}

function wire() {
  for (const box of document.querySelectorAll<HTMLElement>('[data-buy]')) {
    const button = box.querySelector<HTMLButtonElement>('[data-add-to-cart]');
    if (!button || button.dataset.wired) continue;
    button.dataset.wired = '1';
    button.addEventListener('click', () => {
      const id = box.dataset.productId ?? '';
      const left = status?.stock[id]?.left;
      const max = Math.min(Number(box.dataset.max ?? '1'), left ?? Infinity);
      addToCart(id, 1, max);
      paintBuyBoxes(status);
      const note = box.querySelector<HTMLElement>('[data-buy-note]');
      if (note)
        note.textContent = `Added to your cart (${$cart.get().find((l) => l.id === id)?.quantity ?? 1} in cart).`;
    });
  }
}

async function refresh() {
  wire();
  paintBuyBoxes(null);
  try {
    const res = await fetch('/api/shop/status', { headers: { accept: 'application/json' } });
    if (!res.ok) return;
    status = (await res.json()) as Status;
    paintBadges(status);
    paintBuyBoxes(status);
  } catch {
    /* offline: the page keeps what the build wrote */
  }
}

void refresh();
