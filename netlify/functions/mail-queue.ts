import type { Config } from '@netlify/functions';
import { drainQueue } from '../../src/lib/email/queue/queue';
import { MAIL_HANDLERS } from '../../src/lib/composition/mail-handlers';

/**
 * Scheduled every minute: the mail queue's worker (src/lib/email/queue/queue.ts). Settles attempts a
 * crash cut off, then sends every mail that is due (waiting for the send rate, or a retry after a
 * provider error), within the send rate, for up to 25 s of the platform's 30 s. Scheduled functions
 * have no public URL.
 */
export default async function mailQueue(): Promise<Response> {
  const report = await drainQueue(MAIL_HANDLERS, { deadline: Date.now() + 25_000 });
  console.info('[mail-queue]', JSON.stringify(report));
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '* * * * *' };
