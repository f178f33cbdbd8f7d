// Launching against the served site (issue "What a new owner trips over", Launching): staff launch
// the site with the dashboard's switch (stored, audited, undone), and a launch notification reaches
// each person at most once, however often it is sent. Mail goes through the real SendGrid client to
// a loopback fake; people sign up and confirm through the public API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSendGridFake, type SendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';
import { postJson, requestFrom, startServedSite, waitFor, type ServedSite } from './served-site';

const ADMIN_KEY = 'served-launch-staff-key-93ac';
let fake: SendGridFake;
let site: ServedSite;
let client = 0;
const nextClient = () => `127.0.${60 + (Math.floor(client / 200) % 50)}.${1 + (client++ % 200)}`;
const tag = Date.now().toString(36);

async function adminCall(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await requestFrom(nextClient(), `${site.url}/api/admin${path}`, {
    method,
    headers: { 'admin-key': ADMIN_KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.text ? JSON.parse(res.text) : null, text: res.text };
}

interface Copy {
  to: string;
  campaign: string | undefined;
  subs: Record<string, string>;
  html: string;
}
function copies(): Copy[] {
  return fake.messages.flatMap((m) =>
    (
      m.body.personalizations as {
        to: { email: string }[];
        substitutions?: Record<string, string>;
        custom_args?: Record<string, string>;
      }[]
    ).map((p) => ({
      to: p.to[0].email,
      campaign: p.custom_args?.campaign_id,
      subs: p.substitutions ?? {},
      html: (m.body.content as { type: string; value: string }[]).find((c) => c.type === 'text/html')?.value ?? '',
    })),
  );
}
const launchCopies = () => copies().filter((c) => c.campaign?.length && c.html.includes('live'));
const mailTo = (email: string) =>
  fake.messages
    .filter((m) => m.body.personalizations.length === 1 && m.body.personalizations[0].to[0].email === email)
    .map((m) => (m.body.content as { type: string; value: string }[]).map((c) => c.value).join('\n'));

/** Signs `email` up for the waitlist and confirms with the mailed link. */
async function confirmedSubscriber(email: string, name: string) {
  const res = await postJson(`${site.url}/api/waitlist`, { name, email, interests: 'all' }, nextClient());
  expect(res.status, res.text).toBe(200);
  let link = '';
  await waitFor(
    () => {
      link =
        mailTo(email).flatMap((t) => t.match(/https?:\/\/[^\s"<>]+\/api\/confirm\?token=[^\s"<>]+/) ?? [])[0] ?? '';
      return link !== '';
    },
    30_000,
    () => `no confirmation mail to ${email}`,
  );
  const token = new URL(link.replace(/&amp;/g, '&')).searchParams.get('token')!;
  const confirmed = await requestFrom(nextClient(), `${site.url}/api/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${encodeURIComponent(token)}`,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
}

const LAUNCH = { kind: 'launch', subject: "We're live", body: 'Hi {{name}}, we are live.\n\n[Visit]({{siteUrl}})' };

async function sendLaunch(extra: object = {}) {
  const made = await adminCall('POST', '/campaigns', { ...LAUNCH, ...extra });
  expect(made.status, made.text).toBe(201);
  const sent = await adminCall('POST', `/campaigns/${made.json.id}/send`);
  expect(sent.status, sent.text).toBe(202);
  let last: { status?: string } = {};
  await waitFor(
    async () => (last = (await adminCall('GET', `/campaigns/${made.json.id}`)).json).status === 'sent',
    60_000,
    () => `launch notification is ${JSON.stringify(last)}\n${site.output().slice(-2000)}`,
  );
  return made.json.id as string;
}

/** What a visitor (no cookie) opening /about is shown: the About page or the /join page. */
async function aboutShows(): Promise<'about' | 'join'> {
  const res = await requestFrom(nextClient(), `${site.url}/about`);
  expect(res.status).toBe(200);
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(res.text)?.[1] ?? '';
  return /Join the/.test(h1) ? 'join' : 'about';
}

const siteState = async () => JSON.parse((await requestFrom(nextClient(), `${site.url}/api/site-state`)).text);

beforeAll(async () => {
  fake = await startSendGridFake();
  site = await startServedSite('launch', {
    LOCAL_MODE: 'true',
    // The edge gate runs: it must follow the stored launch switch.
    ADMIN_KEY,
    SENDGRID_API_KEY: 'SG.served-launch',
    SENDGRID_BASE_URL: fake.url,
  });
}, 240_000);
afterAll(async () => {
  await site?.remove();
  await fake?.close();
});

describe('launching on the served site', () => {
  const first = [0, 1, 2].map((i) => `launch-${tag}-${i}@example.com`);
  const later = `launch-${tag}-later@example.com`;

  it('refuses a launch notification while the site is closed, then staff launch it (audited) and can undo it', async () => {
    for (const [i, email] of first.entries()) await confirmedSubscriber(email, `Reader ${i}`);
    expect(await siteState()).toEqual({ launched: false });
    expect(await aboutShows()).toBe('join');
    const draft = await adminCall('POST', '/campaigns', LAUNCH);
    expect(draft.status, draft.text).toBe(201);
    const refused = await adminCall('POST', `/campaigns/${draft.json.id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('site_closed');
    expect(refused.json.error.message).toMatch(/still closed/);

    expect((await adminCall('POST', '/site/launch')).json).toMatchObject({ launched: true, forced: false });
    expect(await siteState()).toEqual({ launched: true });
    // /api/health says so too (it read SITE_LAUNCHED only).
    const health = async () => JSON.parse((await requestFrom(nextClient(), `${site.url}/api/health`)).text).launched;
    expect(await health()).toBe(true);
    // The edge gate reads the switch: a visitor's deep link opens the page now.
    expect(await aboutShows()).toBe('about');
    expect((await adminCall('POST', '/site/close')).json).toMatchObject({ launched: false });
    expect(await siteState()).toEqual({ launched: false });
    expect(await health()).toBe(false);
    expect(await aboutShows()).toBe('join');
    expect((await adminCall('POST', '/site/launch')).json).toMatchObject({ launched: true });
    const audit = (await adminCall('GET', '/audit')).json.entries.map((e: { action: string }) => e.action);
    expect(audit.slice(0, 3)).toEqual(['site.launch', 'site.close', 'site.launch']);
    expect((await adminCall('POST', `/campaigns/${draft.json.id}/cancel`)).status).toBe(200);
  }, 120_000);

  it('a launch notification sent twice reaches each person once; staff may include them again deliberately', async () => {
    const one = await sendLaunch();
    expect(
      launchCopies()
        .map((c) => c.to)
        .sort(),
    ).toEqual([...first].sort());
    // Its button goes to the site's own origin (SITE_URL), as every other link in the mail does.
    for (const c of launchCopies()) {
      const origin = new URL(c.subs['{{unsubscribe_url}}']).origin;
      expect(c.subs['{{site_url}}']).toBe(`${origin}/`);
      expect(c.html).toContain('href="{{site_url_html}}"');
      expect(c.html).not.toMatch(/href="https?:\/\/(www\.)?mapletech\.ca/);
    }

    await confirmedSubscriber(later, 'Late Reader');
    const audience = await adminCall('POST', '/campaigns/audience', {
      kind: 'launch',
      audience: { lists: ['waitlist'] },
    });
    expect(audience.json.count).toBe(1);
    expect(audience.json.notified.count).toBe(3);
    expect(audience.json.notified.people.map((p: { email: string }) => p.email).sort()).toEqual([...first].sort());

    const two = await sendLaunch();
    expect(two).not.toBe(one);
    const perPerson = new Map<string, number>();
    for (const c of launchCopies()) perPerson.set(c.to, (perPerson.get(c.to) ?? 0) + 1);
    expect(Object.fromEntries(perPerson)).toEqual(Object.fromEntries([...first, later].map((e) => [e, 1])));

    // After the warning, staff may choose to include them: the count says so before anything is sent.
    const again = await adminCall('POST', '/campaigns/audience', {
      kind: 'launch',
      audience: { lists: ['waitlist'] },
      includeNotified: true,
    });
    expect(again.json.count).toBe(4);
    const three = await sendLaunch({ includeNotified: true });
    expect(
      copies()
        .filter((c) => c.campaign === three)
        .map((c) => c.to)
        .sort(),
    ).toEqual([...first, later].sort());
  }, 180_000);
});
