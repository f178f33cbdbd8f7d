/**
 * The CSV export as a job (src/lib/jobs): staff start it (`POST /api/admin/exports`), the background
 * runner writes the file to Blobs a slice at a time, and staff download it in parts
 * (`GET /api/admin/exports/{id}/files/{n}`). The CSV is the one `GET /api/admin/waitlist.csv` writes:
 * the parts, decompressed and joined in order, are that file byte for byte. Server only;
 * docs/storage.md, "CSV export".
 *
 * Files (store `exports`): each step writes its rows as a gzip segment, `<job id>/s<part>-<step>`,
 * named by the step that wrote it (a step repeated after a lost checkpoint writes the same segment
 * again, never twice the rows). When a part is full (24 MB of CSV, or its segments 5 MB of gzip:
 * Netlify answers at most 6 MB from a function) or the export ends, its segments are joined, streamed,
 * into one gzip file `<job id>/part-<n>`, which is what staff download; the first part starts with
 * the byte-order mark and the header row. The next step deletes the segments the state no longer
 * names (the last step deletes them at once).
 */
import { getStore } from '@netlify/blobs';
import { gzip, gzipJoin } from '../server/gzip';
import { mapLimit } from '../server/storage';
import type { Job, StepResult } from '../jobs/model';
import type { JobType, StepContext } from '../jobs/runner';
import { TIME_PREFIX } from '../subscribers/index-keys';
import { deletedPositions } from '../subscribers/delete-notes';
import { entriesOf, listKeys } from '../subscribers/subscriber-index';
import { csvHeaderLine, csvFileName } from './csv';
import { csvLineOfEmail, csvLinesOf, planExport } from './export-rows';
import { exactEmail } from './search';

export const EXPORT_JOB = 'export';
export const EXPORTS_STORE = 'exports';
/** Largest part, compressed: Netlify answers at most 6 MB from a function. */
export const PART_MAX_BYTES = 5 * 1024 * 1024;
/** Largest part, uncompressed (about 130,000 rows): what one download unpacks to. */
export const PART_MAX_RAW = 24 * 1024 * 1024;
/** Index keys a step lists (about 2 MB of CSV): a step takes a few seconds. */
export const STEP_KEYS = 10_000;
/** Export files and their job are deleted this long after the export finished. */
export const EXPORT_RETENTION_MS = 3 * 86_400_000;

const files = () => getStore({ name: EXPORTS_STORE, consistency: 'strong' });

/** What staff asked: the table's search ('' for everyone). */
export interface ExportInput {
  q: string;
  /** Index keys per step, and the largest part (tests use small ones). */
  stepKeys?: number;
  partBytes?: number;
}

/** One step's rows, compressed. */
export interface ExportSegment {
  key: string;
  rows: number;
  /** Uncompressed and compressed size. */
  raw: number;
  bytes: number;
}

/** One part of the file: segments while it grows, then one file (`key`). */
export interface ExportPart {
  part: number;
  /** The joined file, once the part is complete (null while it grows). */
  key: string | null;
  /** Compressed size of the joined file (while it grows: of its segments). */
  bytes: number;
  rows: number;
  segments: ExportSegment[];
}

export interface ExportState {
  /** Ranges of hours still to write, newest first (null until planned). */
  ranges: string[] | null;
  parts: ExportPart[];
  rows: number;
  unreadable: number;
  /** Records read because their key did not hold the whole row. */
  reads: number;
}

export interface ExportResult {
  parts: ExportPart[];
  rows: number;
  unreadable: number;
  fileName: string;
}

export const NEW_EXPORT: ExportState = { ranges: null, parts: [], rows: 0, unreadable: 0, reads: 0 };

// The first part starts with the byte-order mark, which a default decoder would drop.
const encoder = new TextEncoder();

/** The part after `text` (whole rows) was added as a segment written by this step. */
async function addSegment(job: Job<ExportState, ExportInput>, part: ExportPart, text: string, rows: number) {
  const raw = encoder.encode(part.part === 1 && part.segments.length === 0 ? csvHeaderLine() + text : text);
  const body = await gzip(raw);
  const key = `${job.id}/s${part.part}-${job.steps}`;
  await files().set(key, body);
  const segment: ExportSegment = { key, rows, raw: raw.length, bytes: body.byteLength };
  return { ...part, rows: part.rows + rows, bytes: part.bytes + segment.bytes, segments: [...part.segments, segment] };
}

/** The part with its segments joined into the file staff download (a gzip file of its own). */
async function closePart(job: Job<ExportState, ExportInput>, part: ExportPart): Promise<ExportPart> {
  const body = await gzipJoin(
    part.segments.map((seg) => async () => {
      const data = await files().get(seg.key, { type: 'arrayBuffer' });
      if (!data) throw new Error(`Export segment ${seg.key} is missing`);
      return data;
    }),
  );
  const key = `${job.id}/part-${part.part}`;
  await files().set(key, body);
  return { ...part, key, bytes: body.byteLength, segments: [] };
}

/**
 * The parts after this step's rows: added to the growing part, or, when they would take it past the
 * limits, to a new one (the full part joined first).
 */
