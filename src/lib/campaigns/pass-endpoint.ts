/**
 * The early-access pass routes behind netlify/functions/pass.ts: the invitation link and the gate's
 * recheck. Server only.
 */
import { isPassRevoked, notePassUsed } from './store';
import { getSubscriber } from '../subscribers/store';
import { mayReceiveListMail } from '../subscribers/status';
import {
  PASS_COOKIE,
  passCookieFrom,
  readPassCookie,
  signPassCookie,
  passNextPath,
  verifyPass,
  type Pass,
} from './pass';
import { setCookie } from '../server/cookies';
import { requireConfig } from '../server/env';
import { allowMethods, clientIp, handler } from '../server/http';
import { htmlPage, passPage } from '../signups/server/link-pages';

/**
 * A pass works only while its holder is still a confirmed subscriber: one who unsubscribed, or whom
 * staff deleted, loses it (the link at once, an open browser at its next check, within a minute).
 */
async function holderActive(subscriberId: string): Promise<boolean> {
  const sub = await getSubscriber(subscriberId);
  return !!sub && mayReceiveListMail(sub);
}

/**
 * Early-access passes (docs/campaigns.md, "Early access"):
 * - GET /api/pass?token=… (the link of an invitation): a genuine, unexpired and unrevoked pass sets
 *   the pass cookie and opens the pre-launch site's home page; its first use is recorded for staff.
 *   Otherwise a page says why (400 invalid, 410 expired, 403 revoked).
 * - GET /api/pass/check?next=/path: the gate sends a visitor here when their cookie's revocation check
 *   is over a minute old; a pass still valid (not revoked, its holder still confirmed) gets a fresh cookie and goes back to `next`, a revoked
 *   one loses its cookie and goes to /join.
 */
export const passEndpoint = handler(async (req, context) => {
  allowMethods(req, 'GET');
  const secret = requireConfig('SESSION_SECRET');
  const siteUrl = requireConfig('SITE_URL');
  const url = new URL(req.url);
  const cookie = (value: string, maxAgeS: number) =>
    setCookie(PASS_COOKIE, value, { maxAgeS, sameSite: 'Lax', requestUrl: req.url });
  const go = (location: string, setCookie: string) =>
    new Response(null, { status: 303, headers: { location, 'set-cookie': setCookie, 'cache-control': 'no-store' } });
  const open = async (pass: Pass, next: string) =>
    go(next, cookie(await signPassCookie(pass, Date.now(), secret), Math.floor((pass.expiresAt - Date.now()) / 1000)));

  if (url.pathname.replace(/\/+$/, '') === '/api/pass/check') {
    const safeNext = passNextPath(url.searchParams.get('next') ?? '/', url.origin);
    const held = await readPassCookie(passCookieFrom(req.headers.get('cookie')), secret, 0);
    if (
      !held ||
      held.pass.expiresAt <= Date.now() ||
      (await isPassRevoked(held.pass.waveId, held.pass.subscriberId)) ||
      !(await holderActive(held.pass.subscriberId))
    )
      return go('/join', cookie('', 0));
    return open(held.pass, safeNext);
  }

  const check = await verifyPass(url.searchParams.get('token'), secret);
  if (!check.ok) return htmlPage(passPage(check.reason, siteUrl), check.reason === 'expired' ? 410 : 400);
  if (
    (await isPassRevoked(check.pass.waveId, check.pass.subscriberId)) ||
    !(await holderActive(check.pass.subscriberId))
  )
    return htmlPage(passPage('revoked', siteUrl), 403);
  await notePassUsed(check.pass.waveId, check.pass.subscriberId, clientIp(req, context));
  return open(check.pass, '/');
});
