/**
 * The admin API: staff. Staff accounts (invite, list, change a role, remove) and the audit trail of what staff did
 * (docs/staff.md). Each route: the router has authorised the caller (src/lib/admin/roles.ts); the route
 * validates its input, acts, and responds. Server only.
 */
import { ADMIN_PREFIX, nextLink, type Caller, type Route } from './routes';
import { fieldErrors, HttpError, json, readJson } from '../../server/http';
import { auditPage } from '../../admin/audit';
import { changeStaffRole, isStaffId, listStaff, createStaff, removeStaff } from '../../admin/staff';
import { auditQuerySchema, staffCreateSchema, staffRoleSchema } from '../../admin/staff-schemas';
import { mailSignInLink } from '../../admin/sign-in';

/**
 * Nobody removes their own account or changes their own role (docs/staff.md, "Removing someone"): so
 * the last named admin is never removed or demoted by mistake, and the owner key, always an admin,
 * stays the way back in. 409 with `code` when `id` is the caller's own account.
 */
function refuseOwnAccount(actor: Caller['actor'], id: string, code: string, message: string): void {
  if (actor && actor.id === id) throw new HttpError(409, code, message);
}

export const STAFF_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/staff',
    auth: true,
    async run() {
      return json(await listStaff());
    },
  },
  {
    method: 'POST',
    path: '/staff',
    auth: true,
    async run(req, _context, _params, { actor }) {
      const body = await readJson(req, staffCreateSchema);
      const member = await createStaff({ ...body, createdBy: actor?.name ?? 'owner key' });
      if (!member)
        throw new HttpError(409, 'already_staff', 'This address already has a staff account.', {
          email: 'Already on staff',
        });
      // Stored first, then mailed: a mail that fails is in the mail queue, and /admin sends a new link.
      const mail = await mailSignInLink(member, true);
      console.info(`[staff] ${member.id} invited as ${member.role}: invitation ${mail.state}`);
      return json(
        { id: member.id, email: member.email, name: member.name, role: member.role, invitation: mail.state },
        { status: 201, headers: { location: `${ADMIN_PREFIX}/staff/${member.id}` } },
      );
    },
  },
  {
    method: 'PUT',
    path: '/staff/:id/role',
    auth: true,
    async run(req, _context, { id }, { actor }) {
      refuseOwnAccount(
        actor,
        id,
        'cannot_change_own_role',
        'You cannot change your own role. Ask another admin, or use the owner key.',
      );
      const { role } = await readJson(req, staffRoleSchema);
      const changed = isStaffId(id) ? await changeStaffRole(id, role) : null;
      if (!changed) throw new HttpError(404, 'not_found', 'No staff account with this id.');
      const { member, previousRole } = changed;
      console.info(`[staff] ${id} is now ${member.role} (was ${previousRole})`);
      return json({ id, email: member.email, name: member.name, role: member.role, previousRole });
    },
  },
  {
    method: 'DELETE',
    path: '/staff/:id',
    auth: true,
    async run(_req, _context, { id }, { actor }) {
      refuseOwnAccount(
        actor,
        id,
        'cannot_remove_self',
        'You cannot remove your own account. Ask another admin, or use the owner key.',
      );
      const removed = isStaffId(id) ? await removeStaff(id) : null;
      if (!removed) throw new HttpError(404, 'not_found', 'No staff account with this id.');
      console.info(`[staff] ${id} removed; its sessions end now`);
      return json({ ok: true, id, email: removed.email, name: removed.name, role: removed.role });
    },
  },
  {
    method: 'GET',
    path: '/audit',
    auth: true,
    async run(req) {
      const parsed = auditQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
      if (!parsed.success)
        throw new HttpError(400, 'invalid_input', 'Some query parameters are invalid.', fieldErrors(parsed.error));
      const page = await auditPage(parsed.data);
      const headers: Record<string, string> = {};
      if (page.next) headers.link = nextLink(req, page.next);
      return json(page, { headers });
    },
  },
];
