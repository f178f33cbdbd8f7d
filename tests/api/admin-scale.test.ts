// The staff screens at scale: paging, search and statistics answered from the index must equal a
// brute-force count over every stored record (the unit of truth), also after concurrent signups,
// deletes, merges and unsubscribes; an unreadable record is skipped and counted, never a 500; a
// signup costs the same number of Blobs requests whatever is stored.
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { getStore } from '@netlify/blobs';
import admin from '../../netlify/functions/admin';
import signups from '../../netlify/functions/signups';
import { markUnsubscribed, saveSignup, snapshotSubscriberStats, subscriberId } from '../../src/lib/subscribers/store';
import { bucketOf } from '../../src/lib/subscribers/index-keys';
import { CONSENT_FORMS, INTERESTS, type Interest } from '../../src/lib/signups/constants';
import { filterSubscribers, isListed, toAdminSubscriber } from '../../src/lib/admin/subscribers';
import { runMaintenance, type MaintenanceReport, type PassRun } from '../../src/lib/composition/maintenance';
import { takeSlot } from '../../src/lib/server/shared-ratelimit';
import {
  call,
  clearStore,
  startSendGridFake,
  storeKeys,
  useOutbox,
  useSendGrid,
  type CallResult,
  useEnv,
  storeSignup,
  inTurn,
  bruteForceDaily,
  storedSubscribers,
  statsOfRecords,
} from './helpers';
import type { Subscriber } from '../../src/lib/subscribers/record';

const KEY = 'api-test-admin-key-scale';
const auth = { 'admin-key': KEY };
useEnv({ ADMIN_KEY: KEY, SIGNUP_RATE_LIMIT: '100000', ADMIN_LOGIN_RATE_LIMIT: '100000' });
beforeEach(async () => {
  await Promise.all(['subscribers', 'subscriber-index', 'outbox', 'ratelimit'].map(clearStore));
});

/** What the index pass did in a maintenance run. */
const passOf = (report: MaintenanceReport) => report.steps['index pass'] as PassRun;

const api = (path: string) => call(admin, { path: `/api/admin${path}`, headers: auth, ip: '192.0.2.10' });

const SOURCES = ['', 'youtube', 'Reddit', 'instagram', 'newsletter', 'tiktok'];
const NAMES = ['Ada', 'Grace', 'Linus', 'Zoë', 'Ming', 'Priya', 'Tomás', ''];

/**
 * Deterministic varied subscribers spread over `days` days (several per hour bucket, gaps too):
 * five in six confirm through the store's own confirmation path, the rest stay pending.
 */
async function seedMany(count: number, { days = 6, tag = 's' } = {}) {
  const start = Date.parse('2026-05-01T00:00:00.000Z');
  const span = days * 86_400_000;
  const jobs = Array.from({ length: count }, (_, i) => async () => {
    const at = new Date(start + Math.floor((i * span) / count) + (i % 7) * 13).toISOString();
    const list = i % 5 === 4 ? 'newsletter' : 'waitlist';
    await storeSignup(
      {
        list,
        name: `${NAMES[i % NAMES.length]}${i % 3 === 0 ? ` ${tag}${i}` : ''}`,
        email: `${tag}${i}@${i % 2 ? 'example.com' : 'mail.example.org'}`,
        interest: INTERESTS[i % INTERESTS.length] as Interest,
        source: SOURCES[i % SOURCES.length],
      },
      at,
      i % 6 !== 5,
    );
  });
  await inTurn(jobs, 16);
}

/** Follows `Link: rel="next"` from `path` and returns every row, the totals seen and the page sizes. */
async function allPages(path: string) {
  const rows: any[] = [];
  const sizes: number[] = [];
  const totals = new Set<string | null>();
  // The totals a page gives as exact (no `X-Total-Exact: false`): the number of matches on all pages.
  const exactTotals = new Set<string | null>();
  let url: string | null = path;
  while (url) {
    const res: CallResult = await call(admin, { path: url, headers: auth, ip: '192.0.2.10' });
    expect(res.status, res.text).toBe(200);
    rows.push(...res.json);
    sizes.push(res.json.length);
    totals.add(res.headers.get('x-total-count'));
    if (res.headers.get('x-total-exact') !== 'false') exactTotals.add(res.headers.get('x-total-count'));
    const link: string | null = res.headers.get('link');
    url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : null;
    expect(sizes.length).toBeLessThan(100);
  }
  return { rows, sizes, totals: [...totals], exactTotals: [...exactTotals] };
}

