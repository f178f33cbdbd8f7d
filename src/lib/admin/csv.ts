/**
 * CSV export of subscribers (RFC 4180, CRLF, UTF-8 with BOM so spreadsheet apps read accents).
 * Cells that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) get a leading
 * apostrophe: a subscriber cannot plant a formula in a staff member's spreadsheet.
 */
import { interestsLabel, type AdminSubscriber } from './subscribers';

export const CSV_COLUMNS = ['Name', 'Email', 'Interests', 'Source', 'Referrer', 'Created At', 'Consent Given At', 'Unsubscribed At', 'List'] as const;

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

/** One subscriber's line, CRLF-terminated (the export streams these). */
export function csvRow(s: AdminSubscriber): string {
  const cells = [s.name, s.email, s.interests.length ? s.interests.join('; ') : interestsLabel([]), s.source, s.referrer, s.createdAt, s.consentAt, s.unsubscribedAt ?? '', s.list];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The whole file for `list`, header row first. */
export function subscribersCsv(list: readonly AdminSubscriber[]): string {
  return csvHeaderLine() + list.map(csvRow).join('');
}

/** File name of an export made at `now`, e.g. 'waitlist-2026-01-31.csv' or 'waitlist-2026-01-31-search.csv'. */
export function csvFileName(now: Date, searched: boolean): string {
  return `waitlist-${now.toISOString().slice(0, 10)}${searched ? '-search' : ''}.csv`;
}
