/**
 * Staff roles and the one table of what each role may do on the admin API (docs/staff.md, "Roles").
 * Every /api/admin route passes through `permissionFor` (src/lib/composition/admin-api/index.ts) before it runs; the
 * staff screens read the same table to hide what a role cannot do.
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 *
 * Adding a route: add a line `'METHOD /path': { level, audit? }` below, with the route's path as
 * written in `ROUTES` (`:name` segments included). A route missing here is allowed to admins (and
 * the owner key) only: a new route is never opened to viewers or editors by accident.
 */

export const ROLES = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Who may call a route: anyone (it checks what it needs itself), or staff of at least this role. */
export type Level = 'public' | Role;

export interface Permission {
  level: Level;
  /** Recorded in the audit trail when the call succeeds (docs/staff.md, "Audit trail"). */
  audit?: string;
}

const RANK: Record<Role, number> = { viewer: 1, editor: 2, admin: 3 };

/** What staff read for each role. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin: everything, staff included',
  editor: 'Editor: subscribers, exports, templates, campaigns, mail',
  viewer: 'Viewer: reads lists, statistics, campaigns and the mail queue',
};

/** The table: `METHOD /path` (the path under /api/admin, as routed) -> who may call it. */
export const PERMISSIONS: Readonly<Record<string, Permission>> = {
  // Signing in and out (each checks what it needs itself).
  'POST /session': { level: 'public' },
  'DELETE /session': { level: 'public' },
  'POST /login': { level: 'public' },
  'GET /login/link': { level: 'public' },
  'POST /login/link': { level: 'public' },
  'GET /session': { level: 'public' }, // any signed-in person: it authenticates itself
  'POST /session/dev-mode': { level: 'public' }, // the same
  // Reading.
  'GET /waitlist': { level: 'viewer' },
  'GET /waitlist/stats': { level: 'viewer' },
  'GET /waitlist/:id/history': { level: 'viewer' },
  'GET /maintenance': { level: 'viewer' },
  'GET /email-templates': { level: 'viewer' },
  'GET /mail-queue': { level: 'viewer' },
  'GET /campaigns': { level: 'viewer' },
  'GET /campaigns/:id': { level: 'viewer' },
  'GET /campaigns/:id/wave': { level: 'viewer' },
  // Exports are personal data.
  'GET /waitlist.csv': { level: 'editor', audit: 'subscribers.export' },
  'POST /exports': { level: 'editor', audit: 'subscribers.export' },
  'GET /exports/:id': { level: 'editor' },
  'DELETE /exports/:id': { level: 'editor', audit: 'export.cancel' },
  'GET /exports/:id/files/:n': { level: 'editor', audit: 'export.download' },
  'GET /waitlist/:id/consent.csv': { level: 'editor', audit: 'subscriber.consent-proof' },
  // Changing and sending.
  'DELETE /waitlist/:id': { level: 'editor', audit: 'subscriber.delete' },
  'POST /waitlist/:id/send-email': { level: 'editor', audit: 'subscriber.send-welcome' },
  'POST /email-templates/initialize': { level: 'editor' },
  'PUT /email-templates/:id': { level: 'editor', audit: 'template.save' },
  'POST /mail-queue/retry': { level: 'editor', audit: 'mail.retry' },
  'POST /campaigns': { level: 'editor', audit: 'campaign.create' },
  'POST /campaigns/audience': { level: 'editor' },
  'POST /campaigns/:id/test': { level: 'editor', audit: 'campaign.test' },
  'POST /campaigns/:id/send': { level: 'editor', audit: 'campaign.send' },
  'POST /campaigns/:id/pause': { level: 'editor', audit: 'campaign.pause' },
  'POST /campaigns/:id/resume': { level: 'editor', audit: 'campaign.resume' },
  'POST /campaigns/:id/cancel': { level: 'editor', audit: 'campaign.cancel' },
  'POST /campaigns/:id/revoke': { level: 'editor', audit: 'campaign.revoke' },
  // The outbox holds every mail's full text, sign-in links included: admins only.
  'GET /outbox': { level: 'admin' },
  // Staff and the trail.
  'GET /staff': { level: 'admin' },
  'POST /staff': { level: 'admin', audit: 'staff.invite' },
  'PUT /staff/:id/role': { level: 'admin', audit: 'staff.role' },
  'DELETE /staff/:id': { level: 'admin', audit: 'staff.remove' },
  'GET /audit': { level: 'admin' },
  'GET /site/launch': { level: 'viewer' },
  'POST /site/launch': { level: 'admin', audit: 'site.launch' },
  'POST /site/close': { level: 'admin', audit: 'site.close' },
  // The shop (docs/shop.md). Orders hold buyers' addresses; reading them is like reading the list.
  'GET /orders': { level: 'viewer' },
  'GET /orders/:id': { level: 'viewer' },
  'GET /shop/stock': { level: 'viewer' },
  'GET /shop/files': { level: 'viewer' },
  'GET /shop/revenue': { level: 'viewer' },
  'POST /orders/:id/fulfil': { level: 'editor', audit: 'order.fulfil' },
  'POST /orders/:id/resend': { level: 'editor', audit: 'order.resend-receipt' },
  'PUT /shop/stock/:id': { level: 'editor', audit: 'shop.stock' },
  // A refund moves money back through Stripe: admins only.
  'POST /orders/:id/refund': { level: 'admin', audit: 'order.refund' },
  // SendGrid's events: the statistics' bounce and complaint rates.
  'GET /mail-events/rates': { level: 'viewer' },
};

/** A route's permission; a route not in the table is for admins only (default deny). */
export function permissionFor(method: string, path: string): Permission {
  return PERMISSIONS[`${method} ${path}`] ?? { level: 'admin' };
}

/** Whether `role` reaches `level`. */
export function allows(role: Role, level: Level): boolean {
  return level === 'public' || RANK[role] >= RANK[level];
}

/** Whether `role` may call `METHOD /path` (for the screens: hide what the server would refuse). */
export function can(role: Role | null | undefined, method: string, path: string): boolean {
  return !!role && allows(role, permissionFor(method, path).level);
}

/** What staff read for each audited action. */
export const AUDIT_LABELS: Record<string, string> = {
  'sign-in': 'Signed in',
  'subscribers.export': 'Exported subscribers',
  'export.cancel': 'Cancelled an export',
  'export.download': 'Downloaded an export file',
  'subscriber.consent-proof': 'Downloaded a proof of consent',
  'subscriber.delete': 'Deleted a subscriber',
  'subscriber.send-welcome': 'Sent a welcome e-mail',
  'template.save': 'Saved a template',
  'mail.retry': 'Retried a mail',
  'campaign.create': 'Created a campaign',
  'campaign.test': 'Sent a campaign test copy',
  'campaign.send': 'Sent a campaign',
  'campaign.pause': 'Paused a campaign',
  'campaign.resume': 'Resumed a campaign',
  'campaign.cancel': 'Cancelled a campaign',
  'campaign.revoke': 'Revoked early-access passes',
  'staff.invite': 'Invited staff',
  'staff.role': "Changed a staff member's role",
  'staff.remove': 'Removed staff',
  'order.fulfil': 'Marked an order fulfilled',
  'order.resend-receipt': 'Re-sent an order receipt',
  'order.refund': 'Refunded an order',
  'shop.stock': "Set a product's stock",
  'shop.file': "Replaced a digital product's file",
  'site.launch': 'Launched the site',
  'site.close': 'Undid the launch (closed the site)',
};
