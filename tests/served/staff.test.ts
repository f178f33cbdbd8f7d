// Named staff against the served site as `npm start` runs it (issue "Staff with names"): the owner key
// invites people, each signs in through the link mailed to them (read from the local outbox), the
// permission table refuses what a role may not do, a removal ends a live session (in the admin API and
// at the edge gate), a link works once, the login answer says nothing about who is staff, and the
// audit trail names the person behind each action. One site for the whole file (docs/staff.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_FORMS } from '../../src/lib/signups/constants';
import { requestFrom, startServedSite, waitFor, type PlainResponse, type ServedSite } from './served-site';

const OWNER_KEY = 'served-staff-owner-key-41c9';
let site: ServedSite;

beforeAll(async () => {
  // A send rate high enough that no sign-in mail of a burst waits for the queue's worker (the limits
  // test sends 30 links within seconds, and counts them in the outbox).
  site = await startServedSite('staff', {
    LOCAL_MODE: 'true',
    ADMIN_KEY: OWNER_KEY,
    SITE_LAUNCHED: 'false',
    MAIL_SEND_RATE_PER_MINUTE: '6000',
  });
}, 180_000);
afterAll(async () => {
  await site?.remove();
}, 60_000);

let client = 10;
/** A loopback address of its own per call: no per-address limit of another test can bite. */
const nextClient = () => `127.0.${1 + (Math.floor(client / 200) % 50)}.${1 + (client++ % 200)}`;

interface Answer {
  status: number;
  json: any;
  text: string;
  headers: PlainResponse['headers'];
}

