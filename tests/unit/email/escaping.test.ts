// Every value a mail carries, in every kind of mail, in every context it lands in (HTML text,
// attribute, <title>, the subject header, the plain text): escaped exactly once, where it is inserted,
// for that context. A value that tries to close a tag or an attribute stays text.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, LIST_TEMPLATE_IDS, escapeHtml, renderTemplate } from '../../../src/lib/email/templates';
import { renderCampaignBatch, renderCampaignCopy, substitutionsFor } from '../../../src/lib/campaigns/campaign-email';
import { renderConfirmEmail } from '../../../src/lib/email/confirm-email';
import {
  renderRecommendationsEmail,
  type RecommendationsEmailInput,
} from '../../../src/lib/email/recommendations-email';
import { CAMPAIGN_KINDS } from '../../../src/lib/campaigns/model';

const EVIL = `Eve</title><a href="https://evil.example/x" onclick='y'>claim</a>&amp;`;
const EVIL_ESCAPED =
  'Eve&lt;/title&gt;&lt;a href=&quot;https://evil.example/x&quot; onclick=&#39;y&#39;&gt;claim&lt;/a&gt;&amp;amp;';
const EVIL_URL = `https://x.test/u?token=a"><script>alert(1)</script>&b=1`;

/** No value broke out of its context: no live tag or attribute that the values carried. */
function expectInert(html: string) {
  expect(html).not.toContain('<a href="https://evil.example');
  expect(html).not.toContain('</title><a');
  expect(html).not.toContain('<script>');
  expect(html).not.toContain(`onclick='y'`);
  // Escaped once, never twice.
  expect(html).not.toMatch(/&amp;(?:lt|gt|quot|#39);/);
}

describe('staff-editable templates (confirmation follow-ups: waitlist welcome, newsletter welcome)', () => {
  // Every placeholder in the subject, the <title>, an attribute and the text of both parts.
  const everywhere = {
    subject: 'Hi {{name}} {{interestMessage}} {{siteUrl}} {{unsubscribeUrl}}',
    textContent: 'Hi {{name}}. {{interestMessage}} {{siteUrl}} {{unsubscribeUrl}}',
    htmlContent:
      '<html><head><title>{{name}} {{interestMessage}}</title></head><body>' +
      '<p title="{{name}}" data-i="{{interestMessage}}">Hi {{name}}, {{interestMessage}}</p>' +
      '<a href="{{siteUrl}}">site</a> <a href="{{unsubscribeUrl}}">leave</a></body></html>',
  };
  const values = { name: EVIL, interestMessage: `Tips for your ${EVIL}`, unsubscribeUrl: EVIL_URL, siteUrl: EVIL_URL };

  for (const id of LIST_TEMPLATE_IDS) {
    it(`${id}: the default template escapes every value in the HTML part`, () => {
      const mail = renderTemplate(DEFAULT_TEMPLATES[id], values);
      expectInert(mail.html);
      expect(mail.html).toContain(EVIL_ESCAPED);
      expect(mail.text).toContain(EVIL);
    });
  }

  it('an edited template with every placeholder in every context stays inert', () => {
    const mail = renderTemplate(everywhere, values);
    expectInert(mail.html);
    expect(mail.html).toContain(`<title>${EVIL_ESCAPED} Tips for your ${EVIL_ESCAPED}</title>`);
    expect(mail.html).toContain(`title="${EVIL_ESCAPED}"`);
    expect(mail.html).toContain(`href="https://x.test/u?token=a&quot;&gt;&lt;script&gt;`);
    // The subject and the text part are plain text: the value as typed, on one line.
    expect(mail.subject).toBe(`Hi ${EVIL} Tips for your ${EVIL} ${EVIL_URL} ${EVIL_URL}`);
    expect(mail.text).toContain(`Hi ${EVIL}.`);
    expect(renderTemplate(everywhere, { ...values, name: 'A\r\nBcc: x@y' }).subject).not.toMatch(/[\r\n]/);
  });
});

describe('campaign mail (every kind, every placeholder, as the provider fills a batch and as one copy)', () => {
  const body = ['Dear **{{name}}**, [leave]({{unsubscribeUrl}})', '', '{{name}} {{unsubscribeUrl}}'].join('\n');
  const values = { name: EVIL, unsubscribeUrl: EVIL_URL, passUrl: EVIL_URL };

  for (const kind of CAMPAIGN_KINDS) {
    const campaign = {
      kind,
      subject: 'Hi {{name}}! {{unsubscribeUrl}}',
      body: kind === 'early-access' ? `${body}\n\n[pass]({{passUrl}}) {{passUrl}}` : body,
    };

    it(`${kind}: the batch filled by the provider`, () => {
      const batch = renderCampaignBatch(campaign);
      const subs = substitutionsFor(values);
      // SendGrid replaces each key wherever it appears in the subject and both parts.
      const fill = (s: string) => Object.entries(subs).reduce((out, [k, v]) => out.split(`{{${k}}}`).join(v), s);
      const html = fill(batch.html);
      expectInert(html);
      expect(html).toContain(`<title>Hi ${EVIL_ESCAPED}!`);
      expect(html).toContain(`<strong>${EVIL_ESCAPED}</strong>`);
      expect(html).not.toMatch(/\{\{\w+\}\}/);
      expect(fill(batch.subject)).toBe(`Hi ${EVIL}! ${EVIL_URL}`);
      expect(fill(batch.text)).toContain(`${EVIL} ${EVIL_URL}`);
      // The subject's raw (text) keys never reach the HTML part.
      for (const key of ['name', 'unsubscribe_url', 'pass_url']) expect(batch.html).not.toContain(`{{${key}}}`);
    });

    it(`${kind}: one copy (a test send, the preview)`, () => {
      const copy = renderCampaignCopy(campaign, values);
      expectInert(copy.html);
      expect(copy.html).toContain(EVIL_ESCAPED);
      expect(copy.subject).toBe(`Hi ${EVIL}! ${EVIL_URL}`);
    });
  }
});

describe('mail with no staff template', () => {
  it('the confirmation escapes its link', () => {
    const mail = renderConfirmEmail({ list: 'waitlist', confirmUrl: EVIL_URL, validDays: 7 });
    expectInert(mail.html);
    expect(mail.html).toContain('href="https://x.test/u?token=a&quot;&gt;&lt;script&gt;');
  });

  it('the recommendations mail escapes the name and the phone', () => {
    const input = {
      name: EVIL,
      phoneModel: EVIL,
      preferences: {},
      recommendations: [],
      phones: [],
      siteUrl: 'https://x.test',
    } as unknown as RecommendationsEmailInput;
    const mail = renderRecommendationsEmail(input);
    expectInert(mail.html);
    // Markup is not a name: the greeting falls back to 'there'; the phone is escaped.
    expect(mail.html).toContain('Hi there,');
    expect(mail.html).toContain(EVIL_ESCAPED);
    const named = renderRecommendationsEmail({ ...input, name: "Zoë O'Brien" });
    expect(named.html).toContain(`Hi ${escapeHtml("Zoë O'Brien")},`);
    expect(named.html).not.toContain("O'Brien");
  });
});
