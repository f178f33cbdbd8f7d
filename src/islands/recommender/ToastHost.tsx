/**
 * Mounts the site's Toaster (Radix Toast) only once a toast is raised, so its code is not part of the
 * page's start-up JavaScript (budget: the recommender page loads at most 90 KB gzip). Toasts go
 * through the shared `toast()` store as everywhere else.
 */
import { useAtom } from './useAtom';
import { lazy, Suspense, useState } from 'react';
import { $toasts } from '../../stores/toast';

const Toaster = lazy(() => import('../ui/Toaster'));

export function ToastHost() {
  const toasts = useAtom($toasts);
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
