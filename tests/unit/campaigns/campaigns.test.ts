import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/lib/campaigns/markdown';
import {
  CAMPAIGN_ACTIONS_KEPT,
  campaignCreateSchema,
  etaSeconds,
  whoActed,
  withAction,
  type CampaignAction,
  inAudience,
  leftToSend,
  percentDone,
  type Candidate,
} from '../../../src/lib/campaigns/model';
import { renderCampaignBatch, renderCampaignCopy, substitutionsFor } from '../../../src/lib/campaigns/campaign-email';
import {
  PASS_RECHECK_MS,
  networkOf,
  passNextPath,
  readPassCookie,
  signPass,
  signPassCookie,
  verifyPass,
} from '../../../src/lib/campaigns/pass';
import { decideGate } from '../../../src/lib/gate/decide';
import { SITE } from '../../../src/config/site';

describe('campaign Markdown', () => {
  it('renders headings, paragraphs, lists, emphasis and safe links; escapes HTML', () => {
    const { html, text } = renderMarkdown(
      '# Big news\n\nHello **{{name}}**, *welcome*.\nSecond line\n\n- one\n- two [site](https://mapletech.ca)\n\n1. first\n2. second\n\n<script>alert(1)</script> [bad](javascript:alert(1))',
    );
    expect(html).toContain('<h1 style=');
    expect(html).toContain('Hello <strong>{{name}}</strong>, <em>welcome</em>.<br>Second line');
    expect(html).toMatch(/<ul[^>]*><li>one<\/li><li>two <a href="https:\/\/mapletech.ca"/);
    expect(html).toMatch(/<ol[^>]*><li>first<\/li><li>second<\/li><\/ol>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('javascript:alert(1)"');
    expect(text).toContain('BIG NEWS');
    expect(text).toContain('- two site (https://mapletech.ca)');
    expect(text).toContain('2. second');
  });
});

describe('campaign payloads', () => {
  const ok = { subject: 'Hello', body: 'Hi {{name}}' };
  it('accepts a draft; refuses unknown placeholders, a pass outside early access, a multi-line subject', () => {
    expect(campaignCreateSchema.parse(ok)).toMatchObject({ kind: 'campaign', audience: {} });
    const bad = (v: object) => campaignCreateSchema.safeParse({ ...ok, ...v }).error?.issues.map((i) => i.message);
    expect(bad({ body: 'Hi {{nmae}}' })?.[0]).toMatch(/Unknown placeholder \{\{nmae\}\}/);
    expect(bad({ body: '[Go]({{passUrl}})' })?.[0]).toBe('Only an early-access wave has a {{passUrl}}.');
    expect(bad({ subject: 'a\nb' })?.[0]).toBe('Subject must be a single line');
    expect(bad({ limit: 10 })?.[0]).toBe('Only an early-access wave has a size.');
    expect(bad({ kind: 'early-access', limit: 0 })?.[0]).toBe('A wave invites at least one subscriber');
    expect(bad({ sendAt: 'tomorrow' })?.[0]).toBe('Send time must be an ISO date and time');
    expect(bad({ audience: { lists: ['spam'] } })?.[0]).toBe('Choose the waitlist and/or the newsletter');
  });

  it('refuses a subject with line separators, controls, direction overrides or a pass link; emoji are fine', () => {
    const subjectError = (subject: string, kind = 'early-access') =>
      campaignCreateSchema.safeParse({ subject, body: 'B', kind }).error?.issues.find((i) => i.path[0] === 'subject')
        ?.message;
    for (const s of ['a\u2028b', 'a\u2029b', 'a\u0085b', 'a\u202Eb', 'a\u2066b', 'a\u200Fb', 'a\u0000b', 'a\uFFFCb'])
      expect(subjectError(s), JSON.stringify(s)).toMatch(/plain text on one line/);
    expect(subjectError('Your pass: {{passUrl}}')).toBe('A {{passUrl}} belongs in the body, not the subject.');
    expect(subjectError('Your pass: {{ passUrl }}', 'campaign')).toBeDefined();
    // Other invisible and format characters: zero-width space, joiners outside a word, word joiner, BOM,
    // soft hyphen, an Arabic mark drawn over the digits after it, a tag character, private use.
    for (const s of [
      'a\u200Bb',
      'a\u2060b',
      'a\uFEFFb',
      'free\u00ADoffer',
      '\u0600123',
      'a\u{E0041}b',
      'a\uE000b',
      'a \u200Cb',
      'news\u200D',
      'a\u200D\u200Db',
    ])
      expect(subjectError(s), JSON.stringify(s)).toMatch(/plain text on one line/);
    // No link placeholder in a subject: the unsubscribe link is a personal one-click key too.
    expect(subjectError('Leave: {{unsubscribeUrl}}', 'campaign')).toBe(
      'A {{unsubscribeUrl}} belongs in the body, not the subject.',
    );
    expect(subjectError('Visit {{ siteUrl }}', 'campaign')).toBe('A {{siteUrl}} belongs in the body, not the subject.');
    expect(subjectError('Café 👩‍💻 news for {{name}} \u2764\uFE0F')).toBeUndefined();
    // A joiner inside a word, where a script needs it: Persian "we want" with its non-joiner.
    expect(subjectError('می\u200Cخواهیم {{name}}')).toBeUndefined();
  });
});

describe('where a pass was opened from', () => {
  it('counts IPv4 by its /24 and IPv6 by its /64', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.250')).toBe(networkOf('203.0.113.1'));
    expect(networkOf('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('')).toBe('unknown');
  });
});

describe('where /api/pass/check sends a visitor back to', () => {
  const origin = 'https://site.example';
  it('keeps a path of this site, percent-encoded for a Location header', () => {
    expect(passNextPath('/中', origin)).toBe('/%E4%B8%AD');
    expect(passNextPath('/phones?q=é', origin)).toBe('/phones?q=%C3%A9');
    expect(passNextPath('/a/../about', origin)).toBe('/about');
  });
  it('sends anything that would leave the site, reach /admin or not parse to the home page', () => {
    for (const next of [
      '/..//evil.example',
      '/.//evil.example/x',
      '/a/b/../..//evil.example',
      '/%2e%2e//evil.example',
      '/%2F%2Fevil.example',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/admin',
      '/ADMIN/x',
      '/%61dmin',
      '/x/../admin/',
      '/%zz',
      '/a\u2028b',
      '',
    ])
      expect(passNextPath(next, origin), JSON.stringify(next)).toBe('/');
  });
});

describe('who is in the audience', () => {
  const c = (over: Partial<Candidate>): Candidate => ({
    id: 'x',
    email: 'x@example.com',
    name: 'X',
    status: 'confirmed',
    list: 'waitlist',
    interests: ['tech_news'],
    ...over,
  });
  it('only confirmed subscribers; the lists asked (both lists count for either); interests exact', () => {
    expect(inAudience(c({}), {})).toBe(true);
    expect(inAudience(c({ status: 'pending' }), {})).toBe(false);
    expect(inAudience(c({ status: 'unsubscribed' }), {})).toBe(false);
    expect(inAudience(c({ list: 'newsletter', interests: [] }), { lists: ['waitlist'] })).toBe(false);
    expect(inAudience(c({ list: 'both' }), { lists: ['newsletter'] })).toBe(true);
    expect(inAudience(c({}), { interests: ['smartphone_tutorials'] })).toBe(false);
    expect(inAudience(c({ interests: ['all'] }), { interests: ['smartphone_tutorials'] })).toBe(true);
    expect(inAudience(c({ list: 'newsletter', interests: [] }), { interests: ['tech_news'] })).toBe(false);
    expect(inAudience(c({}), { interests: ['smartphone_tutorials', 'tech_news'] })).toBe(true);
  });
});

describe('progress figures', () => {
  it('left, percent and the estimated time from the pace so far', () => {
    const counts = { total: 1000, sent: 240, failed: 5, skipped: 3, unknown: 2 };
    expect(leftToSend(counts)).toBe(750);
    expect(percentDone(counts)).toBe(25);
    const start = Date.parse('2026-11-26T10:00:00Z');
    expect(etaSeconds({ ...counts, startedAt: new Date(start).toISOString() }, start + 25_000)).toBe(75);
    expect(percentDone({ total: 0, sent: 0, failed: 0, skipped: 0, unknown: 0 })).toBe(100);
  });
});

describe('a campaign as a mail', () => {
  const campaign = {
    subject: 'News for {{name}}',
    body: 'Hello {{name}}\n\n[My pass]({{passUrl}})',
    kind: 'early-access' as const,
  };
  it('one rendering per batch with per-recipient tags; every copy has the sender and a personal unsubscribe link', () => {
    const batch = renderCampaignBatch(campaign);
    expect(batch.subject).toBe('News for {{name}}');
    expect(batch.html).toContain('Hello {{name_html}}');
    expect(batch.html).toContain('href="{{pass_url_html}}"');
    expect(batch.html).toContain('href="{{unsubscribe_url_html}}"');
    expect(batch.text).toContain('Unsubscribe with one click: {{unsubscribe_url}}');
    for (const part of [batch.text, batch.html]) {
      expect(part).toContain(SITE.name);
      expect(part).toContain(SITE.mailingAddress.replace(/'/g, '&#39;').split(',')[0]);
    }
    const copy = renderCampaignCopy(campaign, {
      name: 'Ada <b>',
      unsubscribeUrl: 'https://x/u?token=a&b',
      passUrl: 'https://x/api/pass?token=p1',
    });
    expect(copy.subject).toBe('News for Ada <b>');
    expect(copy.html).toContain('Hello Ada &lt;b&gt;');
    expect(copy.html).toContain('href="https://x/u?token=a&amp;b"');
    expect(copy.text).toContain('https://x/api/pass?token=p1');
    expect(substitutionsFor({ name: ' ', unsubscribeUrl: 'u' }).name).toBe('there');
  });

  it('an early-access wave whose body lacks {{passUrl}} still carries the pass', () => {
    const batch = renderCampaignBatch({ ...campaign, body: 'Hello' });
    expect(batch.html).toContain('href="{{pass_url_html}}"');
    expect(batch.text).toContain('Your pass: {{pass_url}}');
  });
});

describe('early-access passes', () => {
  const secret = 'a-test-secret-that-is-long-enough-0123456789';
  const pass = { subscriberId: 'a'.repeat(64), waveId: 'cwave-1', expiresAt: Date.parse('2026-12-31T00:00:00Z') };
  const now = Date.parse('2026-11-26T10:00:00Z');
  it('a link is bound to one subscriber and wave, signed and expiring', async () => {
    const token = await signPass(pass, secret);
    expect(await verifyPass(token, secret, now)).toEqual({ ok: true, pass });
    expect(await verifyPass(token, 'another-secret-that-is-long-enough-0123456', now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyPass(token.replace('cwave-1', 'cwave-2'), secret, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyPass(token.replace('a'.repeat(64), 'b'.repeat(64)), secret, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyPass(token, secret, pass.expiresAt)).toEqual({ ok: false, reason: 'expired' });
    for (const bad of [null, '', 'p1.x.y.z.w', `${token}x`])
      expect((await verifyPass(bad, secret, now)).ok).toBe(false);
  });

  it('the cookie is valid for a minute after its revocation check, then stale; forged or expired is none', async () => {
    const cookie = await signPassCookie(pass, now, secret);
    expect(await readPassCookie(cookie, secret, now + 1000)).toEqual({ state: 'valid', pass });
    expect((await readPassCookie(cookie, secret, now + PASS_RECHECK_MS))?.state).toBe('stale');
    expect(await readPassCookie(cookie, secret, pass.expiresAt)).toBeNull();
    expect(
      await readPassCookie(
        cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        secret,
        now,
      ),
    ).toBeNull();
    expect(await readPassCookie(cookie.replace(`.${now}.`, `.${now + 600_000}.`), secret, now)).toBeNull();
  });

  it('the gate lets a valid pass through to the pre-launch site, never to the staff area', () => {
    const base = { launched: false, adminSession: false, devMode: false };
    expect(decideGate({ ...base, path: '/about', pass: 'valid' })).toEqual({ action: 'pass', reason: 'early-access' });
    expect(decideGate({ ...base, path: '/', pass: 'valid' })).toEqual({ action: 'pass', reason: 'early-access' });
    expect(decideGate({ ...base, path: '/admin/waitlist', pass: 'valid' }).action).toBe('join');
    expect(decideGate({ ...base, path: '/about', pass: 'stale' })).toEqual({
      action: 'recheck-pass',
      reason: 'early-access',
    });
    expect(decideGate({ ...base, path: '/about', pass: null }).action).toBe('join');
  });
});

describe('who acted on a campaign (docs/staff.md, "Audit trail")', () => {
  const eddie = { id: 'e'.repeat(22), name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };
  const owner = { id: 'owner', name: 'owner key', email: null, role: 'admin' };
  it('names each kind of action once, by its latest actor, in the order they happened', () => {
    let c: { actions?: CampaignAction[] } = {};
    expect(whoActed(c)).toBe('');
    c = withAction(c, 'create', eddie, '2026-01-01T00:00:00Z');
    c = withAction(c, 'send', owner, '2026-01-01T00:01:00Z');
    c = withAction(c, 'pause', eddie, '2026-01-01T00:02:00Z');
    c = withAction(c, 'resume', owner, '2026-01-01T00:03:00Z');
    c = withAction(c, 'pause', owner, '2026-01-01T00:04:00Z');
    expect(whoActed(c)).toBe(
      'Created by Eddie Editor (editor) · sent by owner key · resumed by owner key · paused by owner key',
    );
    // No actor (an automatic pause): nothing recorded.
    expect(withAction(c, 'cancel', null, '2026-01-01T00:05:00Z')).toBe(c);
  });
  it('keeps the creation and the latest actions, at most CAMPAIGN_ACTIONS_KEPT', () => {
    let c: { actions?: CampaignAction[] } = withAction({}, 'create', eddie, '2026-01-01T00:00:00Z');
    for (let i = 0; i < 120; i++) c = withAction(c, i % 2 ? 'resume' : 'pause', owner, new Date(i).toISOString());
    expect(c.actions).toHaveLength(CAMPAIGN_ACTIONS_KEPT);
    expect(c.actions![0].action).toBe('create');
    expect(c.actions!.at(-1)!.at).toBe(new Date(119).toISOString());
  });
});
