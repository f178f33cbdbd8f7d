// Staff screens show times in the business's zone (src/lib/admin/staff-time.ts), whatever the zone
// of the browser or, here, of the test process.
import { describe, expect, it } from 'vitest';
import { staffDate, staffDateTime, staffShortDateTime, staffTime } from '../../../src/lib/admin/staff-time';

describe('times on the staff screens', () => {
  it('are Toronto times, standard and daylight, from an ISO time or epoch ms', () => {
    expect(staffDateTime('2026-11-28T21:40:00Z')).toBe('Nov 28, 2026, 4:40 p.m.');
    expect(staffTime(Date.parse('2026-07-01T16:05:00Z'))).toBe('12:05 p.m.');
  });
  it('put a late-evening event on the business day it happened, not the next UTC day', () => {
    expect(staffDate('2026-11-29T03:30:00Z')).toBe('Nov 28, 2026');
    expect(staffShortDateTime('2026-11-29T03:30:00Z')).toBe('Nov 28, 10:30 p.m.');
  });
});
