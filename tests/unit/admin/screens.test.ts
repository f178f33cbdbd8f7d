import { describe, expect, it } from 'vitest';
import {
  filterSubscribers,
  interestsLabel,
  matchesSearch,
  nameLabel,
  sourceLabel,
  statBars,
  waitlistStatsOf,
  type AdminSubscriber,
} from '../../../src/lib/admin/subscribers';
import { csvCell, csvHeaderLine, csvRow, CSV_COLUMNS } from '../../../src/lib/admin/csv';
import { addToTally, emptyTally } from '../../../src/lib/subscribers/tally';
import { templateEditSchema, templateEditSchemaFor, unknownPlaceholders } from '../../../src/lib/admin/schemas';
import { DEFAULT_TEMPLATES } from '../../../src/lib/email/templates';

const sub = (over: Partial<AdminSubscriber>): AdminSubscriber => ({
  id: 'x'.repeat(64),
  name: 'Ada',
  email: 'ada@example.com',
  interests: ['tech_news'],
  source: 'youtube',
  referrer: '',
  createdAt: '2026-01-01T10:00:00.000Z',
  list: 'waitlist',
  phoneModel: '',
  consentAt: '2026-01-01T10:00:00.000Z',
  unsubscribedAt: null,
  status: 'confirmed',
  confirmedAt: '2026-01-01T11:00:00.000Z',
  mail: null,
  ...over,
});

describe('display rules (docs/site.md#staff-area)', () => {
  it('shows a dash for no name, All for no interests, Direct for no source', () => {
    expect(nameLabel('')).toBe('-');
    expect(nameLabel('  ')).toBe('-');
    expect(nameLabel('Ada')).toBe('Ada');
    expect(interestsLabel([])).toBe('All');
    expect(interestsLabel(['all'])).toBe('All');
    expect(interestsLabel(['tech_news', 'smartphone_tutorials'])).toBe('Tech News, Smartphone Tutorials');
    expect(sourceLabel('')).toBe('Direct');
    expect(sourceLabel('youtube')).toBe('YouTube');
    expect(sourceLabel(' YouTube ')).toBe('YouTube');
    expect(sourceLabel('podcast-fall')).toBe('Podcast-fall');
    expect(sourceLabel('KW Tech Meetup')).toBe('KW Tech Meetup');
  });
});

describe('search (docs/site.md#staff-area)', () => {
  const list = [
    sub({ name: 'Ada Lovelace', email: 'ada@example.com', source: 'YouTube', interests: ['tech_news'] }),
    sub({ name: '', email: 'grace@navy.mil', source: '', interests: [] }),
    sub({
      name: 'Linus',
      email: 'linus@example.org',
      source: 'reddit',
      interests: ['smartphone_tutorials', 'phone_recommendations'],
    }),
  ];
  it.each([
    ['ADA', ['ada@example.com']],
    ['navy', ['grace@navy.mil']],
    ['youtube', ['ada@example.com']],
    ['REDDIT', ['linus@example.org']],
    ['tutorials', ['linus@example.org']],
    ['phone_rec', ['linus@example.org']],
    ['tech news', ['ada@example.com']],
    ['example', ['ada@example.com', 'linus@example.org']],
    ['', ['ada@example.com', 'grace@navy.mil', 'linus@example.org']],
    ['   ', ['ada@example.com', 'grace@navy.mil', 'linus@example.org']],
    ['zzz', []],
    // What the table shows: an empty source as Direct, no interests as All, no name as a dash, labels joined.
    ['direct', ['grace@navy.mil']],
    ['all', ['grace@navy.mil']],
    ['-', ['grace@navy.mil']],
    ['tutorials, phone', ['linus@example.org']],
    ['phone recommendations, smartphone', []],
  ])('"%s" matches %o', (q, emails) => {
    expect(filterSubscribers(list, q).map((s) => s.email)).toEqual(emails);
  });
  it('does not search fields outside the four (e.g. the referrer)', () => {
    expect(matchesSearch(sub({ referrer: 'https://secret.example/' }), 'secret')).toBe(false);
  });
});

describe('statistics (docs/site.md#staff-area)', () => {
  it('counts totals, each chosen interest (none = all) and sources with "" for direct', () => {
    const tally = emptyTally();
    for (const s of [
      sub({ interests: ['tech_news'], source: 'youtube' }),
      sub({ interests: ['tech_news', 'smartphone_tutorials'], source: '' }),
      sub({ interests: [], source: 'youtube' }),
      sub({ interests: ['all'], source: ' ' }),
      sub({ interests: ['tech_news'], source: 'spam', status: 'pending' }),
      sub({ interests: ['tech_news'], source: 'gone', status: 'unsubscribed' }),
    ])
      addToTally(tally, { ...s, createdAtMs: Date.parse(s.createdAt) });
    // Only confirmed subscribers make the total and the bars; pending and unsubscribed are counted apart.
    expect(waitlistStatsOf(tally, '2026-01-01')).toMatchObject({
      totalCount: 4,
      pendingCount: 1,
      unsubscribedCount: 1,
      interestBreakdown: { tech_news: 2, smartphone_tutorials: 1, all: 2 },
      sourceBreakdown: { youtube: 2, '': 2 },
      statusBreakdown: { confirmed: 4, pending: 1, unsubscribed: 1 },
    });
  });
  it('builds bars with rounded percentages of the total, largest first', () => {
    expect(statBars({ a: 1, b: 2 }, 3, (k) => k.toUpperCase())).toEqual([
      { key: 'b', label: 'B', count: 2, percent: 67 },
      { key: 'a', label: 'A', count: 1, percent: 33 },
    ]);
    expect(statBars({ '': 1 }, 0, sourceLabel)).toEqual([{ key: '', label: 'Direct', count: 1, percent: 0 }]);
  });
});

