/**
 * Payloads of the admin API, shared by the admin screens (browser) and the functions (server).
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 */
import { z } from '../zod';
import { CONFIRM_TEMPLATE_ID, PLACEHOLDERS, templateRulesOf, templateUpdateSchemaFor } from '../email/templates';
import { ENTRY_STATES, isEntryKey, MAIL_KINDS } from '../email/queue/model';
import type { Role } from './roles';

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
  /** SITE_LAUNCHED: the site is open to everyone (GET only). */
  launched?: boolean;
  /** Who is signed in (GET only): the role decides what the screens offer (docs/staff.md). */
  role?: Role;
  /** 'owner key' or the staff member's name. */
  name?: string;
  /** 'owner' or the staff id. */
  staffId?: string;
}

const PLACEHOLDER_PATTERN = /\{\{([^{}]*)\}\}/g;

/** Every `{{...}}` in `text` whose name is not one of `known` (as written, e.g. '{{ firstName }}'). */
export function unknownPlaceholders(text: string, known: readonly string[] = PLACEHOLDERS): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER_PATTERN)) {
    if (!known.includes(m[1].trim()) && !out.includes(m[0])) out.push(m[0]);
  }
  return out;
}

/** The message staff read when a template uses a placeholder the renderer does not know. */
export function unknownPlaceholderMessage(found: string[], known: readonly string[] = PLACEHOLDERS): string {
  const list = known.map((p) => `{{${p}}}`).join(', ');
  const what = found.length === 1 ? `Unknown placeholder ${found[0]}` : `Unknown placeholders ${found.join(', ')}`;
  return `${what}. Use only ${list}.`;
}

/** The edit rules of template `id`: its payload schema plus no placeholder it does not know. */
function editSchemaOf(id: string) {
  const { placeholders } = templateRulesOf(id);
  const confirm = id === CONFIRM_TEMPLATE_ID;
  return templateUpdateSchemaFor(id).superRefine((v, ctx) => {
    for (const field of ['subject', 'text_content', 'html_content'] as const) {
      const found = unknownPlaceholders(v[field], placeholders);
      if (!found.length) continue;
      const message = unknownPlaceholderMessage(found, placeholders);
      ctx.addIssue({
        code: 'custom',
        path: [field],
        // The confirmation request says why the name is not there: the address is not confirmed yet.
        message: confirm
          ? `${message} The confirmation request carries nothing typed on the form, not even the name: the address is not confirmed yet.`
          : message,
      });
    }
  });
}

/**
 * PUT /api/admin/email-templates/{id}: the signups template rules (subject, text_content,
 * html_content; `{{unsubscribeUrl}}` required in both bodies) plus: no unknown placeholders,
 * so a typo such as `{{nmae}}` cannot reach a subscriber's inbox.
 */
export const templateEditSchema = editSchemaOf('waitlist-confirmation');
/**
 * The edit rules of template `id`: the list mail's (`templateEditSchema`), or the confirmation
 * request's (`{{confirmUrl}}` required in both bodies; only its own placeholders).
 */
export function templateEditSchemaFor(id: string): typeof templateEditSchema {
  return id === CONFIRM_TEMPLATE_ID ? (editSchemaOf(id) as typeof templateEditSchema) : templateEditSchema;
}
export type TemplateEdit = z.infer<typeof templateEditSchema>;

/** GET /api/admin/mail-queue query: one state and/or kind, and the page's cursor (an entry key). */
export const mailQueueQuerySchema = z.object({
  state: z.enum(ENTRY_STATES, { error: `state must be one of ${ENTRY_STATES.join(', ')}` }).optional(),
  kind: z.enum(MAIL_KINDS, { error: `kind must be one of ${MAIL_KINDS.join(', ')}` }).optional(),
  cursor: z
    .string()
    .max(200)
    .refine(isEntryKey, 'The cursor is not valid. Start again from the first page.')
    .optional(),
});
export type MailQueueQuery = z.infer<typeof mailQueueQuerySchema>;

/** POST /api/admin/mail-queue/retry: the entry to try again (a failed mail, or one whose outcome is unknown). */
export const mailRetrySchema = z.object({
  key: z.string({ error: 'key is required' }).max(200).refine(isEntryKey, 'Not a mail queue entry'),
});

/** POST /api/admin/exports — the table's search to export ('' or absent: everyone). */
export const exportRequestSchema = z.object({
  q: z.string({ error: 'q must be text' }).max(200, 'The search is too long (200 characters at most)').optional(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** GET /api/admin/exports/{id} answer: where the export is, and its files once done. */
export interface ExportStatus {
  id: string;
  status: 'running' | 'done' | 'failed';
  /** Rows written so far, and the rows expected (the matching subscribers when it started). */
  rows: number;
  total: number;
  /** The parts of the file, in order: each downloads one part of the CSV (gzip, decompressed by the browser). */
  files: { url: string; bytes: number; rows: number }[];
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
}

/** GET /api/admin/maintenance (and `maintenance` in /api/health for staff): how the scheduled upkeep is doing. */
export interface MaintenanceHealth {
  schedule: string;
  budgetMs: number;
  /** The newest runs, newest first: when, how long, and how much of the pass each did. */
  runs: { at: string; ms: number; errors: string[]; passSteps: number | null }[];
  /** The pass under way. */
  pass: { startedAt: string; phase: string; progress: { done: number; total: number | null }; runs: number } | null;
  /** The last full pass. */
  lastFullPass: {
    startedAt: string;
    finishedAt: string;
    runs: number;
    steps: number;
    ms: number;
    keys: number;
    records: number;
    repairs: { indexed: number; removed: number; migrated: number; unreadable: number };
  } | null;
  /** Index keys per sweep step, and record id partitions of the check. */
  slice: { keysPerStep: number; partitions: number };
}

/**
 * GET /api/admin/waitlist filters: `status` (one state of `subscriberStatus`; `bounced` is accepted
 * ahead of the suppression state and matches whoever the status rule calls bounced, so nobody until
 * that state exists) and `sort` (newest first by default, oldest first, or by name A–Z).
 */
export const LIST_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];
export const LIST_SORTS = ['newest', 'oldest', 'name'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const listFilterSchema = z.object({
  status: z.enum(LIST_STATUSES, { error: `status must be one of ${LIST_STATUSES.join(', ')}` }).optional(),
  sort: z.enum(LIST_SORTS, { error: `sort must be one of ${LIST_SORTS.join(', ')}` }).optional(),
});
export type ListFilter = z.infer<typeof listFilterSchema>;
