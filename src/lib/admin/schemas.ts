/**
 * Payloads of the admin API, shared by the admin screens (browser) and the functions (server).
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 */
import { z } from 'zod';
import { PLACEHOLDERS, templateUpdateSchema } from '../email/templates';

/** POST /api/admin/session — the key typed by staff; `devMode` also opens the home page before launch. */
export const loginSchema = z.object({
  key: z.string({ error: 'Enter the admin key' }).min(1, 'Enter the admin key').max(1024, 'The admin key is too long'),
  devMode: z.boolean({ error: 'devMode must be true or false' }).optional(),
});
export type LoginPayload = z.infer<typeof loginSchema>;

/** GET /api/admin/session answer (200 only when signed in; 401 otherwise). */
export interface SessionInfo {
  authenticated: true;
  devMode: boolean;
  /** ISO time the session ends. */
  expiresAt: string;
  /** How this request was authenticated. */
  via: 'cookie' | 'header';
}

const KNOWN = new Set<string>(PLACEHOLDERS);
const PLACEHOLDER_PATTERN = /\{\{([^{}]*)\}\}/g;

/** Every `{{...}}` in `text` whose name is not a known placeholder (as written, e.g. '{{ firstName }}'). */
export function unknownPlaceholders(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER_PATTERN)) {
    if (!KNOWN.has(m[1].trim()) && !out.includes(m[0])) out.push(m[0]);
  }
  return out;
}

/** The message staff read when a template uses a placeholder the renderer does not know. */
export function unknownPlaceholderMessage(found: string[]): string {
  const list = PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ');
  const what = found.length === 1 ? `Unknown placeholder ${found[0]}` : `Unknown placeholders ${found.join(', ')}`;
  return `${what}. Use only ${list}.`;
}

/**
 * PUT /api/admin/email-templates/{id}: the signups template rules (subject, text_content,
 * html_content; `{{unsubscribeUrl}}` required in both bodies) plus: no unknown placeholders,
 * so a typo such as `{{nmae}}` cannot reach a subscriber's inbox.
 */
export const templateEditSchema = templateUpdateSchema.superRefine((v, ctx) => {
  for (const field of ['subject', 'text_content', 'html_content'] as const) {
    const found = unknownPlaceholders(v[field]);
    if (found.length) ctx.addIssue({ code: 'custom', path: [field], message: unknownPlaceholderMessage(found) });
  }
});
export type TemplateEdit = z.infer<typeof templateEditSchema>;
