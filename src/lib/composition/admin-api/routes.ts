/**
 * What every resource file of the admin API shares: the shape of a route, who calls it, and the
 * helpers of the answers (paging links, CSV files). docs/architecture.md, "The admin API". Server only.
 */
import type { FnContext } from '../../server/http';
import { OWNER_ACTOR } from '../../admin/auth';
import type { AuditActor } from '../../admin/staff-schemas';
/** A route's path parameters (`:id` → `id`), percent-decoded. */
export type Params = Record<string, string>;

/** Who calls a route: the signed-in person (null on `public` routes) and their network. */
export interface Caller {
  actor: AuditActor | null;
  network: string;
}

/**
 * One route of the admin API. The router (./index.ts) authorises the caller by the permission table
 * (src/lib/admin/roles.ts) before `run`; `run` then validates its input, acts and responds, in that order.
 */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api/admin, with `:name` segments. */
  path: string;
  /** false only for the sign-ins and logout. Who may call a route is decided by the permission table (roles.ts). */
  auth: boolean;
  /** The route takes a plain form post (the mailed link's Sign in button), not only JSON. */
  form?: boolean;
  run: (req: Request, context: FnContext, params: Params, caller: Caller) => Promise<Response>;
}

/** Netlify's `context.waitUntil`: work that goes on after the answer (absent in some tests: then awaited). */
export type WithWaitUntil = FnContext & { waitUntil?: (promise: Promise<unknown>) => void };

/** Prefix of every admin route. */
export const ADMIN_PREFIX = '/api/admin';

/** How the ledger names who did something: 'Ada Lovelace (editor)', or 'owner key'. */
export function byLine(actor: AuditActor): string {
  return actor.id === OWNER_ACTOR.id ? 'owner key' : `${actor.name} (${actor.role})`;
}

/** `Link` header value for the next page: the request's own path and query with `cursor` replaced. */
export function nextLink(req: Request, cursor: string): string {
  const url = new URL(req.url);
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** A CSV file to download (not cached, not sniffed). */
export function csvResponse(body: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
