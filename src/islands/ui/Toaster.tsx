/**
 * Toast region for islands, built on Radix Toast (accessible live region, swipe right to dismiss,
 * F8 moves focus to the region). State comes from the shared nanostores `$toasts`.
 */
import * as Toast from '@radix-ui/react-toast';
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, TOAST_DURATION_MS } from '../../stores/toast';
import { Icon } from './Icon';
import * as ICON from '../../lib/icons';

export default function Toaster() {
  const toasts = useStore($toasts);
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={TOAST_DURATION_MS} label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          duration={t.duration}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-variant={t.variant}
          className={
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-2xl border p-4 pr-10 shadow-lg ' +
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-full ' +
            (t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-line bg-surface text-fg')
          }
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-lg p-1 opacity-70 hover:opacity-100"
          >
            <Icon svg={ICON.x} className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm" />
    </Toast.Provider>
  );
}
