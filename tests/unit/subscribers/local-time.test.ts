import { describe, expect, it } from 'vitest';
import { localDateTime } from '../../../src/lib/subscribers/days';

describe('times as the business reads them (the CSV export)', () => {
  it('is Toronto wall-clock time, daylight saving included, for any time of the hour', () => {
    expect(localDateTime('2026-01-15T17:04:05.000Z')).toBe('2026-01-15 12:04:05');
    expect(localDateTime('2026-07-01T03:59:59.999Z')).toBe('2026-06-30 23:59:59');
    // The spring change (2026-03-08 07:00 UTC) and the autumn one (2026-11-01 06:00 UTC).
    expect(localDateTime('2026-03-08T06:59:00.000Z')).toBe('2026-03-08 01:59:00');
    expect(localDateTime('2026-03-08T07:00:00.000Z')).toBe('2026-03-08 03:00:00');
    expect(localDateTime('2026-11-01T05:30:00.000Z')).toBe('2026-11-01 01:30:00');
    expect(localDateTime('2026-11-01T06:30:00.000Z')).toBe('2026-11-01 01:30:00');
  });
  it('is empty for no time or an unreadable one', () => {
    expect(localDateTime(null)).toBe('');
    expect(localDateTime('')).toBe('');
    expect(localDateTime('not a time')).toBe('');
  });
});
