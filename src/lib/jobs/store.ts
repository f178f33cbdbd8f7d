/**
 * Jobs in Netlify Blobs (store `jobs`): one blob per job, `j/<id>`, always written conditionally (a
 * new job with `onlyIfNew`, every later write with `onlyIfMatch` on the ETag the writer read), and an
 * empty marker `a/<id>` while the job is not final, so the scheduled resumer lists only live jobs.
 * Server only. The model: model.ts; docs/jobs.md.
 */
import { getStore } from '@netlify/blobs';
import { isFinal, type Job } from './model';

export const JOBS_STORE = 'jobs';
const JOB_PREFIX = 'j/';
const ACTIVE_PREFIX = 'a/';

/** Job ids: lower-case letters, digits and dashes (they appear in URLs and keys). */
export const JOB_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;

const store = () => getStore({ name: JOBS_STORE, consistency: 'strong' });

/** A job as read, with the ETag a conditional write needs. */
export interface StoredJob<S = unknown, I = unknown, R = unknown> {
  job: Job<S, I, R>;
  etag: string;
}

/** A new job id: its type, the time (base 36) and a random part. */
export function newJobId(type: string, now = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(5));
  return `${type}-${now.toString(36)}-${Array.from(random, (b) => b.toString(36).padStart(2, '0')).join('')}`;
}

/** The job `id`, or null when there is none (or it cannot be read: logged). */
export async function readJob<S = unknown, I = unknown, R = unknown>(id: string): Promise<StoredJob<S, I, R> | null> {
  if (!JOB_ID.test(id)) return null;
  const found = await store().getWithMetadata(`${JOB_PREFIX}${id}`, { type: 'text' });
  if (!found?.data || !found.etag) return null;
  try {
    const job = JSON.parse(found.data) as Job<S, I, R>;
    if (job && job.id === id && typeof job.type === 'string') return { job, etag: found.etag };
  } catch {
    /* logged below */
  }
  console.error(`[jobs] job ${id} is unreadable: skipped`);
  return null;
}

/** Stores a new job (and its live marker); null when a job with its id exists already. */
export async function createJob<S, I, R>(job: Job<S, I, R>): Promise<StoredJob<S, I, R> | null> {
  const s = store();
  // The marker first: a job whose marker write failed would never be resumed.
  await s.set(`${ACTIVE_PREFIX}${job.id}`, '');
  const written = await s.setJSON(`${JOB_PREFIX}${job.id}`, job, { onlyIfNew: true });
  if (!written.modified) return null;
  return { job, etag: written.etag ?? '' };
}

/**
 * Writes `job` over the version with `etag` (null when it changed since: nothing written). A final
 * job loses its live marker.
 */
export async function replaceJob<S, I, R>(job: Job<S, I, R>, etag: string): Promise<StoredJob<S, I, R> | null> {
  const s = store();
  const written = await s.setJSON(`${JOB_PREFIX}${job.id}`, job, { onlyIfMatch: etag });
  if (!written.modified) return null;
  if (isFinal(job)) await s.delete(`${ACTIVE_PREFIX}${job.id}`).catch(() => undefined);
  return { job, etag: written.etag ?? '' };
}

/**
 * Read-modify-write of a job that loses no concurrent change: `change` returns the new record, or
 * null to leave it. Returns the job as it is after (null when there is no such job).
 */
export async function updateJob<S, I, R>(
  id: string,
  change: (job: Job<S, I, R>) => Job<S, I, R> | null,
): Promise<Job<S, I, R> | null> {
  for (let attempt = 0; attempt < 16; attempt++) {
    const found = await readJob<S, I, R>(id);
    if (!found) return null;
    const next = change(found.job);
    if (!next) return found.job;
    if (await replaceJob(next, found.etag)) return next;
    await new Promise((r) => setTimeout(r, Math.random() * 20 * (attempt + 1)));
  }
  throw new Error(`Job ${id} changed 16 times while being updated; nothing written.`);
}

/** Ids of the jobs that are not final (their live markers). */
export async function activeJobIds(): Promise<string[]> {
  const { blobs } = await store().list({ prefix: ACTIVE_PREFIX });
  return blobs.map((b) => b.key.slice(ACTIVE_PREFIX.length)).filter((id) => JOB_ID.test(id));
}

/** Marks a job live again (a failed job that staff resumed). */
export async function markActive(id: string): Promise<void> {
  await store().set(`${ACTIVE_PREFIX}${id}`, '');
}

/** Forgets a job that is not live any more (its marker). */
export async function dropActive(id: string): Promise<void> {
  await store().delete(`${ACTIVE_PREFIX}${id}`);
}

/** Ids of every stored job. */
export async function allJobIds(): Promise<string[]> {
  const { blobs } = await store().list({ prefix: JOB_PREFIX });
  return blobs.map((b) => b.key.slice(JOB_PREFIX.length));
}

/** Deletes a job record and its marker. */
export async function deleteJob(id: string): Promise<void> {
  const s = store();
  await Promise.all([s.delete(`${JOB_PREFIX}${id}`), s.delete(`${ACTIVE_PREFIX}${id}`)]);
}
