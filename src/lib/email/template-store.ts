/**
 * Stored e-mail templates (one blob per template id). Server only.
 *
 * Reading never fails for a built-in id: a template that was never stored (or is unreadable)
 * falls back to its default, so signup mail works before staff ever open the editor.
 * The admin area builds its endpoints on `listTemplates`, `initializeTemplates` and `updateTemplate`.
 */
import { recordStore } from '../server/storage';
import {
  DEFAULT_TEMPLATES,
  TEMPLATE_IDS,
  defaultTemplate,
  emailTemplateSchema,
  isTemplateId,
  type EmailTemplate,
  type TemplateId,
  type TemplateUpdate,
} from './templates';

export const templateStore = recordStore('email-templates', emailTemplateSchema);

/** The `lastUpdated` of a template nobody has saved: the epoch (the editor shows 'Never saved'). */
const NEVER_SAVED = new Date(0).toISOString();

/** The stored template, else the default (stamped with the epoch so it reads as never edited). */
export async function getTemplate(id: TemplateId): Promise<EmailTemplate> {
  const stored = await templateStore.get(id).catch((err) => {
    console.error(`[templates] could not read ${id}, using the default`, err);
    return null;
  });
  // The name is the site's, not the stored copy's: a template saved under an older name reads as it is now.
  return stored ? { ...stored, name: DEFAULT_TEMPLATES[id].name } : defaultTemplate(id, NEVER_SAVED);
}

/** Every built-in template (stored version when there is one), in a fixed order. */
export async function listTemplates(): Promise<EmailTemplate[]> {
  return Promise.all(TEMPLATE_IDS.map((id) => getTemplate(id)));
}

/**
 * Stores the default of every built-in template that is not stored yet; edited templates are kept.
 * A stored default carries the epoch, as an unstored one does: nobody has saved it, so the editor
 * says so rather than showing the time of the first staff visit as its last update.
 * Returns the ids it created. Safe to call repeatedly (the staff area asks once after signing in).
 */
export async function initializeTemplates(): Promise<TemplateId[]> {
  const created: TemplateId[] = [];
  for (const id of TEMPLATE_IDS) {
    if (!(await templateStore.get(id))) {
      await templateStore.set(id, defaultTemplate(id, NEVER_SAVED));
      created.push(id);
    }
  }
  return created;
}

/**
 * Saves a validated update (`templateUpdateSchema`) and returns the stored template,
 * or null when `id` is not a built-in template.
 */
export async function updateTemplate(
  id: string,
  update: TemplateUpdate,
  now = new Date().toISOString(),
): Promise<EmailTemplate | null> {
  if (!isTemplateId(id)) return null;
  const next: EmailTemplate = {
    id,
    name: DEFAULT_TEMPLATES[id].name,
    subject: update.subject,
    textContent: update.text_content,
    htmlContent: update.html_content,
    lastUpdated: now,
  };
  await templateStore.set(id, next);
  return next;
}
