import type { Config } from '@netlify/functions';
import { handler } from '../../src/lib/server/http';
import { sendgridEvents } from '../../src/lib/composition/mail-events-endpoint';

/**
 * POST /api/sendgrid/events — SendGrid's signed Event Webhook (bounces, complaints, unsubscribes,
 * deliveries). Verified with SENDGRID_WEBHOOK_PUBLIC_KEY (503 without it); src/lib/email/events.
 */
export default handler((req) => sendgridEvents(req));

export const config: Config = { path: '/api/sendgrid/events' };
