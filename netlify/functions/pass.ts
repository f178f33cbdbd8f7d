import type { Config } from '@netlify/functions';
import { passEndpoint } from '../../src/lib/campaigns/pass-endpoint';

/**
 * GET /api/pass?token=… (an invitation's early-access link) and GET /api/pass/check?next=/path (the
 * gate's recheck of a pass cookie): src/lib/campaigns/pass-endpoint.ts, docs/campaigns.md, "Early access".
 */
export default passEndpoint;

export const config: Config = {
  path: ['/api/pass', '/api/pass/check'],
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
