/**
 * POST /api/newsletter/subscribe payload schema, shared by the newsletter forms and the function.
 * A factory over the catalogue's phone-model names: the function passes `phoneModelNames()`, the
 * newsletter island the names it received as a prop, so both check the same list without the
 * browser downloading the catalogue.
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 */
import { z } from '../zod';
import { CONSENT_FORMS, HONEYPOT_FIELD, LIMITS, MESSAGES, NEWSLETTER_FORMS } from './constants';
import { isRecognisedPhoneModel } from './phone-model-rules';
import { emailField, honeypotField, isSafeText, nameField, optionalText, pageField } from './schemas';

/**
 * POST /api/newsletter/subscribe — {name, email, phoneModel, consent} (docs/site.md#signups).
 * Extras: `form` (which form: the block, the header, the mobile menu or the about box; default the block),
 * `consentText` (the wording shown; must equal that form's known wording), `page`, `source`, `referrer`,
 * and the honeypot. `consent` must be true. The block also requires a recognised phone model;
 * the header and about forms only require one (docs/site.md#validation).
 */
export function newsletterPayloadSchema(phoneModelNames: readonly string[]) {
  return z
    .object({
      name: nameField(1, MESSAGES.nameRequired),
      email: emailField,
      phoneModel: z
        .string({ error: MESSAGES.phoneRequired })
        .trim()
        .min(1, MESSAGES.phoneRequired)
        .max(LIMITS.phoneModel, MESSAGES.phoneTooLong)
        .refine(isSafeText, MESSAGES.phoneUnsafe),
      consent: z.literal(true, { error: MESSAGES.consent }),
      form: z.enum(NEWSLETTER_FORMS, { error: MESSAGES.formInvalid }).default('newsletter'),
      consentText: z.string().max(2000).optional(),
      page: pageField,
      source: optionalText(LIMITS.source, MESSAGES.sourceInvalid),
      referrer: optionalText(LIMITS.referrer, MESSAGES.referrerInvalid),
      [HONEYPOT_FIELD]: honeypotField,
    })
    .superRefine(
      (v, ctx) => {
        if (v.form === 'newsletter' && v.phoneModel && !isRecognisedPhoneModel(v.phoneModel, phoneModelNames)) {
          ctx.addIssue({ code: 'custom', path: ['phoneModel'], message: MESSAGES.phoneUnknown });
        }
        if (v.consentText !== undefined && v.consentText !== CONSENT_FORMS[v.form].wording) {
          ctx.addIssue({ code: 'custom', path: ['consentText'], message: MESSAGES.consentWording });
        }
        // Runs even when other fields are invalid (zod skips it then by default), so a form shows every
        // message in one round; it only needs its own three fields to be well-formed.
      },
      { when: (p) => p.issues.every((i) => !!i.path?.length && !CROSS_CHECKED.has(String(i.path[0]))) },
    );
}

/** The fields the cross-field check above reads. */
const CROSS_CHECKED = new Set(['phoneModel', 'form', 'consentText']);
export type NewsletterPayload = z.output<ReturnType<typeof newsletterPayloadSchema>>;
export type NewsletterInput = z.input<ReturnType<typeof newsletterPayloadSchema>>;
