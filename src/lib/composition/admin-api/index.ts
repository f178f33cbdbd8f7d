/**
 * The admin API (the staff endpoints plus the CSV export, the outbox and the session endpoints),
 * routed by `adminApi`, one file per resource in this folder (./sessions.ts, ./staff.ts,
 * ./subscribers.ts, ./exports.ts, ./mail.ts, ./campaigns.ts, ./site.ts; the shop's in
 * src/lib/shop/server/admin.ts). `netlify/functions/admin.ts` is a thin wrapper around it. Server only.
 *
 * Lists are paged (docs/storage.md): the body stays a JSON array (one page, newest first); the next
 * page is in `Link: <...>; rel="next"`, the number matching in `X-Total-Count`, and records that
 * could not be read in `X-Unreadable-Count`.
 *
 * Every route passes through the one permission table (src/lib/admin/roles.ts, docs/staff.md):
 * `public` routes (the sign-ins, logout) check what they need themselves; every other one requires a
 * signed-in person (cookie or `admin-key` header, else 401) whose role reaches the route's level
 * (else 403, before anything runs). A route missing from the table is for admins only. A successful
 * call of an audited route is recorded in the audit trail with who, when, network, what and target.
 */
import { ADMIN_PREFIX, type Caller, type Params, type Route } from './routes';
import { SESSIONS_ROUTES } from './sessions';
import { STAFF_ROUTES } from './staff';
import { SUBSCRIBERS_ROUTES } from './subscribers';
import { EXPORTS_ROUTES } from './exports';
import { MAIL_ROUTES } from './mail';
import { CAMPAIGNS_ROUTES } from './campaigns';
import { SITE_ROUTES } from './site';
import { SHOP_ADMIN_ROUTES } from '../../shop/server/admin';
import { clientIp, HttpError, refuseNonJsonBody, type FnContext } from '../../server/http';
import { requireAdmin } from '../../admin/auth';
import { recordAudit, type AuditTarget } from '../../admin/audit';
import { networkOf } from '../../admin/network';
import { allows, permissionFor } from '../../admin/roles';

export { ADMIN_PREFIX, type Caller, type Route } from './routes';

export const ROUTES: Route[] = [
  ...SESSIONS_ROUTES,
  ...STAFF_ROUTES,
  ...SUBSCRIBERS_ROUTES,
  ...EXPORTS_ROUTES,
  ...MAIL_ROUTES,
  ...CAMPAIGNS_ROUTES,
  ...SITE_ROUTES,
  // The shop's staff routes (orders, stock, files, revenue): src/lib/shop/server/admin.ts.
  ...SHOP_ADMIN_ROUTES,
];

const compiled = ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\./g, '\\.').replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`),
}));

/** Routes one /api/admin/* request: 401 without auth, 404 unknown path, 405 wrong method. */
export async function adminApi(req: Request, context: FnContext = {}): Promise<Response> {
  const pathname = new URL(req.url).pathname.replace(/\/+$/, '');
  const sub = pathname.startsWith(ADMIN_PREFIX) ? pathname.slice(ADMIN_PREFIX.length) : pathname;
  let badEncoding = false;
  const decode = (v: string) => {
    try {
      return decodeURIComponent(v);
    } catch {
      badEncoding = true;
      return '';
    }
  };
  const matches = compiled.flatMap(({ route, pattern }) => {
    const m = pattern.exec(sub);
    return m
      ? [{ route, params: Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decode(v)])) }]
      : [];
  });
  if (badEncoding) {
    await requireAdmin(req, context);
    throw new HttpError(400, 'invalid_path', 'The address is not valid URL encoding.');
  }
  if (matches.length === 0) {
    await requireAdmin(req, context);
    throw new HttpError(404, 'not_found', `No admin endpoint at ${pathname}.`);
  }
  const match = matches.find((m) => m.route.method === req.method);
  if (!match) {
    const allow = [...new Set(matches.map((m) => m.route.method))].join(', ');
    throw new HttpError(
      405,
      'method_not_allowed',
      `Method ${req.method} is not allowed here. Use ${allow}.`,
      undefined,
      { allow },
    );
  }
  if (match.route.method !== 'GET' && !match.route.form) refuseNonJsonBody(req);
  // The permission table (roles.ts): the one place that decides who may call what.
  const rule = permissionFor(match.route.method, match.route.path);
  const caller: Caller = { actor: null, network: networkOf(clientIp(req, context)) };
  if (rule.level !== 'public') {
    caller.actor = (await requireAdmin(req, context)).actor;
    if (!allows(caller.actor.role, rule.level)) {
      console.warn(`[admin] ${caller.actor.id} (${caller.actor.role}) refused: ${req.method} ${match.route.path}`);
      throw new HttpError(
        403,
        'forbidden',
        `Your role (${caller.actor.role}) may not do this. Ask an admin if you need it.`,
      );
    }
  }
  const res = await match.route.run(req, context, match.params, caller);
  if (rule.audit && caller.actor && res.status < 400) {
    await recordAudit({
      actor: caller.actor,
      network: caller.network,
      action: rule.audit,
      target: await auditTarget(match.route.path, match.params, res),
      status: res.status,
    });
  }
  return res;
}

/**
 * What an audited call was done to: the path's `:id` (a subscriber, campaign, export, template or
 * staff account), else the id in the answer (a new campaign, export or staff account).
 */
async function auditTarget(path: string, params: Params, res: Response): Promise<AuditTarget> {
  const type = path.startsWith('/staff')
    ? 'staff'
    : path.startsWith('/orders')
      ? 'order'
      : path.startsWith('/shop')
        ? 'product'
        : path.startsWith('/campaigns')
          ? 'campaign'
          : path.startsWith('/exports')
            ? 'export'
            : path.startsWith('/email-templates')
              ? 'template'
              : path.startsWith('/mail-queue')
                ? 'mail'
                : 'subscriber';
  let body: Record<string, unknown> = {};
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    body =
      ((await res
        .clone()
        .json()
        .catch(() => ({}))) as Record<string, unknown> | null) ?? {};
  }
  const id = params.id ?? (typeof body.id === 'string' ? body.id : null);
  // A campaign by its subject (the answer's, or its `campaign`'s when it was just made), next to its id.
  const subject =
    typeof body.subject === 'string'
      ? body.subject
      : typeof (body.campaign as { subject?: unknown } | undefined)?.subject === 'string'
        ? (body.campaign as { subject: string }).subject
        : null;
  const label =
    type === 'staff' && typeof body.email === 'string'
      ? `${body.name} <${body.email}> (${typeof body.previousRole === 'string' ? `${body.previousRole} → ` : ''}${body.role})`
      : type === 'campaign' && subject !== null && id
        ? `campaign “${subject.slice(0, 120)}” (${id})`
        : undefined;
  if (path === '/waitlist.csv' || path === '/exports') return { type: 'export', id };
  if (path.startsWith('/site/')) return { type: 'site', id: 'launch', label: path.slice('/site/'.length) };
  return { type, id, ...(label ? { label } : {}) };
}
