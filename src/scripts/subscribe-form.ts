/**
 * Plain-DOM newsletter signup for the small forms (header popover, mobile menu, about box).
 * The consent line under the button is the express consent (CASL); the form sends its own id and
 * that line's text as the page shows it, which the server checks against the form's known wording
 * before it records it. (Read from the page, so this script does not bundle the site's constants.) On failure the input is kept
 * and an error is shown instead of a thank-you.
 */
import type { NewsletterForm } from '../lib/signups/constants';
import { HONEYPOT_FIELD } from '../lib/signups/honeypot';
import { postJson } from '../lib/signups/client';

export interface SubscribeFormOptions {
  /** Which form this is (recorded with the consent). */
  formId: NewsletterForm;
  /** Text shown on success (e.g. 'Thanks! ✓'). */
  thanks: string;
  /** How long the success state stays before `onDone` (ms). */
  thanksMs: number;
  /** Called right after a successful signup (before the success period). */
  onSuccess?: () => void;
  /** Called after the success period, once the form has been cleared. */
  onDone: () => void;
}

const ERROR_TEXT = "Sorry, we couldn't subscribe you. Please check your details and try again.";

/** Wires one subscribe form: submit -> POST /api/newsletter/subscribe -> thanks, then clear and `onDone`. */
export function wireSubscribeForm(form: HTMLFormElement, opts: SubscribeFormOptions): void {
  const status = form.querySelector<HTMLElement>('[data-status]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const idle = button.textContent ?? 'Subscribe';
  const show = (state: 'idle' | 'success' | 'error', text: string) => {
    status.dataset.state = state;
    status.textContent = text;
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (button.getAttribute('aria-disabled') === 'true' || !form.reportValidity()) return;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    // aria-disabled rather than disabled: a disabled button drops keyboard focus to <body>.
    button.setAttribute('aria-disabled', 'true');
    button.textContent = 'Subscribing...';
    show('idle', '');
    const result = await postJson('/api/newsletter/subscribe', {
      name: value('name'),
      email: value('email'),
      phoneModel: value('phoneModel'),
      consent: true,
      form: opts.formId,
      consentText: form.querySelector('[data-consent-text]')?.textContent?.trim(),
      page: location.pathname,
      [HONEYPOT_FIELD]: value(HONEYPOT_FIELD),
    });
    button.removeAttribute('aria-disabled');
    button.textContent = idle;
    if (!result.ok) {
      const fieldMessage = result.fields ? Object.values(result.fields)[0] : undefined;
      show(
        'error',
        result.status === 429 ? 'Too many attempts. Please wait a minute and try again.' : (fieldMessage ?? ERROR_TEXT),
      );
      return;
    }
    show('success', opts.thanks);
    opts.onSuccess?.();
    window.setTimeout(() => {
      form.reset();
      show('idle', '');
      opts.onDone();
    }, opts.thanksMs);
  });
}
