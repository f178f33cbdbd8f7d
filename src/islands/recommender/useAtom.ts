import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * Subscribes a component to a nanostores atom. This is what `useStore` of @nanostores/react does for
 * plain atoms, without its extras (key filters, loading stores), which keeps ~0.5 KB gzip out of the
 * recommender page's start-up JavaScript. `listen` and `get` are closures, safe to pass unbound.
 */
export function useAtom<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(store.listen, store.get, store.get);
}
