/**
 * The admin API (the staff endpoints plus the CSV export, the outbox and the session endpoints),
 * routed by `adminApi`. `netlify/functions/admin.ts` is a thin wrapper around it. Server only.
 *
 * Lists are paged (docs/storage.md): the body stays a JSON array (one page, newest first); the next
 * page is in `Link: <...>; rel="next"`, the number matching in `X-Total-Count`, and records that
 * could not be read in `X-Unreadable-Count`.
 *
 * Every route except login/logout requires `requireAdmin` (cookie or `admin-key` header) -> 401.
 */
import { getEnv } from '../server/env';
import { clientIp, HttpError, json, readJson, refuseNonJsonBody, type FnContext } from '../server/http';
import { isOutboxCursor, OUTBOX_RETENTION_DAYS, readOutboxPage } from '../server/mailer';
import { mailLimitError } from '../server/mail-limits';
import { deleteSubscriber, getSubscriber, subscriberStore, tombstoneSubscriber } from '../signups/store';
import { sendSubscriberMail, welcomeTemplateFor } from '../signups/mail';
import { subscriberStatus } from '../signups/status';
import { initializeTemplates, listTemplates, updateTemplate } from '../email/template-store';
import { isTemplateId } from '../email/templates';
import { activeSession, checkKeyLimited, requireAdmin, secrets, unauthorized } from './auth';
import { consentProofCsv, csvFileName, proofFileName } from './csv';
import { parseListQuery, subscriberPage, subscribersCsvStream, waitlistStats } from './listing';
import { revokeSession } from './revocation';
import { loginSchema, templateEditSchema } from './schemas';
import { clearSessionCookie, createSessionToken, sessionCookie, sessionFromRequest } from './session';
import { toAdminSubscriber } from './subscribers';

type Params = Record<string, string>;
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api/admin, with `:name` segments. */
  path: string;
  /** false only for login and logout. */
  auth: boolean;
  run: (req: Request, context: FnContext, params: Params) => Promise<Response>;
}

const SUBSCRIBER_ID = /^[0-9a-f]{64}$/;
const OUTBOX_PAGE = 20;