/** Brute force over the records themselves (staff-deleted tombstones are not listed): newest first. */
async function bruteForce(records?: Subscriber[]) {
  return (records ?? (await storedSubscribers()))
    .filter(isListed)
    .map(toAdminSubscriber)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

async function expectExact(queries: string[]) {
  const records = await storedSubscribers();
  const truth = await bruteForce(records);
  const paged = await allPages('/api/admin/waitlist');
  expect(paged.totals).toEqual([String(truth.length)]);
  expect(paged.sizes.slice(0, -1).every((n) => n === 50)).toBe(true);
  expect(paged.rows.map((r) => r.id)).toHaveLength(new Set(paged.rows.map((r) => r.id)).size);
  expect(paged.rows.map((r) => r.createdAt)).toEqual(truth.map((r) => r.createdAt));
  expect(new Set(paged.rows.map((r) => r.id))).toEqual(new Set(truth.map((r) => r.id)));
  expect(paged.rows).toEqual(expect.arrayContaining(truth));

  for (const q of queries) {
    const expected = filterSubscribers(truth, q);
    // The table's way: each page as soon as it is full (its total may be an estimate), then the exact count.
    const fast = await allPages(`/api/admin/waitlist?q=${encodeURIComponent(q)}&limit=20`);
    // A later page counts from its cursor on: it never calls that the total (the table showed "60 of 10").
    for (const t of fast.exactTotals) expect(t, q).toBe(String(expected.length));
    expect(new Set(fast.rows.map((r) => r.id)), q).toEqual(new Set(expected.map((r) => r.id)));
    expect(
      fast.rows.map((r) => r.createdAt),
      q,
    ).toEqual(expected.map((r) => r.createdAt));
    const counted = await api(`/waitlist?q=${encodeURIComponent(q)}&limit=1&count=exact`);
    expect(counted.headers.get('x-total-count'), q).toBe(String(expected.length));
    expect(counted.headers.get('x-total-exact'), q).toBeNull();
    const got = await allPages(`/api/admin/waitlist?q=${encodeURIComponent(q)}&limit=20&count=exact`);
    expect(got.totals, q).toEqual([String(expected.length)]);
    expect(new Set(got.rows.map((r) => r.id)), q).toEqual(new Set(expected.map((r) => r.id)));
    expect(
      got.rows.map((r) => r.createdAt),
      q,
    ).toEqual(expected.map((r) => r.createdAt));
  }

  const stats = await api('/waitlist/stats');
  expect(stats.status).toBe(200);
  expect(stats.json).toEqual(statsOfRecords(records));
  expect(stats.json.daily).toEqual(bruteForceDaily(truth));
}

describe('paging, search and statistics equal a brute-force count', () => {
  it('over seeded data, with and without a snapshot, and after concurrent signups, deletes, merges and unsubscribes', async () => {
    await seedMany(140);
    const queries = [
      'ada',
      'EXAMPLE.COM',
      'reddit',
      'tech news',
      'tutorials',
      's1',
      'zoë',
      'nobody-matches',
      // What the table shows for empty values.
      'direct',
      'all',
      '-',
    ];
    // No snapshot yet: the first statistics call counts everything and writes one.
    await expectExact(queries);

    const report = await runMaintenance();
    expect(report.errors).toEqual([]);
    expect(passOf(report).finished?.repairs).toEqual({ indexed: 0, removed: 0, migrated: 0, unreadable: 0 });
    await expectExact(queries);

    // Concurrent traffic: new signups through the API, staff deletes, old records merged and unsubscribed.
    const truthBefore = await bruteForce();
    const victims = truthBefore.filter((_, i) => i % 9 === 0).slice(0, 20);
    const oldOnes = truthBefore.filter((_, i) => i % 9 === 4).slice(0, 10);
    const bursts = Array.from({ length: 30 }, (_, i) =>
      call(signups, {
        method: 'POST',
        path: '/api/waitlist',
        ip: `198.51.100.${i}`,
        body: {
          name: `Burst ${i}`,
          email: `burst${i}@example.net`,
          interests: INTERESTS[i % 4],
          source: i % 2 ? 'reddit' : '',
        },
      }),
    );
    const deletes = victims.map((v) =>
      call(admin, { method: 'DELETE', path: `/api/admin/waitlist/${v.id}`, headers: auth, ip: '192.0.2.11' }),
    );
    const merges = oldOnes.slice(0, 5).map((s) =>
      call(signups, {
        method: 'POST',
        path: '/api/waitlist',
        ip: '198.51.100.200',
        body: { name: s.name || 'Merged', email: s.email, interests: 'phone_recommendations' },
      }),
    );
    const unsubs = oldOnes.slice(5).map((s) => markUnsubscribed(s.id));
    const results = await Promise.all([...bursts, ...deletes, ...merges]);
    await Promise.all(unsubs);
    expect(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text}`)).toEqual([]);

    await expectExact([...queries, 'burst', 'phone']);
    // And once more after the next maintenance run folds the changes into a new snapshot.
    expect((await runMaintenance()).errors).toEqual([]);
    await expectExact(['burst']);
  }, 180_000);

  it('a complete e-mail address is looked up directly and matches exactly that address', async () => {
    await seedMany(40);
    const truth = await bruteForce();
    const target = truth[7];
    const res = await api(`/waitlist?q=${encodeURIComponent(target.email.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([target]);
    expect(res.headers.get('x-total-count')).toBe('1');
    expect(res.headers.get('link')).toBeNull();
    const none = await api('/waitlist?q=nobody%40example.com');
    expect(none.json).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  }, 60_000);

  it('long names and addresses (cut in the index key) are still found and counted', async () => {
    const email = `${'verylongaddress'.repeat(14)}-tail@example.com`;
    const name = `${'Long name '.repeat(9)}needle`;
    await saveSignup(
      {
        list: 'waitlist',
        name,
        email,
        interest: 'tech_news',
        source: `${'src'.repeat(30)}-end`,
        referrer: '',
        consent: {
          at: '2026-05-02T00:00:00.000Z',
          wording: CONSENT_FORMS.waitlist.wording,
          form: 'waitlist',
          page: '/join',
          source: '',
        },
        ipHash: '',
        wordingVersion: '',
      },
      '2026-05-02T00:00:00.000Z',
    );
    await seedMany(10);
    await expectExact(['needle', '-tail@', 'src-end']);
  }, 60_000);
});

describe('paging parameters and headers', () => {
  it('50 per page by default, Link to the next page, limit and cursor validated (400, nothing changed)', async () => {
    await seedMany(60);
    const first = await api('/waitlist');
    expect(first.json).toHaveLength(50);
    expect(first.headers.get('x-total-count')).toBe('60');
    expect(first.headers.get('link')).toMatch(/^<\/api\/admin\/waitlist\?cursor=[\w-]+>; rel="next"$/);
    const second = await api(/<([^>]+)>/.exec(first.headers.get('link')!)![1].replace('/api/admin', ''));
    expect(second.json).toHaveLength(10);
    expect(second.headers.get('link')).toBeNull();

    for (const bad of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'limit=-5',
      'cursor=not-a-cursor',
      'cursor=%00%01',
      `cursor=${'A'.repeat(500)}`,
    ]) {
      const res = await api(`/waitlist?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.error.code).toBe('invalid_input');
    }
    expect((await api('/waitlist?limit=5')).json).toHaveLength(5);
    expect(await storeKeys('subscribers')).toHaveLength(60);
  }, 60_000);
});

describe('status filter and sorting', () => {
  /** Every row of a filtered or sorted listing, following the Link header, with the totals seen. */
  async function expectListing(truth: Awaited<ReturnType<typeof bruteForce>>) {
    for (const status of ['pending', 'confirmed', 'unsubscribed'] as const) {
      const expected = truth.filter((s) => s.status === status);
      const got = await allPages(`/api/admin/waitlist?status=${status}&limit=7`);
      expect(got.totals, status).toEqual([String(expected.length)]);
      expect(
        got.rows.map((r) => r.id),
        status,
      ).toEqual(expected.map((r) => r.id));
      // With a search: both filters apply.
      const searched = await allPages(`/api/admin/waitlist?status=${status}&q=example.com&limit=7`);
      expect(searched.rows.map((r) => r.id)).toEqual(filterSubscribers(expected, 'example.com').map((r) => r.id));
    }
    const bounced = await api('/waitlist?status=bounced');
    expect(bounced.status).toBe(200);
    expect(bounced.json).toEqual([]);
    expect(bounced.headers.get('x-total-count')).toBe('0');

    const oldest = await allPages('/api/admin/waitlist?sort=oldest&limit=9');
    expect(oldest.totals).toEqual([String(truth.length)]);
    expect(oldest.rows.map((r) => r.createdAt)).toEqual([...truth].reverse().map((r) => r.createdAt));

    const byName = await allPages('/api/admin/waitlist?sort=name&status=confirmed&limit=9');
    const names = byName.rows.map((r) => r.name.trim());
    const named = names.filter((n) => n !== '');
    expect(named).toEqual([...named].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    // No name sorts last.
    expect(names.slice(named.length).every((n) => n === '')).toBe(true);
    expect(new Set(byName.rows.map((r) => r.id))).toEqual(
      new Set(truth.filter((s) => s.status === 'confirmed').map((r) => r.id)),
    );
  }

  it('each status, with and without a search, and each order equal the records, before and after a snapshot', async () => {
    await seedMany(90);
    const some = (await bruteForce()).filter((_, i) => i % 10 === 3);
    await Promise.all(some.map((s) => markUnsubscribed(s.id)));
    const truth = await bruteForce();
    expect(new Set(truth.map((s) => s.status))).toEqual(new Set(['pending', 'confirmed', 'unsubscribed']));
    await expectListing(truth);
    const run = await runMaintenance();
    expect(run.errors).toEqual([]);
    // The run also expires unconfirmed signups older than the pending expiry (these seeds are months
    // old): the listing follows the records as they are now.
    expect((run.steps['pending expiry'] as { expired: number }).expired).toBeGreaterThan(0);
    await expectListing(await bruteForce());

    for (const bad of ['status=gone', 'status=Confirmed', 'sort=random', 'sort=name%00']) {
      const res = await api(`/waitlist?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.error.code).toBe('invalid_input');
    }
  }, 120_000);
});

describe('an unreadable record never takes a screen down', () => {
  it('a 0-byte and an invalid record are skipped and counted in the list and stats, exported as the index holds them; staff can delete them', async () => {
    await seedMany(12);
    const truth = await bruteForce();
    const [empty, broken] = [truth[0], truth[1]];
    const records = getStore({ name: 'subscribers', consistency: 'strong' });
    await records.set(empty.id, ''); // what a torn write leaves behind
    await records.set(broken.id, '{"id": "x", "name": 5}');

    const list = await api('/waitlist');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-unreadable-count')).toBe('2');
    expect(list.json.map((r: { id: string }) => r.id)).not.toContain(empty.id);
    expect(list.json).toHaveLength(10);

    // The export writes rows from the index keys: a damaged record's row is the one its key holds
    // (what the record said at its last good write), so staff do not lose it from the file.
    const csv = await api('/waitlist.csv');
    expect(csv.status).toBe(200);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(13);
    expect(lines.filter((l) => l.includes(`"${empty.email}"`) || l.includes(`"${broken.email}"`))).toHaveLength(2);

    const stats = await api('/waitlist/stats');
    expect(stats.status).toBe(200);
    // Counted from the index: the records exist, damaged.
    const everyone = (json: { statusBreakdown: Record<string, number> }) =>
      Object.values(json.statusBreakdown).reduce((a, b) => a + b, 0);
    expect(everyone(stats.json)).toBe(12);

    const del = await call(admin, {
      method: 'DELETE',
      path: `/api/admin/waitlist/${empty.id}`,
      headers: auth,
      ip: '192.0.2.12',
    });
    expect(del.status).toBe(200);
    expect(await storeKeys('subscribers')).not.toContain(empty.id);
    // The maintenance run drops the index key of the record deleted by id.
    const run = await runMaintenance();
    expect(passOf(run).finished?.repairs).toMatchObject({ removed: 1 });
    // Unconfirmed signups older than the pending expiry (these seeds are months old) left in the same run.
    const expired = (run.steps['pending expiry'] as { expired: number }).expired;
    expect(everyone((await api('/waitlist/stats')).json)).toBe(11 - expired);
  }, 60_000);
});

describe('CSV export', () => {
  it('streams every row, newest first, equal to the records', async () => {
    await seedMany(130);
    const truth = await bruteForce();
    const res = await api('/waitlist.csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(truth.length + 1);
    expect(lines.slice(1).map((l) => l.split('","')[1])).toEqual(truth.map((s) => s.email));
    const searched = await api('/waitlist.csv?q=reddit');
    expect(searched.text.trimEnd().split('\r\n')).toHaveLength(filterSubscribers(truth, 'reddit').length + 1);
  }, 60_000);
});

describe('bounded storage', () => {
  /** The requests made to the Blobs server while `fn` runs (the real client uses global fetch). */
  async function blobRequests(fn: () => Promise<unknown>) {
    const original = globalThis.fetch;
    const seen: { method: string; store: string; url: URL }[] = [];
    const edge = JSON.parse(Buffer.from(process.env.NETLIFY_BLOBS_CONTEXT!, 'base64').toString()).edgeURL as string;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith(edge)) {
        const parsed = new URL(url);
        const store = decodeURIComponent(parsed.pathname.split('/')[2] ?? '').replace(/^site:/, '');
        const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
        seen.push({ method, store, url: parsed });
      }
      return original(input, init);
    }) as typeof fetch;
    try {
      await fn();
    } finally {
      globalThis.fetch = original;
    }
    return seen;
  }

  /** Requests to the Blobs server per store while `fn` runs. */
  async function countBlobs(fn: () => Promise<unknown>): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const r of await blobRequests(fn)) counts[r.store] = (counts[r.store] ?? 0) + 1;
    return counts;
  }
  const signup = (n: number) =>
    call(signups, {
      method: 'POST',
      path: '/api/waitlist',
      ip: `203.0.113.${n % 200}`,
      body: { name: `Op ${n}`, email: `op${n}@example.com`, interests: 'all' },
    });

  it('a new signup costs the same Blobs requests with 1 or 300 subscribers and 500 rate-limit hits stored', async () => {
    // Other tests' signups may fill this minute's send slots; the send rate is not under test here.
    process.env.MAIL_SEND_RATE_PER_MINUTE = '1000000';
    onTestFinished(() => void delete process.env.MAIL_SEND_RATE_PER_MINUTE);
    const small = await countBlobs(() => signup(1));
    await seedMany(300);
    await Promise.all(
      Array.from({ length: 500 }, (_, i) => takeSlot('mail-client', `10.0.${i % 250}.${i % 4}`, 100000, 60 * 60_000)),
    );
    const large = await countBlobs(() => signup(2));
    // The site-wide flood count writes once per SITE_BLOCK signups of an instance: 0 or 1 here.
    const perSignup = ({ ratelimit = 0, ...rest }: Record<string, number>) => ({ rest, ratelimit });
    expect(perSignup(large).rest).toEqual(perSignup(small).rest);
    expect(perSignup(large).ratelimit).toBeGreaterThanOrEqual(1);
    expect(perSignup(large).ratelimit).toBeLessThanOrEqual(2);
    // The record created with the link's nonce, then its ledger and mail status written on the ETag
    // of that write (no read); one index key; the mail queue's entry, written at a send slot of this
    // minute (recorded, claimed and counted against the send rate in one conditional write), and
    // its outcome marker; one outbox entry (no provider key here). Rate-limit slots: the network's
    // flood count, and the site's once per SITE_BLOCK signups (src/lib/signups/server/flood-limits.ts);
    // the record caps the confirmation request per address, the per-IP signup limit is in memory.
    // One read of the confirmation request's template, which staff can edit.
    expect(perSignup(large).rest).toEqual({
      subscribers: 2,
      'subscriber-index': 1,
      'mail-queue': 2,
      outbox: 1,
      'email-templates': 1,
    });
    // As on Netlify, with the real SendGrid client (here against a loopback fake): 7 or 8, no outbox.
    const sendgrid = await startSendGridFake();
    useSendGrid(sendgrid);
    try {
      const withSendGrid = perSignup(await countBlobs(() => signup(4)));
      expect(withSendGrid.rest).toEqual({
        subscribers: 2,
        'subscriber-index': 1,
        'mail-queue': 2,
        'email-templates': 1,
      });
      expect(withSendGrid.ratelimit).toBeGreaterThanOrEqual(1);
      expect(sendgrid.messages).toHaveLength(1);
    } finally {
      useOutbox();
      await sendgrid.close();
    }
  }, 120_000);

  it('the first page of the staff table reads only its rows and lists no prefix twice', async () => {
    await seedMany(150);
    // As on a running site: a statistics snapshot exists, and a signup came in since.
    expect((await api('/waitlist/stats')).status).toBe(200);
    expect((await signup(3)).status).toBe(200);
    let res: CallResult | undefined;
    const seen = await blobRequests(async () => {
      res = await call(admin, { path: '/api/admin/waitlist', headers: auth, ip: '192.0.2.10' });
    });
    expect(res?.status).toBe(200);
    expect(res?.json).toHaveLength(50);
    // A list is a GET of the store itself (no key), with its prefix in the query.
    const lists = seen.filter((r) => r.method === 'GET' && r.url.pathname.split('/').length === 3);
    const prefixes = lists.map((r) => `${r.store}:${r.url.searchParams.get('prefix')}`);
    expect(prefixes).toEqual([...new Set(prefixes)]);
    expect(seen.filter((r) => r.store === 'subscribers')).toHaveLength(50);
    // The admin-key header's check is 3 of them (the key limiter: list, slot, give back; docs/storage.md).
    expect(seen.filter((r) => r.store === 'ratelimit')).toHaveLength(3);
    expect(seen.length).toBeLessThanOrEqual(62);
  }, 60_000);

  it('a substring search reads the digest of the last snapshot, not the whole index', async () => {
    await seedMany(300);
    expect((await runMaintenance()).errors).toEqual([]);
    expect((await signup(5)).status).toBe(200);
    let res: CallResult | undefined;
    const seen = await blobRequests(async () => {
      res = await call(admin, { path: '/api/admin/waitlist?q=direct&limit=20', headers: auth, ip: '192.0.2.10' });
    });
    expect(res?.status).toBe(200);
    expect(res?.json).toHaveLength(20);
    const truth = filterSubscribers(await bruteForce(), 'direct');
    expect(res?.headers.get('x-total-count')).toBe(String(truth.length));
    const lists = seen.filter((r) => r.method === 'GET' && r.url.pathname.split('/').length === 3);
    // No list of the whole index (the hour folders are listed as folders): the snapshot, markers, the live hour.
    const keyLists = lists.filter((r) => r.url.searchParams.get('directories') !== 'true');
    expect(keyLists.map((r) => r.url.searchParams.get('prefix'))).not.toContain('t/');
    expect(seen.filter((r) => r.store === 'subscribers')).toHaveLength(20);
    expect(seen.length).toBeLessThanOrEqual(35);
  }, 60_000);

  it('in the first minutes of an hour the count reads the hour before from the list the page makes', async () => {
    // Subscribers in the newest hour and the hour before it, and a snapshot taken early in the
    // newest hour: the hour before is still live (LIVE_MARGIN_MS), so the count lists it again.
    const hour = 3_600_000;
    const hourStart = Math.floor(Date.now() / hour) * hour;
    const times = [hourStart - 40 * 60_000, hourStart - 20 * 60_000, Math.max(hourStart, Date.now() - 5000)];
    for (const [i, ms] of times.entries()) {
      const at = new Date(ms).toISOString();
      await saveSignup(
        {
          list: 'waitlist',
          name: `Edge ${i}`,
          email: `edge${i}@example.com`,
          interest: 'tech_news',
          source: 'youtube',
          referrer: '',
          consent: { at, wording: CONSENT_FORMS.waitlist.wording, form: 'waitlist', page: '/join', source: 'youtube' },
          ipHash: '',
          wordingVersion: '',
        },
        at,
      );
    }
    await seedMany(60);
    await snapshotSubscriberStats(Math.min(Date.now(), hourStart + 60_000));
    const previous = bucketOf(hourStart - 1);
    let res: CallResult | undefined;
    const seen = await blobRequests(async () => {
      res = await call(admin, { path: '/api/admin/waitlist', headers: auth, ip: '192.0.2.10' });
    });
    expect(res?.status).toBe(200);
    expect(res?.headers.get('x-total-count')).toBe(String((await bruteForce()).length));
    const lists = seen.filter((r) => r.method === 'GET' && r.url.pathname.split('/').length === 3);
    const prefixes = lists.map((r) => r.url.searchParams.get('prefix'));
    expect(prefixes).toEqual([...new Set(prefixes)]);
    // The hour before is read from its ten-hour range, the list the page makes when the newest hour
    // has fewer rows than a page (not a list of that one hour).
    expect(prefixes).not.toContain(`t/${previous}/`);
    expect(prefixes).toContain(`t/${previous.slice(0, 7)}`);
  }, 60_000);

  it('one maintenance run leaves no rate-limit blob of a closed window', async () => {
    const t0 = Date.now() - 5 * 60_000;
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        takeSlot('mail-client', `10.1.0.${i % 100}`, 100000, 60_000, t0 + (i % 3) * 60_000),
      ),
    );
    await takeSlot('mail-client', '10.1.1.1', 100000, 60_000);
    expect((await storeKeys('ratelimit')).length).toBe(301);
    await runMaintenance();
    const left = await storeKeys('ratelimit');
    expect(left.length).toBeGreaterThanOrEqual(1);
    expect(left.every((k) => Number(k.split('/')[0]) > Date.now() - 60_000)).toBe(true);
  }, 60_000);

  it('the outbox keeps 30 days and is read a page at a time with a next link', async () => {
    const outbox = getStore({ name: 'outbox', consistency: 'strong' });
    const entry = (iso: string, n: number) => ({
      id: `${iso}-${n}`,
      to: `o${n}@example.com`,
      from: 'x',
      subject: `S${n}`,
      text: 't',
      html: 'h',
      headers: {},
      kind: 'test',
      createdAt: iso,
    });
    const now = Date.now();
    const iso = (daysAgo: number, n: number) => new Date(now - daysAgo * 86_400_000 - n * 1000).toISOString();
    await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        outbox.setJSON(`${iso(1, n).slice(0, 10)}/${iso(1, n)}-${n}`, entry(iso(1, n), n)),
      ),
    );
    await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        outbox.setJSON(`${iso(40, n).slice(0, 10)}/${iso(40, n)}-${n}`, entry(iso(40, n), n)),
      ),
    );
    const first = await api('/outbox');
    expect(first.json.entries).toHaveLength(20);
    expect(first.json.retentionDays).toBe(30);
    const times = first.json.entries.map((e: { createdAt: string }) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const link = first.headers.get('link')!;
    expect(link).toMatch(/rel="next"$/);
    const second = await api(/<([^>]+)>/.exec(link)![1].replace('/api/admin', ''));
    expect(second.json.entries.length).toBe(10);
    expect(second.json.entries[0].createdAt < times[19]).toBe(true);
    expect((await api('/outbox?cursor=..%2F..%2Fetc')).status).toBe(400);

    await runMaintenance();
    expect(await storeKeys('outbox')).toHaveLength(25);
  }, 60_000);
});

it('subscriber ids stay the hash of the address (the index never replaces the record key)', async () => {
  await seedMany(3);
  const keys = await storeKeys('subscribers');
  expect(keys).toContain(await subscriberId('s0@mail.example.org'));
});
