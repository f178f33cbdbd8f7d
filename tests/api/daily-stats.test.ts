// Signups and confirmations per day (the chart on the Statistics tab) equal a brute-force count over
// the records: read from the hour buckets' tallies and the hours changed since, so an old subscriber's
// confirmation lands on its own day; a snapshot written without the counts by day is counted afresh.
import { beforeEach, describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import admin from '../../netlify/functions/admin';
import signups from '../../netlify/functions/signups';
import { markUnsubscribed } from '../../src/lib/subscribers/store';
import { INTERESTS, type Interest } from '../../src/lib/signups/constants';
import { isListed, toAdminSubscriber } from '../../src/lib/admin/subscribers';
import { runMaintenance } from '../../src/lib/composition/maintenance';
import { PENDING_EXPIRY_MS } from '../../src/lib/subscribers/expiry';
import {
  bruteForceDaily,
  call,
  clearStore,
  confirmSeeded,
  inTurn,
  storeKeys,
  storeSignup,
  torontoDate,
  useEnv,
  storedSubscribers,
} from './helpers';

const KEY = 'api-test-admin-key-daily';
const auth = { 'admin-key': KEY };
useEnv({ ADMIN_KEY: KEY, SIGNUP_RATE_LIMIT: '100000', ADMIN_LOGIN_RATE_LIMIT: '100000' });
beforeEach(async () => {
  await Promise.all(['subscribers', 'subscriber-index', 'outbox', 'ratelimit', 'jobs'].map(clearStore));
});

const api = (path: string) => call(admin, { path: `/api/admin${path}`, headers: auth, ip: '192.0.2.10' });

/** Every listed subscriber as the records say. */
async function bruteForce() {
  return (await storedSubscribers()).filter(isListed).map(toAdminSubscriber);
}

describe('signups and confirmations per day (the statistics chart)', () => {
  const DAY = 86_400_000;
  const daily = async () => {
    const res = await api('/waitlist/stats');
    expect(res.status).toBe(200);
    return res.json.daily as { day: string; signups: number; confirmations: number }[];
  };
  const expectDaily = async () => {
    const got = await daily();
    expect(got).toEqual(bruteForceDaily(await bruteForce()));
    return got;
  };
  const on = (figures: { day: string; confirmations: number }[], day: string) =>
    figures.find((f) => f.day === day)!.confirmations;
  const snapshots = async () => (await storeKeys('subscriber-index')).filter((k) => k.startsWith('s/')).sort();

  it('equal a brute-force count over the records, also after old subscribers confirm, unsubscribe or are deleted, and from a snapshot written without them', async () => {
    const now = Date.now();
    // 100 subscribers over the last 100 days (the oldest ten before the chart's 90 days), several an
    // hour apart on some days; a quarter stay pending, the others confirm a minute, a day and a half
    // or a few days after signing up (never later than now).
    const seeds = Array.from({ length: 100 }, (_, i) => ({
      seed: { name: `Day ${i}`, email: `day${i}@example.com`, interest: INTERESTS[i % 4] as Interest, source: 'yt' },
      signedAt: now - (100 - i) * DAY + (i % 5) * 3 * 3_600_000 - 3_600_000,
      confirmAfter: [null, 60_000, 36 * 3_600_000, (i % 7) * DAY][i % 4],
    }));
    const ids = new Map<string, string>();
    await inTurn(
      seeds.map(({ seed, signedAt, confirmAfter }) => async () => {
        const sub = await storeSignup(seed, new Date(signedAt).toISOString(), false);
        ids.set(seed.email, sub.id);
        if (confirmAfter !== null)
          await confirmSeeded(seed, sub.id, new Date(Math.min(signedAt + confirmAfter, now - 60_000)).toISOString());
      }),
      8,
    );
    // No snapshot: the first call counts everything and writes one.
    const first = await expectDaily();
    expect(first.reduce((n, f) => n + f.signups, 0)).toBeGreaterThan(80);
    expect(first.reduce((n, f) => n + f.confirmations, 0)).toBeGreaterThan(60);
    expect((await runMaintenance()).errors).toEqual([]);
    const before = await expectDaily();

    // After the snapshot: subscribers who signed up before it (in hours the snapshot holds)
    // confirm yesterday; an old confirmed one unsubscribes, another is deleted; a new signup arrives.
    // Midday yesterday in Toronto (17:00 UTC is noon or 1 p.m. there).
    const yesterday = Date.parse(
      `${new Date(Date.parse(torontoDate(now)) - DAY).toISOString().slice(0, 10)}T17:00:00Z`,
    );
    // Only signups younger than the pending expiry can still confirm: older unconfirmed ones were expired
    // by the maintenance run above (docs/storage.md, "Expiry of unconfirmed signups").
    const old = seeds.filter((s) => s.confirmAfter === null && now - s.signedAt < PENDING_EXPIRY_MS).slice(0, 3);
    expect(old.length).toBeGreaterThan(0);
    for (const s of old) await confirmSeeded(s.seed, ids.get(s.seed.email)!, new Date(yesterday).toISOString());
    await markUnsubscribed(ids.get(seeds[21].seed.email)!);
    const deleted = seeds[25];
    const del = await call(admin, {
      method: 'DELETE',
      path: `/api/admin/waitlist/${ids.get(deleted.seed.email)}`,
      headers: auth,
      ip: '192.0.2.11',
    });
    expect(del.status).toBe(200);
    const joined = await call(signups, {
      method: 'POST',
      path: '/api/waitlist',
      ip: '198.51.100.77',
      body: { name: 'Today', email: 'today@example.net', interests: 'all' },
    });
    expect(joined.status).toBe(200);

    const after = await expectDaily();
    // The three confirmations land on yesterday's date, though their keys live in hours months old.
    const confirmedDay = torontoDate(yesterday);
    expect(after.at(-2)!.day).toBe(confirmedDay);
    expect(on(after, confirmedDay)).toBe(on(before, confirmedDay) + old.length);
    expect(after.reduce((n, f) => n + f.signups, 0)).toBe(before.reduce((n, f) => n + f.signups, 0));

    // A snapshot written before the counts by day existed: its tallies lack them. The statistics count
    // afresh (and write a new snapshot), never show its hours as zeros.
    const index = getStore({ name: 'subscriber-index', consistency: 'strong' });
    const [newest] = await snapshots();
    const snapshot = (await index.get(newest, { type: 'json' })) as { buckets: Record<string, object> };
    for (const t of Object.values(snapshot.buckets)) {
      delete (t as { signupDays?: unknown }).signupDays;
      delete (t as { confirmationDays?: unknown }).confirmationDays;
    }
    await index.setJSON(newest, snapshot);
    await expectDaily();
    expect((await snapshots())[0]).not.toBe(newest);
    await expectDaily();

    // And once the next maintenance run folds the changes into its snapshot.
    expect((await runMaintenance()).errors).toEqual([]);
    await expectDaily();
  }, 180_000);
});
