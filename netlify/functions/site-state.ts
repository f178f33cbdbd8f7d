import type { Config } from '@netlify/functions';
import { allowMethods, handler, json } from '../../src/lib/server/http';
import { launchState } from '../../src/lib/gate/launch';

/**
 * GET /api/site-state: whether the site is launched, for anyone (docs/site.md#launching). The edge
 * gate asks it before sending a visitor to /join; the /join and /waitlist pages ask it to choose
 * their copy. Says nothing else (not who launched, nor when).
 */
export default handler(async (req) => {
  allowMethods(req, 'GET');
  const { launched } = await launchState();
  return json({ launched }, { headers: { 'cache-control': 'no-store' } });
});

export const config: Config = { path: '/api/site-state' };
