// Maintenance at any size: the index pass does one bounded slice per run, continues where the last
// run stopped, and converges to the same index as a pass made in one go (the keys the records call
// for), repairing missing, stray, duplicate and old-layout keys and a deleted subscriber's key put
// back by a late write; statistics and search stay exact while a pass is under way. Its health is in
// the staff API and, for staff only, in /api/health.
import { beforeEach, describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import admin from '../../netlify/functions/admin';
import health from '../../netlify/functions/health';
import signups from '../../netlify/functions/signups';
import { config as maintenanceConfig } from '../../netlify/functions/storage-maintenance';
import { markUnsubscribed, tombstoneSubscriber } from '../../src/lib/subscribers/store';
import { INTERESTS, type Interest } from '../../src/lib/signups/constants';
import { subscriberIndexKeys } from '../../src/lib/subscribers/index-keys';
import { syncIndex } from '../../src/lib/subscribers/subscriber-index';
import { filterSubscribers, isListed, toAdminSubscriber } from '../../src/lib/admin/subscribers';
import {
  MAINTENANCE_SCHEDULE,
  runIndexPass,
  runMaintenance,
  type PassRun,
} from '../../src/lib/composition/maintenance';
import {
  bruteForceDaily,
  call,
  clearStore,
  statsOfRecords,
  storeKeys,
  useEnv,
  storeSignup,
  storedSubscribers,
} from './helpers';

const KEY = 'api-test-admin-key-maintenance';
const auth = { 'admin-key': KEY };
useEnv({ ADMIN_KEY: KEY, ADMIN_LOGIN_RATE_LIMIT: '100000', SIGNUP_RATE_LIMIT: '100000' });
const reset = () => Promise.all(['subscribers', 'subscriber-index', 'jobs', 'maintenance', 'outbox'].map(clearStore));
beforeEach(reset);

const index = () => getStore({ name: 'subscriber-index', consistency: 'strong' });
const api = (path: string) => call(admin, { path: `/api/admin${path}`, headers: auth, ip: '192.0.2.40' });

/** The same subscribers every time (fixed times and addresses), over three days. */
async function seed(count: number) {
  const start = Date.parse('2026-04-01T00:00:00.000Z');
  for (let i = 0; i < count; i++) {
    const at = new Date(start + Math.floor((i * 3 * 86_400_000) / count)).toISOString();
    await storeSignup(
      {
        name: i % 8 === 0 ? '' : `Tremblay ${i}`,
        email: `m${i}@example.com`,
        interest: INTERESTS[i % INTERESTS.length] as Interest,
        source: ['', 'youtube', 'reddit'][i % 3],
      },
      at,
      i % 4 !== 3,
    );
  }
}

/** The same damage every time: every kind of fault the pass repairs. */
async function damage() {
  const subs = (await storedSubscribers()).sort((a, b) => a.email.localeCompare(b.email));
  const s = index();
  // Records without their key (a crash between the record write and the index write).
  for (const sub of subs.slice(0, 3)) for (const k of subscriberIndexKeys(sub)) await s.delete(k);
  // A second, stale key for a record (two concurrent updates whose index writes crossed).
  for (const sub of subs.slice(3, 5)) for (const k of subscriberIndexKeys({ ...sub, list: 'both' })) await s.set(k, '');
  // A key whose record is gone (a record deleted by id).
  await getStore({ name: 'subscribers', consistency: 'strong' }).delete(subs[5].id);
  // Keys in the layout from before the times part (written by an older version of the site).
  for (const sub of subs.slice(6, 10)) {
    const [key] = subscriberIndexKeys(sub);
    const [head, facets] = [key.split('.').slice(0, 2).join('.'), key.split('.')[2].replace(/[tr]+$/, '')];
    const text = Buffer.from(JSON.stringify([sub.name, sub.email, sub.source.trim()]))
      .toString('base64url')
      .replace(/=+$/, '');
    await s.delete(key);
    await s.set(`${head}.${facets}.${text}`, '');
  }
  // A deleted subscriber whose key a write in flight put back after the delete.
  await tombstoneSubscriber(subs[10].id);
  await syncIndex(null, subs[10]);
}

/** The index the records call for: one key per live record. */
async function idealIndex() {
  return (await storedSubscribers()).flatMap((s) => subscriberIndexKeys(s)).sort();
}
const indexKeys = async () => (await storeKeys('subscriber-index')).filter((k) => k.startsWith('t/')).sort();

/** Statistics and a few searches equal a brute-force count over the records. */
async function expectExact() {
  const records = await storedSubscribers();
  const truth = records.filter(isListed).map(toAdminSubscriber);
  const stats = await api('/waitlist/stats');
  expect(stats.json).toEqual(statsOfRecords(records));
  expect(stats.json.daily).toEqual(bruteForceDaily(truth));
  for (const q of ['tremblay', 'direct', 'all', 'youtube', '-', 'm1']) {
    const res = await api(`/waitlist?q=${encodeURIComponent(q)}&limit=200`);
    expect(res.headers.get('x-total-count'), q).toBe(String(filterSubscribers(truth, q).length));
    expect(new Set(res.json.map((r: { id: string }) => r.id)), q).toEqual(
      new Set(filterSubscribers(truth, q).map((s) => s.id)),
    );
  }
}

describe('the index pass', () => {
  it('resumes across runs, one bounded slice each, and converges to the same index as a pass made in one go', async () => {
    await seed(60);
    await damage();
    expect(await indexKeys()).not.toEqual(await idealIndex());
    // Runs with no time to spare: each makes exactly one step and the next goes on from its checkpoint.
    const runs: PassRun[] = [];
    while (!runs.at(-1)?.finished) {
      runs.push(await runIndexPass(0, { sliceRows: 9 }));
      expect(runs.length).toBeLessThan(100);
    }
    expect(runs.length).toBeGreaterThan(16);
    expect(runs.every((r) => r.steps === 1)).toBe(true);
    const progress = runs.map((r) => r.progress.done);
    expect(progress.slice(0, -1)).toEqual([...progress.slice(0, -1)].sort((a, b) => a - b));
    const finished = runs.at(-1)!.finished!;
    expect(finished.runs).toBe(runs.length);
    expect(finished.repairs).toEqual({ indexed: 3, removed: 4, migrated: 4, unreadable: 0 });
    const sliced = await indexKeys();
    expect(sliced).toEqual(await idealIndex());
    await expectExact();

    // The same store and damage, one pass in one go.
    await reset();
    await seed(60);
    await damage();
    const whole = await runIndexPass(Date.now() + 120_000, { sliceRows: 5_000 });
    expect(whole.finished?.runs).toBe(1);
    expect(whole.finished?.repairs).toEqual(finished.repairs);
    expect(await indexKeys()).toEqual(sliced);
  }, 180_000);

  it('statistics and search stay exact while a pass is under way and after it, with signups, unsubscribes and deletes between its runs', async () => {
    await seed(40);
    await runIndexPass(Date.now() + 60_000); // a first snapshot with its search digest
    await expectExact();
    const subs = (await storedSubscribers()).sort((a, b) => a.email.localeCompare(b.email));
    let n = 0;
    let run: PassRun | undefined;
    do {
      run = await runIndexPass(0, { sliceRows: 7 });
      // Between runs: a new signup, an old subscriber unsubscribes, another is deleted.
      const signup = await call(signups, {
        method: 'POST',
        path: '/api/waitlist',
        ip: `198.51.100.${n}`,
        body: {
          name: `Between ${n}`,
          email: `between${n}@example.net`,
          interests: 'all',
          source: n % 2 ? 'reddit' : '',
        },
      });
      expect(signup.status).toBe(200);
      if (n < 20) {
        await markUnsubscribed(subs[n].id);
        await tombstoneSubscriber(subs[20 + n].id);
      }
      await expectExact();
      n++;
    } while (!run.finished && n < 60);
    expect(n).toBeGreaterThan(10);
    expect(run.finished).not.toBeNull();
    await runIndexPass(Date.now() + 60_000);
    await expectExact();
  }, 240_000);
});

describe('maintenance runs and their health', () => {
  it('a run goes through every step; staff see the runs, the pass and the last full pass; the public health answer does not', async () => {
    expect(maintenanceConfig.schedule).toBe(MAINTENANCE_SCHEDULE);
    await seed(10);
    const report = await runMaintenance();
    expect(report.errors).toEqual([]);
    expect(Object.keys(report.steps)).toEqual([
      'rate limits',
      'outbox',
      'mail queue',
      'stops',
      'jobs',
      'mail events',
      'shop refunds',
      'pending expiry',
      'index pass',
    ]);
    // The two seeded signups never confirmed (April) are long past their link: expired, their keys gone.
    expect(report.steps['pending expiry']).toEqual({ candidates: 2, checked: 2, expired: 2 });
    const expired = (await storedSubscribers()).filter((s) => s.history.at(-1)?.type === 'expired');
    expect(expired).toHaveLength(2);
    for (const s of expired) expect(s).toMatchObject({ name: '', email: '', deletedAt: expect.any(String) });
    // The confirmed ones, as old, are untouched.
    expect((await storedSubscribers()).filter((s) => !s.deletedAt)).toHaveLength(8);
    expect((report.steps['index pass'] as PassRun).finished).toMatchObject({ runs: 1, records: 10, keys: 8 });

    const res = await api('/maintenance');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      schedule: MAINTENANCE_SCHEDULE,
      runs: [{ errors: [], passSteps: expect.any(Number) }],
      lastFullPass: { runs: 1, records: 10, repairs: { indexed: 0, removed: 0, migrated: 0, unreadable: 0 } },
      slice: { keysPerStep: 5_000, partitions: 16 },
    });
    expect(res.json.runs[0].ms).toBeGreaterThanOrEqual(0);

    const healthOf = (headers: Record<string, string>) =>
      call(health, { path: '/api/health', headers, ip: '192.0.2.41' });
    const publicAnswer = await healthOf({});
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.json.maintenance).toBeUndefined();
    expect((await healthOf({ 'admin-key': 'wrong' })).json.maintenance).toBeUndefined();
    const staffAnswer = await healthOf(auth);
    expect(staffAnswer.json.maintenance).toMatchObject({ lastFullPass: { records: 10 } });
  }, 60_000);
});