describe('CSV export', () => {
  it('neutralises formulas and quotes every cell', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    for (const lead of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`)).toBe(`"'${lead}1"`);
    expect(csvCell('plain, with comma')).toBe('"plain, with comma"');
    expect(csvCell(null)).toBe('""');
  });
  it('writes a header and one CRLF row per subscriber with the agreed columns', () => {
    const csv =
      csvHeaderLine() +
      csvRow(
        sub({
          name: 'Ada "the first"',
          email: 'ada@example.com',
          interests: ['tech_news', 'all'],
          source: '',
          referrer: 'https://r.example/',
          consentAt: '2026-01-02T00:00:00.000Z',
          unsubscribedAt: '2026-02-01T00:00:00.000Z',
        }),
      );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(CSV_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(lines[0]).toContain('"Created At (America/Toronto time)"');
    expect(lines[1]).toBe(
      '"Ada ""the first""","ada@example.com","Tech News, All","Direct","https://r.example/","2026-01-01 05:00:00","2026-01-01 19:00:00","2026-01-31 19:00:00","Waitlist","Confirmed","2026-01-01 06:00:00"',
    );
    expect(lines[2]).toBe('');
  });
});

describe('template edits', () => {
  const base = {
    subject: 'Hi {{name}}',
    text_content: 'Hello {{name}}. {{interestMessage}} Unsubscribe: {{unsubscribeUrl}}',
    html_content: '<p>Hello {{ name }}</p><p>{{interestMessage}}</p><a href="{{unsubscribeUrl}}">Unsubscribe</a>',
  };
  it('accepts both spec placeholders (and the unsubscribe one)', () => {
    expect(templateEditSchema.safeParse(base).success).toBe(true);
  });
  it('refuses a subject with line, direction or invisible characters, or a link placeholder', () => {
    const subjectError = (subject: string, id = 'waitlist-confirmation') =>
      templateEditSchemaFor(id)
        .safeParse({ ...base, subject })
        .error?.issues.find((i) => i.path[0] === 'subject')?.message;
    for (const s of ['a\u2028b', 'a\u0085b', 'a\u202Eb', 'a\u200Bb', 'a\uFFF9b'])
      expect(subjectError(s), JSON.stringify(s)).toMatch(/plain text on one line/);
    expect(subjectError('Leave {{unsubscribeUrl}}')).toBe('A {{unsubscribeUrl}} belongs in the body, not the subject.');
    expect(subjectError('Hi 👋🏽 {{name}}')).toBeUndefined();
  });
  it('accepts the default templates unchanged', () => {
    for (const t of Object.values(DEFAULT_TEMPLATES)) {
      expect(
        templateEditSchemaFor(t.id).safeParse({
          subject: t.subject,
          text_content: t.textContent,
          html_content: t.htmlContent,
        }).success,
        t.id,
      ).toBe(true);
    }
  });
  it('rejects unknown placeholders with a message naming them and the allowed ones', () => {
    const r = templateEditSchema.safeParse({ ...base, text_content: `${base.text_content} {{firstName}} {{ nmae }}` });
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path[0] === 'text_content')!;
    expect(issue.message).toBe(
      'Unknown placeholders {{firstName}}, {{ nmae }}. Use only {{name}}, {{interestMessage}}, {{unsubscribeUrl}}, {{siteUrl}}.',
    );
    expect(unknownPlaceholders('{{}} {{name}}')).toEqual(['{{}}']);
  });
  it('refuses an unsubscribe link that only sits in an HTML comment', () => {
    for (const html of [
      '<p>{{name}}</p><!-- {{unsubscribeUrl}} -->',
      '<p>{{name}}</p><!-- <a href="{{unsubscribeUrl}}">x</a>',
    ]) {
      const r = templateEditSchema.safeParse({ ...base, html_content: html });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0].message).toMatch(/outside HTML comments/);
    }
    expect(
      templateEditSchema.safeParse({ ...base, html_content: '<!-- note --><a href="{{unsubscribeUrl}}">x</a>' })
        .success,
    ).toBe(true);
  });

  it('requires the unsubscribe placeholder in both bodies', () => {
    const r = templateEditSchema.safeParse({ ...base, html_content: '<p>{{name}}</p>' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0])).toEqual(['html_content']);
  });
});

describe('consent timeline entries', () => {
  it('names each ledger event, marks its tone and lists only the details it has', async () => {
    const { timelineEntry } = await import('../../../src/lib/admin/timeline');
    const signup = timelineEntry({
      at: '2026-01-01T00:00:00.000Z',
      type: 'signup',
      list: 'waitlist',
      interest: 'tech_news',
      form: 'waitlist',
      page: '/join',
      source: '',
      ipHash: 'ab12',
    });
    expect(signup).toEqual({
      title: 'Signed up (consent requested)',
      tone: 'neutral',
      details: [
        { label: 'List', value: 'waitlist' },
        { label: 'Interest', value: 'Tech News' },
        { label: 'Form', value: 'Waitlist form' },
        { label: 'Page', value: '/join' },
        { label: 'IP hash', value: 'ab12' },
      ],
    });
    expect(timelineEntry({ at: 'x', type: 'confirmed' })).toMatchObject({
      title: 'Confirmed (express consent)',
      tone: 'good',
    });
    expect(timelineEntry({ at: 'x', type: 'welcome-sent', outcome: 'limited' })).toMatchObject({
      title: 'Welcome e-mail: not sent (mail limit)',
      tone: 'bad',
    });
    expect(timelineEntry({ at: 'x', type: 'unsubscribed', detail: 'one-click (RFC 8058)' }).tone).toBe('bad');
  });
});
