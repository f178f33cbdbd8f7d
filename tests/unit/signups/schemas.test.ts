// The forms' payload schemas (shared by the forms and the functions, so both give the same
// messages), phone-model rules and source capture.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CONSENT_FORMS, MESSAGES } from '../../../src/lib/signups/constants';
import { fieldMessages, waitlistPayloadSchema } from '../../../src/lib/signups/schemas';
import { newsletterPayloadSchema as newsletterSchemaFor } from '../../../src/lib/signups/newsletter-schema';
import { isRecognisedPhoneModel, suggestPhoneModels, titleCase } from '../../../src/lib/signups/phone-model-rules';
import { captureSource } from '../../../src/lib/signups/source';
import { phoneModelNames } from '../../../src/lib/signups/phone-models';

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
    'Ada\uFFF9x',
    'Ada\uFFFAx',
    'Ada\uFFFBx',
    'Ada\uFFFCx',
    'Ada \u0600123',
    'Ada\u06DDx',
    'Ada\u{13430}x',
    'Ada\u{110BD}x',
    'A\u0301\u0301\u0301\u0301\u0301da',
    'Ada\u200C',
    '\u200DAda',
    'A\u200C\u200Cda',
    'Ada \u200C Lovelace',
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
    // The joiners a script or an emoji needs, inside a word: Persian, Sinhala, a ZWJ emoji sequence.
    for (const name of ['نیک\u200Cنام', 'ශ්\u200Dරී', 'Ada 👩\u200D💻', '👩🏽\u200D💻'])
      expect(waitlistPayloadSchema.safeParse({ ...waitlist, name }).success, JSON.stringify(name)).toBe(true);
  });
});
