/**
 * The admin API: exports. Subscriber CSV: the direct download and the background export job with its files.
 * Each route: the router has authorised the caller (src/lib/admin/roles.ts); the route validates its input,
 * acts, and responds. Server only.
 */
import { ADMIN_PREFIX, type Route } from './routes';
import { HttpError, json, readJson } from '../../server/http';
import { csvFileName } from '../../admin/csv';
import { parseListQuery, subscribersCsvStream } from '../../admin/listing';
import { exportRequestSchema, type ExportStatus } from '../../admin/schemas';
import { readJob, requestJob, startJob } from '../jobs';
import { kickJobs } from '../../jobs/kick';
import type { Job } from '../../jobs/model';
import {
  EXPORT_JOB,
  exportPart,
  NEW_EXPORT,
  type ExportInput,
  type ExportResult,
  type ExportState,
} from '../../admin/export-job';

type ExportJob = Job<ExportState, ExportInput, ExportResult>;

/** An export job, or 404. */
async function existingExport(id: string): Promise<ExportJob> {
  const found = await readJob<ExportState, ExportInput, ExportResult>(id);
  if (!found || found.job.type !== EXPORT_JOB) throw new HttpError(404, 'not_found', 'No export with this id.');
  return found.job;
}

/** What GET /api/admin/exports/{id} answers for a job. */
function exportStatus(job: ExportJob): ExportStatus {
  const status =
    job.status === 'done' ? 'done' : job.status === 'failed' || job.status === 'cancelled' ? 'failed' : 'running';
  return {
    id: job.id,
    status,
    rows: job.state.rows,
    total: Math.max(job.progress.total ?? 0, job.state.rows),
    files:
      job.result?.parts.map((p) => ({
        url: `${ADMIN_PREFIX}/exports/${job.id}/files/${p.part}`,
        bytes: p.bytes,
        rows: p.rows,
      })) ?? [],
    createdAt: new Date(job.createdAt).toISOString(),
    finishedAt: job.finishedAt === null ? null : new Date(job.finishedAt).toISOString(),
    error:
      job.status === 'cancelled' ? 'Cancelled.' : job.status === 'failed' ? (job.error ?? 'The export failed.') : null,
  };
}

/** File name of part `n` of an export: the file name of the whole export, numbered when there are several parts. */
function partFileName(job: ExportJob, n: number): string {
  const name = job.result?.fileName ?? csvFileName(new Date(job.createdAt), job.input.q !== '');
  const count = job.result?.parts.length ?? 1;
  return count > 1 ? name.replace(/\.csv$/, `-part-${n}-of-${count}.csv`) : name;
}

export const EXPORTS_ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/waitlist.csv',
    auth: true,
    async run(req) {
      const { q } = parseListQuery(new URL(req.url));
      return new Response(await subscribersCsvStream(q), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${csvFileName(new Date(), q !== '')}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    },
  },
  {
    method: 'POST',
    path: '/exports',
    auth: true,
    async run(req) {
      const body = await readJson(req, exportRequestSchema, { optional: true });
      const q = (body.q ?? '').trim();
      const job = await startJob<ExportState, ExportInput>(EXPORT_JOB, { q }, NEW_EXPORT);
      if (!job) throw new HttpError(503, 'unavailable', 'The export could not be started. Try again.');
      // The background runner starts now; if it cannot be reached, the scheduled resumer starts it.
      await kickJobs(job.id);
      console.info(`[admin] export ${job.id} started${q ? ' (searched)' : ''}`);
      return json({ id: job.id }, { status: 202, headers: { location: `${ADMIN_PREFIX}/exports/${job.id}` } });
    },
  },
  {
    method: 'GET',
    path: '/exports/:id',
    auth: true,
    async run(_req, _context, { id }) {
      return json(exportStatus(await existingExport(id)));
    },
  },
  {
    method: 'DELETE',
    path: '/exports/:id',
    auth: true,
    async run(_req, _context, { id }) {
      await existingExport(id);
      const job = (await requestJob(id, 'cancel')) as ExportJob | null;
      if (!job) throw new HttpError(404, 'not_found', 'No export with this id.');
      return json(exportStatus(job));
    },
  },
  {
    method: 'GET',
    path: '/exports/:id/files/:n',
    auth: true,
    async run(_req, _context, { id, n }) {
      const job = await existingExport(id);
      const part = /^[1-9]\d{0,4}$/.test(n) ? Number(n) : 0;
      const found = job.status === 'done' && part ? await exportPart(job, part) : null;
      if (!found) throw new HttpError(404, 'not_found', 'No such file of this export (it may have expired).');
      return new Response(found.body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-encoding': 'gzip',
          'content-length': String(found.body.byteLength),
          'content-disposition': `attachment; filename="${partFileName(job, part)}"`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    },
  },
];
