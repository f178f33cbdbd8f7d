// Roles on every admin route, table-driven (docs/staff.md, "Roles"): each route of the admin API
// (ROUTES) is called by a viewer, an editor and an admin (real accounts, real signed session cookies)
// and with the owner key. A role below the route's level gets 403 `forbidden` and the stores are
// exactly as before (every key and ETag of every store); a role that reaches it never gets 401/403
// and never a 5xx. And each campaign records who created, sent, paused, resumed and cancelled it, in
// its own record, the archive (GET /api/admin/campaigns) and the campaign's view. And a sign-in link
// past its 15 minutes signs nobody in.
import { getStore, listStores } from '@netlify/blobs';
import { beforeAll, describe, expect, it } from 'vitest';
import admin from '../../netlify/functions/admin';
import { ROUTES } from '../../src/lib/composition/admin-api';
import { allows, permissionFor, type Role } from '../../src/lib/admin/roles';
import { createLinkToken, createStaff, LOGIN_LINK_TTL_MS } from '../../src/lib/admin/staff';
import { createSessionToken, SESSION_COOKIE } from '../../src/lib/admin/session';
import { readCampaign } from '../../src/lib/campaigns/store';
import { whoActed } from '../../src/lib/campaigns/model';
import { call, storeSignup } from './helpers';

const KEY = 'staff-roles-owner-key-5f2a';
let n = 0;
type Who = { cookie: string } | { key: string };
const owner: Who = { key: KEY };
const people = {} as Record<Role, { id: string; name: string; email: string; cookie: string }>;

const api = (who: Who, method: string, path: string, body?: unknown) =>
  call(admin, {
    ip: `198.19.${1 + (++n % 200)}.7`,
    method,
    path: `/api/admin${path}`,
    body,
    headers: 'key' in who ? { 'admin-key': who.key } : { cookie: who.cookie },
  });

beforeAll(async () => {
  process.env.ADMIN_KEY = KEY;
  const secrets = { secret: process.env.SESSION_SECRET!, adminKey: KEY };
  for (const role of ['viewer', 'editor', 'admin'] as const) {
    const name = `${role[0].toUpperCase()}${role.slice(1)} Person`;
    const member = await createStaff({ email: `${role}.person@example.com`, name, role, createdBy: 'owner key' });
    const { token } = await createSessionToken(secrets, { who: member!.id });
    people[role] = { id: member!.id, name, email: member!.email, cookie: `${SESSION_COOKIE}=${token}` };
  }
});

/** Every key and ETag of every store: what a refused call must leave exactly as it was. */
async function snapshot(): Promise<Record<string, string>> {
  const { stores } = await listStores();
  const out: Record<string, string> = {};
  for (const name of stores) {
    const { blobs } = await getStore({ name, consistency: 'strong' }).list();
    for (const b of blobs) out[`${name}/${b.key}`] = b.etag;
  }
  return out;
}

/** Real things for the routes to act on (a subscriber, a draft campaign, a staff account, an order id). */
async function targets() {
  const sub = await storeSignup(
    { list: 'waitlist', name: 'Target', email: 'target@example.com' },
    new Date().toISOString(),
  );
  const campaign = await api(owner, 'POST', '/campaigns', { subject: 'Roles', body: 'Hello {{name}}' });
  expect(campaign.status, campaign.text).toBe(201);
  const victim = await createStaff({
    email: 'victim@example.com',
    name: 'Victim',
    role: 'viewer',
    createdBy: 'owner key',
  });
  return { subscriber: sub.id, campaign: campaign.json.id as string, staff: victim!.id };
}

/** A concrete path and a valid body for a route. */
function request(route: { method: string; path: string }, t: Awaited<ReturnType<typeof targets>>) {
  const id = route.path.startsWith('/waitlist')
    ? t.subscriber
    : route.path.startsWith('/campaigns')
      ? t.campaign
      : route.path.startsWith('/staff')
        ? t.staff
        : route.path.startsWith('/email-templates')
          ? 'waitlist-confirmation'
          : 'no-such-thing-1';
  const path = route.path.replace(':id', id).replace(':n', '1');
  const bodies: Record<string, unknown> = {
    'POST /staff': { email: 'new.person@example.com', name: 'New Person', role: 'admin' },
    'PUT /staff/:id/role': { role: 'editor' },
    'POST /campaigns': { subject: 'Made', body: 'Hi {{name}}' },
    'POST /campaigns/audience': {},
    'POST /campaigns/:id/test': { to: 'copy@example.com' },
    'POST /campaigns/:id/revoke': {},
    'PUT /email-templates/:id': {
      subject: 'Changed, {{name}}',
      text_content: 'Hi {{name}}, {{interestMessage}} Unsubscribe: {{unsubscribeUrl}}',
      html_content: '<p>Hi {{name}}</p><p>{{interestMessage}}</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>',
    },
    'POST /mail-queue/retry': { key: 'x' },
    'POST /exports': {},
    'PUT /shop/stock/:id': { units: 3 },
    'POST /session/dev-mode': { devMode: true },
  };
  const key = `${route.method} ${route.path}`;
  return { path, body: key in bodies ? bodies[key] : route.method === 'GET' ? undefined : {} };
}

