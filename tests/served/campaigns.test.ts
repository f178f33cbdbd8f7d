// Campaigns against the served site as `npm start` runs it (issue "Deliver what the waitlist
// promises"): subscribers sign up and confirm through the public API, staff send through the admin
// API, the local runtime runs the send as a background function and resumes it with the scheduled
// jobs-resume function, and mail goes through the real SendGrid client to a loopback fake. The
// expected audience of each campaign is worked out here from how the subscribers were made, never
// read back from the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSendGridFake, type SendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';
import { FAST_SCHEDULER, postJson, requestFrom, startServedSite, waitFor, type ServedSite } from './served-site';

const ADMIN_KEY = 'served-campaigns-staff-key-5b1e';
const BATCH = 4;
let fake: SendGridFake;
let site: ServedSite;

type Interest = 'tech_news' | 'phone_recommendations' | 'smartphone_tutorials' | 'all';
interface Person {
  email: string;
  name: string;
  lists: Set<'waitlist' | 'newsletter'>;
  interest: Interest | null;
  confirmed: boolean;
  unsubscribed: boolean;
}
const people: Person[] = [];

let client = 0;
/** A different loopback address per request: the site's per-client limits never come into play. */
const nextClient = () => `127.0.${2 + (Math.floor(client / 200) % 50)}.${1 + (client++ % 200)}`;

