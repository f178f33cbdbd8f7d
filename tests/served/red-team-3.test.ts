// What the third red team found, against the served site as `npm start` runs it (one server for
// every case, a loopback SendGrid stand-in): a cancelled campaign that went out anyway, markup in a
// name reaching a campaign's HTML, bodies buffered without a cap and scheduled functions any visitor
// could run, passes that outlived their holder's consent, a forged Host header choosing where the
// signed job kick goes, and a second server on the same data folder. docs/campaigns.md,
// docs/runtime.md ("Guards"), docs/consent-and-mail.md ("Abuse limits").
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSendGridFake, type SendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';
import { readRunToken } from '../../scripts/runtime/guards.mjs';
import { postJson, requestFrom, startServedSite, waitFor, type PlainResponse, type ServedSite } from './served-site';

const ADMIN_KEY = 'served-red-team-3-staff-key-7c2d';
const ROOT = path.resolve(import.meta.dirname, '..', '..');
let fake: SendGridFake;
let site: ServedSite;

let client = 0;
/** A different loopback address per request: the per-client limits never come into play. */
const nextClient = () => `127.0.${2 + (Math.floor(client / 200) % 50)}.${1 + (client++ % 200)}`;

async function adminCall(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, headers = {}) {
  const res = await requestFrom(nextClient(), `${site.url}/api/admin${path}`, {
    method,
    headers: {
      'admin-key': ADMIN_KEY,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.text ? JSON.parse(res.text) : null, text: res.text };
}

interface Personalization {
  to: { email: string }[];
  subject?: string;
  substitutions?: Record<string, string>;
  custom_args?: Record<string, string>;
}
/** Each copy the provider would deliver: SendGrid fills every substitution key in subject and parts. */
function delivered() {
  return fake.messages.flatMap((m) =>
    (m.body.personalizations as Personalization[]).map((p) => {
      const fill = (s: string) =>
        Object.entries(p.substitutions ?? {}).reduce((out, [key, value]) => out.split(key).join(value), s);
      const parts = m.body.content as { type: string; value: string }[];
      return {
        to: p.to[0].email,
        campaign: p.custom_args?.campaign_id,
        subject: fill(String(p.subject ?? m.body.subject ?? '')),
        text: fill(parts.find((c) => c.type === 'text/plain')?.value ?? ''),
        html: fill(parts.find((c) => c.type === 'text/html')?.value ?? ''),
        substitutions: p.substitutions ?? {},
      };
    }),
  );
}
const copiesOf = (campaign: string) => delivered().filter((c) => c.campaign === campaign);
const mailTo = (email: string) => delivered().filter((c) => c.to === email && !c.campaign);
function linkIn(email: string, pattern: RegExp): string {
  for (const m of mailTo(email)) {
    const found = m.text.match(pattern);
    if (found) return found[0];
  }
  throw new Error(`No mail to ${email} with ${pattern}`);
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const form = (from: string, url: string, body: string) =>
  requestFrom(from, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });

const tag = Date.now().toString(36);
const MARKUP_NAME = 'Eve</title><a href="https://evil.example/x">claim</a>"\'&';
const people: { email: string; name: string }[] = [];

const homeOf = (i: number) => `127.0.70.${i + 1}`;

/** `count` confirmed waitlist subscribers, through the public forms and the mailed links. */
async function seed(count: number) {
  for (let i = 0; i < count; i++) {
    const person = { email: `rt3-${tag}-${i}@example.com`, name: i === 0 ? MARKUP_NAME : `Reader ${i}` };
    // Signed up and confirmed from one address: a confirmation takes the name typed where it is confirmed.
    const res = await postJson(`${site.url}/api/waitlist`, { name: person.name, email: person.email }, homeOf(i));
    expect(res.status, res.text).toBe(200);
    people.push(person);
  }
  for (const [i, p] of people.entries()) {
    await waitFor(
      () => mailTo(p.email).some((m) => m.text.includes('/api/confirm?token=')),
      30_000,
      () => `no confirmation mail to ${p.email}`,
    );
    const link = linkIn(p.email, /https?:\/\/[^\s"<>]+\/api\/confirm\?token=[^\s"<>]+/);
    const res = await form(homeOf(i), `${site.url}/api/confirm`, `token=${encodeURIComponent(tokenOf(link))}`);
    expect(res.status, res.text).toBe(200);
    await waitFor(
      () => mailTo(p.email).some((m) => m.text.includes('/api/unsubscribe?token=')),
      30_000,
      () => `no welcome mail to ${p.email}`,
    );
  }
}

async function createCampaign(body: object) {
  const res = await adminCall('POST', '/campaigns', body);
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string };
}
const view = async (id: string) => (await adminCall('GET', `/campaigns/${id}`)).json;
async function waitForStatus(id: string, status: string, timeoutMs = 60_000) {
  let last: { status?: string } = {};
  await waitFor(
    async () => (last = await view(id)).status === status,
    timeoutMs,
    () => `campaign ${id} is ${JSON.stringify(last)}, not ${status}`,
  );
  return last as Record<string, unknown>;
}
/** Runs a scheduled function now, as the tests may (the server's run token). */
const runScheduled = (name: string, token: string | null = readRunToken(site.root, Number(new URL(site.url).port))) =>
  requestFrom('127.0.0.1', `${site.url}/.netlify/functions/${name}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** A POST that declares `declared` bytes and sends `sent` of them, or streams chunks with no length. */
function bigPost(url: string, opts: { declared?: number; chunked?: number }): Promise<PlainResponse> {
  return new Promise((resolve) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(opts.declared ? { 'content-length': String(opts.declared) } : {}),
      },
    });
    let done = false;
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        done = true;
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
      });
    });
    req.on('error', () => !done && resolve({ status: -1, headers: {}, text: 'connection closed' }));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const total = opts.declared ? Math.min(opts.declared, 1024 * 1024) : (opts.chunked ?? 0);
    const pump = () => {
      while (!done && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!done && opts.chunked) req.end();
    };
    pump();
  });
}

beforeAll(async () => {
  fake = await startSendGridFake();
  site = await startServedSite('red-team-3', {
    LOCAL_MODE: 'true',
    SITE_LAUNCHED: 'true',
    EDGE_FUNCTIONS: 'off',
    ADMIN_KEY,
    SENDGRID_API_KEY: 'SG.served-red-team-3',
    SENDGRID_BASE_URL: fake.url,
    CAMPAIGN_BATCH_SIZE: '2',
  });
  await seed(8);
}, 240_000);
afterAll(async () => {
  await site?.remove();
  await fake?.close();
});

describe('the third red team, against the served site', () => {
  it('a cancelled campaign stays cancelled: pause and resume are refused, and nothing more goes out', async () => {
    fake.hold(1_500);
    try {
      const made = await createCampaign({ subject: 'Cancel me', body: 'C', audience: {} });
      expect((await adminCall('POST', `/campaigns/${made.id}/send`)).status).toBe(202);
      await waitFor(
        () => copiesOf(made.id).length > 0,
        30_000,
        () => 'the first batch never reached the provider',
      );
      // The first batch is still at the provider (its runner holds the job) when staff cancel.
      expect((await adminCall('POST', `/campaigns/${made.id}/cancel`)).status).toBe(200);
      const pause = await adminCall('POST', `/campaigns/${made.id}/pause`);
      expect(pause.status, pause.text).toBe(409);
      expect(pause.json.error.code).toBe('cancelled');
      expect((await adminCall('POST', `/campaigns/${made.id}/resume`)).status).toBe(409);
      expect((await adminCall('POST', `/campaigns/${made.id}/send`)).status).toBe(409);
      expect((await view(made.id)).status).toBe('cancelled');
      await waitForStatus(made.id, 'cancelled');
      fake.healthy();
      const atCancel = copiesOf(made.id).length;
      expect(atCancel).toBeLessThan(people.length);
      // Neither the resumer (crash recovery) nor a later resume sends one more copy.
      expect((await runScheduled('jobs-resume')).status).toBe(200);
      expect((await adminCall('POST', `/campaigns/${made.id}/resume`)).status).toBe(409);
      await new Promise((r) => setTimeout(r, 3_000));
      expect(copiesOf(made.id)).toHaveLength(atCancel);
      expect((await view(made.id)).status).toBe('cancelled');
    } finally {
      fake.healthy();
    }
  });

  it('markup in a name never reaches the HTML of any mail, in any placeholder', async () => {
    const eve = people[0].email;
    const made = await createCampaign({
      subject: 'Hi {{name}}, news',
      body: 'Dear **{{name}}**,\n\n[Leave]({{unsubscribeUrl}})',
      audience: {},
    });
    await adminCall('POST', `/campaigns/${made.id}/send`);
    await waitForStatus(made.id, 'sent');
    const wave = await createCampaign({
      kind: 'early-access',
      subject: 'Your pass, {{name}}',
      body: 'Hi {{name}}: [open]({{passUrl}}) or [leave]({{unsubscribeUrl}})',
      limit: 3,
      audience: {},
    });
    await adminCall('POST', `/campaigns/${wave.id}/send`);
    await waitForStatus(wave.id, 'sent');
    const test = await adminCall('POST', `/campaigns/${made.id}/test`, { to: `rt3-test-${tag}@example.com` });
    expect(test.status, test.text).toBe(202);
    await waitFor(
      () => mailTo(`rt3-test-${tag}@example.com`).length > 0,
      30_000,
      () => 'no test copy',
    );
    const mails = [...mailTo(eve), ...copiesOf(made.id), ...copiesOf(wave.id)].filter((m) => m.to === eve);
    expect(mails.length).toBeGreaterThanOrEqual(4); // confirmation, welcome, the campaign, the wave
    for (const m of mails) {
      expect(m.html, m.subject).not.toContain('<a href="https://evil.example');
      expect(m.html, m.subject).not.toContain('</title><a');
      expect(m.html, m.subject).not.toMatch(/\{\{\w+\}\}/);
    }
    // The name is there, escaped once: in the <title>, the greeting, and the subject header as typed.
    for (const m of [...copiesOf(made.id), ...copiesOf(wave.id)].filter((c) => c.to === eve)) {
      expect(m.html).toContain('Eve&lt;/title&gt;&lt;a href=&quot;https://evil.example/x&quot;&gt;claim&lt;/a&gt;');
      expect(m.html).not.toContain('&amp;lt;');
      expect(m.subject).toContain(MARKUP_NAME);
      expect(m.text).toContain(MARKUP_NAME);
    }
  });

  it('caps request bodies before reading them and refuses unsigned kicks and scheduled runs from outside', async () => {
    const bg = `${site.url}/.netlify/functions/jobs-background`;
    expect((await bigPost(bg, { declared: 200 * 1024 * 1024 })).status).toBe(413);
    // A body with no length is cut off at the cap: the client reads the 413, or sees the connection
    // closed while it is still sending (either way nothing past the cap was read or run).
    expect([413, -1]).toContain((await bigPost(bg, { chunked: 1024 * 1024 })).status);
    expect((await bigPost(`${site.url}/api/waitlist`, { declared: 7 * 1024 * 1024 })).status).toBe(413);
    expect([413, -1]).toContain((await bigPost(`${site.url}/api/waitlist`, { chunked: 8 * 1024 * 1024 })).status);
    const unsigned = await postJson(bg, { at: Date.now(), jobId: null, sig: 'x'.repeat(43) }, nextClient());
    expect(unsigned.status).toBe(401);
    for (const name of ['mail-queue', 'jobs-resume', 'storage-maintenance']) {
      expect((await runScheduled(name, null)).status, name).toBe(404);
      expect((await runScheduled(name, 'not-the-token')).status, name).toBe(404);
    }
    expect((await runScheduled('storage-maintenance')).status).toBe(200);
    expect((await requestFrom(nextClient(), `${site.url}/api/health`)).status).toBe(200);
  });

  it('a pass stops working once its holder unsubscribes or is deleted; staff see each use and network', async () => {
    const wave = await createCampaign({ kind: 'early-access', subject: 'Pass', body: 'B', limit: 3, audience: {} });
    await adminCall('POST', `/campaigns/${wave.id}/send`);
    await waitForStatus(wave.id, 'sent');
    const invited = copiesOf(wave.id);
    expect(invited).toHaveLength(3);
    const passOf = (c: (typeof invited)[number]) => c.substitutions['{{pass_url}}'];
    const open = (link: string, from: string, cookie?: string) =>
      requestFrom(from, `${site.url}/api/pass?token=${encodeURIComponent(tokenOf(link))}`, {
        headers: cookie ? { cookie } : {},
      });
    const check = (cookie: string, next = '/about') =>
      requestFrom(nextClient(), `${site.url}/api/pass/check?next=${encodeURIComponent(next)}`, { headers: { cookie } });
    const cookieOf = (res: PlainResponse) => String(res.headers['set-cookie']).split(';')[0];

    const [stays, leaves, deleted] = invited;
    // One pass opened from three networks: flagged for staff, each use listed.
    const first = await open(passOf(stays), '127.0.60.1');
    expect(first.status).toBe(303);
    await open(passOf(stays), '127.0.61.1');
    await open(passOf(stays), '127.0.62.1');
    const cookie = cookieOf(first);
    const back = await check(cookie, '/中');
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe('/%E4%B8%AD');
    // Odd values never leave the site nor reach /admin: dot segments resolve first (`/..//x` is `//x`).
    for (const odd of [
      '/..//evil.example',
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2e%2e//evil.example',
      '/%61dmin',
      '/%zz',
      '//evil.example',
      'https://evil.example/',
      '/\\evil.example',
    ]) {
      const res = await check(cookie, odd);
      expect(res.status, odd).toBe(303);
      expect(res.headers.location, odd).toBe('/');
    }

    const leaverOpen = await open(passOf(leaves), nextClient());
    expect(leaverOpen.status).toBe(303);
    const unsubscribe = linkIn(leaves.to, /https?:\/\/[^\s"<>]+\/api\/unsubscribe\?token=[^\s"<>]+/);
    const gone = await form(
      nextClient(),
      `${site.url}/api/unsubscribe`,
      `token=${encodeURIComponent(tokenOf(unsubscribe))}`,
    );
    expect(gone.status).toBe(200);
    expect((await open(passOf(leaves), nextClient())).status).toBe(403);
    const afterUnsub = await check(cookieOf(leaverOpen));
    expect(afterUnsub.status).toBe(303);
    expect(afterUnsub.headers.location).toBe('/join');

    const deletedOpen = await open(passOf(deleted), nextClient());
    const members = (await adminCall('GET', `/campaigns/${wave.id}/wave`)).json as {
      id: string;
      email: string;
      uses: { at: number; ip: string; network: string }[];
      networks: number;
      flagged: boolean;
    }[];
    const byEmail = new Map(members.map((m) => [m.email, m]));
    expect((await adminCall('DELETE', `/waitlist/${byEmail.get(deleted.to)!.id}`)).status).toBe(200);
    expect((await open(passOf(deleted), nextClient())).status).toBe(403);
    expect((await check(cookieOf(deletedOpen))).headers.location).toBe('/join');
    // The holder who stayed still gets in.
    expect((await check(cookie)).headers.location).toBe('/about');

    const mine = byEmail.get(stays.to)!;
    expect(mine.uses.map((u) => u.ip)).toEqual(['127.0.60.1', '127.0.61.1', '127.0.62.1']);
    expect(mine.networks).toBe(3);
    expect(mine.flagged).toBe(true);
    expect(byEmail.get(leaves.to)!.flagged).toBe(false);
  });

  it('refuses names and subjects with invisible or direction characters, and a pass link in a subject', async () => {
    for (const name of [
      'Eve\uFFF9x',
      'Eve\uFFFCx',
      'Eve\uFFFAx',
      'Eve\u200Bx',
      'Eve\u202Ex',
      'Eve \u0600123',
      'Eve\u{E0041}',
    ]) {
      const res = await postJson(
        `${site.url}/api/waitlist`,
        { name, email: `rt3-bad-${tag}@example.com` },
        nextClient(),
      );
      expect(res.status, JSON.stringify(name)).toBe(400);
    }
    for (const subject of [
      'Line\u2028break',
      'Para\u2029break',
      'Next\u0085line',
      'Evil \u202Egnp.exe',
      'Isolate \u2067x',
      'Zero\u200Bwidth',
      'Word\u2060joiner',
      'Your {{passUrl}}',
      'Your {{ passUrl }}',
      'Leave: {{unsubscribeUrl}}',
    ]) {
      const res = await adminCall('POST', '/campaigns', { kind: 'early-access', subject, body: 'B', limit: 1 });
      expect(res.status, JSON.stringify(subject)).toBe(400);
      expect(res.json.error.fields.subject).toBeTruthy();
    }
  });

  it('a forged Host header never chooses where the signed job kick goes', async () => {
    const kicks: string[] = [];
    const trap: Server = createServer((req, res) => {
      kicks.push(`${req.method} ${req.url}`);
      res.writeHead(202).end();
    });
    await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
    try {
      const trapHost = `127.0.0.1:${(trap.address() as AddressInfo).port}`;
      const made = await createCampaign({ subject: 'Host', body: 'H', audience: {} });
      const res = await adminCall('POST', `/campaigns/${made.id}/send`, undefined, { host: trapHost });
      expect(res.status, res.text).toBe(202);
      await waitForStatus(made.id, 'sent');
      expect(kicks).toEqual([]);
      // The shop's checkout link (and the server's own fetch of a download) use SITE_URL too: a Host
      // or X-Forwarded-Host naming another port or host never becomes the origin.
      for (const headers of [{ host: trapHost }, { host: 'localhost:1' }, { 'x-forwarded-host': trapHost }] as Record<
        string,
        string
      >[]) {
        const res = await requestFrom(nextClient(), `${site.url}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ items: [{ id: 'samsung-45w-power-adapter', quantity: 1 }] }),
        });
        expect(res.status, res.text).toBe(200);
        expect(new URL(JSON.parse(res.text).url).origin, JSON.stringify(headers)).toBe(site.url);
      }
      expect(kicks).toEqual([]);
    } finally {
      await new Promise((r) => trap.close(r));
    }
  });

  it('a second server on the same data folder refuses to start; the first keeps serving', async () => {
    const second = spawn(process.execPath, ['scripts/serve.mjs'], {
      cwd: ROOT,
      env: {
        PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
        HOME: process.env.HOME ?? '',
        SITE_ROOT: site.root,
        PORT: '0',
        LOCAL_MODE: 'true',
        EDGE_FUNCTIONS: 'off',
      },
    });
    let out = '';
    second.stdout.on('data', (d) => (out += d));
    second.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        second.kill('SIGKILL');
        resolve(null);
      }, 60_000);
      second.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code, out).toBe(1);
    expect(out).toMatch(/Another server \(pid \d+\) is already serving the data folder/);
    expect((await requestFrom(nextClient(), `${site.url}/api/health`)).status).toBe(200);
    const res = await postJson(
      `${site.url}/api/waitlist`,
      { name: 'After', email: `rt3-after-${tag}@example.com` },
      nextClient(),
    );
    expect(res.status, res.text).toBe(200);
  });
});
