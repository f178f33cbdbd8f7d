import { describe, expect, it } from 'vitest';
import { rateLabel, rateTable } from '../../../src/lib/admin/mail-rates';

describe('the statistics’ delivery rates', () => {
  it('keeps the days with events, newest first, with bounce and complaint rates and the period’s totals', () => {
    const { rows, total } = rateTable([
      { day: '2026-11-01', delivered: 990, bounced: 10, complained: 2 },
      { day: '2026-11-02', delivered: 0, bounced: 0, complained: 0 },
      { day: '2026-11-03', delivered: 1000, bounced: 0, complained: 0 },
    ]);
    expect(rows.map((r) => r.day)).toEqual(['2026-11-03', '2026-11-01']);
    expect(rows[1]).toMatchObject({ bounceRate: 1, complaintRate: 0.2 });
    expect(total).toMatchObject({ delivered: 1990, bounced: 10, complained: 2, bounceRate: 0.5, complaintRate: 0.1 });
    expect(rateTable([]).total.bounceRate).toBeNull();
    expect(rateLabel(null)).toBe('–');
    expect(rateLabel(0.1)).toBe('0.1 %');
  });
});
