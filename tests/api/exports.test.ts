// The CSV export as a background job (POST /api/admin/exports, GET /api/admin/exports/{id}, its files):
// the parts, decompressed and joined, equal a brute-force CSV of the records byte for byte, also when
// the job runs in many small steps, over several parts, after a runner died, and with two runners at
// once; the job mechanism's kick is signed; a cancelled export leaves no files.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { gunzipSync } from 'node:zlib';
import admin from '../../netlify/functions/admin';
import jobsBackground from '../../netlify/functions/jobs-background';
import { markUnsubscribed, tombstoneSubscriber } from '../../src/lib/subscribers/store';
import { INTERESTS, type Interest } from '../../src/lib/signups/constants';
import { keyIdOf } from '../../src/lib/subscribers/index-keys';
import { syncIndex } from '../../src/lib/subscribers/subscriber-index';
import { csvHeaderLine, csvRow } from '../../src/lib/admin/csv';
import { filterSubscribers, isListed, toAdminSubscriber } from '../../src/lib/admin/subscribers';
import { EXPORT_JOB, NEW_EXPORT, type ExportInput, type ExportState } from '../../src/lib/admin/export-job';
import { jobsNeedingRunner, pruneJobs, readJob, runJob, runPending, startJob } from '../../src/lib/composition/jobs';
import { claim, STALE_MS } from '../../src/lib/jobs/model';
import { replaceJob } from '../../src/lib/jobs/store';
import { signKick, verifyKick } from '../../src/lib/jobs/kick';
import { resumeJobs } from '../../src/lib/composition/jobs-resume';
import { subscribersCsvStream } from '../../src/lib/admin/listing';
import { HttpError } from '../../src/lib/server/http';
import { call, clearStore, storeKeys, useEnv, storeSignup, inTurn, storedSubscribers } from './helpers';

const KEY = 'api-test-admin-key-exports';
const auth = { 'admin-key': KEY };
useEnv({ ADMIN_KEY: KEY, ADMIN_LOGIN_RATE_LIMIT: '100000' });
beforeEach(async () => {
  await Promise.all(['subscribers', 'subscriber-index', 'jobs', 'exports'].map(clearStore));
});

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  call(admin, { path: `/api/admin${path}`, headers: auth, ip: '192.0.2.30', ...init });

const SOURCES = ['', 'youtube', ' Reddit ', 'instagram', '=cmd', 'tiktok'];

/**
 * Varied subscribers over 5 days: pending, confirmed, unsubscribed, deleted; long referrers (left out
 * of the key), long names (text cut), accents, formula-looking values, equal signup times.
 */
async function seed(count: number) {
  const start = Date.parse('2026-05-01T00:00:00.000Z');
  const jobs = Array.from({ length: count }, (_, i) => async () => {
    const at = new Date(start + Math.floor((i * 5 * 86_400_000) / count) - (i % 5 === 0 ? 0 : i % 3)).toISOString();
    const list = i % 4 === 3 ? 'newsletter' : 'waitlist';
    const source = SOURCES[i % SOURCES.length];
    const name = i % 17 === 0 ? `${'Très long nom '.repeat(8)}${i}` : i % 9 === 0 ? '' : `Zoë "Q" ${i}`;
    const subscriber = await storeSignup(
      {
        list,
        name,
        email: `x${i}@${i % 2 ? 'example.com' : 'mail.example.org'}`,
        interest: INTERESTS[i % INTERESTS.length] as Interest,
        source,
        referrer:
          i % 7 === 0 ? `https://ref.example/${'p'.repeat(150)}?i=${i}` : i % 2 ? 'https://www.google.com/' : '',
      },
      at,
      i % 6 !== 5,
    );
    if (i % 11 === 4) await markUnsubscribed(subscriber.id, new Date(Date.parse(at) + 120_000).toISOString());
    if (i % 13 === 6) await tombstoneSubscriber(subscriber.id);
  });
  await inTurn(jobs, 12);
}

/** The CSV computed from the records alone: listed subscribers, newest first (equal times: by key id), filtered by q. */
async function bruteForceCsv(q = '') {
  const subs = (await storedSubscribers())
    .filter(isListed)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (keyIdOf(a.id) < keyIdOf(b.id) ? -1 : 1))
    .map(toAdminSubscriber);
  const rows = q ? filterSubscribers(subs, q) : subs;
  return { csv: csvHeaderLine() + rows.map(csvRow).join(''), rows: rows.length };
}

