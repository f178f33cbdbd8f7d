import { describe, expect, it } from 'vitest';
import {
  campaignOutcome,
  complaintRatePassed,
  effectOf,
  type ProviderEvent,
} from '../../../../src/lib/email/events/model';

const e = (event: string, extra: Partial<ProviderEvent> = {}): ProviderEvent => ({
  email: 'a@example.com',
  event,
  timestamp: 1,
  ...extra,
});

describe('what each SendGrid event does', () => {
  it('suppresses on a hard bounce and a drop for a bounced or invalid address; counts blocks', () => {
    expect(effectOf(e('bounce', { type: 'bounce', reason: '550 no user' }))).toMatchObject({ kind: 'suppress' });
    expect(effectOf(e('bounce', { reason: '550 no user' }))).toMatchObject({ kind: 'suppress' });
    expect(effectOf(e('bounce', { type: 'blocked', reason: '554' }))).toMatchObject({ kind: 'blocked' });
    expect(effectOf(e('blocked'))).toMatchObject({ kind: 'blocked' });
    expect(effectOf(e('dropped', { reason: 'Bounced Address' }))).toMatchObject({ kind: 'suppress' });
    expect(effectOf(e('dropped', { reason: 'Invalid' }))).toMatchObject({ kind: 'suppress' });
    expect(effectOf(e('dropped', { reason: 'Unsubscribed Address' }))).toEqual({ kind: 'none' });
    // Only the reasons about the address itself; a fault of the request or the content is not one.
    for (const reason of [
      'Invalid SMTPAPI header',
      'Spam Content (if Spam Checker app is enabled)',
      'Spam Reporting Address',
      'Recipient List over Package Quota',
      '',
    ])
      expect(effectOf(e('dropped', { reason })), reason).toEqual({ kind: 'none' });
    expect(effectOf(e('dropped', { reason: ' bounced address ' })).kind).toBe('suppress');
  });
  it('unsubscribes on a complaint and the provider’s unsubscribes; settles on delivered/processed; nothing else', () => {
    for (const name of ['spamreport', 'unsubscribe', 'group_unsubscribe'])
      expect(effectOf(e(name)).kind).toBe('unsubscribe');
    expect(effectOf(e('delivered')).kind).toBe('delivered');
    expect(effectOf(e('processed')).kind).toBe('delivered');
    for (const name of ['deferred', 'open', 'click', 'group_resubscribe', 'whatever'])
      expect(effectOf(e(name)).kind).toBe('none');
  });
  it('counts a campaign’s delivered, bounced and complained', () => {
    expect(campaignOutcome(e('delivered'))).toBe('delivered');
    expect(campaignOutcome(e('bounce'))).toBe('bounced');
    expect(campaignOutcome(e('spamreport'))).toBe('complained');
    expect(campaignOutcome(e('deferred'))).toBeNull();
  });
  it('pauses past 0.1 % complaints per delivered copy', () => {
    expect(complaintRatePassed(1, 1000)).toBe(false);
    expect(complaintRatePassed(2, 1000)).toBe(true);
    expect(complaintRatePassed(0, 0)).toBe(false);
    expect(complaintRatePassed(1, 0)).toBe(true);
  });
});
