/**
 * The mail queue in Netlify Blobs: every mail is recorded before it is sent, sent at once when the
 * send rate allows, retried with backoff when the provider fails, and sent at most once: an attempt
 * is claimed with a conditional write before the provider call, and an attempt whose outcome was
 * never recorded is `unknown`, not sent again by itself. The model (keys, states, transitions) is
 * ./model.ts; docs/consent-and-mail.md, "The mail queue", explains the design. Server only.
 *
 * This module is the queue's entry point for the rest of the site; each part lives in its own module:
 * - `sendMail` (./send.ts, the request path: a signup's confirmation, a welcome, a staff send, a
 *   recommendations mail): records and claims the entry in one write (or records it as waiting, in
 *   constant time, when the minute's slots are taken), answers, and attempts it once after the
 *   answer (`defer`).
 * - `drainQueue` (./worker.ts, the `mail-queue` scheduled function, every minute): sweeps for
 *   attempts cut off by a crash (./sweep.ts), then attempts every entry that is due, within the send
 *   rate (./slots.ts).
 * - `queueSummary`, `listQueue`, `retryEntry` (./staff.ts): the staff screen.
 * - `pruneQueue` (./prune.ts): the maintenance run.
 * - One attempt, and how a kind renders and records its mail (`MailHandler`): ./attempt.ts; reading
 *   the store: ./store.ts.
 */
export type { MailEvent, MailHandler, MailHandlers, RenderedMessage } from './attempt';
export { sendMail, type Defer, type QueuedMail } from './send';
export { drainQueue, type DrainReport } from './worker';
export { sweep, type SweepReport } from './sweep';
export { listQueue, queueSummary, retryEntry, type RetryRefusal } from './staff';
export { pruneQueue } from './prune';
export { forgetFullMinutes } from './slots';
