/**
 * The product page's purchase box (`data-buy`, docs/shop.md#buying): Add to Cart into the browser's
 * cart, or why not (out of stock, ordering closed) from the status ./shop-stock.ts asks for once per
 * page load. Plain script, no framework.
 */
import { $cart, addToCart, cartCount } from '../stores/cart';
import { shopStatus, type ShopStatus as Status } from './shop-stock';

let status: Status | null = null;

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
  status = await shopStatus();
  // Offline or failed: the page keeps what the build wrote and the button stays usable.
  if (status) paintBuyBoxes(status);
}

void refresh();
