// Concurrency: 500 signups sent at once over real HTTP, ~10% of them repeating an address (in another
// case, some through the other endpoint), against the real function handlers in one warm process and
// the real local Blobs server (with the guards `npm start` runs it with). Every distinct address must
// end up stored exactly once, and no signup may be lost from its record's ledger. The same kind of
// burst against the served site itself (`npm start`) is in tests/e2e/runtime.spec.ts.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import signups from '../../netlify/functions/signups';
import { getSubscriber, recordMailStatus, saveSignup } from '../../src/lib/subscribers/store';
import {
  clearStore,
  startSendGridFake,
  storeKeys,
  useOutbox,
  useSendGrid,
  type SendGridFake,
  storedSubscribers,
} from './helpers';
import { subscriberStatus } from '../../src/lib/subscribers/status';

const routes: Record<string, (req: Request, ctx: { ip?: string }) => Promise<Response>> = {
  '/api/waitlist': signups,
  '/api/newsletter/subscribe': signups,
};

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
}

let server: Server;
let origin: string;
let fake: SendGridFake;
let previousLimit: string | undefined;

beforeAll(async () => {
  previousLimit = process.env.SIGNUP_RATE_LIMIT;
  process.env.SIGNUP_RATE_LIMIT = '100000';
  // The site-wide send rate is not under test here (tests/api/mail-queue.test.ts is about it).
  process.env.MAIL_SEND_RATE_PER_MINUTE = '100000';
  fake = await startSendGridFake();
  useSendGrid(fake);
  await clearStore('subscribers');
  server = createServer(async (req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (!route) return void res.writeHead(404).end();
    const response = await route(await toRequest(req, origin), { ip: String(req.headers['x-forwarded-for'] ?? '') });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await fake.close();
  useOutbox();
  delete process.env.MAIL_SEND_RATE_PER_MINUTE;
  if (previousLimit === undefined) delete process.env.SIGNUP_RATE_LIMIT;
  else process.env.SIGNUP_RATE_LIMIT = previousLimit;
});

describe('concurrent signups', () => {
  it('500 parallel signups with ~10% repeated addresses store exactly one record per distinct address', async () => {
    const TOTAL = 500;
    const DISTINCT = 450;
    const tag = `load${Date.now().toString(36)}`;
    const address = (i: number) => `${tag}-${i}@example.com`;
    const requests = Array.from({ length: TOTAL }, (_, i) => {
      const repeat = i >= DISTINCT;
      const n = repeat ? (i - DISTINCT) * 9 : i; // repeats spread over the distinct ones
      const email = repeat ? `  ${address(n).toUpperCase()} ` : address(n);
      const viaNewsletter = repeat ? i % 2 === 0 : i % 5 === 0;
      return viaNewsletter
        ? {
            path: '/api/newsletter/subscribe',
            body: { name: `Person ${n}`, email, phoneModel: 'Pixel 8', consent: true },
          }
        : { path: '/api/waitlist', body: { name: `Person ${n}`, email, interests: repeat ? 'tech_news' : 'all' } };
    });

    const statuses = await Promise.all(
      requests.map((r, i) =>
        fetch(origin + r.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${i % 200}.${i % 250}` },
          body: JSON.stringify(r.body),
        }).then((res) => res.status),
      ),
    );

    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const keys = await storeKeys('subscribers');
    expect(keys).toHaveLength(DISTINCT);
    const stored = (await storedSubscribers()).map((s) => s.email).sort();
    expect(stored).toEqual(Array.from({ length: DISTINCT }, (_, i) => address(i)).sort());
    // Store first, then mail: every address got exactly one confirmation. The signup that decides
    // the mail stores that decision with the record (one conditional write), so a repeat racing its
    // first signup sees it and sends none.
    const perAddress = new Map<string, number>();
    for (const m of fake.messages) {
      const to = m.body.personalizations[0].to[0].email;
      perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    // A provider error (the loopback fake reset one connection under load once) is recorded, never lost.
    const unsent = (await storedSubscribers()).filter((s) => !perAddress.has(s.email));
    for (const s of unsent) expect(s.history.at(-1)).toMatchObject({ type: 'confirmation-sent', outcome: 'failed' });
    expect(perAddress.size + unsent.length).toBe(DISTINCT);
    expect([...perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const records = await storedSubscribers();
    expect(records.every((s) => subscriberStatus(s) === 'pending' && s.history[0].type === 'signup')).toBe(true);
    // Every request is in its address's ledger: a repeat that met the record being written (its mail
    // status, say) was applied to the newer record, never written over it.
    const requested = new Map<string, number>();
    for (const r of requests) {
      const email = r.body.email.trim().toLowerCase();
      requested.set(email, (requested.get(email) ?? 0) + 1);
    }
    const signups = (s: (typeof records)[number]) => s.history.filter((e) => e.type === 'signup').length;
    expect(records.filter((s) => signups(s) !== requested.get(s.email)).map((s) => s.email)).toEqual([]);
  }, 540_000);

  it('20 signups of one new address at the same moment: one record, every signup in its ledger, one confirmation mail', async () => {
    const email = `burst-${Date.now().toString(36)}@example.com`;
    const sentBefore = fake.messages.length;
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${origin}/api/waitlist`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${i}` },
          body: JSON.stringify({ name: `Burst ${i}`, email: i % 2 ? email.toUpperCase() : email, interests: 'all' }),
        }).then((res) => res.status),
      ),
    );
    expect(statuses).toEqual(Array(20).fill(200));
    const records = (await storedSubscribers()).filter((s) => s.email === email);
    expect(records).toHaveLength(1);
    expect(records[0].history.filter((e) => e.type === 'signup')).toHaveLength(20);
    const mails = fake.messages.slice(sentBefore).filter((m) => m.body.personalizations[0].to[0].email === email);
    expect(mails).toHaveLength(1);
    expect(records[0].history.filter((e) => e.type === 'confirmation-sent')).toHaveLength(1);
  });

  it('20 changes to one record at the same moment are all kept (conditional writes, no lost update)', async () => {
    const now = new Date().toISOString();
    const { subscriber } = await saveSignup(
      {
        list: 'waitlist',
        name: 'Same Record',
        email: `same-${Date.now().toString(36)}@example.com`,
        interest: 'all',
        source: '',
        referrer: '',
        consent: { at: now, wording: 'w', form: 'waitlist', page: '/', source: '' },
        ipHash: '',
        wordingVersion: 'sha256:000000000000',
      },
      now,
    );
    const sent = { status: 'sent', kind: 'staff', lastAttemptAt: now, attempts: 1, lastError: null } as const;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordMailStatus(subscriber.id, sent, { at: now, type: 'staff-resend', detail: `change ${i}` }),
      ),
    );
    const stored = await getSubscriber(subscriber.id);
    const details = stored!.history.filter((e) => e.type === 'staff-resend').map((e) => e.detail);
    expect(details.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `change ${i}`).sort());
  });
});
