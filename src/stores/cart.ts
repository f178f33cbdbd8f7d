/**
 * The shopping cart (docs/shop.md#the-cart): a nanostores store kept in localStorage, so it survives
 * page loads and lives in this browser only (no account). Holds product ids and quantities, never
 * prices: the server prices every line from the catalogue. Used by the product pages' plain script
 * and the cart page's island.
 */
import { atom } from 'nanostores';

export interface CartLine {
  id: string;
  quantity: number;
}

export const CART_STORAGE_KEY = 'maple-cart';
/** Raised on window when the cart changes (the header badge and other tabs listen). */
export const CART_EVENT = 'maple:cart';

function read(): CartLine[] {
  try {
    const raw = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw
      .filter((l) => l && typeof l.id === 'string' && Number.isInteger(l.quantity) && l.quantity > 0)
      .slice(0, 20)
      .map((l) => ({ id: String(l.id).slice(0, 100), quantity: Math.min(99, l.quantity) }));
  } catch {
    return [];
  }
}

export const $cart = atom<CartLine[]>(typeof localStorage === 'undefined' ? [] : read());

if (typeof window !== 'undefined') {
  $cart.listen((lines) => {
    try {
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
    } catch {
      /* private mode: the cart lasts for this page only */
    }
    window.dispatchEvent(new CustomEvent(CART_EVENT));
  });
  window.addEventListener('storage', (e) => {
    if (e.key === CART_STORAGE_KEY) $cart.set(read());
  });
}

/** Adds `quantity` of `id`, at most `max` in all. */
export function addToCart(id: string, quantity = 1, max = 99): void {
  const lines = $cart.get();
  const found = lines.find((l) => l.id === id);
  if (found) $cart.set(lines.map((l) => (l.id === id ? { ...l, quantity: Math.min(max, l.quantity + quantity) } : l)));
  else $cart.set([...lines, { id, quantity: Math.min(max, quantity) }]);
}

/** Sets the quantity of `id` (0 removes it). */
export function setQuantity(id: string, quantity: number): void {
  $cart.set(
    quantity <= 0
      ? $cart.get().filter((l) => l.id !== id)
      : $cart.get().map((l) => (l.id === id ? { ...l, quantity } : l)),
  );
}

export function clearCart(): void {
  $cart.set([]);
}

/** Units in the cart. */
export function cartCount(lines: readonly CartLine[] = $cart.get()): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}
