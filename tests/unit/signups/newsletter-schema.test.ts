// The newsletter block reports every invalid field in one round: the phone-model check (which needs
// the catalogue) runs beside the field checks, not only once the other fields are valid.
import { describe, expect, it } from 'vitest';
import { newsletterPayloadSchema } from '../../../src/lib/signups/newsletter-schema';
import { fieldMessages } from '../../../src/lib/signups/schemas';

const schema = newsletterPayloadSchema(['Apple iPhone 15', 'Samsung Galaxy S24']);

describe('newsletter payload: all messages at once', () => {
  it('names an unknown phone model together with the other invalid fields', () => {
    const r = schema.safeParse({ name: '', email: 'not-an-address', phoneModel: 'toaster', consent: false });
    expect(r.success).toBe(false);
    expect(fieldMessages(r.error!)).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      phoneModel: 'Please enter a valid phone model (e.g., iPhone 15, Galaxy S24)',
      consent: 'You must consent to receive newsletters',
    });
  });

  it('still accepts a recognised model, and rejects a non-object body without a crash', () => {
    expect(
      schema.safeParse({ name: 'Ada', email: 'ada@example.com', phoneModel: 'iphone 15', consent: true }).success,
    ).toBe(true);
    expect(schema.safeParse(null).success).toBe(false);
    expect(schema.safeParse({ phoneModel: 42, consent: true }).success).toBe(false);
  });
});
