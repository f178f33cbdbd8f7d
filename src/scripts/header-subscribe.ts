/**
 * Header 'Tap here' / mobile subscribe form.
 * Shows the spec's 'Thanks! ✓' (mobile: 'Thanks for subscribing! ✓') for 3 s, then clears and closes.
 * NOTE: the signups work turns this into a real POST /api/newsletter/subscribe.
 */
export const HEADER_THANKS_MS = 3000;

export function wireHeaderSubscribe(form: HTMLFormElement, close: () => void): void {
  const status = form.querySelector<HTMLElement>('[data-status]')!;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    status.textContent = form.dataset.thanks ?? 'Thanks! ✓';
    window.setTimeout(() => {
      form.reset();
      status.textContent = '';
      close();
    }, HEADER_THANKS_MS);
  });
}
