// The cron expressions of Netlify scheduled functions (`config.schedule`): five fields in UTC
// (minute, hour, day of month, month, day of week) or a nickname (@hourly, @daily, ...), as Netlify
// documents them. Pure, so tests/unit/scripts/runtime-scheduler.test.ts covers it directly.

const NICKNAMES = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
];

/**
 * The values one field allows: `*`, `n`, `a-b`, any of them with `/step`, and comma lists.
 * @param {string} text
 * @param {{ name: string, min: number, max: number }} field
 * @returns {Set<number>}
 */
function parseField(text, field) {
  const values = new Set();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`Invalid cron ${field.name} "${part}"`);
    const from = m[1] === '*' ? field.min : Number(m[2]);
    const to = m[1] === '*' ? field.max : m[3] !== undefined ? Number(m[3]) : m[4] ? field.max : from;
    const step = m[4] ? Number(m[4]) : 1;
    if (from < field.min || to > field.max || from > to || step < 1)
      throw new Error(`Cron ${field.name} "${part}" is out of range ${field.min}-${field.max}`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/**
 * Compiles a schedule into a test of a minute (UTC). Day of month and day of week combine as in
 * cron: when both are restricted, either may match.
 * @param {string} expression e.g. '*\/10 * * * *' or '@hourly'
 * @returns {(date: Date) => boolean}
 */
export function parseCron(expression) {
  const text = NICKNAMES[expression.trim().toLowerCase()] ?? expression.trim();
  const parts = text.split(/\s+/);
  if (parts.length !== 5) throw new Error(`A schedule needs five fields, got "${expression}"`);
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]));
  if (weekdays.has(7)) weekdays.add(0);
  const dayRestricted = parts[2] !== '*';
  const weekdayRestricted = parts[4] !== '*';
  return (date) => {
    if (!minutes.has(date.getUTCMinutes()) || !hours.has(date.getUTCHours())) return false;
    if (!months.has(date.getUTCMonth() + 1)) return false;
    const dayOk = days.has(date.getUTCDate());
    const weekdayOk = weekdays.has(date.getUTCDay());
    if (dayRestricted && weekdayRestricted) return dayOk || weekdayOk;
    return dayOk && weekdayOk;
  };
}

/**
 * The next minute at or after `after` (rounded up to a whole minute) that the schedule matches.
 * @param {(date: Date) => boolean} matches a compiled schedule
 * @param {number} after epoch ms
 * @returns {number} epoch ms of that minute
 */
export function nextRun(matches, after) {
  let t = Math.ceil(after / 60_000) * 60_000;
  // A year of minutes bounds the search (an impossible date such as 31 February never matches).
  for (let i = 0; i < 366 * 24 * 60; i++, t += 60_000) if (matches(new Date(t))) return t;
  throw new Error('The schedule never matches');
}
