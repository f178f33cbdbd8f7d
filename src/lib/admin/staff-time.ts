/**
 * Times on the staff screens, in the business's time zone (`SITE.timeZone`) whatever the browser's:
 * the statistics count their days there, and two people on staff read the same time for one event.
 * Imported by browser code.
 */
import { SITE } from '../../config/site';

const zone = { timeZone: SITE.timeZone } as const;
const dateTimeFormat = new Intl.DateTimeFormat(SITE.locale, { ...zone, dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(SITE.locale, { ...zone, dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(SITE.locale, { ...zone, timeStyle: 'short' });
const shortFormat = new Intl.DateTimeFormat(SITE.locale, {
  ...zone,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Nov 28, 2026, 4:40 p.m." in the business's zone; `at` is an ISO time or epoch ms. */
export const staffDateTime = (at: string | number): string => dateTimeFormat.format(new Date(at));
/** "Nov 28, 2026" in the business's zone. */
export const staffDate = (at: string | number): string => dateFormat.format(new Date(at));
/** "4:40 p.m." in the business's zone. */
export const staffTime = (at: string | number): string => timeFormat.format(new Date(at));
/** "Nov 28, 4:40 p.m." in the business's zone, for a table cell. */
export const staffShortDateTime = (at: string | number): string => shortFormat.format(new Date(at));
