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
import { clientIp, fieldErrors, HttpError, json, readJson, refuseNonJsonBody, type FnContext } from '../server/http';
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
  templateEditSchema,
  type ExportStatus,
} from './schemas';
import { readJob, requestJob, startJob } from '../jobs/all';
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
import { audienceOf } from '../campaigns/send';
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
      // Whether the site is launched: the dashboard then offers the launch notification.
      const launched = getEnv().SITE_LAUNCHED;
      return json(
        auth.via === 'cookie'
          ? {
              authenticated: true,
              devMode: auth.session.devMode,
              expiresAt: new Date(auth.session.expiresAt).toISOString(),
              via: 'cookie',
              launched,
            }
          : { authenticated: true, devMode: false, expiresAt: null, via: 'header', launched },
      );
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
      return json({ subscriber: toAdminSubscriber(sub), history: await ledgerOf(sub) });
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
      const { audience, kind, limit } = await readJson(req, audienceCountSchema);
      const count = (await audienceOf({ audience, kind, limit: kind === 'early-access' ? (limit ?? null) : null }))
        .length;
      return json({ count });
    },
  },
  {
    method: 'GET',
    path: '/campaigns/:id',
    auth: true,
    async run(_req, _context, { id }) {
      return json(await campaignView(id, true));
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
  if (match.route.method !== 'GET') refuseNonJsonBody(req);
  if (match.route.auth) await requireAdmin(req, context);
  return match.route.run(req, context, match.params);
}
