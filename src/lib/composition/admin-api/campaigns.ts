/**
 * The admin API: campaigns. Campaigns and early-access waves: drafts, audience counts, tests, sending and
 * its controls, revoking passes. Each route: the router has authorised the caller (src/lib/admin/roles.ts);
 * the route validates its input, acts, and responds. Server only.
 */
import { ADMIN_PREFIX, type Route } from './routes';
import { HttpError, json, readJson } from '../../server/http';
import { auditOf } from '../../admin/audit';
import { audienceCountSchema, campaignCreateSchema, campaignTestSchema, revokeSchema } from '../../campaigns/model';
import { audienceAndNotified } from '../../campaigns/send';
import {
  campaignArchive,
  campaignView,
  controlSend,
  createDraft,
  revokeWave,
  sendNow,
  sendTest,
  waveView,
} from '../../campaigns/service';

export const CAMPAIGNS_ROUTES: Route[] = [
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
    async run(req, _context, _params, { actor }) {
      const payload = await readJson(req, campaignCreateSchema);
      const campaign = await createDraft(payload, Date.now(), actor);
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
      // Skipped is our own refusal (a suppressed address), not the provider failing: 409, as a staff send.
      if (mail.state === 'skipped')
        throw new HttpError(409, 'not_sent', `The test copy was not sent: ${mail.detail.slice(0, 300)}.`);
      if (mail.state === 'failed')
        throw new HttpError(502, 'mail_failed', `The test copy could not be sent: ${mail.detail.slice(0, 300)}`);
      return json({ ok: true, to, state: mail.state, detail: mail.detail }, { status: 202 });
    },
  },
  {
    method: 'POST',
    path: '/campaigns/:id/send',
    auth: true,
    async run(_req, _context, { id }, { actor }) {
      return json(await sendNow(id, actor), { status: 202 });
    },
  },
  ...(['pause', 'resume', 'cancel'] as const).map((what): Route => ({
    method: 'POST',
    path: `/campaigns/:id/${what}`,
    auth: true,
    async run(_req, _context, { id }, { actor }) {
      return json(await controlSend(id, what, undefined, actor));
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