async function append(job: Job<ExportState, ExportInput>, parts: ExportPart[], text: string, rows: number) {
  const done = parts.slice(0, -1);
  let current: ExportPart = parts[parts.length - 1] ?? { part: 1, key: null, bytes: 0, rows: 0, segments: [] };
  const rawSoFar = current.segments.reduce((sum, seg) => sum + seg.raw, 0);
  const adding = encoder.encode(text).length;
  // Segments compress no better than the whole, so their sum bounds the joined file's size (a step's
  // CSV compresses at least 4 to 1).
  const full =
    current.segments.length > 0 &&
    (rawSoFar + adding > PART_MAX_RAW || current.bytes + adding / 4 > (job.input.partBytes ?? PART_MAX_BYTES));
  if (full) {
    done.push(await closePart(job, current));
    current = { part: current.part + 1, key: null, bytes: 0, rows: 0, segments: [] };
  }
  return [...done, await addSegment(job, current, text, rows)];
}

/** Deletes the blobs of this export that `parts` does not name (joined segments, a repeated step's leftovers). */
async function dropOldVersions(job: Job<ExportState, ExportInput>, parts = job.state.parts): Promise<void> {
  const named = new Set(parts.flatMap((p) => [p.key, ...p.segments.map((seg) => seg.key)]));
  const { blobs } = await files().list({ prefix: `${job.id}/` });
  await mapLimit(
    blobs.filter((b) => !named.has(b.key)),
    8,
    (b) => files().delete(b.key),
  );
}

async function step(
  job: Job<ExportState, ExportInput, ExportResult>,
  ctx: StepContext,
): Promise<StepResult<ExportState, ExportResult>> {
  const { q } = job.input;
  const stepKeys = job.input.stepKeys ?? STEP_KEYS;
  let state = job.state;
  if (state.ranges === null) {
    const plan = await planExport(q, stepKeys);
    // The header goes out as the first segment (alone, for an empty list).
    const parts = await append(job, [], '', 0);
    return { state: { ...state, ranges: plan.ranges, parts }, progress: { done: 0, total: plan.total } };
  }
  await dropOldVersions(job);
  const ranges = [...state.ranges];
  const email = exactEmail(q);
  let text = '';
  let rows = 0;
  let listed = 0;
  let unreadable = 0;
  let reads = 0;
  if (email) {
    const lines = await csvLineOfEmail(email);
    ({ text, rows } = lines);
    ranges.length = 0;
  }
  const deleted = ranges.length ? await deletedPositions() : new Set<string>();
  // At least one range per step, then more while the step is small and time is left.
  while (ranges.length && (listed === 0 || (listed < stepKeys && ctx.now() < ctx.deadline))) {
    const entries = entriesOf(await listKeys(`${TIME_PREFIX}${ranges.shift()!}`));
    listed += entries.length || 1;
    const lines = await csvLinesOf(entries, q, deleted);
    text += lines.text;
    rows += lines.rows;
    unreadable += lines.unreadable;
    reads += lines.reads;
  }
  let parts = rows ? await append(job, state.parts, text, rows) : state.parts;
  if (!ranges.length) parts = [...parts.slice(0, -1), await closePart(job, parts[parts.length - 1])];
  state = {
    ranges,
    parts,
    rows: state.rows + rows,
    unreadable: state.unreadable + unreadable,
    reads: state.reads + reads,
  };
  const total = Math.max(job.progress.total ?? 0, state.rows);
  if (ranges.length) return { state, progress: { done: state.rows, total } };
  if (state.unreadable) console.error(`[admin] export ${job.id} skipped ${state.unreadable} unreadable record(s)`);
  // The last step tidies up at once (no later step will): should its checkpoint be lost, a runner
  // repeating it finds a segment gone and the export fails visibly (never a file with rows missing).
  await dropOldVersions(job, parts);
  return {
    state,
    progress: { done: state.rows, total: state.rows },
    done: true,
    result: {
      parts,
      rows: state.rows,
      unreadable: state.unreadable,
      fileName: csvFileName(new Date(job.createdAt), q !== ''),
    },
  };
}

/** Deletes every file of an export. */
async function cleanup(job: Job<ExportState, ExportInput>): Promise<void> {
  const { blobs } = await files().list({ prefix: `${job.id}/` });
  await mapLimit(blobs, 8, (b) => files().delete(b.key));
}

/** The export as a job type (run by the background runner). */
export const exportJob: JobType<ExportState, ExportInput, ExportResult> = {
  step,
  retentionMs: EXPORT_RETENTION_MS,
  cleanup,
};

/** The bytes of part `part` of export `job` (gzip), or null. */
export async function exportPart(
  job: Job<ExportState, ExportInput, ExportResult>,
  part: number,
): Promise<{ body: ArrayBuffer; file: ExportPart } | null> {
  const file = job.result?.parts.find((p) => p.part === part);
  if (!file?.key) return null;
  const body = await files().get(file.key, { type: 'arrayBuffer' });
  return body ? { body, file } : null;
}
