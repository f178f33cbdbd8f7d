// Attacks on what our mail says and on what a signup's answer gives away (the second red team's
// items 3 and 6, docs/consent-and-mail.md "Threat model"). Each test states what the attacker must
// NOT achieve. The real signup and confirm functions, the real Blobs client against the local
// server, mail through the real SendGrid client to a loopback fake. Items 4 and 5 (aliases, mail
// others asked for) are in mail-queue.test.ts, "attack: mail bombing a stranger".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import signups from '../../netlify/functions/signups';
import { CONSENT_FORMS } from '../../src/lib/signups/constants';
import {
  call,
  confirmFromMail,
  clearStore,
  startSendGridFake,
  useOutbox,
  useSendGrid,
  type SendGridFake,
  subscriberByEmail,
} from './helpers';

let fake: SendGridFake;
let n = 0;
/** A fresh client address per request, so no per-client limit comes into play. */
const ip = () => `198.18.${Math.floor(++n / 250) % 250}.${n % 250}`;

beforeAll(async () => {
  fake = await startSendGridFake();
});
afterAll(async () => {
  useOutbox();
  await fake.close();
});
beforeEach(async () => {
  useSendGrid(fake);
  fake.reset();
  await Promise.all(['subscribers', 'subscriber-index', 'mail-queue', 'ratelimit', 'stops'].map(clearStore));
});

const SCAM_NAME = 'URGENT: your account is locked. Call 1-888-555-0100';
const SCAM_PHONE = 'Claim your free replacement: reply with your card number';

const waitlist = (email: string, name: string, from: string) =>
  call(signups, {
    method: 'POST',
    path: '/api/waitlist',
    body: { name, email, interests: 'all', page: '/join', consentText: CONSENT_FORMS.waitlist.wording },
    ip: from,
  });
/** The header's newsletter form: any phone text is accepted there. */
const headerNewsletter = (email: string, name: string, phoneModel: string, from: string) =>
  call(signups, {
    method: 'POST',
    path: '/api/newsletter/subscribe',
    body: { name, email, phoneModel, consent: true, form: 'header', consentText: CONSENT_FORMS.header.wording },
    ip: from,
  });
const mailTo = (email: string) => fake.messages.filter((m) => m.body.personalizations[0].to[0].email === email);
const textOf = (m: (typeof fake.messages)[number]) =>
  (m.body.content as { value: string }[]).map((c) => c.value).join('\n') + m.body.subject;

describe("attack: a stranger's words in the owner's mail (item 3)", () => {
  it('a name and phone planted before the owner signs up never reach the owner’s mail', async () => {
    const attacker = ip();
    const owner = ip();
    expect((await headerNewsletter('vic@example.com', SCAM_NAME, SCAM_PHONE, attacker)).status).toBe(200);
    expect((await waitlist('vic@example.com', 'Victoria', owner)).status).toBe(200);
    // The mail out is the one the stranger's request triggered (one per 24 h): it describes the
    // newsletter. Its click confirms that; the owner's own waitlist request is then asked about.
    expect((await confirmFromMail(fake, 'vic@example.com', owner)).status).toBe(200);
    expect((await confirmFromMail(fake, 'vic@example.com', owner)).status).toBe(200);
    const mails = mailTo('vic@example.com');
    expect(mails.map((m) => m.body.categories[0])).toEqual([
      'confirm-subscription',
      'newsletter-welcome',
      'confirm-subscription',
      'waitlist-confirmation',
    ]);
    for (const m of mails) {
      expect(textOf(m)).not.toContain('URGENT');
      expect(textOf(m)).not.toContain('card number');
    }
    // The welcome greets the owner by the name the owner typed.
    const welcome = mails.find((m) => m.body.categories.includes('waitlist-confirmation'))!;
    expect(textOf(welcome)).toContain('Victoria');
  });

  it('an owner who only clicks the stranger’s confirmation mail is greeted by no name at all', async () => {
    expect((await headerNewsletter('vic@example.com', SCAM_NAME, SCAM_PHONE, ip())).status).toBe(200);
    expect((await confirmFromMail(fake, 'vic@example.com', ip())).status).toBe(200);
    const welcome = mailTo('vic@example.com').find((m) => m.body.categories.includes('newsletter-welcome'))!;
    expect(textOf(welcome)).not.toContain('URGENT');
    expect(textOf(welcome)).not.toContain('card number');
    expect((await subscriberByEmail('vic@example.com'))!).toMatchObject({ name: '', phoneModel: '' });
  });

  it("a list request a stranger adds after the owner's does not ride on the owner's confirmation", async () => {
    const owner = ip();
    expect((await waitlist('vic@example.com', 'Victoria', owner)).status).toBe(200);
    expect((await headerNewsletter('vic@example.com', 'Victoria', 'Pixel 8', ip())).status).toBe(200);
    expect((await confirmFromMail(fake, 'vic@example.com', owner)).status).toBe(200);
    const sub = (await subscriberByEmail('vic@example.com'))!;
    expect(sub.list).toBe('waitlist');
    // The newsletter request is asked about on its own; no newsletter mail goes until that is answered.
    expect(mailTo('vic@example.com').map((m) => m.body.categories[0])).toEqual([
      'confirm-subscription',
      'waitlist-confirmation',
      'confirm-subscription',
    ]);
  });
});

describe('attack: telling a known address from a new one by the answer time (item 6)', () => {
  it('a signup that sends no mail is held as long as one that does', async () => {
    // A slow provider makes a mailed signup take at least 300 ms: the gap an attacker would measure.
    fake.hold(300);
    try {
      for (let i = 0; i < 8; i++) expect((await waitlist(`new-${i}@example.com`, 'New', ip())).status).toBe(200);
      // The same addresses again: no mail is due (one confirmation per 24 h), so nothing is sent.
      const before = fake.messages.length;
      const started = performance.now();
      const again = await waitlist('new-3@example.com', 'New', ip());
      const took = performance.now() - started;
      expect(again.status).toBe(200);
      expect(fake.messages.length).toBe(before);
      // Held to the running average of mailed signups (at least ~80% of 300 ms after eight of them).
      expect(took).toBeGreaterThanOrEqual(200);
    } finally {
      fake.healthy();
    }
  });
});
