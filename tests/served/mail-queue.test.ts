// "Mail that always arrives", against the served site as `npm start` runs it: default limits, the
// scheduler of the local runtime, mail through the real SendGrid client to a loopback fake, and a
// server killed with SIGKILL. Visitors come from separate loopback addresses, as Netlify sees
// separate clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSendGridFake, type SendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';
import { FAST_SCHEDULER, postJson, requestFrom, startServedSite, waitFor, type ServedSite } from './served-site';

let fake: SendGridFake;
const sites: ServedSite[] = [];
const ADMIN_KEY = 'served-queue-admin-key-0123';

beforeAll(async () => {
  fake = await startSendGridFake();
});
afterAll(async () => {
  for (const site of sites) await site.remove();
  await fake.close();
});

/** The site as `npm start` serves it with the default limits, launched, mail to the fake, on the test clock. */
async function site(name: string): Promise<ServedSite> {
  const s = await startServedSite(name, {
    LOCAL_MODE: 'true',
    SITE_LAUNCHED: 'true',
    EDGE_FUNCTIONS: 'off',
    SENDGRID_API_KEY: 'SG.served-test',
    SENDGRID_BASE_URL: fake.url,
    ADMIN_KEY,
    // The worker runs every 5 s instead of every minute (the scheduler's test clock).
    ...FAST_SCHEDULER,
  });
  sites.push(s);
  return s;
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const signup = (s: ServedSite, email: string, from: string) =>
  postJson(`${s.url}/api/waitlist`, { name: 'Served Visitor', email, interests: 'all' }, from);
/** Confirmation mails the fake accepted, by recipient. */
function confirmationsTo(emails: readonly string[]): Map<string, number> {
  const wanted = new Set(emails);
  const counts = new Map<string, number>();
  for (const m of fake.messages) {
    const to = m.body.personalizations[0].to[0].email as string;
    if (wanted.has(to) && m.body.categories.includes('confirm-subscription')) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}
const THE_ANSWER = "You're on the waitlist! Check your email for a confirmation message.";

describe('the served site with the default limits', () => {
  it('ten signups of new addresses from one client address within a minute all get their confirmation', async () => {
    const s = await site('queue-shared');
    const emails = Array.from({ length: 10 }, (_, i) => `office-${tag()}-${i}@example.com`);
    for (const e of emails) {
      const res = await signup(s, e, '127.0.0.21');
      expect(res.status, res.text).toBe(200);
      expect(JSON.parse(res.text).message).toBe(THE_ANSWER);
    }
    // Each goes right after its answer (the answer never waits for the provider).
    await waitFor(
      () => confirmationsTo(emails).size === emails.length,
      30_000,
      () => `confirmations ${confirmationsTo(emails).size} of ${emails.length}\n${s.output().slice(-3000)}`,
    );
    const counts = confirmationsTo(emails);
    expect([...counts.keys()].sort()).toEqual([...emails].sort());
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
  });

  it('with the provider failing half its requests with 500, then answering 429 for 20 s, every signup answered 2xx gets exactly one confirmation', async () => {
    const s = await site('queue-flaky');
    fake.failEvery(2, 500);
    const emails = Array.from({ length: 24 }, (_, i) => `flaky-${tag()}-${i}@example.com`);
    const answers = await Promise.all(emails.map((e, i) => signup(s, e, `127.0.0.${30 + (i % 6)}`)));
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200));
    fake.fail(429);
    setTimeout(() => fake.healthy(), 20_000);
    // The local runtime's scheduler runs the mail-queue function every minute, as Netlify does (here
    // every 5 s: the test clock).
    await waitFor(
      () => confirmationsTo(emails).size === emails.length,
      200_000,
      () => `confirmations ${confirmationsTo(emails).size} of ${emails.length}\n${s.output().slice(-3000)}`,
    );
    // Some more worker runs change nothing: nobody gets a second one.
    await new Promise((r) => setTimeout(r, 5_000));
    const counts = confirmationsTo(emails);
    expect([...counts.values()].filter((c) => c !== 1)).toEqual([]);
  });

  it('a server killed with SIGKILL right after signups were answered delivers every confirmation after restart, none twice', async () => {
    const s = await site('queue-kill');
    // The provider is down while the signups arrive: every confirmation is recorded, none delivered yet.
    fake.fail(503);
    const emails = Array.from({ length: 16 }, (_, i) => `killed-${tag()}-${i}@example.com`);
    const answers = await Promise.all(emails.map((e, i) => signup(s, e, `127.0.0.${50 + (i % 4)}`)));
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200));
    // Each first attempt runs after its answer; once they have all been refused, every mail waits
    // for a retry (a crash during a provider call itself leaves that one mail unknown, by design:
    // docs/consent-and-mail.md, "The unknown outcome").
    await waitFor(
      async () => {
        const res = await requestFrom('127.0.0.1', `${s.url}/api/admin/mail-queue?state=waiting`, {
          headers: { 'admin-key': ADMIN_KEY },
        });
        const waiting = res.status === 200 ? JSON.parse(res.text).entries : [];
        return waiting.filter((e: { to: string }) => emails.includes(e.to)).length === emails.length;
      },
      60_000,
      () => `not every mail waits for a retry\n${s.output().slice(-2000)}`,
    );
    await s.kill('SIGKILL');
    fake.healthy();
    expect(confirmationsTo(emails).size).toBe(0);
    await s.restart();
    await waitFor(
      () => confirmationsTo(emails).size === emails.length,
      200_000,
      () => `confirmations ${confirmationsTo(emails).size} of ${emails.length}\n${s.output().slice(-3000)}`,
    );
    await new Promise((r) => setTimeout(r, 5_000));
    expect([...confirmationsTo(emails).values()].filter((c) => c !== 1)).toEqual([]);
  });
});
