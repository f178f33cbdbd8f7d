import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  LIST_TEMPLATE_IDS,
  escapeHtml,
  interestMessage,
  renderTemplate,
  templateUpdateSchema,
} from '../../../src/lib/email/templates';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../../../src/lib/subscribers/unsubscribe-token';
import { SITE } from '../../../src/config/site';
import { renderConfirmEmail } from '../../../src/lib/email/confirm-email';

const values = {
  name: 'Ada <script>alert(1)</script> & "Co"',
  interestMessage: "We'll send tips for your Pixel 8.",
  unsubscribeUrl: 'https://x.test/api/unsubscribe?token=a.b&x=1',
  siteUrl: 'https://x.test',
};

describe('default templates', () => {
  it.each(LIST_TEMPLATE_IDS)('%s renders with escaped values, sender identification and the unsubscribe link', (id) => {
    const r = renderTemplate(DEFAULT_TEMPLATES[id], values);
    expect(r.subject).toContain(SITE.name);
    expect(r.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(r.html).not.toContain('<script>');
    expect(r.html).toContain('href="https://x.test/api/unsubscribe?token=a.b&amp;x=1"');
    expect(r.html).toContain('We&#39;ll send tips for your Pixel 8.');
    expect(r.text).toContain('Hi Ada <script>alert(1)</script> & "Co",');
    expect(r.text).toContain(values.unsubscribeUrl);
    for (const part of [r.text, r.html]) {
      expect(part).toContain(SITE.name);
      expect(part).toContain(escapeHtml(SITE.mailingAddress));
      expect(part).toContain(SITE.email);
      expect(part).not.toMatch(/\{\{\s*\w+\s*\}\}/);
    }
  });

  it('the confirmation request renders its link, list and days, the sender, and no unsubscribe link or name', () => {
    const mail = renderConfirmEmail({
      list: 'both',
      confirmUrl: 'https://x.test/api/confirm?token=t&x=1',
      validDays: 7,
    });
    expect(mail.subject).toBe(`Please confirm your subscription to the ${SITE.name} waitlist and newsletter`);
    expect(mail.text).toContain('https://x.test/api/confirm?token=t&x=1');
    expect(mail.text).toContain('the link works for 7 days');
    expect(mail.html).toContain('href="https://x.test/api/confirm?token=t&amp;x=1"');
    expect(mail.html).toContain('Confirm my subscription</a>');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(SITE.email);
      expect(part).not.toMatch(/\{\{\s*\w+\s*\}\}|[Uu]nsubscribe/);
    }
    // An edited copy that lost its link (saved before the rule, say) still carries it.
    const edited = renderConfirmEmail({ list: 'waitlist', confirmUrl: 'https://x.test/c', validDays: 7 }, undefined, {
      subject: 'Confirm',
      textContent: 'Please confirm.',
      htmlContent: '<p>Please confirm.</p>',
    });
    expect(edited.text).toContain('https://x.test/c');
    expect(edited.html).toContain('href="https://x.test/c"');
  });

  it('the waitlist welcome after launch promises no launch notification; the one before launch does', () => {
    expect(DEFAULT_TEMPLATES['waitlist-confirmation'].textContent).toMatch(/launch notification/);
    for (const part of ['textContent', 'htmlContent'] as const)
      expect(DEFAULT_TEMPLATES['waitlist-welcome-launched'][part]).not.toMatch(
        /launch notification|as soon as we launch/,
      );
  });

  it('an empty name reads "there"', () => {
    expect(renderTemplate(DEFAULT_TEMPLATES['newsletter-welcome'], { ...values, name: ' ' }).text).toMatch(
      /^Hi there,/,
    );
  });

  it('adds an unsubscribe link when a template lacks the placeholder, and keeps the subject on one line', () => {
    const r = renderTemplate(
      { subject: 'Hi {{name}}', textContent: 'Hello', htmlContent: '<p>Hello</p>' },
      { ...values, name: 'A\nB' },
    );
    expect(r.subject).toBe('Hi A B');
    expect(r.text).toContain(`Unsubscribe with one click: ${values.unsubscribeUrl}`);
    expect(r.html).toContain('Unsubscribe</a>');
  });
});

describe('template updates', () => {
  it('require the unsubscribe placeholder in both parts', () => {
    const ok = {
      subject: 'Hi',
      text_content: 'x {{unsubscribeUrl}}',
      html_content: '<a href="{{ unsubscribeUrl }}">u</a>',
    };
    expect(templateUpdateSchema.safeParse(ok).success).toBe(true);
    const bad = templateUpdateSchema.safeParse({ ...ok, html_content: '<p>no link</p>' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toMatch(/unsubscribeUrl/);
  });
});

describe('interest message', () => {
  it('covers interests and phone models', () => {
    expect(interestMessage({ interests: ['tech_news'] })).toMatch(/tech news/);
    expect(interestMessage({ interests: ['all'] })).toMatch(/everything/);
    expect(interestMessage({ interests: ['tech_news', 'smartphone_tutorials'] })).toBe(
      "We'll send you updates about Tech News and Smartphone Tutorials.",
    );
    expect(interestMessage({ interests: [], phoneModel: 'Galaxy S24' })).toBe(
      "We'll send tips and updates for your Galaxy S24.",
    );
  });
});

describe('unsubscribe tokens', () => {
  const id = 'a'.repeat(64);
  it('round-trip and reject tampering', async () => {
    const token = await signUnsubscribeToken(id, 's'.repeat(32));
    expect(await verifyUnsubscribeToken(token, 's'.repeat(32))).toBe(id);
    expect(await verifyUnsubscribeToken(token, 't'.repeat(32))).toBeNull();
    const other = `${'b'.repeat(64)}${token.slice(64)}`;
    expect(await verifyUnsubscribeToken(other, 's'.repeat(32))).toBeNull();
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await verifyUnsubscribeToken(flipped, 's'.repeat(32))).toBeNull();
    for (const t of ['', 'abc', `${id}.`, null]) expect(await verifyUnsubscribeToken(t, 's'.repeat(32))).toBeNull();
  });
});
