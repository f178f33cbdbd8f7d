// A loopback stand-in for api.sendgrid.com, for the API tests and the scale bench: the real
// @sendgrid/mail client (pointed here with SENDGRID_BASE_URL) posts to it exactly as it would to
// SendGrid. It records each POST body and answers 202, or a chosen failure.
import { createServer } from 'node:http';

/**
 * @typedef {{ path: string, authorization: string | undefined, body: any, at: number }} FakeMessage
 * `at`: when the fake accepted the message (epoch ms).
 * @typedef {{
 *   url: string,
 *   messages: FakeMessage[],
 *   fail(status: number, count?: number, headers?: Record<string, string>): void,
 *   failEvery(n: number, status: number): void,
 *   hold(ms: number): void,
 *   healthy(): void,
 *   reset(): void,
 *   close(): Promise<void>,
 * }} SendGridFake
 * `fail(status, count, headers)` answers the next `count` requests with `status` and `headers`
 * (default: every request until `reset`); `failEvery(n, status)` answers every n-th request with
 * `status` (a provider failing part of its traffic); `hold(ms)` records each accepted message at once
 * and answers it `ms` later (a slow provider: the mail is accepted while its sender still waits, as
 * when a sender dies mid-request); `healthy()` ends every failure and hold and keeps the messages,
 * `reset()` also forgets them. A failed request is not recorded as a message.
 */

/** Starts the fake on a free loopback port. @returns {Promise<SendGridFake>} */
export async function startSendGridFake() {
  /** @type {FakeMessage[]} */
  const messages = [];
  let failStatus = 0;
  let failCount = 0;
  /** @type {Record<string, string>} */
  let failHeaders = {};
  let everyN = 0;
  let everyStatus = 0;
  let seen = 0;
  let holdMs = 0;
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      seen += 1;
      const failEvery = everyN > 0 && seen % everyN === 0;
      const failFixed = failStatus !== 0 && failCount !== 0;
      if (failFixed || failEvery) {
        if (failFixed && failCount > 0) failCount -= 1;
        res.writeHead(failFixed ? failStatus : everyStatus, {
          'content-type': 'application/json',
          ...(failFixed ? failHeaders : {}),
        });
        res.end(JSON.stringify({ errors: [{ message: 'Simulated provider failure' }] }));
        return;
      }
      messages.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: data ? JSON.parse(data) : null,
        at: Date.now(),
      });
      const id = `fake-${messages.length}`;
      const answer = () => {
        res.writeHead(202, { 'x-message-id': id });
        res.end();
      };
      if (holdMs > 0) setTimeout(answer, holdMs);
      else answer();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    messages,
    fail(status, count = -1, headers = {}) {
      failStatus = status;
      failCount = count;
      failHeaders = headers;
    },
    failEvery(n, status) {
      everyN = n;
      everyStatus = status;
    },
    hold(ms) {
      holdMs = ms;
    },
    healthy() {
      holdMs = 0;
      failStatus = 0;
      failCount = 0;
      failHeaders = {};
      everyN = 0;
      seen = 0;
    },
    reset() {
      this.healthy();
      messages.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