const staffRoutes = ROUTES.filter((r) => permissionFor(r.method, r.path).level !== 'public');

describe('roles on every admin route (viewer, editor, admin, owner key)', () => {
  it('only the sign-ins, logout and the session itself are public', () => {
    const open = ROUTES.filter((r) => permissionFor(r.method, r.path).level === 'public').map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(open.sort()).toEqual(
      [
        'POST /session',
        'DELETE /session',
        'GET /session',
        'POST /session/dev-mode',
        'POST /login',
        'GET /login/link',
        'POST /login/link',
      ].sort(),
    );
  });

  it('a role below the level gets 403 and changes nothing; a role that reaches it is never refused', async () => {
    const t = await targets();
    const refused: string[] = [];
    const before = await snapshot();
    expect(Object.keys(before).some((k) => k.startsWith(`campaigns/c/${t.campaign}`))).toBe(true);
    expect(Object.keys(before).some((k) => k.startsWith('staff/account/'))).toBe(true);
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      for (const route of staffRoutes) {
        const level = permissionFor(route.method, route.path).level;
        if (allows(role, level)) continue;
        const { path, body } = request(route, t);
        const res = await api({ cookie: people[role].cookie }, route.method, path, body);
        expect(res.status, `${role} ${route.method} ${route.path}: ${res.text}`).toBe(403);
        expect(res.json.error.code).toBe('forbidden');
        refused.push(`${role} ${route.method} ${route.path}`);
      }
    }
    // Every refusal left every store exactly as it was (no record, no audit entry, no mail, no job).
    expect(await snapshot()).toEqual(before);
    // A viewer is refused every route above its level; an admin nothing.
    expect(refused.filter((r) => r.startsWith('viewer')).length).toBe(
      staffRoutes.filter((r) => permissionFor(r.method, r.path).level !== 'viewer').length,
    );
    expect(refused.filter((r) => r.startsWith('admin'))).toEqual([]);
    expect(refused).toContain('editor POST /staff');
    expect(refused).toContain('editor GET /audit');
    expect(refused).toContain('viewer GET /waitlist.csv');
    expect(refused).toContain('viewer POST /campaigns/:id/send');

    // Allowed: never 401/403 and never a server error, for each role and the owner key.
    const callers: [string, Who, Role][] = [
      ['viewer', { cookie: people.viewer.cookie }, 'viewer'],
      ['editor', { cookie: people.editor.cookie }, 'editor'],
      ['admin', { cookie: people.admin.cookie }, 'admin'],
      ['owner key', owner, 'admin'],
    ];
    for (const [label, who, role] of callers) {
      for (const route of staffRoutes) {
        if (!allows(role, permissionFor(route.method, route.path).level)) continue;
        const { path, body } = request(route, t);
        const res = await api(who, route.method, path, body);
        expect([401, 403], `${label} ${route.method} ${path}: ${res.status} ${res.text}`).not.toContain(res.status);
        expect(res.status, `${label} ${route.method} ${path}: ${res.text}`).toBeLessThan(500);
      }
    }
  }, 120_000);
});

