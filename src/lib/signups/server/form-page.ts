/**
 * The page answered to a waitlist form posted without JavaScript when the signup cannot be taken:
 * the form again, with the visitor's values, the field errors under the fields (red label,
 * aria-invalid, aria-describedby, focus on the first invalid field) or a notice (rate limit,
 * server error), and the waitlist's benefit cards as on the page the form was on. Self-contained:
 * inline styles, the site's theme script only (plain-page.ts). Pure.
 *
 * The success case is not a page of its own: the function redirects to the form page's
 * `#joined` view (see docs/performance.md, "The waitlist form without JavaScript").
 */
import { SITE } from '../../../config/site';
import { escapeHtml } from '../../email/templates';
import { plainPage } from './plain-page';
import * as ICONS from '../../icons';
import {
  CONSENT_FORMS,
  DEFAULT_INTEREST,
  HONEYPOT_FIELD,
  INTEREST_LABELS,
  INTERESTS,
  LIMITS,
  WAITLIST_BENEFITS,
} from '../constants';

/** The pages that show the waitlist form; a posted `page` outside this list is answered as /join. */
export const WAITLIST_FORM_PAGES = ['/join', '/waitlist'] as const;
export type WaitlistFormPage = (typeof WAITLIST_FORM_PAGES)[number];

/** The form page a posted `page` value stands for (never another site or path: no open redirect). */
export function waitlistFormPage(page: unknown): WaitlistFormPage {
  return WAITLIST_FORM_PAGES.find((p) => p === page) ?? '/join';
}

export interface WaitlistFormPageInput {
  /** Where the form was shown (the form posts it back; links return there). */
  page: WaitlistFormPage;
  /** What the visitor sent, shown again in the fields. */
  values: { name: string; email: string; interests: string };
  /** Message per field (`name`, `email`, `interests`; other keys are listed in the summary only). */
  errors?: Record<string, string>;
  /** A message about the whole form (too many attempts, a server error). */
  notice?: string;
}

const FIELD_IDS: Record<string, string> = { name: 'wl-name', email: 'wl-email', interests: 'wl-interest' };

/** Rules of the form page, after the shared ones (plain-page.ts). */
const FORM_PAGE_CSS = `
  main { max-width: 30rem; }
  h1 { margin: 0 0 .25rem; }
  .intro { margin: 0 0 1.25rem; color: var(--muted); font-size: .875rem; }
  .summary, .notice { border: 2px solid var(--error); border-radius: .75rem; padding: .75rem 1rem; margin-bottom: 1.25rem; }
  .summary h2 { font-size: 1rem; margin: 0 0 .25rem; }
  .summary ul { margin: 0; padding-left: 1.25rem; }
  .summary a { color: var(--error); font-weight: 600; }
  .notice { margin-top: 0; font-weight: 600; }
  .field { margin-bottom: 1.25rem; }
  label, legend { display: block; font-size: .875rem; font-weight: 500; margin-bottom: .25rem; }
  .invalid label, .invalid legend, legend.invalid { color: var(--error); }
  input[type=text], input[type=email] { width: 100%; font: inherit; font-size: .875rem; color: var(--text); background: var(--card);
    border: 1px solid var(--line); border-radius: .75rem; padding: .625rem .75rem; }
  .invalid input { border-color: var(--error); }
  .error { margin: .375rem 0 0; font-size: .875rem; font-weight: 500; color: var(--error); }
  fieldset { border: 0; margin: 0 0 1.25rem; padding: 0; }
  .choices { display: grid; gap: .5rem; }
  @media (min-width: 640px) { .choices { grid-template-columns: 1fr 1fr; } }
  .choice { display: flex; align-items: center; gap: .5rem; margin: 0; border: 1px solid var(--line); border-radius: .75rem; padding: .625rem .75rem; font-weight: 600; }
  .hp { position: absolute; left: -9999px; width: 1px; height: 1px; overflow: hidden; }
  form button { width: 100%; }
  .privacy { font-size: .75rem; color: var(--muted); }
  .benefits { list-style: none; margin: 1.5rem 0 0; padding: 0; display: grid; gap: .75rem; }
  .benefits li { display: flex; gap: .75rem; align-items: flex-start; border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; }
  .benefits svg { flex: none; width: 2.5rem; height: 2.5rem; padding: .6rem; border-radius: .75rem; color: var(--brand); background: var(--bg); }
  .benefits h2 { font-size: 1rem; margin: 0; }
  .benefits p { margin: .25rem 0 0; font-size: .875rem; color: var(--muted); }`;

