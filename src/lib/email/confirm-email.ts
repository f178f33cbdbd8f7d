/**
 * The double opt-in mail: one button that opens the confirmation page, rendered from the
 * `confirmation-request` template (staff may edit it; `{{confirmUrl}}` stays required in both parts,
 * src/lib/email/templates.ts).
 *
 * It carries no text typed by the visitor (not even the name): the address is not confirmed yet,
 * so anything from the form would let a stranger put words into someone else's inbox. The template's
 * placeholders are only the link, the list's name, the days the link works and the site's address.
 * Pure and client-safe.
 */
import { SITE } from '../../config/site';
import {
  DEFAULT_SENDER,
  DEFAULT_TEMPLATES,
  renderConfirmTemplate,
  type EmailTemplate,
  type RenderedEmail,
  type Sender,
} from './templates';

/** Which list the visitor asked for, as the mail names it (`{{listName}}`). */
export const LIST_NAMES = {
  waitlist: `the ${SITE.name} waitlist`,
  newsletter: `the ${SITE.name} newsletter`,
  both: `the ${SITE.name} waitlist and newsletter`,
} as const;

export interface ConfirmEmailInput {
  list: keyof typeof LIST_NAMES;
  /** The signed confirmation page address. */
  confirmUrl: string;
  /** Days the link works. */
  validDays: number;
  /** The site's origin (`{{siteUrl}}`); the configured site when absent. */
  siteUrl?: string;
}

/**
 * Renders the confirmation request (subject, text, HTML) from `template` (the stored one; the
 * built-in default when absent), with the sender identification.
 */
export function renderConfirmEmail(
  input: ConfirmEmailInput,
  sender: Sender = DEFAULT_SENDER,
  template: Pick<EmailTemplate, 'subject' | 'textContent' | 'htmlContent'> = DEFAULT_TEMPLATES['confirmation-request'],
): RenderedEmail {
  return renderConfirmTemplate(
    template,
    {
      confirmUrl: input.confirmUrl,
      listName: LIST_NAMES[input.list],
      validDays: input.validDays,
      siteUrl: input.siteUrl ?? SITE.url,
    },
    sender,
  );
}
