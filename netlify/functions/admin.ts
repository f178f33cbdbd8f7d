import type { Config } from '@netlify/functions';
import { handler, type FnContext } from '../../src/lib/server/http';
import { adminApi } from '../../src/lib/composition/admin-api';

/**
 * /api/admin/* — the staff API (session, waitlist, statistics, CSV export, e-mail templates, outbox).
 * Routing, authentication (cookie or `admin-key` header) and validation live in src/lib/composition/admin-api/.
 */
export default handler((req, context: FnContext) => adminApi(req, context));

export const config: Config = { path: '/api/admin/*' };
