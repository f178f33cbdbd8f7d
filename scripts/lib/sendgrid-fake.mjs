// A loopback stand-in for api.sendgrid.com, for the API tests and the scale bench: the real
// @sendgrid/mail client (pointed here with SENDGRID_BASE_URL) posts to it exactly as it would to
// SendGrid. It records each POST body and answers 202, or a chosen failure.
import { createServer } from 'node:http';

/**
 * @typedef {{ path: string, authorization: string | undefined, body: any }} FakeMessage
 * @typedef {{
 *   url: string,
 *   messages: FakeMessage[],
 *   fail(status: number, count?: number): void,
 *   reset(): void,
 *   close(): Promise<void>,
 * }} SendGridFake
 * `fail(status, count)` answers the next `count` requests with `status` (default: every request
 * until `reset`).
 */

/** Starts the fake on a free loopback port. @returns {Promise<SendGridFake>} */
export async function startSendGridFake() {
  /** @type {FakeMessage[]} */
  const messages = [];
  let failStatus = 0;
  let failCount = 0;
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      if (failStatus && failCount !== 0) {
        if (failCount > 0) failCount -= 1;
        res.writeHead(failStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'Simulated provider failure' }] }));
        return;
      }
      messages.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: data ? JSON.parse(data) : null,
      });
      res.writeHead(202, { 'x-message-id': `fake-${messages.length}` });
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    messages,
    fail(status, count = -1) {
      failStatus = status;
      failCount = count;
    },
    reset() {
      failStatus = 0;
      failCount = 0;
      messages.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
