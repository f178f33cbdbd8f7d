import { describe, expect, it } from 'vitest';
import { rateLabel, rateTable } from '../../../src/lib/admin/mail-rates';
import { timelineEntry } from '../../../src/lib/admin/timeline';

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

describe('the timeline of a provider event', () => {
  it('names SendGrid’s event, its id and its time', () => {
    const entry = timelineEntry({
      at: '2026-11-03T10:00:01.000Z',
      type: 'bounced',
      detail: 'bounce: 550 5.1.1 no such user',
      providerEvent: 'bounce',
      providerEventId: 'sg-ev-1',
      providerAt: '2026-11-03T09:59:58.000Z',
    });
    expect(entry.title).toBe('Bounced (address suppressed: no more mail)');
    expect(entry.details).toContainEqual({
      label: 'Reported by',
      value: 'SendGrid bounce event sg-ev-1 at 2026-11-03T09:59:58.000Z',
    });
  });
});
