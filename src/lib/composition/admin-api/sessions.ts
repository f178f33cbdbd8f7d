/**
 * The admin API: sessions. Signing in and out: the owner key, the mailed sign-in link of a staff account,
 * dev mode. Each route: the router has authorised the caller (src/lib/admin/roles.ts); the route validates
 * its input, acts, and responds. Server only.
 */
import type { Route, WithWaitUntil } from './routes';
import { clientIp, HttpError, json, readFormOrJson, readJson } from '../../server/http';
import { activeSession, checkKeyLimited, requireAdmin, secrets, unauthorized } from '../../admin/auth';
import { revokeSession } from '../../admin/revocation';
import { loginSchema } from '../../admin/schemas';
import { actorOf, OWNER_ACTOR } from '../../admin/auth';
import { recordAudit } from '../../admin/audit';
import { networkOf } from '../../admin/network';
import { consumeLink, peekLink } from '../../admin/staff';
import { devModeSchema, staffLoginSchema } from '../../admin/staff-schemas';
import { countLoginRequest, linkPage, mailLoginLinkIfStaff } from '../../admin/sign-in';
import { clearSessionCookie, createSessionToken, sessionCookie, sessionFromRequest } from '../../admin/session';
import { launchState } from '../../gate/launch';

export const SESSIONS_ROUTES: Route[] = [
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
      // The answer never depends on the address: the per-address limit counts every request alike,
      // and the lookup, the network's limit and the mail run after the answer.
      if (await countLoginRequest(email)) {
        const work = mailLoginLinkIfStaff(email, clientIp(req, context)).catch((err) =>
          console.error('[staff] login link failed', err),
        );
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
];