describe('each campaign records who acted on it', () => {
  it('created, sent, paused, resumed and cancelled by named staff or the owner key, in the record and the archive', async () => {
    const editor = { cookie: people.editor.cookie };
    const adminP = { cookie: people.admin.cookie };
    const viewer = { cookie: people.viewer.cookie };
    const made = await api(editor, 'POST', '/campaigns', { subject: 'Who acted', body: 'Hi {{name}}' });
    expect(made.status, made.text).toBe(201);
    const id = made.json.id as string;
    expect((await api(adminP, 'POST', `/campaigns/${id}/send`)).status).toBe(202);
    // A refused pause (a viewer) and one that does not apply (resume while sending) record nothing.
    expect((await api(viewer, 'POST', `/campaigns/${id}/pause`)).status).toBe(403);
    expect((await api(editor, 'POST', `/campaigns/${id}/resume`)).status).toBe(409);
    expect((await api(editor, 'POST', `/campaigns/${id}/pause`)).status).toBe(200);
    expect((await api(owner, 'POST', `/campaigns/${id}/resume`)).status).toBe(200);
    expect((await api(adminP, 'POST', `/campaigns/${id}/cancel`)).status).toBe(200);
    expect((await api(editor, 'POST', `/campaigns/${id}/cancel`)).status).toBe(409);

    const stored = (await readCampaign(id))!.campaign;
    expect(stored.actions!.map((a) => `${a.action} ${a.by.name} ${a.by.email ?? '-'}`)).toEqual([
      'create Editor Person editor.person@example.com',
      'send Admin Person admin.person@example.com',
      'pause Editor Person editor.person@example.com',
      'resume owner key -',
      'cancel Admin Person admin.person@example.com',
    ]);

    // The archive (what a viewer reads too) names them.
    const archive = await api(viewer, 'GET', '/campaigns');
    expect(archive.status).toBe(200);
    const listed = (archive.json as { id: string; actions: { action: string; by: { name: string } }[] }[]).find(
      (c) => c.id === id,
    )!;
    expect(listed.actions.map((a) => `${a.action} by ${a.by.name}`)).toEqual([
      'create by Editor Person',
      'send by Admin Person',
      'pause by Editor Person',
      'resume by owner key',
      'cancel by Admin Person',
    ]);
    expect(whoActed(listed as never)).toBe(
      'Created by Editor Person (editor) · sent by Admin Person (admin) · paused by Editor Person (editor) · resumed by owner key · cancelled by Admin Person (admin)',
    );

    // The trail names the campaign by its subject.
    const trail = await api(adminP, 'GET', `/audit?person=${people.editor.id}`);
    const made2 = (trail.json.entries as { action: string; target: { id: string; label?: string } }[]).find(
      (e) => e.action === 'campaign.create' && e.target.id === id,
    );
    expect(made2?.target.label).toBe(`campaign “Who acted” (${id})`);

    // A draft cancelled before it was sent, by the owner key.
    const draft = (await api(editor, 'POST', '/campaigns', { subject: 'Dropped', body: 'Hi' })).json.id as string;
    expect((await api(owner, 'POST', `/campaigns/${draft}/cancel`)).status).toBe(200);
    const view = await api(viewer, 'GET', `/campaigns/${draft}`);
    expect(whoActed(view.json)).toBe('Created by Editor Person (editor) · cancelled by owner key');
  });
});

describe('sign-in links', () => {
  it('an expired link shows why and signs nobody in, opened or pressed; a fresh one signs in once', async () => {
    const member = await createStaff({
      email: 'late@example.com',
      name: 'Late',
      role: 'viewer',
      createdBy: 'owner key',
    });
    const press = (token: string) =>
      call(admin, {
        method: 'POST',
        path: '/api/admin/login/link',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8888' },
        body: new URLSearchParams({ token }).toString(),
      });
    // Made 16 minutes ago with the 15-minute lifetime of a login link.
    const old = await createLinkToken(member!.id, LOGIN_LINK_TTL_MS, Date.now() - 16 * 60_000);
    const opened = await call(admin, { path: `/api/admin/login/link?token=${old}` });
    expect(opened.status).toBe(410);
    expect(opened.text).toContain('This sign-in link has expired');
    expect(opened.text).not.toContain('>Sign in</button>');
    const pressed = await press(old);
    expect(pressed.status).toBe(410);
    expect(pressed.headers.get('set-cookie') ?? '').not.toContain(`${SESSION_COOKIE}=v`);

    const fresh = await createLinkToken(member!.id, LOGIN_LINK_TTL_MS);
    expect((await call(admin, { path: `/api/admin/login/link?token=${fresh}` })).text).toContain('>Sign in</button>');
    const first = await press(fresh);
    expect(first.status).toBe(303);
    expect(first.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=v`);
    const second = await press(fresh);
    expect(second.status).toBe(400);
    expect(second.headers.get('set-cookie') ?? '').not.toContain(`${SESSION_COOKIE}=v`);
  });
});
