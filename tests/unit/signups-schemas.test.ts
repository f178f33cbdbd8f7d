import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CONSENT_FORMS,
  MESSAGES,
  fieldMessages,
  newsletterPayloadSchema as newsletterSchemaFor,
  waitlistPayloadSchema,
  applySignup,
  mergeInterests,
  captureSource,
  isRecognisedPhoneModel,
  suggestPhoneModels,
  titleCase,
  type Signup,
} from '../../src/lib/signups';
import { phoneModelNames } from '../../src/lib/signups/phone-models';

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

  it('gives the spec messages', () => {
    expect(errorsOf(waitlistPayloadSchema, { name: 'A', email: 'nope', interests: 'cats' })).toEqual({
      name: MESSAGES.waitlistNameMin,
      email: MESSAGES.email,
      interests: MESSAGES.interests,
    });
    expect(MESSAGES.waitlistNameMin).toBe('Name must be at least 2 characters');
    expect(MESSAGES.email).toBe('Please enter a valid email address');
    expect(errorsOf(waitlistPayloadSchema, {})).toMatchObject({ name: MESSAGES.waitlistNameMin, email: MESSAGES.email });
    expect(errorsOf(waitlistPayloadSchema, { name: '  ', email: 'a@b.co' })).toEqual({ name: MESSAGES.waitlistNameMin });
  });

  it('caps field lengths', () => {
    const e = errorsOf(waitlistPayloadSchema, { name: 'x'.repeat(101), email: `${'a'.repeat(250)}@example.com`, source: 's'.repeat(101) });
    expect(e).toMatchObject({ name: MESSAGES.nameTooLong, email: MESSAGES.emailTooLong, source: MESSAGES.sourceInvalid });
  });

  it('accepts only the known consent wording', () => {
    expect(waitlistPayloadSchema.safeParse({ name: 'Ada', email: 'a@b.co', consentText: CONSENT_FORMS.waitlist.wording }).success).toBe(true);
    expect(errorsOf(waitlistPayloadSchema, { name: 'Ada', email: 'a@b.co', consentText: 'I agree to anything' })).toEqual({ consentText: MESSAGES.consentWording });
  });
});

describe('newsletter payload', () => {
  const ok = { name: 'Ada', email: 'ada@example.com', phoneModel: 'iPhone 15', consent: true };

  it('accepts a valid block signup and defaults the form', () => {
    expect(newsletterPayloadSchema.parse(ok)).toMatchObject({ form: 'newsletter', phoneModel: 'iPhone 15' });
  });

  it('gives the spec messages', () => {
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
    expect(newsletterPayloadSchema.safeParse({ ...ok, phoneModel: 'Nokia 3310', form: 'header', consentText: CONSENT_FORMS.header.wording }).success).toBe(true);
    expect(errorsOf(newsletterPayloadSchema, { ...ok, form: 'about', consentText: CONSENT_FORMS.newsletter.wording })).toEqual({ consentText: MESSAGES.consentWording });
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
});

describe('source capture', () => {
  it('prefers utm_source, then source, then the referrer host', () => {
    expect(captureSource('?utm_source=youtube&source=x', 'https://t.co/abc')).toEqual({ source: 'youtube', referrer: 'https://t.co/abc' });
    expect(captureSource('?source=flyer', '')).toEqual({ source: 'flyer', referrer: '' });
    expect(captureSource('', 'https://www.reddit.com/r/android')).toEqual({ source: 'www.reddit.com', referrer: 'https://www.reddit.com/r/android' });
    expect(captureSource('', '')).toEqual({ source: '', referrer: '' });
    expect(captureSource('', 'not a url')).toEqual({ source: '', referrer: 'not a url' });
  });
});

describe('merging signups', () => {
  const consent = (at: string) => ({ at, wording: CONSENT_FORMS.waitlist.wording, form: 'waitlist' as const, page: '/join', source: '' });
  const base: Signup = { list: 'waitlist', name: 'Ada', email: 'ada@example.com', interest: 'tech_news', source: 'youtube', referrer: '', consent: consent('2025-01-01T00:00:00.000Z') };

  it('merges interests, keeps id and first createdAt, widens the list, re-subscribes', () => {
    const first = applySignup(null, base, 'id1', '2025-01-01T00:00:00.000Z');
    const unsub = { ...first, unsubscribedAt: '2025-01-02T00:00:00.000Z' };
    const second = applySignup(
      unsub,
      { ...base, list: 'newsletter', interest: undefined, phoneModel: 'Pixel 8', source: 'other', consent: { ...consent('2025-02-01T00:00:00.000Z'), form: 'newsletter' } },
      'ignored',
      '2025-02-01T00:00:00.000Z',
    );
    expect(second).toMatchObject({ id: 'id1', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-02-01T00:00:00.000Z', list: 'both', interests: ['tech_news'], phoneModel: 'Pixel 8', source: 'youtube', unsubscribedAt: null });
    expect(second.consentLog).toHaveLength(2);
    expect(second.consent.form).toBe('newsletter');
    const third = applySignup(second, { ...base, interest: 'smartphone_tutorials' }, 'x', '2025-03-01T00:00:00.000Z');
    expect(third.interests).toEqual(['tech_news', 'smartphone_tutorials']);
  });

  it('collapses to all', () => {
    expect(mergeInterests(['tech_news', 'smartphone_tutorials'], 'phone_recommendations')).toEqual(['all']);
    expect(mergeInterests(['tech_news'], 'all')).toEqual(['all']);
    expect(mergeInterests([], undefined)).toEqual([]);
  });
});
