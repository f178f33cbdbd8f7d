import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CONSENT_FORMS,
  MESSAGES,
  fieldMessages,
  newsletterPayloadSchema as newsletterSchemaFor,
  waitlistPayloadSchema,
  applySignup,
  applyConfirmation,
  confirmationRequestedRecently,
  requestedList,
  mergeInterests,
  captureSource,
  isRecognisedPhoneModel,
  suggestPhoneModels,
  titleCase,
  type Signup,
  type Subscriber,
} from '../../src/lib/signups';
import { phoneModelNames } from '../../src/lib/signups/phone-models';
import { subscriberStatus } from '../../src/lib/signups/status';

const newsletterPayloadSchema = newsletterSchemaFor(phoneModelNames());

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldMessages(r.error);
};

describe('waitlist payload', () => {
  it('normalises e-mail and name, defaults interests to all and optional fields to empty', () => {
    const r = waitlistPayloadSchema.parse({ name: '  Ada  ', email: '  Ada@Example.COM ' });
    expect(r).toMatchObject({ name: 'Ada', email: 'ada@example.com', interests: 'all', source: '', referrer: '' });
  });

  it('gives the documented messages', () => {
    expect(errorsOf(waitlistPayloadSchema, { name: 'A', email: 'nope', interests: 'cats' })).toEqual({
      name: MESSAGES.waitlistNameMin,
      email: MESSAGES.email,
      interests: MESSAGES.interests,
    });
    expect(MESSAGES.waitlistNameMin).toBe('Name must be at least 2 characters');
    expect(MESSAGES.email).toBe('Please enter a valid email address');
    expect(errorsOf(waitlistPayloadSchema, {})).toMatchObject({
      name: MESSAGES.waitlistNameMin,
      email: MESSAGES.email,
    });
    expect(errorsOf(waitlistPayloadSchema, { name: '  ', email: 'a@b.co' })).toEqual({
      name: MESSAGES.waitlistNameMin,
    });
  });

  it('caps field lengths', () => {
    const e = errorsOf(waitlistPayloadSchema, {
      name: 'x'.repeat(101),
      email: `${'a'.repeat(250)}@example.com`,
      source: 's'.repeat(101),
    });
    expect(e).toMatchObject({
      name: MESSAGES.nameTooLong,
      email: MESSAGES.emailTooLong,
      source: MESSAGES.sourceInvalid,
    });
  });

  it('accepts only the known consent wording', () => {
    expect(
      waitlistPayloadSchema.safeParse({ name: 'Ada', email: 'a@b.co', consentText: CONSENT_FORMS.waitlist.wording })
        .success,
    ).toBe(true);
    expect(
      errorsOf(waitlistPayloadSchema, { name: 'Ada', email: 'a@b.co', consentText: 'I agree to anything' }),
    ).toEqual({ consentText: MESSAGES.consentWording });
  });
});

describe('newsletter payload', () => {
  const ok = { name: 'Ada', email: 'ada@example.com', phoneModel: 'iPhone 15', consent: true };

  it('accepts a valid block signup and defaults the form', () => {
    expect(newsletterPayloadSchema.parse(ok)).toMatchObject({ form: 'newsletter', phoneModel: 'iPhone 15' });
  });

  it('gives the documented messages', () => {
    expect(errorsOf(newsletterPayloadSchema, { name: '', email: 'x', phoneModel: '', consent: false })).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      phoneModel: 'Phone model is required',
      consent: 'You must consent to receive newsletters',
    });
    expect(errorsOf(newsletterPayloadSchema, { ...ok, phoneModel: 'Toaster 3000' })).toEqual({
      phoneModel: 'Please enter a valid phone model (e.g., iPhone 15, Galaxy S24)',
    });
  });

  it('requires consent to be exactly true', () => {
    for (const consent of [undefined, 'true', 1, false]) {
      expect(errorsOf(newsletterPayloadSchema, { ...ok, consent })).toEqual({ consent: MESSAGES.consent });
    }
  });

  it('header and about forms only require a phone model, and their wording must match the form', () => {
    expect(
      newsletterPayloadSchema.safeParse({
        ...ok,
        phoneModel: 'Nokia 3310',
        form: 'header',
        consentText: CONSENT_FORMS.header.wording,
      }).success,
    ).toBe(true);
    expect(
      errorsOf(newsletterPayloadSchema, { ...ok, form: 'about', consentText: CONSENT_FORMS.newsletter.wording }),
    ).toEqual({ consentText: MESSAGES.consentWording });
    expect(errorsOf(newsletterPayloadSchema, { ...ok, form: 'footer' })).toEqual({ form: MESSAGES.formInvalid });
  });

  it('every consent wording names the sender, a mailing address and says how to unsubscribe (CASL)', () => {
    for (const { wording } of Object.values(CONSENT_FORMS)) {
      expect(wording).toContain('Maple Tech');
      expect(wording).toMatch(/Kitchener, ON/);
      expect(wording).toMatch(/@/);
      expect(wording.toLowerCase()).toContain('unsubscribe');
    }
  });
});