/** Every part of a finished export, downloaded through the API, decompressed and joined. */
async function download(id: string) {
  const status = await api(`/exports/${id}`);
  expect(status.status).toBe(200);
  expect(status.json.status).toBe('done');
  let text = '';
  for (const file of status.json.files as { url: string; bytes: number }[]) {
    const res = await admin(new Request(new URL(file.url, 'http://localhost:8888'), { headers: auth }), {
      ip: '192.0.2.30',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(file.bytes);
    expect(body.length).toBeLessThan(6 * 1024 * 1024);
    text += gunzipSync(body).toString('utf8');
  }
  return { text, status: status.json };
}

const runAll = () => runPending({ deadline: Date.now() + 60_000, retryDelayMs: 0 });

describe('the export job', () => {
  it('POST starts it (202), the runner writes it, and the parts joined equal the brute-force CSV byte for byte', async () => {
    await seed(90);
    for (const q of ['', 'example.com', 'direct', 'reddit', 'x17@mail.example.org', 'nobody-matches']) {
      const started = await api('/exports', { method: 'POST', body: q ? { q } : {} });
      expect(started.status, started.text).toBe(202);
      expect(started.json.id).toMatch(/^export-/);
      const running = await api(`/exports/${started.json.id}`);
      expect(running.json).toMatchObject({ id: started.json.id, status: 'running', rows: 0, files: [] });
      await runAll();
      const { text, status } = await download(started.json.id);
      const truth = await bruteForceCsv(q);
      expect(text, q).toBe(truth.csv);
      expect(status).toMatchObject({ rows: truth.rows, total: truth.rows });
    }
    // The synchronous download of a small list is the same file (Response.text() drops the byte-order mark).
    const direct = await admin(
      new Request('http://localhost:8888/api/admin/waitlist.csv?q=reddit', { headers: auth }),
      {
        ip: '192.0.2.30',
      },
    );
    expect(Buffer.from(await direct.arrayBuffer()).toString('utf8')).toBe((await bruteForceCsv('reddit')).csv);
  }, 120_000);

  it('in many small steps and several parts, after a runner died mid-way, and with two runners at once', async () => {
    await seed(70);
    const truth = await bruteForceCsv();
    const input: ExportInput = { q: '', stepKeys: 7, partBytes: 700 };
    // A runner that stops after each step (its deadline has passed): the job is handed back every time.
    const job = (await startJob<ExportState, ExportInput>(EXPORT_JOB, input, NEW_EXPORT))!;
    const outcomes = [];
    for (let i = 0; i < 200; i++) {
      const outcome = await runJob(job.id, { deadline: 0 });
      outcomes.push(outcome);
      if (outcome === 'done') break;
    }
    expect(outcomes.length).toBeGreaterThan(5);
    expect(outcomes.slice(0, -1).every((o) => o === 'yielded')).toBe(true);
    const done = await download(job.id);
    expect(done.status.files.length).toBeGreaterThan(2);
    expect(done.text).toBe(truth.csv);
    // Only the part versions the job counts are left.
    expect(await storeKeys('exports')).toHaveLength(done.status.files.length);

    // A runner that died holding the job: once its heartbeat is stale, another runner goes on from the checkpoint.
    const second = (await startJob<ExportState, ExportInput>(EXPORT_JOB, input, NEW_EXPORT))!;
    await runJob(second.id, { deadline: 0 });
    await runJob(second.id, { deadline: 0 });
    const stored = (await readJob(second.id))!;
    await replaceJob(claim(stored.job, 'dead-runner', Date.now() - STALE_MS - 1_000), stored.etag);
    expect(await runJob(second.id, { deadline: Date.now() + 60_000 })).toBe('done');
    expect((await download(second.id)).text).toBe(truth.csv);

    // Two runners at once: one holds the job, the other finds it busy; the file is written once.
    const third = (await startJob<ExportState, ExportInput>(EXPORT_JOB, input, NEW_EXPORT))!;
    const both = await Promise.all([
      runJob(third.id, { deadline: Date.now() + 60_000, runnerId: 'a' }),
      runJob(third.id, { deadline: Date.now() + 60_000, runnerId: 'b' }),
    ]);
    expect(both.sort()).toEqual(['busy', 'done']);
    expect((await download(third.id)).text).toBe(truth.csv);
  }, 120_000);

  it('stays exact right after signups, unsubscribes and deletes, and skips a deleted subscriber whose key a late write put back', async () => {
    await seed(40);
    const subs = (await storedSubscribers()).filter(isListed);
    const victim = subs[3];
    const before = subs[3];
    await tombstoneSubscriber(victim.id);
    // A write in flight during the delete lands its index change afterwards.
    await syncIndex(null, before);
    await markUnsubscribed(subs[5].id);
    const started = await api('/exports', { method: 'POST', body: {} });
    await runAll();
    const { text } = await download(started.json.id);
    expect(text).toBe((await bruteForceCsv()).csv);
    expect(text).not.toContain(victim.email);
  }, 60_000);

  it('answers bad input and unknown exports in the shared error shape, and a cancelled export leaves no files', async () => {
    for (const body of ['{"q": 5}', `{"q": "${'x'.repeat(201)}"}`, 'not json']) {
      const res = await api('/exports', { method: 'POST', body });
      expect(res.status, body).toBe(400);
      expect(res.json.error.code).toMatch(/^invalid_/);
    }
    expect(await storeKeys('jobs')).toEqual([]);
    for (const path of ['/exports/export-nope-00', '/exports/..%2F..', '/exports/index-pass', '/exports/x/files/1']) {
      const res = await api(path);
      expect(res.status, path).toBe(404);
      expect(res.json.error.code).toBe('not_found');
    }
    expect((await call(admin, { path: '/api/admin/exports', method: 'POST', body: {} })).status).toBe(401);

    await seed(12);
    const started = await api('/exports', { method: 'POST' });
    expect(started.status).toBe(202);
    expect((await api(`/exports/${started.json.id}/files/1`)).status).toBe(404); // not written yet
    await runJob(started.json.id, { deadline: 0 }); // the plan and the header
    const cancelled = await api(`/exports/${started.json.id}`, { method: 'DELETE' });
    expect(cancelled.json).toMatchObject({ status: 'failed', error: 'Cancelled.' });
    expect(await storeKeys('exports')).toEqual([]);
    expect(await runJob(started.json.id, { deadline: Date.now() + 10_000 })).toBe('busy');
  }, 60_000);
});

describe('retention', () => {
  it('an export and its files are deleted by the maintenance run three days after it finished, not before', async () => {
    await seed(6);
    const started = await api('/exports', { method: 'POST', body: {} });
    await runAll();
    expect((await download(started.json.id)).status.files).toHaveLength(1);
    const running = (await startJob<ExportState, ExportInput>(EXPORT_JOB, { q: '' }, NEW_EXPORT))!;
    const day = 86_400_000;
    expect(await pruneJobs(Date.now() + 2 * day)).toBe(0);
    expect(await storeKeys('exports')).toHaveLength(1);
    expect(await pruneJobs(Date.now() + 4 * day)).toBe(1);
    expect(await storeKeys('exports')).toEqual([]);
    expect((await api(`/exports/${started.json.id}`)).status).toBe(404);
    // A job that has not finished is never deleted, however old.
    expect((await readJob(running.id))?.job.status).toBe('queued');
  }, 60_000);
});

describe('the synchronous download', () => {
  it('answers 413 export_too_large, before sending anything, when the list is larger than it may carry', async () => {
    await seed(12);
    const rows = (await bruteForceCsv()).rows;
    const refused = await subscribersCsvStream('', undefined, rows - 1).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 413, code: 'export_too_large' });
    expect((refused as HttpError).message).toContain('/api/admin/exports');
    // At the limit it is the same file as the export job.
    const stream = await subscribersCsvStream('', undefined, rows);
    expect(Buffer.from(await new Response(stream).arrayBuffer()).toString('utf8')).toBe((await bruteForceCsv()).csv);
  }, 60_000);
});

