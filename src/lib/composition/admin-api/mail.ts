/**
 * The admin API: mail. E-mail templates, the outbox, the mail queue and the daily rates of SendGrid's
 * events. Each route: the router has authorised the caller (src/lib/admin/roles.ts); the route validates
 * its input, acts, and responds. Server only.
 */
import { nextLink, type Route } from './routes';
import { getEnv } from '../../server/env';
import { fieldErrors, HttpError, json, readJson } from '../../server/http';
import { listQueue, queueSummary, retryEntry } from '../../email/queue/queue';
import { isOutboxCursor, OUTBOX_RETENTION_DAYS, readOutboxPage } from '../../email/outbox';
import { initializeTemplates, listTemplates, updateTemplate } from '../../email/template-store';
import { isTemplateId } from '../../email/templates';
import { mailQueueQuerySchema, mailRetrySchema, templateEditSchemaFor } from '../../admin/schemas';
import { dailyRates } from '../../email/events/store';

const OUTBOX_PAGE = 20;
const MAIL_QUEUE_PAGE = 20;

export const MAIL_ROUTES: Route[] = [
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
];
