/**
 * Header 'Tap here' / mobile subscribe form: a real newsletter signup (POST /api/newsletter/subscribe).
 * Shows 'Thanks! ✓' (mobile: 'Thanks for subscribing! ✓') for 3 s, then clears and closes;
 * a failure shows an error and keeps the input.
 */
import { wireSubscribeForm } from './subscribe-form';

export const HEADER_THANKS_MS = 3000;

export function wireHeaderSubscribe(form: HTMLFormElement, close: () => void): void {
  const mobile = form.dataset.variant === 'mobile';
  wireSubscribeForm(form, {
    formId: mobile ? 'header-mobile' : 'header',
    thanks: form.dataset.thanks ?? (mobile ? 'Thanks for subscribing! ✓' : 'Thanks! ✓'),
    thanksMs: HEADER_THANKS_MS,
    onDone: close,
  });
}
