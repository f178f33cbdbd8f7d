/**
 * CSV export of subscribers (RFC 4180, CRLF, UTF-8 with BOM so spreadsheet apps read accents).
 * Cells that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) get a leading
 * apostrophe: a subscriber cannot plant a formula in a staff member's spreadsheet.
 */
import type { Subscriber } from '../subscribers/record';
import type { LedgerEvent } from '../subscribers/ledger';
import { SITE } from '../../config/site';
import { localDateTime } from '../subscribers/days';
import { interestsLabel, LIST_LABELS, sourceLabel, STATUS_LABELS, type AdminSubscriber } from './subscribers';

/** The zone the export's times are written in, as its header names it. */
const ZONE = `(${SITE.timeZone} time)`;

/**
 * The export's columns: what the subscriber table shows, in words (docs/storage.md, "CSV export").
 * Times are local to the business (SITE.timeZone), the zone named in each time column's header.
 */
export const CSV_COLUMNS = [
  'Name',
  'Email',
  'Interests',
  'Source',
  'Referrer',
  `Created At ${ZONE}`,
  `Consent Given At ${ZONE}`,
  `Unsubscribed At ${ZONE}`,
  'List',
  'Status',
  `Confirmed At ${ZONE}`,
] as const;

/** One CSV cell: neutralised against formula injection, quoted, inner quotes doubled. */
export function csvCell(value: string | null | undefined): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return `"${v.replace(/"/g, '""')}"`;
}

/** The first line of the file: byte-order mark and header row, CRLF-terminated. */
export function csvHeaderLine(): string {
  return `\uFEFF${CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
}

/** What one line of the export holds: a subscriber as staff see it, or as its index key gives it. */
export type CsvFields = Pick<
  AdminSubscriber,
  | 'name'
  | 'email'
  | 'interests'
  | 'source'
  | 'referrer'
  | 'createdAt'
  | 'consentAt'
  | 'unsubscribedAt'
  | 'list'
  | 'status'
  | 'confirmedAt'
>;

/**
 * One subscriber's line, CRLF-terminated (the export writes these): the words the table shows
 * (interests, Direct for an empty source, the status and list labels) and local times.
 */
export function csvRow(s: CsvFields): string {
  const cells = [
    s.name,
    s.email,
    interestsLabel(s.interests),
    sourceLabel(s.source),
    s.referrer,
    localDateTime(s.createdAt),
    localDateTime(s.consentAt),
    localDateTime(s.unsubscribedAt),
    LIST_LABELS[s.list] ?? s.list,
    STATUS_LABELS[s.status] ?? s.status,
    localDateTime(s.confirmedAt),
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const PROOF_COLUMNS = [
  'Subscriber ID',
  'Email',
  'Event',
  'At',
  'List',
  'Interest',
  'Form',
  'Consent Wording',
  'Wording Version',
  'Page',
  'Source',
  'IP Hash',
  'Outcome',
  'Detail',
] as const;

/**
 * One subscriber's proof of consent: every ledger event, oldest first, one row each, with the
 * subscriber's id (the hash of the address) and address (empty for a staff-deleted tombstone).
 */
export function consentProofCsv(sub: Pick<Subscriber, 'id' | 'email'>, history: readonly LedgerEvent[]): string {
  const rows = history.map((e) =>
    [
      sub.id,
      sub.email,
      e.type,
      e.at,
      e.list,
      e.interest,
      e.form,
      e.wording,
      e.wordingVersion,
      e.page,
      e.source,
      e.ipHash,
      e.outcome,
      e.detail,
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[PROOF_COLUMNS.map(csvCell).join(','), ...rows].join('\r\n')}\r\n`;
}

/** File name of one subscriber's proof, e.g. 'consent-1a2b3c4d-2026-01-31.csv'. */
export function proofFileName(id: string, now: Date): string {
  return `consent-${id.slice(0, 8)}-${now.toISOString().slice(0, 10)}.csv`;
}

/** File name of an export made at `now`, e.g. 'waitlist-2026-01-31.csv' or 'waitlist-2026-01-31-search.csv'. */
export function csvFileName(now: Date, searched: boolean): string {
  return `waitlist-${now.toISOString().slice(0, 10)}${searched ? '-search' : ''}.csv`;
}