describe('phone models', () => {
  const names = phoneModelNames();
  it.each([
    ['iphone 15', true],
    ['  IPHONE 14 PRO MAX ', true],
    ['Galaxy S24', true],
    ['my galaxy z fold', true],
    ['Galaxy Note 9', true],
    ['Pixel 8 Pro', true],
    ['Samsung Galaxy A54 5G', true],
    ['Google Pixel Fold', true],
    ['Nokia 3310', false],
    ['iphone', false],
    ['', false],
  ])('%j recognised: %s', (text, expected) => {
    expect(isRecognisedPhoneModel(text, names)).toBe(expected);
  });

  it('suggests at most 5 title-cased catalogue names containing the text, none for empty text', () => {
    const s = suggestPhoneModels('pixel', names);
    expect(s).toHaveLength(5);
    for (const n of s) expect(n.toLowerCase()).toContain('pixel');
    expect(suggestPhoneModels('', names)).toEqual([]);
    expect(suggestPhoneModels('   ', names)).toEqual([]);
    expect(suggestPhoneModels('galaxy s24 u', ['samsung galaxy s24 ultra'])).toEqual(['Samsung Galaxy S24 Ultra']);
    expect(titleCase('apple iPhone 15 pro')).toBe('Apple iPhone 15 Pro');
  });

  it('puts the exact model first: "Pixel 8" before "Pixel 8a" and "Pixel 8 Pro"', () => {
    const catalogue = ['Google Pixel 8a', 'Google Pixel 8 Pro', 'Google Pixel 8', 'Samsung Galaxy S8'];
    expect(suggestPhoneModels('Pixel 8', catalogue)[0]).toBe('Google Pixel 8');
    expect(suggestPhoneModels('google pixel 8', catalogue)[0]).toBe('Google Pixel 8');
    expect(suggestPhoneModels('pixel 8 ', catalogue)).toEqual([
      'Google Pixel 8',
      'Google Pixel 8a',
      'Google Pixel 8 Pro',
    ]);
    const real = suggestPhoneModels('Pixel 8', names);
    expect(real[0]).toBe('Google Pixel 8');
  });
});

describe('source capture', () => {
  it('prefers utm_source, then source, then the referrer host', () => {
    expect(captureSource('?utm_source=youtube&source=x', 'https://t.co/abc')).toEqual({
      source: 'youtube',
      referrer: 'https://t.co/abc',
    });
    expect(captureSource('?source=flyer', '')).toEqual({ source: 'flyer', referrer: '' });
    expect(captureSource('', 'https://www.reddit.com/r/android')).toEqual({
      source: 'www.reddit.com',
      referrer: 'https://www.reddit.com/r/android',
    });
    expect(captureSource('', '')).toEqual({ source: '', referrer: '' });
    expect(captureSource('', 'not a url')).toEqual({ source: '', referrer: 'not a url' });
  });
});