/** One admin API call with the owner key, or with a staff member's cookie. */
async function call(who: { key: string } | { cookie: string }, method: string, path: string, body?: unknown) {
  const res = await requestFrom(nextClient(), `${site.url}/api/admin${path}`, {
    method,
    headers: {
      ...('key' in who ? { 'admin-key': who.key } : { cookie: who.cookie }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let json: unknown = null;
  try {
    json = res.text ? JSON.parse(res.text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text: res.text, headers: res.headers } as Answer;
}
const owner = { key: OWNER_KEY };

/** Every mail in the outbox to `email`, newest first (every page of it). */
async function mailsTo(email: string): Promise<{ to: string; text: string; subject: string }[]> {
  const found: { to: string; text: string; subject: string }[] = [];
  let cursor: string | null = null;
  do {
    const res = await call(owner, 'GET', `/outbox${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    found.push(...(res.json.entries as typeof found).filter((m) => m.to === email));
    cursor = res.json.next as string | null;
  } while (cursor);
  return found;
}

/** The path and query of the sign-in link in the newest mail to `email`, once there are `count` mails. */
async function mailedLink(email: string, count = 1): Promise<string> {
  await waitFor(
    async () => (await mailsTo(email)).length >= count,
    60_000,
    () => `${count} mail(s) to ${email}`,
  );
  const text = (await mailsTo(email))[0].text;
  const url = /https?:\/\/\S+\/api\/admin\/login\/link\?token=[\w-]+/.exec(text)?.[0];
  expect(url, `a sign-in link in the mail to ${email}`).toBeDefined();
  const { pathname, search } = new URL(url!);
  return `${pathname}${search}`;
}

/** Presses the link page's Sign in button (a plain form post from the site itself). */
function pressSignIn(link: string): Promise<PlainResponse> {
  const token = new URL(link, site.url).searchParams.get('token')!;
  return requestFrom(nextClient(), `${site.url}/api/admin/login/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
    body: new URLSearchParams({ token }).toString(),
  });
}

const cookieOf = (res: PlainResponse) => {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const pair = set.map((c) => c.split(';')[0]).find((c) => c.startsWith('mt_admin=') && c.length > 'mt_admin='.length);
  return pair ?? null;
};

/** A subscriber's id, after signing them up through the public form. */
async function signUp(email: string): Promise<string> {
  const res = await requestFrom(nextClient(), `${site.url}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Victoria',
      email,
      interests: 'tech_news',
      page: '/join',
      consentText: CONSENT_FORMS.waitlist.wording,
    }),
  });
  expect(res.status).toBe(200);
  const rows = await call(owner, 'GET', `/waitlist?q=${encodeURIComponent(email)}`);
  const row = (rows.json as { id: string; email: string }[]).find((r) => r.email === email);
  expect(row).toBeDefined();
  return row!.id;
}

interface Member {
  id: string;
  email: string;
  name: string;
  role: string;
  cookie: string;
}
const people: Record<'editor' | 'viewer' | 'admin', Member> = {} as never;

describe('staff accounts and sign-in', () => {
  it('the owner invites an editor, a viewer and an admin; each signs in through the mailed link, once', async () => {
    const invites = [
      { email: 'eddie.editor@example.com', name: 'Eddie Editor', role: 'editor' },
      { email: 'vera.viewer@example.com', name: 'Vera Viewer', role: 'viewer' },
      { email: 'ada.admin@example.com', name: 'Ada Admin', role: 'admin' },
    ] as const;
    for (const invite of invites) {
      const res = await call(owner, 'POST', '/staff', { ...invite, email: invite.email.toUpperCase() });
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({ email: invite.email, name: invite.name, role: invite.role });
      expect(res.json.id).toMatch(/^[\w-]{22}$/);
      people[invite.role] = { ...res.json, cookie: '' };
    }
    // The same address twice is refused; a fourth role does not exist.
    expect((await call(owner, 'POST', '/staff', invites[0])).status).toBe(409);
    const bad = await call(owner, 'POST', '/staff', { email: 'x@example.com', name: 'X', role: 'owner' });
    expect(bad.status).toBe(400);
    const list = await call(owner, 'GET', '/staff');
    expect((list.json as Member[]).map((m) => m.email).sort()).toEqual(invites.map((i) => i.email).sort());

    for (const role of ['editor', 'viewer', 'admin'] as const) {
      const person = people[role];
      const link = await mailedLink(person.email);
      // Opening the link (what a mail scanner does) shows the button and signs nobody in.
      const page = await requestFrom(nextClient(), `${site.url}${link}`);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/<button type="submit">Sign in<\/button>/);
      expect(cookieOf(page)).toBeNull();
      const again = await requestFrom(nextClient(), `${site.url}${link}`);
      expect(again.status).toBe(200); // still unused

      const pressed = await pressSignIn(link);
      expect(pressed.status).toBe(303);
      expect(pressed.headers.location).toBe('/admin');
      person.cookie = cookieOf(pressed)!;
      expect(person.cookie).toBeTruthy();
      const session = await call({ cookie: person.cookie }, 'GET', '/session');
      expect(session.status).toBe(200);
      expect(session.json).toMatchObject({ authenticated: true, role, name: person.name, staffId: person.id });

      // A used link does not sign in again, nor does it show the button.
      const reused = await pressSignIn(link);
      expect(reused.status).toBe(400);
      expect(cookieOf(reused)).toBeNull();
      expect((await requestFrom(nextClient(), `${site.url}${link}`)).text).not.toMatch(/>Sign in<\/button>/);
    }
    // A made-up token, and a post from another site, sign nobody in.
    const forged = await pressSignIn(`/api/admin/login/link?token=${'A'.repeat(43)}`);
    expect(forged.status).toBe(400);
    expect(cookieOf(forged)).toBeNull();
  });

  it('the login answer is the same for a stranger and for staff; only staff get a link', async () => {
    const ask = (email: string) =>
      requestFrom(nextClient(), `${site.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const before = (await mailsTo(people.editor.email)).length;
    const [stranger, staff] = [await ask('nobody.here@example.com'), await ask(people.editor.email)];
    expect(stranger.status).toBe(202);
    expect(staff.status).toBe(202);
    expect(staff.text).toBe(stranger.text);
    const shape = (r: PlainResponse) =>
      Object.keys(r.headers)
        .filter((h) => h !== 'date')
        .sort()
        .map((h) => `${h}: ${h === 'content-length' || h.startsWith('content-') ? r.headers[h] : ''}`);
    expect(shape(staff)).toEqual(shape(stranger));
    // The editor's link arrives; a stranger's address gets nothing.
    const link = await mailedLink(people.editor.email, before + 1);
    expect((await mailsTo('nobody.here@example.com')).length).toBe(0);
    // That login link signs in too (a second session for the same person).
    const pressed = await pressSignIn(link);
    expect(pressed.status).toBe(303);
    expect(cookieOf(pressed)).toBeTruthy();
    // A bad address is a 400 for anyone, before anything else.
    expect((await ask('not an address')).status).toBe(400);
  });
});

describe('login limits', () => {
  /** Asks for a link for `email` from `from`; returns the answer's text. */
  const ask = async (email: string, from: string) => {
    const res = await requestFrom(from, `${site.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(202);
    return res.text;
  };
  /** Waits until every earlier request was handled: a later request's link for the editor has arrived. */
  const settle = async () => {
    const before = (await mailsTo(people.editor.email)).length;
    await ask(people.editor.email, nextClient());
    await mailedLink(people.editor.email, before + 1);
  };

  it('per address: past 5 links in 15 minutes, no more mail, and the same answer', async () => {
    const res = await call(owner, 'POST', '/staff', { email: 'lim.address@example.com', name: 'Lim', role: 'viewer' });
    expect(res.status).toBe(201);
    await mailedLink('lim.address@example.com'); // the invitation counts toward nothing
    const answers = new Set<string>();
    for (let i = 0; i < 7; i++) answers.add(await ask('lim.address@example.com', `127.0.${100 + i}.9`));
    expect(answers.size).toBe(1);
    await settle();
    expect((await mailsTo('lim.address@example.com')).length).toBe(1 + 5);
  });

  it('per network (/24): a stranger asking for made-up addresses locks nobody out; past 30 links mailed, no more', async () => {
    const team = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((x) => `lim.net.${x}@example.com`);
    for (const email of team) {
      expect((await call(owner, 'POST', '/staff', { email, name: 'Net', role: 'viewer' })).status).toBe(201);
      await mailedLink(email); // the invitation counts toward nothing
    }
    // A stranger on the office network (other addresses in its /24) asks for 35 links for made-up
    // addresses: a colleague on the same network still gets theirs.
    for (let i = 0; i < 35; i++) await ask(`stranger${i}@example.com`, `127.0.200.${1 + i}`);
    await ask(team[0], '127.0.200.99');
    await mailedLink(team[0], 2);
    // Links mailed from that network: 1 so far, then 5 each to five more people and 4 to the last (30).
    for (const [i, email] of team.slice(1).entries()) {
      const times = i < 5 ? 5 : 4;
      for (let k = 0; k < times; k++) await ask(email, `127.0.200.${100 + k}`);
      await mailedLink(email, 1 + times);
    }
    // The 31st from that network mails nothing; the same person from another network gets a link.
    await ask(team[0], '127.0.200.150');
    await settle();
    expect((await mailsTo(team[0])).length).toBe(2);
    await ask(team[0], '127.0.201.1');
    await mailedLink(team[0], 3);
  });
});

describe('roles, enforced by the server', () => {
  it('a viewer reads but cannot export, change or send; each refusal changes nothing', async () => {
    const viewer = { cookie: people.viewer.cookie };
    const staffCount = (await call(owner, 'GET', '/staff')).json.length;
    const id = await signUp('viewer.target@example.com');
    for (const path of ['/waitlist', '/waitlist/stats', '/campaigns', '/mail-queue', '/email-templates']) {
      expect((await call(viewer, 'GET', path)).status, path).toBe(200);
    }
    const refused: [string, string, unknown?][] = [
      ['DELETE', `/waitlist/${id}`],
      ['POST', '/exports', {}],
      ['GET', '/waitlist.csv'],
      ['GET', `/waitlist/${id}/consent.csv`],
      ['POST', `/waitlist/${id}/send-email`],
      [
        'PUT',
        '/email-templates/waitlist',
        { subject: 'Hacked', textContent: 'x {{unsubscribeUrl}}', htmlContent: 'x {{unsubscribeUrl}}' },
      ],
      ['POST', '/campaigns', { subject: 'Hello', body: 'Hi {{name}}', audience: {} }],
      ['POST', '/mail-queue/retry', { key: 'x' }],
      ['POST', '/staff', { email: 'friend@example.com', name: 'Friend', role: 'admin' }],
      ['GET', '/staff'],
      ['GET', '/audit'],
      ['GET', '/outbox'],
    ];
    for (const [method, path, body] of refused) {
      const res = await call(viewer, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error.code).toBe('forbidden');
    }
    // Nothing changed: the subscriber is there, no campaign, no new staff account.
    const rows = await call(owner, 'GET', `/waitlist?q=viewer.target`);
    expect((rows.json as { id: string }[]).map((r) => r.id)).toEqual([id]);
    expect((await call(owner, 'GET', '/campaigns')).json).toEqual([]);
    expect((await call(owner, 'GET', '/staff')).json).toHaveLength(staffCount);
    const templates = await call(owner, 'GET', '/email-templates');
    expect(JSON.stringify(templates.json)).not.toContain('Hacked');
  });

  it('an editor deletes, exports and runs campaigns, but cannot manage staff or read the trail', async () => {
    const editor = { cookie: people.editor.cookie };
    const staffCount = (await call(owner, 'GET', '/staff')).json.length;
    for (const [method, path, body] of [
      ['POST', '/staff', { email: 'friend@example.com', name: 'Friend', role: 'admin' }],
      ['DELETE', `/staff/${people.viewer.id}`],
      ['GET', '/audit'],
      ['GET', '/outbox'],
    ] as [string, string, unknown?][]) {
      const res = await call(editor, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await call(owner, 'GET', '/staff')).json).toHaveLength(staffCount);
    // The viewer is still signed in: the editor's refused removal changed nothing.
    expect((await call({ cookie: people.viewer.cookie }, 'GET', '/session')).status).toBe(200);

    const id = await signUp('editor.target@example.com');
    const del = await call(editor, 'DELETE', `/waitlist/${id}`);
    expect(del.status, del.text).toBe(200);
    // The deleted subscriber's own record says who deleted them: in the proof of consent, and in the
    // timeline any signed-in person reads.
    const proof = await call(owner, 'GET', `/waitlist/${id}/consent.csv`);
    expect(proof.status).toBe(200);
    expect(proof.text).toContain('by Eddie Editor (editor)');
    const timeline = await call({ cookie: people.viewer.cookie }, 'GET', `/waitlist/${id}/history`);
    expect(timeline.status, timeline.text).toBe(200);
    const deleted = (timeline.json.history as { type: string; detail?: string }[]).find(
      (e) => e.type === 'staff-deleted',
    );
    expect(deleted?.detail).toContain('by Eddie Editor (editor)');
    const staffLines = (timeline.json.staff as { action: string; actor: { name: string } }[]).map(
      (e) => `${e.action} by ${e.actor.name}`,
    );
    expect(staffLines).toEqual(['subscriber.consent-proof by owner key', 'subscriber.delete by Eddie Editor']);
    expect((await call(editor, 'POST', '/exports', {})).status).toBe(202);

    const created = await call(editor, 'POST', '/campaigns', { subject: 'News', body: 'Hello {{name}}' });
    expect(created.status, created.text).toBe(201);
    const cancelled = await call(owner, 'POST', `/campaigns/${created.json.id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    const view = await call({ cookie: people.viewer.cookie }, 'GET', `/campaigns/${created.json.id}`);
    expect(view.status).toBe(200);
    const who = (view.json.staff as { action: string; actor: { name: string } }[]).map(
      (s) => `${s.action} by ${s.actor.name}`,
    );
    expect(who).toEqual(['campaign.cancel by owner key', 'campaign.create by Eddie Editor']);
    // The archive says it too, from the campaign's own record.
    const archive = await call({ cookie: people.viewer.cookie }, 'GET', '/campaigns');
    const listed = (archive.json as { id: string; actions: { action: string; by: { name: string } }[] }[]).find(
      (c) => c.id === created.json.id,
    );
    expect(listed?.actions.map((a) => `${a.action} by ${a.by.name}`)).toEqual([
      'create by Eddie Editor',
      'cancel by owner key',
    ]);
  });

  it('an admin manages staff and reads the trail, which nobody can delete from', async () => {
    const admin = { cookie: people.admin.cookie };
    expect((await call(admin, 'GET', '/staff')).status).toBe(200);
    // Nobody removes their own account (so the last named admin never goes by mistake).
    const self = await call(admin, 'DELETE', `/staff/${people.admin.id}`);
    expect(self.status).toBe(409);
    expect(self.json.error.code).toBe('cannot_remove_self');
    expect((await call(admin, 'GET', '/session')).status).toBe(200);
    expect((await call(admin, 'GET', '/audit')).status).toBe(200);
    // The trail is append-only: there is no way to delete from it, for anyone.
    for (const who of [admin, owner]) {
      expect((await call(who, 'DELETE', '/audit')).status).toBe(405);
      expect((await call(who, 'DELETE', '/audit/e')).status).toBe(404);
    }
  });
});

describe('the same session at the edge gate', () => {
  it('a staff session opens gated pages, and with dev mode the home page; a forged one opens nothing', async () => {
    const page = (path: string, cookie: string) =>
      requestFrom(nextClient(), `${site.url}${path}`, { headers: { cookie } });
    const editor = people.editor.cookie;
    expect((await page('/about', editor)).headers['x-gate']).toBe('admin-session');
    expect((await page('/', editor)).headers['x-gate']).not.toBe('dev-mode');
    const switched = await call({ cookie: editor }, 'POST', '/session/dev-mode', { devMode: true });
    expect(switched.status, switched.text).toBe(200);
    const devCookie = cookieOf(switched as unknown as PlainResponse)!;
    expect((await page('/', devCookie)).headers['x-gate']).toBe('dev-mode');
    expect((await call({ cookie: devCookie }, 'GET', '/session')).json).toMatchObject({
      devMode: true,
      role: 'editor',
    });
    // A cookie with another person's id in it fails its signature.
    const [v, exp, dev, sid, , sig] = devCookie.slice('mt_admin='.length).split('.');
    const forged = `mt_admin=${[v, exp, dev, sid, people.admin.id, sig].join('.')}`;
    expect((await page('/about', forged)).headers['x-gate']).not.toBe('admin-session');
    expect((await call({ cookie: forged }, 'GET', '/session')).status).toBe(401);
    people.editor.cookie = devCookie;
  });
});

describe('a role change', () => {
  it("takes effect at the person's next request, is recorded, and nobody changes their own", async () => {
    const editor = { cookie: people.editor.cookie };
    const admin = { cookie: people.admin.cookie };
    const exportAllowed = async () => (await call(editor, 'GET', '/waitlist.csv')).status;
    expect(await exportAllowed()).toBe(200);

    const down = await call(admin, 'PUT', `/staff/${people.editor.id}/role`, { role: 'viewer' });
    expect(down.status, down.text).toBe(200);
    expect(down.json).toMatchObject({ id: people.editor.id, role: 'viewer', previousRole: 'editor' });
    // The same live session: a viewer now, refused an export (and it changed nothing), reads still work.
    expect(await exportAllowed()).toBe(403);
    expect((await call(editor, 'GET', '/waitlist')).status).toBe(200);
    expect((await call(editor, 'GET', '/session')).json).toMatchObject({ role: 'viewer' });
    const listed = (await call(owner, 'GET', '/staff')).json as { id: string; role: string }[];
    expect(listed.find((m) => m.id === people.editor.id)?.role).toBe('viewer');

    // Refused, changing nothing: one's own role, a viewer changing someone's, a made-up role, nobody.
    const own = await call(admin, 'PUT', `/staff/${people.admin.id}/role`, { role: 'viewer' });
    expect([own.status, own.json.error.code]).toEqual([409, 'cannot_change_own_role']);
    expect((await call(editor, 'PUT', `/staff/${people.viewer.id}/role`, { role: 'admin' })).status).toBe(403);
    const bad = await call(admin, 'PUT', `/staff/${people.viewer.id}/role`, { role: 'owner' });
    expect([bad.status, bad.json.error.fields]).toEqual([400, { role: 'The role is admin, editor or viewer' }]);
    expect((await call(admin, 'PUT', '/staff/AAAAAAAAAAAAAAAAAAAAAA/role', { role: 'viewer' })).status).toBe(404);
    const after = (await call(owner, 'GET', '/staff')).json as { id: string; role: string }[];
    expect(Object.fromEntries(after.map((m) => [m.id, m.role]))).toMatchObject({
      [people.admin.id]: 'admin',
      [people.viewer.id]: 'viewer',
    });

    // Back to editor, by the owner key: exports work again in the same session.
    expect((await call(owner, 'PUT', `/staff/${people.editor.id}/role`, { role: 'editor' })).status).toBe(200);
    expect(await exportAllowed()).toBe(200);
    const trail = (await call(owner, 'GET', '/audit?limit=20')).json.entries as {
      actor: { name: string };
      action: string;
      target: { id: string; label?: string };
    }[];
    const changes = trail.filter((e) => e.action === 'staff.role').map((e) => `${e.actor.name}: ${e.target.label}`);
    expect(changes).toEqual([
      `owner key: Eddie Editor <${people.editor.email}> (viewer → editor)`,
      `Ada Admin: Eddie Editor <${people.editor.email}> (editor → viewer)`,
    ]);
  });
});

describe('removal', () => {
  it('ends a live session at once, in the API and at the pre-launch gate', async () => {
    const viewer = { cookie: people.viewer.cookie };
    const gated = () => requestFrom(nextClient(), `${site.url}/about`, { headers: { cookie: people.viewer.cookie } });
    expect((await gated()).headers['x-gate']).toBe('admin-session');
    expect((await call(viewer, 'GET', '/waitlist')).status).toBe(200);

    const removed = await call({ cookie: people.admin.cookie }, 'DELETE', `/staff/${people.viewer.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect((await call(viewer, 'GET', '/waitlist')).status).toBe(401);
    expect((await call(viewer, 'GET', '/session')).status).toBe(401);
    expect((await gated()).headers['x-gate']).not.toBe('admin-session');
    // Their address asks for a link in vain now.
    const before = (await mailsTo(people.viewer.email)).length;
    await requestFrom(nextClient(), `${site.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: people.viewer.email }),
    });
    // The editor's link (asked for after) arriving first proves the viewer's request was handled.
    const editorBefore = (await mailsTo(people.editor.email)).length;
    await requestFrom(nextClient(), `${site.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: people.editor.email }),
    });
    await mailedLink(people.editor.email, editorBefore + 1);
    expect((await mailsTo(people.viewer.email)).length).toBe(before);
  });
});

describe('audit trail', () => {
  it('names the person behind each action, newest first, and filters by person', async () => {
    const res = await call(owner, 'GET', '/audit?limit=100');
    expect(res.status).toBe(200);
    const entries = res.json.entries as {
      at: string;
      actor: { id: string; name: string };
      action: string;
      network: string;
      target: { type: string; id: string | null };
    }[];
    const line = (e: (typeof entries)[number]) => `${e.actor.name}: ${e.action}`;
    const lines = entries.map(line);
    for (const expected of [
      'owner key: staff.invite',
      'Eddie Editor: sign-in',
      'Vera Viewer: sign-in',
      'Ada Admin: sign-in',
      'Eddie Editor: subscriber.delete',
      'Eddie Editor: subscribers.export',
      'Eddie Editor: campaign.create',
      'owner key: campaign.cancel',
      'Ada Admin: staff.remove',
    ]) {
      expect(lines, expected).toContain(expected);
    }
    // Refused calls are not actions: nothing of the viewer's but signing in.
    expect(lines.filter((l) => l.startsWith('Vera Viewer'))).toEqual(['Vera Viewer: sign-in']);
    const times = entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(entries.every((e) => /^127\.\d+\.\d+\.0\/24$/.test(e.network))).toBe(true);
    const removal = entries.find((e) => e.action === 'staff.remove')!;
    expect(removal.target).toMatchObject({ type: 'staff', id: people.viewer.id });

    const mine = await call(owner, 'GET', `/audit?person=${people.editor.id}`);
    const theirs = mine.json.entries as typeof entries;
    expect(theirs.length).toBeGreaterThanOrEqual(4);
    expect(theirs.every((e) => e.actor.id === people.editor.id)).toBe(true);

    // Paging: two at a time reaches the same entries.
    const seen: string[] = [];
    let next: string | null = '/audit?limit=2';
    while (next) {
      const page: Answer = await call(owner, 'GET', next.replace(/^\/api\/admin/, ''));
      seen.push(...(page.json.entries as typeof entries).map(line));
      const link = /<([^>]+)>;\s*rel="next"/.exec(String(page.headers.link ?? ''))?.[1] ?? null;
      next = link;
    }
    expect(seen.slice(0, lines.length)).toEqual(lines);
  });
});
