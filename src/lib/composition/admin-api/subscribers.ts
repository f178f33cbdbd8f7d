/**
 * The admin API: subscribers. The waitlist: the paged listing, statistics, one subscriber's ledger and
 * proof of consent, deleting, re-sending the welcome mail. Each route: the router has authorised the caller
 * (src/lib/admin/roles.ts); the route validates its input, acts, and responds. Server only.
 */
import { byLine, nextLink, csvResponse, type Route } from './routes';
import { HttpError, json } from '../../server/http';
import { mailLimitError, takeStaffMailAllowance } from '../../email/limits';
import { deleteSubscriber, getSubscriber, subscriberStore, tombstoneSubscriber } from '../../subscribers/store';
import { ledgerOf } from '../ledger';
import { sendSubscriberMail, welcomeTemplateFor } from '../../email/subscriber-mail';
import { subscriberStatus } from '../../subscribers/status';
import { consentProofCsv, proofFileName } from '../../admin/csv';
import { parseListQuery, subscriberPage, waitlistStats } from '../../admin/listing';
import { auditOf } from '../../admin/audit';
import { toAdminSubscriber } from '../../admin/subscribers';
import { statusFilterAnswer } from '../../admin/bounced';
import { scrubInvitation } from '../../campaigns/store';

const SUBSCRIBER_ID = /^[0-9a-f]{64}$/;

/** A live subscriber (tombstones count as gone), or 404. */
async function existingSubscriber(id: string, options: { tombstones?: boolean } = {}) {
  const sub = SUBSCRIBER_ID.test(id) ? await getSubscriber(id) : null;
  if (!sub || (sub.deletedAt && !options.tombstones))
    throw new HttpError(404, 'not_found', 'No subscriber with this id (it may have been deleted already).');
  return sub;
}

export const SUBSCRIBERS_ROUTES: Route[] = [
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
      // A staff-deleted subscriber's timeline too: it says who deleted them (the tombstone keeps the ledger).
      const sub = await existingSubscriber(id, { tombstones: true });
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
];