/** `Link` header value for the next page: the request's own path and query with `cursor` replaced. */
function nextLink(req: Request, cursor: string): string {
  const url = new URL(req.url);
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** A live subscriber (tombstones count as gone), or 404. */
async function existingSubscriber(id: string, options: { tombstones?: boolean } = {}) {
  const sub = SUBSCRIBER_ID.test(id) ? await getSubscriber(id) : null;
  if (!sub || (sub.deletedAt && !options.tombstones))
    throw new HttpError(404, 'not_found', 'No subscriber with this id (it may have been deleted already).');
  return sub;
}

function csvResponse(body: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

export const ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/session',
    auth: false,
    async run(req, context) {
      const body = await readJson(req, loginSchema);
      if (!(await checkKeyLimited(body.key, req, context))) {
        console.warn(`[admin] wrong admin key from ${clientIp(req, context)}`);
        throw unauthorized('Invalid admin key.');
      }
      const current = await sessionFromRequest(req, secrets());
      const { token, session } = await createSessionToken(secrets(), {
        devMode: body.devMode ?? current?.devMode ?? false,
      });
      return json(
        {
          authenticated: true,
          devMode: session.devMode,
          expiresAt: new Date(session.expiresAt).toISOString(),
          via: 'cookie',
        },
        { headers: { 'set-cookie': sessionCookie(token, session, req.url) } },
      );
    },
  },
  {
    method: 'DELETE',
    path: '/session',
    auth: false,
    async run(req) {
      // Revoke server-side too: a copied cookie must not outlive the logout.
      const session = await activeSession(req);
      if (session) await revokeSession(session);
      return json({ authenticated: false }, { headers: { 'set-cookie': clearSessionCookie(req.url) } });
    },
  },
  {
    method: 'GET',
    path: '/session',
    auth: false, // checks itself, to answer with the session's details
    async run(req, context) {
      const auth = await requireAdmin(req, context);
      return json(
        auth.via === 'cookie'
          ? {
              authenticated: true,
              devMode: auth.session.devMode,
              expiresAt: new Date(auth.session.expiresAt).toISOString(),
              via: 'cookie',
            }
          : { authenticated: true, devMode: false, expiresAt: null, via: 'header' },
      );
    },
  },
  {
    method: 'GET',
    path: '/waitlist',
    auth: true,
    async run(req) {
      const page = await subscriberPage(parseListQuery(new URL(req.url)));
      const headers: Record<string, string> = {
        'x-total-count': String(page.total),
        'x-unreadable-count': String(page.unreadable.length),
      };
      if (page.next) headers.link = nextLink(req, page.next);
      if (page.unreadable.length)
        console.error(
          `[admin] ${page.unreadable.length} subscriber record(s) could not be read:`,
          page.unreadable.join(', '),
        );
      return json(page.rows, { headers });
    },
  },
  {
    method: 'GET',
    path: '/waitlist.csv',
    auth: true,
    async run(req) {
      const { q } = parseListQuery(new URL(req.url));
      return new Response(subscribersCsvStream(q), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${csvFileName(new Date(), q !== '')}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    },
  },
  {
    method: 'GET',
    path: '/waitlist/stats',
    auth: true,
    async run() {
      return json(await waitlistStats());
    },
  },
  {
    method: 'GET',
    path: '/waitlist/:id/history',
    auth: true,
    async run(_req, _context, { id }) {
      const sub = await existingSubscriber(id);
      return json({ subscriber: toAdminSubscriber(sub), history: sub.history });
    },
  },
  {
    method: 'GET',
    path: '/waitlist/:id/consent.csv',
    auth: true,
    async run(_req, _context, { id }) {
      // Tombstones too: the proof of consent outlives a staff delete.
      const sub = await existingSubscriber(id, { tombstones: true });
      return csvResponse(consentProofCsv(sub, sub.history), proofFileName(sub.id, new Date()));
    },
  },
  {
    method: 'DELETE',
    path: '/waitlist/:id',
    auth: true,
    async run(_req, _context, { id }) {
      if (!SUBSCRIBER_ID.test(id))
        throw new HttpError(404, 'not_found', 'No subscriber with this id (it may have been deleted already).');
      const found = await subscriberStore.read(id);
      if (found.status === 'missing' || (found.status === 'ok' && found.value.deletedAt)) {
        throw new HttpError(404, 'not_found', 'No subscriber with this id (it may have been deleted already).');
      }
      if (found.status === 'unreadable') {
        // A damaged blob holds no readable consent to keep: it is removed by id so staff can clear it.
        await deleteSubscriber(id);
        console.info(`[admin] deleted unreadable subscriber record ${id}`);
        return json({ ok: true, id });
      }
      await tombstoneSubscriber(id);
      console.info(`[admin] deleted subscriber ${id} (tombstone with the consent ledger kept)`);
      return json({ ok: true, id });
    },
  },
  {
    method: 'POST',
    path: '/waitlist/:id/send-email',
    auth: true,
    async run(_req, _context, { id }) {
      const sub = await existingSubscriber(id);
      const status = subscriberStatus(sub);
      if (status === 'unsubscribed') {
        const on = sub.unsubscribedAt ? ` on ${sub.unsubscribedAt.slice(0, 10)}` : '';
        throw new HttpError(409, 'unsubscribed', `Not sent: ${sub.email} unsubscribed${on}.`);
      }
      if (status === 'pending') {
        throw new HttpError(
          409,
          'not_confirmed',
          `Not sent: ${sub.email} has not confirmed the subscription yet (double opt-in).`,
        );
      }
      const outcome = await sendSubscriberMail(sub, welcomeTemplateFor(sub), 'staff-resend');
      if (outcome.status === 'sent') {
        return json({
          ok: true,
          email: sub.email,
          provider: outcome.provider,
          message: `Welcome email has been sent to ${sub.email}`,
        });
      }
      if (outcome.status === 'limited') throw mailLimitError({ scope: 'recipient', retryAfter: outcome.retryAfter });
      if (outcome.status === 'skipped')
        throw new HttpError(409, 'unsubscribed', `Not sent: ${sub.email} has unsubscribed.`);
      throw new HttpError(502, 'mail_failed', `Failed to send welcome email: ${outcome.error.slice(0, 500)}`);
    },
  },
  {
    method: 'GET',
    path: '/email-templates',
    auth: true,
    async run() {
      return json(await listTemplates());
    },
  },
  {
    method: 'POST',
    path: '/email-templates/initialize',
    auth: true,
    async run() {
      const created = await initializeTemplates();
      return json({ ok: true, created, templates: await listTemplates() });
    },
  },
  {
    method: 'PUT',
    path: '/email-templates/:id',
    auth: true,
    async run(req, _context, { id }) {
      if (!isTemplateId(id)) throw new HttpError(404, 'not_found', 'No e-mail template with this id.');
      const update = await readJson(req, templateEditSchema);
      const saved = await updateTemplate(id, update);
      if (!saved) throw new HttpError(404, 'not_found', 'No e-mail template with this id.');
      return json(saved);
    },
  },
  {
    method: 'GET',
    path: '/outbox',
    auth: true,
    async run(req) {
      const url = new URL(req.url);
      const cursor = url.searchParams.get('cursor') || null;
      if (cursor !== null && !isOutboxCursor(cursor)) {
        throw new HttpError(400, 'invalid_input', 'The cursor is not valid. Start again from the first page.', {
          cursor: 'Invalid cursor',
        });
      }
      const page = await readOutboxPage(cursor, OUTBOX_PAGE);
      const headers: Record<string, string> = { 'x-unreadable-count': String(page.unreadable) };
      if (page.next) headers.link = nextLink(req, page.next);
      return json(
        {
          mode: getEnv().SENDGRID_API_KEY ? 'sendgrid' : 'outbox',
          entries: page.entries,
          next: page.next,
          retentionDays: OUTBOX_RETENTION_DAYS,
        },
        { headers },
      );
    },
  },
];

const compiled = ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\./g, '\\.').replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`),
}));

/** Prefix of every admin route. */
export const ADMIN_PREFIX = '/api/admin';

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
  if (match.route.method !== 'GET') refuseNonJsonBody(req);
  if (match.route.auth) await requireAdmin(req, context);
  return match.route.run(req, context, match.params);
}
