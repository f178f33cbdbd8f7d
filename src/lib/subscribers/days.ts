/**
 * Calendar days for the staff statistics: a day is a date in the business's time zone
 * (`SITE.timeZone`, America/Toronto), written 'YYYY-MM-DD'. The counts per day and why they are
 * exact: docs/storage.md, "Statistics". Pure, client-safe.
 */
import { SITE } from '../../config/site';

/** Days the statistics chart covers, ending today. */
export const DAILY_DAYS = 90;

/** Signups and confirmations of one day. */
export interface DailyFigure {
  /** 'YYYY-MM-DD' in SITE.timeZone. */
  day: string;
  /** Subscribers who signed up that day (whatever their status now). */
  signups: number;
  /** Subscribers whose latest confirmation was that day (whatever their status now). */
  confirmations: number;
}

const HOUR_MS = 3_600_000;
/** Hours remembered per time zone before the memory is cleared (about 11 years of hours). */
const MAX_CACHED_HOURS = 100_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const dayOfHour = new Map<string, Map<number, string>>();

function formatDay(ms: number, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The day ('YYYY-MM-DD' in `timeZone`) of an epoch-millisecond time. An hour that lies within one
 * day (every hour in a zone whose offsets are whole hours, as Toronto's) is formatted once and
 * remembered, so counting 100,000 index keys formats a few thousand dates.
 */
export function dayOf(ms: number, timeZone: string = SITE.timeZone): string {
  const hour = Math.floor(ms / HOUR_MS);
  let hours = dayOfHour.get(timeZone);
  if (!hours) {
    hours = new Map();
    dayOfHour.set(timeZone, hours);
  }
  const known = hours.get(hour);
  if (known !== undefined) return known;
  const first = formatDay(hour * HOUR_MS, timeZone);
  if (first !== formatDay(hour * HOUR_MS + HOUR_MS - 1, timeZone)) return formatDay(ms, timeZone);
  if (hours.size >= MAX_CACHED_HOURS) hours.clear();
  hours.set(hour, first);
  return first;
}

/** The `count` calendar days ending on `day` ('YYYY-MM-DD'), oldest first. */
export function daysEndingOn(day: string, count: number): string[] {
  const [y, m, d] = day.split('-').map(Number);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (count - 1 - i))).toISOString().slice(0, 10),
  );
}

/**
 * The figures of the `count` days ending on `today`, oldest first, zeros included, from counts by
 * day (days outside the range are left out).
 */
export function dailyFigures(
  signups: Readonly<Record<string, number>>,
  confirmations: Readonly<Record<string, number>>,
  today: string,
  count: number = DAILY_DAYS,
): DailyFigure[] {
  return daysEndingOn(today, count).map((day) => ({
    day,
    signups: signups[day] ?? 0,
    confirmations: confirmations[day] ?? 0,
  }));
}

/** A day as staff read it, e.g. 'Nov 26' (`long`: 'Thu, Nov 26, 2026'), in `locale`. */
export function dayLabel(day: string, long = false, locale: string = SITE.locale): string {
  const [y, m, d] = day.split('-').map(Number);
  // The date itself, not a moment: formatted at UTC midnight in UTC, so no zone shifts it.
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    ...(long ? { weekday: 'short', year: 'numeric' } : {}),
  }).format(Date.UTC(y, m - 1, d));
}

const offsetOfHour = new Map<string, Map<number, number>>();

/** Minutes `timeZone` is ahead of UTC at `ms` (an hour's offset is worked out once and remembered). */
function offsetMinutes(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR_MS);
  let hours = offsetOfHour.get(timeZone);
  if (!hours) {
    hours = new Map();
    offsetOfHour.set(timeZone, hours);
  }
  const known = hours.get(hour);
  if (known !== undefined) return known;
  const key = `${timeZone}|time`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(key, f);
  }
  const at = hour * HOUR_MS;
  const parts = f.formatToParts(at);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  const offset = Math.round((local - at) / 60_000);
  if (hours.size >= MAX_CACHED_HOURS) hours.clear();
  hours.set(hour, offset);
  return offset;
}

/**
 * A time as the business reads it: 'YYYY-MM-DD HH:MM:SS' on the wall clock of `timeZone`
 * (SITE.timeZone, America/Toronto), daylight saving included; '' for no time or an unreadable one.
 * The CSV export writes its times so, and names the zone in its header.
 */
export function localDateTime(iso: string | null | undefined, timeZone: string = SITE.timeZone): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  return new Date(ms + offsetMinutes(ms, timeZone) * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}