async function adminCall(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await requestFrom(nextClient(), `${site.url}/api/admin${path}`, {
    method,
    headers: { 'admin-key': ADMIN_KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.text ? JSON.parse(res.text) : null, text: res.text };
}

interface FakeCopy {
  to: string;
  campaign: string | undefined;
  unsubscribe: string | undefined;
  listUnsubscribe: string | undefined;
  request: number;
}
/** Every copy the fake accepted (one per personalization), in the order the requests arrived. */
function copies(): FakeCopy[] {
  return fake.messages.flatMap((m, request) =>
    (
      m.body.personalizations as {
        to: { email: string }[];
        substitutions?: Record<string, string>;
        headers?: Record<string, string>;
        custom_args?: Record<string, string>;
      }[]
    ).map((p) => ({
      to: p.to[0].email,
      campaign: p.custom_args?.campaign_id,
      unsubscribe: p.substitutions?.['{{unsubscribe_url}}'],
      listUnsubscribe: p.headers?.['List-Unsubscribe'],
      request,
    })),
  );
}
const copiesOf = (id: string) => copies().filter((c) => c.campaign === id);
const requestsOf = (id: string) => new Set(copiesOf(id).map((c) => c.request)).size;

/** The text of every single mail (not a campaign) the fake accepted for `email`. */
const mailTo = (email: string) =>
  fake.messages
    .filter((m) => m.body.personalizations.length === 1 && m.body.personalizations[0].to[0].email === email)
    .map((m) => (m.body.content as { type: string; value: string }[]).map((c) => c.value).join('\n'));

function linkIn(email: string, pattern: RegExp): string {
  for (const text of mailTo(email)) {
    const found = text.match(pattern);
    if (found) return found[0].replace(/&amp;/g, '&');
  }
  throw new Error(`No mail to ${email} with ${pattern}`);
}
/** The confirmation links mailed to `email`, oldest first. */
const confirmLinks = (email: string) =>
  mailTo(email).flatMap((t) => t.match(/https?:\/\/[^\s"<>]+\/api\/confirm\?token=[^\s"<>]+/) ?? []);
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function unsubscribe(person: Person) {
  const link = linkIn(person.email, /https?:\/\/[^\s"<>]+\/api\/unsubscribe\?token=[^\s"<>]+/);
  const res = await requestFrom(nextClient(), `${site.url}/api/unsubscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${encodeURIComponent(tokenOf(link))}`,
  });
  expect(res.status, res.text).toBe(200);
  person.unsubscribed = true;
}

/** The newsletter form in the site header (name, e-mail, any current phone, consent). */
const newsletterSignup = (person: Person) =>
  postJson(
    `${site.url}/api/newsletter/subscribe`,
    { name: person.name, email: person.email, phoneModel: 'Pixel 8', consent: true, form: 'header' },
    nextClient(),
  );

const INTERESTS: Interest[] = ['tech_news', 'phone_recommendations', 'smartphone_tutorials', 'all'];
const tag = Date.now().toString(36);

/**
 * 20 people through the public forms, one after another (signup order is send order): waitlist
 * signups with every interest, newsletter-only subscribers, two on both lists; every fifth never
 * confirms. Two confirmed ones unsubscribe later (in the tests).
 */
async function seed() {
  for (let i = 0; i < 20; i++) {
    const email = `camp-${tag}-${String(i).padStart(2, '0')}@example.com`;
    const newsletterOnly = i % 6 === 5;
    const person: Person = {
      email,
      name: `Reader ${i}`,
      lists: new Set([newsletterOnly ? 'newsletter' : 'waitlist']),
      interest: newsletterOnly ? null : INTERESTS[i % 4],
      confirmed: i % 5 !== 4,
      unsubscribed: false,
    };
    const res = newsletterOnly
      ? await newsletterSignup(person)
      : await postJson(
          `${site.url}/api/waitlist`,
          { name: person.name, email, interests: person.interest },
          nextClient(),
        );
    expect(res.status, res.text).toBe(200);
    if (i === 2 || i === 7) {
      // On both lists: one record, one copy of each campaign for either list.
      const again = await newsletterSignup(person);
      expect(again.status, again.text).toBe(200);
      person.lists.add('newsletter');
    }
    people.push(person);
  }
  for (const person of people.filter((p) => p.confirmed)) {
    // One confirmation per list asked for: the second list's comes when the first is confirmed.
    for (let asked = 1; asked <= person.lists.size; asked++) {
      await waitFor(
        () => confirmLinks(person.email).length >= asked,
        30_000,
        () => `no confirmation mail ${asked} to ${person.email}`,
      );
      const res = await requestFrom(nextClient(), `${site.url}/api/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `token=${encodeURIComponent(tokenOf(confirmLinks(person.email)[asked - 1]))}`,
      });
      expect(res.status, res.text).toBe(200);
    }
    // The welcome mail carries the person's unsubscribe link.
    await waitFor(
      () => mailTo(person.email).some((t) => t.includes('/api/unsubscribe?token=')),
      30_000,
      () => `no welcome mail to ${person.email}`,
    );
  }
  await unsubscribe(people[1]);
  await unsubscribe(people[10]);
}

/** Who a campaign to `lists` and `interests` must reach, by the rule staff are promised. */
function expected(lists: ('waitlist' | 'newsletter')[] = [], interests: Interest[] = []): string[] {
  const wantedLists = lists.length ? lists : ['waitlist', 'newsletter'];
  return people
    .filter((p) => p.confirmed && !p.unsubscribed)
    .filter((p) => [...p.lists].some((l) => wantedLists.includes(l)))
    .filter((p) => {
      const topics = interests.filter((i) => i !== 'all');
      if (topics.length === 0) return true;
      return p.interest === 'all' || (p.interest !== null && topics.includes(p.interest));
    })
    .map((p) => p.email)
    .sort();
}

async function createCampaign(body: object) {
  const res = await adminCall('POST', '/campaigns', body);
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; audienceCount: number; status: string };
}
const view = async (id: string) => (await adminCall('GET', `/campaigns/${id}`)).json;
async function waitForStatus(id: string, status: string, timeoutMs = 60_000) {
  let last: { status?: string } = {};
  await waitFor(
    async () => (last = await view(id)).status === status,
    timeoutMs,
    () => `campaign ${id} is ${JSON.stringify(last)}, not ${status}\n${site.output().slice(-3000)}`,
  );
  return last as Record<string, unknown>;
}
const recipients = (id: string) => copiesOf(id).map((c) => c.to);
const sorted = (list: string[]) => [...list].sort();

beforeAll(async () => {
  fake = await startSendGridFake();
  site = await startServedSite('campaigns', {
    LOCAL_MODE: 'true',
    SITE_LAUNCHED: 'true',
    EDGE_FUNCTIONS: 'off',
    ADMIN_KEY,
    SENDGRID_API_KEY: 'SG.served-campaigns',
    SENDGRID_BASE_URL: fake.url,
    CAMPAIGN_BATCH_SIZE: String(BATCH),
    // jobs-resume runs every 5 s instead of every minute (the scheduler's test clock).
    ...FAST_SCHEDULER,
  });
  await seed();
}, 240_000);
afterAll(async () => {
  await site?.remove();
  await fake?.close();
});

describe('campaigns on the served site', () => {
  it('reach exactly the confirmed subscribers, each once, each with their own unsubscribe link', async () => {
    const audience = expected();
    const made = await createCampaign({ subject: 'Hello {{name}}', body: 'News from **Maple Tech**.', audience: {} });
    expect(made).toMatchObject({ status: 'draft', audienceCount: audience.length });
    expect((await adminCall('POST', `/campaigns/${made.id}/send`)).status).toBe(202);
    const done = await waitForStatus(made.id, 'sent');
    expect(done).toMatchObject({ total: audience.length, sent: audience.length, failed: 0, unknown: 0 });
    expect(sorted(recipients(made.id))).toEqual(audience);
    const links = copiesOf(made.id).map((c) => c.unsubscribe);
    expect(new Set(links).size).toBe(audience.length);
    for (const c of copiesOf(made.id)) {
      expect(c.listUnsubscribe).toBe(`<${c.unsubscribe}>`);
      // The link is this recipient's: the page it opens unsubscribes the address it was sent to.
      const page = await requestFrom(
        nextClient(),
        `${site.url}/api/unsubscribe?token=${encodeURIComponent(tokenOf(c.unsubscribe!))}`,
      );
      expect(page.status).toBe(200);
    }
    // Running it again sends nobody anything: the campaign is final.
    expect((await adminCall('POST', `/campaigns/${made.id}/send`)).status).toBe(409);
  });

  it('with a list and an interest, reach exactly the subscribers the filter names', async () => {
    for (const [lists, interests] of [
      [['waitlist'], ['phone_recommendations']],
      [['newsletter'], []],
      [[], ['tech_news', 'smartphone_tutorials']],
    ] as [('waitlist' | 'newsletter')[], Interest[]][]) {
      const audience = expected(lists, interests);
      const made = await createCampaign({ subject: 'Filtered', body: 'For some.', audience: { lists, interests } });
      expect(made.audienceCount, `${lists} ${interests}`).toBe(audience.length);
      await adminCall('POST', `/campaigns/${made.id}/send`);
      await waitForStatus(made.id, 'sent');
      expect(sorted(recipients(made.id)), `${lists} ${interests}`).toEqual(audience);
    }
  });

  it('honour an unsubscribe that comes in while the campaign is sending', async () => {
    fake.hold(1_500);
    try {
      const audience = expected();
      const made = await createCampaign({ subject: 'Slow one', body: 'Long send.', audience: {} });
      await adminCall('POST', `/campaigns/${made.id}/send`);
      await waitFor(
        () => requestsOf(made.id) >= 1,
        30_000,
        () => 'the first batch never reached the provider',
      );
      // The last in signup order is in the last batch, seconds away.
      const leaver = people.filter((p) => audience.includes(p.email)).at(-1)!;
      expect(recipients(made.id)).not.toContain(leaver.email);
      await unsubscribe(leaver);
      const done = await waitForStatus(made.id, 'sent');
      expect(recipients(made.id)).not.toContain(leaver.email);
      expect(sorted(recipients(made.id))).toEqual(audience.filter((e) => e !== leaver.email));
      expect(done).toMatchObject({ total: audience.length, sent: audience.length - 1, skipped: 1 });
    } finally {
      fake.healthy();
    }
  });

  it('pause stops the send between batches, resume finishes it, cancel stops it for good', async () => {
    fake.hold(1_500);
    try {
      const audience = expected();
      const paused = await createCampaign({ subject: 'Pausable', body: 'P', audience: {} });
      await adminCall('POST', `/campaigns/${paused.id}/send`);
      await waitFor(
        () => requestsOf(paused.id) >= 1,
        30_000,
        () => 'the first batch never reached the provider',
      );
      expect((await adminCall('POST', `/campaigns/${paused.id}/pause`)).status).toBe(200);
      await waitForStatus(paused.id, 'paused');
      const whilePaused = recipients(paused.id).length;
      expect(whilePaused).toBeLessThan(audience.length);
      await new Promise((r) => setTimeout(r, 4_000));
      expect(recipients(paused.id)).toHaveLength(whilePaused);
      expect((await adminCall('POST', `/campaigns/${paused.id}/resume`)).status).toBe(200);
      await waitForStatus(paused.id, 'sent');
      expect(sorted(recipients(paused.id))).toEqual(audience);

      const cancelled = await createCampaign({ subject: 'Cancellable', body: 'C', audience: {} });
      await adminCall('POST', `/campaigns/${cancelled.id}/send`);
      await waitFor(
        () => requestsOf(cancelled.id) >= 1,
        30_000,
        () => 'the first batch never reached the provider',
      );
      expect((await adminCall('POST', `/campaigns/${cancelled.id}/cancel`)).status).toBe(200);
      await waitForStatus(cancelled.id, 'cancelled');
      const atCancel = recipients(cancelled.id).length;
      expect(atCancel).toBeLessThan(audience.length);
      await new Promise((r) => setTimeout(r, 4_000));
      expect(recipients(cancelled.id)).toHaveLength(atCancel);
      expect((await adminCall('POST', `/campaigns/${cancelled.id}/resume`)).status).toBe(409);
      expect(new Set(recipients(cancelled.id)).size).toBe(atCancel);
    } finally {
      fake.healthy();
    }
  });

  it('killed with SIGKILL mid-send, it completes after a restart with sent + unknown = audience and nobody twice', async () => {
    const audience = expected();
    fake.hold(3_000);
    const made = await createCampaign({ subject: 'Crash test', body: 'C', audience: {} });
    await adminCall('POST', `/campaigns/${made.id}/send`);
    // The second batch is at the provider, its answer not back yet: the server dies.
    await waitFor(
      () => requestsOf(made.id) >= 2,
      30_000,
      () => 'the second batch never reached the provider',
    );
    await site.kill('SIGKILL');
    fake.healthy();
    const cutOff = copiesOf(made.id).filter((c) => c.request === Math.max(...copiesOf(made.id).map((x) => x.request)));
    await site.restart();
    // Nobody kicks it: the scheduled jobs-resume function finds the dead run and resumes it.
    const done = await waitForStatus(made.id, 'sent', 240_000);
    expect(Number(done.sent) + Number(done.unknown)).toBe(audience.length);
    expect(done.unknown).toBe(cutOff.length);
    expect(sorted(done.unknownRecipients as string[])).toEqual(sorted(cutOff.map((c) => c.to)));
    // Everyone got it (the cut-off batch had reached the provider), nobody twice.
    expect(sorted(recipients(made.id))).toEqual(audience);
  });
});
