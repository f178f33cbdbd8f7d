/**
 * The admin API (the staff endpoints plus the CSV export, the outbox and the session endpoints),
 * routed by `adminApi`. `netlify/functions/admin.ts` is a thin wrapper around it. Server only.
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
import { getEnv } from '../server/env';
import {
  clientIp,
  fieldErrors,
  HttpError,
  json,
  readFormOrJson,
  readJson,
  refuseNonJsonBody,
  type FnContext,
} from '../server/http';
import { listQueue, queueSummary, retryEntry } from '../email/queue/queue';
import { isOutboxCursor, OUTBOX_RETENTION_DAYS, readOutboxPage } from '../email/outbox';
import { mailLimitError, takeStaffMailAllowance } from '../email/limits';
import { deleteSubscriber, getSubscriber, ledgerOf, subscriberStore, tombstoneSubscriber } from '../subscribers/store';
import { sendSubscriberMail, welcomeTemplateFor } from '../email/subscriber-mail';
import { subscriberStatus } from '../subscribers/status';
import { initializeTemplates, listTemplates, updateTemplate } from '../email/template-store';
import { isTemplateId } from '../email/templates';
import { activeSession, checkKeyLimited, requireAdmin, secrets, unauthorized } from './auth';
import { consentProofCsv, csvFileName, proofFileName } from './csv';
import { parseListQuery, subscriberPage, subscribersCsvStream, waitlistStats } from './listing';
import { revokeSession } from './revocation';
import {
  exportRequestSchema,
  loginSchema,
  mailQueueQuerySchema,
  mailRetrySchema,
  templateEditSchemaFor,
  type ExportStatus,
} from './schemas';
import { readJob, requestJob, startJob } from '../jobs/all';
import { actorOf, OWNER_ACTOR } from './auth';
import { auditOf, auditPage, recordAudit, type AuditTarget } from './audit';
import { networkOf } from './network';
import { allows, permissionFor } from './roles';
import { consumeLink, isStaffId, listStaff, peekLink, createStaff, removeStaff } from './staff';
import { auditQuerySchema, devModeSchema, staffCreateSchema, staffLoginSchema, type AuditActor } from './staff-schemas';
import { countLoginRequest, linkPage, mailLoginLinkIfStaff, mailSignInLink } from './sign-in';
import { kickJobs } from '../jobs/kick';
import type { Job } from '../jobs/model';
import {
  EXPORT_JOB,
  exportPart,
  NEW_EXPORT,
  type ExportInput,
  type ExportResult,
  type ExportState,
} from './export-job';
import { maintenanceHealth } from '../maintenance/run';
import { clearSessionCookie, createSessionToken, sessionCookie, sessionFromRequest } from './session';
import { toAdminSubscriber } from './subscribers';
import { statusFilterAnswer } from './bounced';
import { dailyRates } from '../email/events/store';
import { scrubInvitation } from '../campaigns/store';
import { audienceCountSchema, campaignCreateSchema, campaignTestSchema, revokeSchema } from '../campaigns/model';
import { audienceAndNotified } from '../campaigns/send';
import { launchState, setLaunched } from '../gate/launch';
import {
  campaignArchive,
  campaignView,
  controlSend,
  createDraft,
  revokeWave,
  sendNow,
  sendTest,
  waveView,
} from '../campaigns/service';
// The shop's staff routes (orders, stock, files, revenue): src/lib/shop/server/admin.ts.
import { SHOP_ADMIN_ROUTES } from '../shop/server/admin';

type Params = Record<string, string>;
/** Who calls a route: the signed-in person (null on `public` routes) and their network. */
export interface Caller {
  actor: AuditActor | null;
  network: string;
}
interface Route {
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
type WithWaitUntil = FnContext & { waitUntil?: (promise: Promise<unknown>) => void };

const SUBSCRIBER_ID = /^[0-9a-f]{64}$/;

/** How the ledger names who did something: 'Ada Lovelace (editor)', or 'owner key'. */
function byLine(actor: AuditActor): string {
  return actor.id === OWNER_ACTOR.id ? 'owner key' : `${actor.name} (${actor.role})`;
}
const OUTBOX_PAGE = 20;
const MAIL_QUEUE_PAGE = 20;

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

type ExportJob = Job<ExportState, ExportInput, ExportResult>;

/** An export job, or 404. */
async function existingExport(id: string): Promise<ExportJob> {
  const found = await readJob<ExportState, ExportInput, ExportResult>(id);
  if (!found || found.job.type !== EXPORT_JOB) throw new HttpError(404, 'not_found', 'No export with this id.');
  return found.job;
}

/** What GET /api/admin/exports/{id} answers for a job. */
function exportStatus(job: ExportJob): ExportStatus {
  const status =
    job.status === 'done' ? 'done' : job.status === 'failed' || job.status === 'cancelled' ? 'failed' : 'running';
  return {
    id: job.id,
    status,
    rows: job.state.rows,
    total: Math.max(job.progress.total ?? 0, job.state.rows),
    files:
      job.result?.parts.map((p) => ({
        url: `${ADMIN_PREFIX}/exports/${job.id}/files/${p.part}`,
        bytes: p.bytes,
        rows: p.rows,
      })) ?? [],
    createdAt: new Date(job.createdAt).toISOString(),
    finishedAt: job.finishedAt === null ? null : new Date(job.finishedAt).toISOString(),
    error:
      job.status === 'cancelled' ? 'Cancelled.' : job.status === 'failed' ? (job.error ?? 'The export failed.') : null,
  };
}

/** File name of part `n` of an export: the file name of the whole export, numbered when there are several parts. */
function partFileName(job: ExportJob, n: number): string {
  const name = job.result?.fileName ?? csvFileName(new Date(job.createdAt), job.input.q !== '');
  const count = job.result?.parts.length ?? 1;
  return count > 1 ? name.replace(/\.csv$/, `-part-${n}-of-${count}.csv`) : name;
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
      await recordAudit({
        actor: OWNER_ACTOR,
        network: networkOf(clientIp(req, context)),
        action: 'sign-in',
        target: { type: 'session', id: null },
        status: 200,
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
      // Whether the site is launched (SITE_LAUNCHED or the stored switch): the dashboard then offers the launch notification.
      const { launched } = await launchState();
      const person = { role: auth.actor.role, name: auth.actor.name, staffId: auth.actor.id };
      return json(
        auth.via === 'cookie'
          ? {
              authenticated: true,
              devMode: auth.session.devMode,
              expiresAt: new Date(auth.session.expiresAt).toISOString(),
              via: 'cookie',
              launched,
              ...person,
            }
          : { authenticated: true, devMode: false, expiresAt: null, via: 'header', launched, ...person },
      );
    },
  },
  {
    method: 'POST',
    path: '/session/dev-mode',
    auth: true,
    async run(req, context) {
      // The same session (id, person, expiry), with dev mode switched: the edge gate reads it.
      const { devMode } = await readJson(req, devModeSchema);
      const auth = await requireAdmin(req, context);
      if (auth.via !== 'cookie') throw new HttpError(400, 'no_session', 'Dev mode belongs to a browser session.');
      const { token, session } = await createSessionToken(secrets(), {
        devMode,
        sid: auth.session.sid,
        who: auth.session.who,
        expiresAt: auth.session.expiresAt,
      });
      return json({ devMode: session.devMode }, { headers: { 'set-cookie': sessionCookie(token, session, req.url) } });
    },
  },
  {
    method: 'POST',
    path: '/login',
    auth: false,
    async run(req, context: WithWaitUntil) {
      const { email } = await readJson(req, staffLoginSchema);
      // The answer never depends on the address: the limits count every request alike, and the
      // lookup and the mail run after the answer.
      if (await countLoginRequest(email, clientIp(req, context))) {
        const work = mailLoginLinkIfStaff(email).catch((err) => console.error('[staff] login link failed', err));
        if (context.waitUntil) context.waitUntil(work);
        else await work;
      }
      return json(
        {
          ok: true,
          message:
            'If this address belongs to a staff account, a sign-in link is on its way. It works once, for 15 minutes.',
        },
        { status: 202 },
      );
    },
  },
  {
    method: 'GET',
    path: '/login/link',
    auth: false,
    async run(req) {
      // Shows the Sign in button only: opening a link (a mail scanner does) signs nobody in.
      const token = new URL(req.url).searchParams.get('token') ?? '';
      const check = await peekLink(token);
      if (check.ok) return linkPage('ask', token);
      return linkPage(check.reason, '', check.reason === 'expired' ? 410 : 400);
    },
  },
  {
    method: 'POST',
    path: '/login/link',
    auth: false,
    form: true,
    async run(req, context) {
      const { token = '' } = await readFormOrJson(req);
      const check = await consumeLink(token);
      if (!check.ok) return linkPage(check.reason, '', check.reason === 'expired' ? 410 : 400);
      const { token: cookie, session } = await createSessionToken(secrets(), { who: check.staff.id });
      const actor = (await actorOf(session)) ?? OWNER_ACTOR;
      await recordAudit({
        actor,
        network: networkOf(clientIp(req, context)),
        action: 'sign-in',
        target: { type: 'staff', id: check.staff.id, label: check.staff.email },
        status: 303,
      });
      console.info(`[staff] ${check.staff.id} signed in with a mailed link`);
      return new Response(null, {
        status: 303,
        headers: {
          location: '/admin',
          'set-cookie': sessionCookie(cookie, session, req.url),
          'cache-control': 'no-store',
        },
      });
    },
  },
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
    method: 'DELETE',
    path: '/staff/:id',
    auth: true,
    async run(_req, _context, { id }) {
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
  {
    method: 'GET',
    path: '/waitlist',
    auth: true,
    async run(req) {
      // ?status=bounced: the suppressed addresses (src/lib/admin/bounced.ts); the other statuses are the index listing's.
      if (new URL(req.url).searchParams.get('status') === 'bounced')
        return statusFilterAnswer('bounced', parseListQuery(new URL(req.url)).limit);
      const page = await subscriberPage(parseListQuery(new URL(req.url)));
      const headers: Record<string, string> = {
        'x-total-count': String(page.total),
        'x-unreadable-count': String(page.unreadable.length),
      };
      // A search's first page comes before the whole digest is read: its total is then an estimate (docs/storage.md, "Search").
      if (page.exact === false) headers['x-total-exact'] = 'false';
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
      return new Response(await subscribersCsvStream(q), {
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
    method: 'POST',
    path: '/exports',
    auth: true,
    async run(req) {
      const body = await readJson(req, exportRequestSchema, { optional: true });
      const q = (body.q ?? '').trim();
      const job = await startJob<ExportState, ExportInput>(EXPORT_JOB, { q }, NEW_EXPORT);
      if (!job) throw new HttpError(503, 'unavailable', 'The export could not be started. Try again.');
      // The background runner starts now; if it cannot be reached, the scheduled resumer starts it.
      await kickJobs(job.id);
      console.info(`[admin] export ${job.id} started${q ? ' (searched)' : ''}`);
      return json({ id: job.id }, { status: 202, headers: { location: `${ADMIN_PREFIX}/exports/${job.id}` } });
    },
  },
  {
    method: 'GET',
    path: '/exports/:id',
    auth: true,
    async run(_req, _context, { id }) {
      return json(exportStatus(await existingExport(id)));
    },
  },
  {
    method: 'DELETE',
    path: '/exports/:id',
    auth: true,
    async run(_req, _context, { id }) {
      await existingExport(id);
      const job = (await requestJob(id, 'cancel')) as ExportJob | null;
      if (!job) throw new HttpError(404, 'not_found', 'No export with this id.');
      return json(exportStatus(job));
    },
  },
  {
    method: 'GET',
    path: '/exports/:id/files/:n',
    auth: true,
    async run(_req, _context, { id, n }) {
      const job = await existingExport(id);
      const part = /^[1-9]\d{0,4}$/.test(n) ? Number(n) : 0;
      const found = job.status === 'done' && part ? await exportPart(job, part) : null;
      if (!found) throw new HttpError(404, 'not_found', 'No such file of this export (it may have expired).');
      return new Response(found.body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-encoding': 'gzip',
          'content-length': String(found.body.byteLength),
          'content-disposition': `attachment; filename="${partFileName(job, part)}"`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    },
  },
  {
    method: 'GET',
    path: '/maintenance',
    auth: true,
    async run() {
      return json(await maintenanceHealth());
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
    // Delivered, bounced and complained per day from SendGrid's events (the statistics' mail rates).
    method: 'GET',
    path: '/mail-events/rates',
    auth: true,
    async run() {
      return json({ days: await dailyRates(30) });
    },
  },
  {
    method: 'GET',
    path: '/waitlist/:id/history',
    auth: true,
    async run(_req, _context, { id }) {
      const sub = await existingSubscriber(id);
      return json({
        subscriber: toAdminSubscriber(sub),
        history: await ledgerOf(sub),
        staff: await auditOf('subscriber', id),
      });
    },
  },
  {
    method: 'GET',
    path: '/waitlist/:id/consent.csv',
    auth: true,
    async run(_req, _context, { id }) {
      // Tombstones too: the proof of consent outlives a staff delete.
      const sub = await existingSubscriber(id, { tombstones: true });
      return csvResponse(consentProofCsv(sub, await ledgerOf(sub)), proofFileName(sub.id, new Date()));
    },
  },
  {
    method: 'DELETE',
    path: '/waitlist/:id',
    auth: true,
    async run(_req, _context, { id }, { actor }) {
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
      await tombstoneSubscriber(id, undefined, actor ? byLine(actor) : undefined);
      await scrubInvitation(id);
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
      const hit = await takeStaffMailAllowance(sub.email);
      if (hit) throw mailLimitError(hit);
      const mail = await sendSubscriberMail({ subscriber: sub, etag: null }, welcomeTemplateFor(sub), 'staff-resend');
      if (mail.state === 'sent')
        return json({ ok: true, email: sub.email, message: `Welcome email has been sent to ${sub.email}` });
      if (mail.state === 'waiting')
        return json(
          {
            ok: true,
            queued: true,
            email: sub.email,
            message: `Welcome email to ${sub.email} is in the mail queue and goes out by itself (${mail.detail}).`,
          },
          { status: 202 },
        );
      if (mail.state === 'skipped') throw new HttpError(409, 'unsubscribed', `Not sent: ${mail.detail}.`);
      throw new HttpError(502, 'mail_failed', `Failed to send welcome email: ${mail.detail.slice(0, 500)}`);
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
      // The confirmation request has its own rules ({{confirmUrl}} required, no form text).
      const update = await readJson(req, templateEditSchemaFor(id));
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
  {
    method: 'GET',
    path: '/mail-queue',
    auth: true,
    async run(req) {
      const url = new URL(req.url);
      const parsed = mailQueueQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success)
        throw new HttpError(400, 'invalid_input', 'Some query parameters are invalid.', fieldErrors(parsed.error));
      const { state, kind, cursor } = parsed.data;
      const [summary, page] = await Promise.all([
        queueSummary(),
        listQueue({ state, kind, after: cursor ?? null, limit: MAIL_QUEUE_PAGE }),
      ]);
      const headers: Record<string, string> = {};
      if (page.next) headers.link = nextLink(req, page.next);
      return json({ summary, entries: page.rows, next: page.next }, { headers });
    },
  },
  {
    method: 'POST',
    path: '/mail-queue/retry',
    auth: true,
    async run(req) {
      const { key } = await readJson(req, mailRetrySchema);
      const result = await retryEntry(key);
      if (result === 'not_found') throw new HttpError(404, 'not_found', 'No mail with this key in the queue.');
      if (result === 'not_retryable')
        throw new HttpError(
          409,
          'not_retryable',
          'Only a failed mail, or one whose outcome is unknown, can be retried.',
        );
      console.info(`[admin] mail ${result.id} queued again by staff`);
      return json(result, { status: 202 });
    },
  },
  {
    method: 'GET',
    path: '/campaigns',
    auth: true,
    async run() {
      return json(await campaignArchive());
    },
  },
  {
    method: 'POST',
    path: '/campaigns',
    auth: true,
    async run(req) {
      const payload = await readJson(req, campaignCreateSchema);
      const campaign = await createDraft(payload);
      console.info(`[admin] campaign ${campaign.id} (${campaign.kind}) created: ${campaign.audienceCount} recipients`);
      return json(
        { id: campaign.id, audienceCount: campaign.audienceCount, status: campaign.status, campaign },
        { status: 201, headers: { location: `${ADMIN_PREFIX}/campaigns/${campaign.id}` } },
      );
    },
  },
  {
    method: 'POST',
    path: '/campaigns/audience',
    auth: true,
    async run(req) {
      const { audience, kind, limit, includeNotified } = await readJson(req, audienceCountSchema);
      const found = await audienceAndNotified({
        audience,
        kind,
        limit: kind === 'early-access' ? (limit ?? null) : null,
        includeNotified: kind === 'launch' && includeNotified === true,
      });
      // A launch notification: who an earlier one already reached (left out unless staff include them).
      const notified =
        kind === 'launch'
          ? {
              notified: {
                count: found.notified.length,
                people: found.notified.slice(0, 50).map((r) => ({ email: r.email, name: r.name })),
              },
            }
          : {};
      return json({ count: found.recipients.length, ...notified });
    },
  },
  {
    method: 'GET',
    path: '/campaigns/:id',
    auth: true,
    async run(_req, _context, { id }) {
      const [view, staff] = await Promise.all([campaignView(id, true), auditOf('campaign', id)]);
      return json({ ...view, staff });
    },
  },
  {
    method: 'POST',
    path: '/campaigns/:id/test',
    auth: true,
    async run(req, _context, { id }) {
      const { to } = await readJson(req, campaignTestSchema);
      const mail = await sendTest(id, to);
      if (mail.state === 'failed' || mail.state === 'skipped')
        throw new HttpError(502, 'mail_failed', `The test copy could not be sent: ${mail.detail.slice(0, 300)}`);
      return json({ ok: true, to, state: mail.state, detail: mail.detail }, { status: 202 });
    },
  },
  {
    method: 'POST',
    path: '/campaigns/:id/send',
    auth: true,
    async run(_req, _context, { id }) {
      return json(await sendNow(id), { status: 202 });
    },
  },
  ...(['pause', 'resume', 'cancel'] as const).map((what): Route => ({
    method: 'POST',
    path: `/campaigns/:id/${what}`,
    auth: true,
    async run(_req, _context, { id }) {
      return json(await controlSend(id, what));
    },
  })),
  {
    method: 'POST',
    path: '/campaigns/:id/revoke',
    auth: true,
    async run(req, _context, { id }) {
      const body = await readJson(req, revokeSchema, { optional: true });
      return json(await revokeWave(id, body.subscriberId ?? null));
    },
  },
  {
    method: 'GET',
    path: '/campaigns/:id/wave',
    auth: true,
    async run(_req, _context, { id }) {
      return json(await waveView(id));
    },
  },
  // The launch switch (docs/site.md#launching): stored in Blobs, read by the edge gate.
  {
    method: 'GET',
    path: '/site/launch',
    auth: true,
    async run() {
      return json(await launchState());
    },
  },
  ...(['launch', 'close'] as const).map((what): Route => ({
    method: 'POST',
    path: `/site/${what}`,
    auth: true,
    async run(_req, _context, _params, { actor }) {
      const state = await setLaunched(what === 'launch', actor ? byLine(actor) : null);
      console.info(`[admin] site ${what === 'launch' ? 'launched' : 'closed again'} by staff`);
      return json(state);
    },
  })),
];

ROUTES.push(...SHOP_ADMIN_ROUTES);

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
  const label =
    type === 'staff' && typeof body.email === 'string' ? `${body.name} <${body.email}> (${body.role})` : undefined;
  if (path === '/waitlist.csv' || path === '/exports') return { type: 'export', id };
  if (path.startsWith('/site/')) return { type: 'site', id: 'launch', label: path.slice('/site/'.length) };
  return { type, id, ...(label ? { label } : {}) };
}