describe('merging signups', () => {
  const consent = (at: string) => ({
    at,
    wording: CONSENT_FORMS.waitlist.wording,
    form: 'waitlist' as const,
    page: '/join',
    source: '',
  });
  const base: Signup = {
    list: 'waitlist',
    name: 'Ada',
    email: 'ada@example.com',
    interest: 'tech_news',
    source: 'youtube',
    referrer: '',
    consent: consent('2025-01-01T00:00:00.000Z'),
    ipHash: 'h1',
    wordingVersion: 'sha256:abc',
  };
  const at = (d: string) => `2025-${d}T00:00:00.000Z`;
  /** The record once its confirmation mail was recorded in the ledger (as the mail queue does). */
  const mailed = (record: Subscriber): Subscriber => ({
    ...record,
    history: [...record.history, { at: record.confirmRequestedAt!, type: 'confirmation-sent', outcome: 'sent' }],
  });

  it('a new address makes a pending record with the signup in its ledger, and asks for a confirmation', () => {
    const { record, sendConfirmation } = applySignup(null, base, 'id1', at('01-01'));
    expect(sendConfirmation).toBe(true);
    expect(record).toMatchObject({
      id: 'id1',
      status: 'pending',
      list: 'waitlist',
      interests: ['tech_news'],
      unsubscribedAt: null,
      deletedAt: null,
    });
    expect(record.history).toEqual([
      {
        at: at('01-01'),
        type: 'signup',
        list: 'waitlist',
        interest: 'tech_news',
        form: 'waitlist',
        wording: CONSENT_FORMS.waitlist.wording,
        wordingVersion: 'sha256:abc',
        page: '/join',
        source: '',
        ipHash: 'h1',
      },
    ]);
    expect(subscriberStatus(record)).toBe('pending');
  });

  it('confirming applies every request since the last confirmation; a repeat signup of a confirmed record changes nothing by itself', () => {
    const first = applySignup(null, base, 'id1', at('01-01')).record;
    const nl = {
      ...base,
      list: 'newsletter' as const,
      interest: undefined,
      phoneModel: 'Pixel 8',
      name: 'Ada L',
      consent: { ...consent(at('01-02')), form: 'newsletter' as const },
    };
    const pending = applySignup(first, nl, 'x', at('01-02'));
    expect(pending.record).toMatchObject({ name: 'Ada', list: 'both', phoneModel: 'Pixel 8' });
    expect(pending.sendConfirmation).toBe(true); // no confirmation mail recorded yet
    // Confirmed from the client that typed both requests: the newest typed name and phone are kept.
    const confirmed = applyConfirmation(pending.record, at('01-03'), 'h1');
    expect(confirmed.changed).toBe(true);
    expect(confirmed.record).toMatchObject({
      status: 'confirmed',
      list: 'both',
      unsubscribedAt: null,
      confirmNonce: null,
    });
    expect(confirmed.record).toMatchObject({ name: 'Ada L', phoneModel: 'Pixel 8', pendingDetails: [] });
    expect(confirmed.record.consent).toMatchObject({ at: at('01-03'), form: 'newsletter' });
    expect(confirmed.record.history.at(-1)).toMatchObject({ type: 'confirmed', ipHash: 'h1' });

    const repeat = applySignup(
      confirmed.record,
      { ...base, name: 'Eve', interest: 'smartphone_tutorials', consent: consent(at('02-01')) },
      'x',
      at('02-01'),
    );
    expect(repeat.record).toMatchObject({ name: 'Ada L', status: 'confirmed', interests: ['tech_news'], list: 'both' });
    expect(repeat.sendConfirmation).toBe(true); // a new interest needs the owner's confirmation
    expect(applySignup(confirmed.record, base, 'x', at('02-01')).sendConfirmation).toBe(false); // nothing new
    // Confirmed from another client: the request is applied, but Eve's typing is not taken.
    const again = applyConfirmation(repeat.record, at('02-02'), 'h3');
    expect(again.record.interests).toEqual(['tech_news', 'smartphone_tutorials']);
    expect(again.record.name).toBe('Ada L');
  });

  it("typed words reach mail only when the confirming client typed them: a stranger's request never names the owner", () => {
    const stranger = {
      ...base,
      name: 'URGENT: your account is locked. Call 1-888-555-0100',
      phoneModel: 'Reply with your card number',
      ipHash: 'evil',
    };
    const planted = mailed(applySignup(null, stranger, 'id1', at('01-01')).record);
    expect(planted.name).toBe(stranger.name); // staff see what was typed while it waits
    // The owner signs up within the day (no second mail) and confirms the first mail from their own client.
    const later = '2025-01-01T05:00:00.000Z';
    const owner = applySignup(
      planted,
      { ...base, name: 'Victoria', ipHash: 'owner', consent: consent(later) },
      'id1',
      later,
    );
    expect(owner.sendConfirmation).toBe(false);
    const confirmed = applyConfirmation(owner.record, at('01-02'), 'owner').record;
    expect(confirmed).toMatchObject({ status: 'confirmed', name: '', phoneModel: '' });
    // Had the owner's own request been the one the mail described, their name would be kept.
    const own = applySignup(null, { ...base, name: 'Victoria', ipHash: 'owner' }, 'id2', at('01-01')).record;
    expect(applyConfirmation(own, at('01-02'), 'owner').record.name).toBe('Victoria');
    expect(applyConfirmation(own, at('01-02'), 'someone-else').record.name).toBe('');
  });

  it('a confirmation confirms what its mail described: a later request for another list waits for its own', () => {
    const waitlistOnly = mailed(applySignup(null, base, 'id1', at('01-01')).record);
    expect(requestedList(waitlistOnly)).toBe('waitlist');
    const extra = applySignup(
      waitlistOnly,
      {
        ...base,
        list: 'newsletter',
        interest: undefined,
        ipHash: 'evil',
        consent: { ...consent('2025-01-01T01:00:00.000Z'), form: 'newsletter' },
      },
      'id1',
      '2025-01-01T01:00:00.000Z',
    );
    expect(extra.sendConfirmation).toBe(false);
    expect(extra.record.list).toBe('both'); // pending: shown as asked
    const confirmed = applyConfirmation(extra.record, at('01-02'), 'h1').record;
    expect(confirmed.list).toBe('waitlist');
    // The newsletter request stays waiting for a confirmation of its own, with its typed details.
    expect(confirmed.pendingDetails.map((d) => d.ipHash)).toEqual(['evil']);
    expect(requestedList(confirmed)).toBe('newsletter');
    const later = applySignup(
      confirmed,
      { ...base, list: 'newsletter', interest: undefined, consent: consent(at('01-03')) },
      'id1',
      at('01-03'),
    );
    expect(later.sendConfirmation).toBe(true);
    expect(applyConfirmation(later.record, at('01-04'), 'h1').record.list).toBe('both');
  });

  it('a confirmation that leaves later requests waiting asks about them at once, with a fresh link', () => {
    const waitlistOnly = mailed(applySignup(null, base, 'id1', at('01-01')).record);
    const laterAt = '2025-01-01T00:10:00.000Z';
    const extra = applySignup(
      waitlistOnly,
      { ...base, list: 'newsletter', interest: undefined, consent: { ...consent(laterAt), form: 'newsletter' } },
      'id1',
      laterAt,
    ).record;
    const clickAt = '2025-01-01T00:20:00.000Z';
    const first = applyConfirmation(extra, clickAt, 'h1', 'nonce-2');
    expect(first).toMatchObject({ askAgain: true, record: { list: 'waitlist', status: 'confirmed' } });
    expect(first.record).toMatchObject({ confirmNonce: 'nonce-2', confirmRequestedAt: clickAt });
    expect(requestedList(first.record)).toBe('newsletter');
    // That second link confirms the newsletter too.
    const second = applyConfirmation(mailed(first.record), '2025-01-01T00:30:00.000Z', 'h1', 'nonce-3');
    expect(second).toMatchObject({ askAgain: false, record: { list: 'both' } });
    // Nothing left waiting: no further mail, whatever the caller offers.
    expect(applyConfirmation(waitlistOnly, clickAt, 'h1', 'nonce-4')).toMatchObject({ askAgain: false });
  });

  it('a request the owner has answered holds nothing back: a confirmed subscriber joining another list the same day is asked', () => {
    const confirmed = applyConfirmation(
      mailed(applySignup(null, base, 'id1', at('01-01')).record),
      '2025-01-01T00:05:00.000Z',
      'h1',
    ).record;
    const sameDay = '2025-01-01T06:00:00.000Z';
    const newsletter = applySignup(
      confirmed,
      { ...base, list: 'newsletter', interest: undefined, consent: { ...consent(sameDay), form: 'newsletter' } },
      'id1',
      sameDay,
    );
    expect(newsletter.sendConfirmation).toBe(true);
    // Once that one is out and not answered, the cap holds again for 24 h.
    const out = mailed(newsletter.record);
    expect(
      applySignup(out, { ...base, list: 'newsletter', interest: undefined }, 'id1', '2025-01-01T07:00:00.000Z')
        .sendConfirmation,
    ).toBe(false);
  });

  it('an unsubscribe stays until a fresh confirmation; confirmations are re-sent at most once per 24 h', () => {
    const record = applyConfirmation(applySignup(null, base, 'id1', at('01-01')).record, at('01-01'), 'h1').record;
    const unsub = {
      ...record,
      unsubscribedAt: at('01-05'),
      history: [...record.history, { at: at('01-05'), type: 'unsubscribed' as const }],
    };
    expect(subscriberStatus(unsub)).toBe('unsubscribed');
    const back = applySignup(unsub, { ...base, name: 'Other' }, 'x', at('01-06'));
    expect(back.record).toMatchObject({ status: 'unsubscribed', unsubscribedAt: at('01-05'), name: 'Ada' });
    expect(back.sendConfirmation).toBe(true);
    const sent = {
      ...back.record,
      history: [
        ...back.record.history,
        { at: '2025-01-06T01:00:00.000Z', type: 'confirmation-sent' as const, outcome: 'sent' as const },
      ],
    };
    expect(confirmationRequestedRecently(sent, '2025-01-07T00:59:00.000Z')).toBe(true);
    expect(applySignup(sent, base, 'x', '2025-01-07T00:59:00.000Z').sendConfirmation).toBe(false);
    expect(applySignup(sent, base, 'x', '2025-01-07T01:01:00.000Z').sendConfirmation).toBe(true);
    expect(applyConfirmation(sent, at('01-08'), 'h').record).toMatchObject({
      status: 'confirmed',
      unsubscribedAt: null,
    });
  });

  it('the signup that decides a confirmation mail stores the decision: a second one at that moment sends none', () => {
    const first = applySignup(null, base, 'id1', at('01-01'));
    expect(first.sendConfirmation).toBe(true);
    expect(first.record.confirmRequestedAt).toBe(at('01-01'));
    // The mail has not gone out yet (no ledger event): the decision alone holds back a second mail.
    const second = applySignup(first.record, { ...base, name: 'Again' }, 'x', '2025-01-01T00:00:01.000Z');
    expect(second.sendConfirmation).toBe(false);
    expect(second.record.confirmRequestedAt).toBe(at('01-01'));
    // A mail a limit stopped clears the decision (see recordMailStatus): the next signup may ask again.
    const limited = {
      ...second.record,
      confirmRequestedAt: null,
      history: [
        ...second.record.history,
        { at: at('01-01'), type: 'confirmation-sent' as const, outcome: 'limited' as const },
      ],
    };
    const retry = applySignup(limited, base, 'x', '2025-01-01T00:05:00.000Z');
    expect(retry.sendConfirmation).toBe(true);
    expect(retry.record.confirmRequestedAt).toBe('2025-01-01T00:05:00.000Z');
  });

  it('a stored record from before double opt-in (no ledger) reads as pending, or unsubscribed', () => {
    expect(subscriberStatus({ history: [], unsubscribedAt: null })).toBe('pending');
    expect(subscriberStatus({ history: [], unsubscribedAt: at('01-01') })).toBe('unsubscribed');
  });

  it('collapses to all', () => {
    expect(mergeInterests(['tech_news', 'smartphone_tutorials'], 'phone_recommendations')).toEqual(['all']);
    expect(mergeInterests(['tech_news'], 'all')).toEqual(['all']);
    expect(mergeInterests([], undefined)).toEqual([]);
  });
});

