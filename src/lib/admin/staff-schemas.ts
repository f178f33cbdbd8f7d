/**
 * Payloads of the staff and audit endpoints (docs/staff.md), shared by the staff screens (browser)
 * and the admin API (server).
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 */
import { z } from '../zod';
import { isSafeText } from '../signups/schemas';
import { ROLES, type Role } from './roles';

const email = z
  .string({ error: 'Enter an e-mail address' })
  .trim()
  .toLowerCase()
  .max(254, 'The e-mail address is too long')
  .pipe(z.email('Enter a valid e-mail address'));

/** POST /api/admin/staff — invite someone. */
export const staffCreateSchema = z.object({
  email,
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(80, 'The name is too long (80 characters at most)')
    .refine(isSafeText, 'The name contains characters that are not allowed'),
  role: z.enum(ROLES, { error: 'The role is admin, editor or viewer' }),
});
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** PUT /api/admin/staff/{id}/role — give someone another role. */
export const staffRoleSchema = z.object({ role: staffCreateSchema.shape.role });

/** POST /api/admin/login — "e-mail me a sign-in link". */
export const staffLoginSchema = z.object({ email });

/** POST /api/admin/session/dev-mode */
export const devModeSchema = z.object({ devMode: z.boolean({ error: 'devMode must be true or false' }) });

/** A staff account as the API answers it. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: string;
  /** Who invited them ('owner key' or a staff member's name). */
  createdBy: string;
}

/** Who did something, as the audit trail records it. */
export interface AuditActor {
  /** 'owner' or a staff id. */
  id: string;
  /** 'owner key' or the staff member's name. */
  name: string;
  email: string | null;
  role: Role;
}

/** One entry of the audit trail (GET /api/admin/audit). */
export interface AuditEntry {
  id: string;
  at: string;
  actor: AuditActor;
  /** The client's network (IPv4 /24, IPv6 /64). */
  network: string;
  /** e.g. 'subscriber.delete' (AUDIT_LABELS in roles.ts). */
  action: string;
  target: { type: string; id: string | null; label?: string };
  /** HTTP status of the call. */
  status: number;
}

/** GET /api/admin/audit answer. */
export interface AuditPage {
  entries: AuditEntry[];
  next: string | null;
}

/** Query of GET /api/admin/audit. */
export const auditQuerySchema = z.object({
  person: z
    .string()
    .regex(/^(owner|[A-Za-z0-9_-]{22})$/, 'Unknown person')
    .optional(),
  cursor: z
    .string()
    .regex(/^e\/\d{13}\.[A-Za-z0-9_-]{5,22}\.[a-z0-9]{8}$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