describe('starting and resuming the runner', () => {
  it('the background function runs nothing for an unsigned, forged or stale kick', async () => {
    await seed(5);
    const job = (await startJob<ExportState, ExportInput>(EXPORT_JOB, { q: '' }, NEW_EXPORT))!;
    const kick = (body: unknown) =>
      jobsBackground(
        new Request('http://localhost:8888/.netlify/functions/jobs-background', {
          method: 'POST',
          body: JSON.stringify(body),
        }),
      );
    const good = await signKick(job.id);
    for (const bad of [
      {},
      { ...good, sig: 'A'.repeat(43) },
      { ...good, jobId: 'export-other-00' },
      await signKick(job.id, Date.now() - 10 * 60_000),
    ]) {
      expect((await kick(bad)).status).toBe(401);
    }
    expect((await readJob(job.id))!.job.status).toBe('queued');
    expect(await verifyKick(good)).toBe(job.id);
    expect((await kick(good)).status).toBe(204);
    expect((await readJob(job.id))!.job.status).toBe('done');
  }, 60_000);

  it('the scheduled resumer finds a job whose runner died and, when the runner cannot be reached, runs it itself', async () => {
    await seed(8);
    const job = (await startJob<ExportState, ExportInput>(EXPORT_JOB, { q: '' }, NEW_EXPORT))!;
    // Just created and kicked: not yet anybody's to resume.
    expect(await jobsNeedingRunner()).toEqual([]);
    const stored = (await readJob(job.id))!;
    await replaceJob(claim(stored.job, 'dead-runner', Date.now() - STALE_MS - 1_000), stored.etag);
    expect(await jobsNeedingRunner()).toEqual([job.id]);
    // Nothing listens at the site's address: the resumer runs a slice itself.
    vi.stubEnv('SITE_URL', 'http://127.0.0.1:9');
    const report = await resumeJobs().finally(() => vi.unstubAllEnvs());
    expect(report).toMatchObject({ waiting: [job.id], kicked: false, ran: { [job.id]: 'done' } });
    expect(await jobsNeedingRunner()).toEqual([]);
  }, 60_000);
});