/** The benefit cards of the waitlist page (WAITLIST_BENEFITS), in plain HTML. */
const BENEFITS_HTML = `<ul class="benefits" aria-label="What you get">${WAITLIST_BENEFITS.map(
  (b) =>
    `<li><svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${
      ICONS[b.icon]
    }</svg><div><h2>${escapeHtml(b.title)}</h2><p>${escapeHtml(b.text)}</p></div></li>`,
).join('')}</ul>`;

/** The waitlist form page with the visitor's values and the errors. */
export function renderWaitlistFormPage({ page, values, errors = {}, notice }: WaitlistFormPageInput): string {
  const e = escapeHtml;
  const firstInvalid = Object.keys(FIELD_IDS).find((f) => errors[f]);
  const field = (key: 'name' | 'email', label: string, attrs: string) => {
    const id = FIELD_IDS[key];
    const error = errors[key];
    return `<div class="field${error ? ' invalid' : ''}">
<label for="${id}">${label}</label>
<input id="${id}" name="${key}" value="${e(values[key])}" ${attrs}${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}${firstInvalid === key ? ' autofocus' : ''}>
${error ? `<p class="error" id="${id}-error">${e(error)}</p>` : ''}
</div>`;
  };
  const chosen = INTERESTS.find((i) => i === values.interests) ?? DEFAULT_INTEREST;
  const interestError = errors.interests;
  const radios = INTERESTS.map(
    (value, i) =>
      `<label class="choice"><input type="radio" name="interests" value="${value}"${value === chosen ? ' checked' : ''}${
        i === 0 && interestError ? ` id="${FIELD_IDS.interests}"` : ''
      }${i === 0 && firstInvalid === 'interests' ? ' autofocus' : ''}><span>${e(INTEREST_LABELS[value])}</span></label>`,
  ).join('\n');
  const messages = Object.entries(errors);
  const summary = messages.length
    ? `<div class="summary" role="alert"><h2>Please check the form</h2><ul>${messages
        .map(([key, message]) =>
          FIELD_IDS[key] ? `<li><a href="#${FIELD_IDS[key]}">${e(message)}</a></li>` : `<li>${e(message)}</li>`,
        )
        .join('')}</ul></div>`
    : '';
  return plainPage({
    title: `${messages.length || notice ? 'Error: ' : ''}Join the Waitlist`,
    css: FORM_PAGE_CSS,
    body: `<a class="brand" href="/">${e(SITE.name)}</a>
<h1>Join the Waitlist</h1>
<p class="intro">It takes ten seconds. No spam, ever.</p>
${notice ? `<p class="notice" role="alert">${e(notice)}</p>` : ''}${summary}
<form method="post" action="/api/waitlist" novalidate>
<input type="hidden" name="page" value="${e(page)}">
${field('name', 'Your Name', `type="text" autocomplete="name" placeholder="Jane Doe" maxlength="${LIMITS.name}" required`)}
${field('email', 'Email address', `type="email" inputmode="email" autocomplete="email" placeholder="you@example.com" maxlength="${LIMITS.email}" required`)}
<fieldset${interestError ? ` aria-describedby="${FIELD_IDS.interests}-error"` : ''}>
<legend${interestError ? ' class="invalid"' : ''}>I'm interested in</legend>
<div class="choices">
${radios}
</div>
${interestError ? `<p class="error" id="${FIELD_IDS.interests}-error">${e(interestError)}</p>` : ''}
</fieldset>
<div class="hp" aria-hidden="true"><label for="wl-website">Leave this field empty</label><input id="wl-website" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off" value=""></div>
<button type="submit" aria-describedby="wl-privacy">Join the Waitlist</button>
<p class="privacy" id="wl-privacy">${e(CONSENT_FORMS.waitlist.wording)}</p>
</form>
${BENEFITS_HTML}
<footer><a href="${e(page)}">Back to the waitlist page</a> · ${e(SITE.name)} · ${e(SITE.mailingAddress)}</footer>`,
  });
}

/** A short page for a form post refused before reading it (another site's form, a body too large). */
export function renderFormRefusedPage(message: string, page: WaitlistFormPage = '/join'): string {
  const e = escapeHtml;
  return plainPage({
    title: 'Error: Join the Waitlist',
    body: `<a class="brand" href="/">${e(SITE.name)}</a>
<h1>The form could not be sent</h1>
<p>${e(message)}</p>
<p><a href="${e(page)}">Back to the waitlist page</a></p>`,
  });
}