describe('unsafe characters (control, NUL, U+FFFD, bidi, invisible, stacked marks) are refused by the shared schemas', () => {
  const waitlist = { name: 'Ada', email: 'ada@example.com', interests: 'all' };
  it.each([
    'Ada\u0000',
    'Ada\u001B[31m',
    'Ada\u202E',
    'Ada\u2067x',
    'Ada\uFFFD',
    'Ada\u200B',
    'Ada\uD800',
    'Ada\u061C',
    'Ada\u{E0041}',
    'Ada\u3164',
    'Ada\uFFA0',
    'Ada\u00AD',
    'Ada\u2028x',
    'Ada\u2029x',
    'Ada\u180E',
    'Ada\uE000',
    'A\u0301\u0301\u0301\u0301\u0301da',
  ])('%j', (name) => {
    const r = waitlistPayloadSchema.safeParse({ ...waitlist, name });
    expect(r.success).toBe(false);
    expect(fieldMessages(r.error!).name).toBe(MESSAGES.nameUnsafe);
  });
  it('in the phone model, source and referrer too; accents and emoji are fine', () => {
    const nl = newsletterSchemaFor(phoneModelNames());
    const bad = nl.safeParse({
      name: 'Ada',
      email: 'ada@example.com',
      phoneModel: 'Pixel 8\u202E',
      consent: true,
      form: 'header',
      source: 'x\u0007',
    });
    expect(fieldMessages(bad.error!)).toMatchObject({ phoneModel: MESSAGES.phoneUnsafe, source: MESSAGES.textUnsafe });
    expect(waitlistPayloadSchema.safeParse({ ...waitlist, name: 'Zoë Ōtani 🎉' }).success).toBe(true);
    expect(waitlistPayloadSchema.safeParse({ ...waitlist, name: 'Nguye\u0302\u0303n ❤️ שָׁלוֹם' }).success).toBe(true);
  });
});
