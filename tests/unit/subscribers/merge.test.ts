// How a signup, a confirmation and an unsubscribe change a subscriber record (double opt-in), and
// the state the ledger gives it (subscriberStatus: derived, never stored).
import { describe, expect, it } from 'vitest';
import { CONSENT_FORMS } from '../../../src/lib/signups/constants';
import {
  applySignup,
  applyConfirmation,
  confirmationRequestedRecently,
  requestedList,
  mergeInterests,
  type Signup,
} from '../../../src/lib/subscribers/merge';
import { subscriberSchema, type Subscriber } from '../../../src/lib/subscribers/record';
import { mayReceiveListMail, subscriberStatus } from '../../../src/lib/subscribers/status';

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
    expect(subscriberStatus(record)).toBe('pending');
    expect(record).toMatchObject({
      id: 'id1',
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
    expect(subscriberStatus(confirmed.record)).toBe('confirmed');
    expect(confirmed.record).toMatchObject({ list: 'both', unsubscribedAt: null, confirmNonce: null });
    expect(confirmed.record).toMatchObject({ name: 'Ada L', phoneModel: 'Pixel 8', pendingDetails: [] });
    expect(confirmed.record.consent).toMatchObject({ at: at('01-03'), form: 'newsletter' });
    expect(confirmed.record.history.at(-1)).toMatchObject({ type: 'confirmed', ipHash: 'h1' });

    const repeat = applySignup(
      confirmed.record,
      { ...base, name: 'Eve', interest: 'smartphone_tutorials', consent: consent(at('02-01')) },
      'x',
      at('02-01'),
    );
    expect(subscriberStatus(repeat.record)).toBe('confirmed');
    expect(repeat.record).toMatchObject({ name: 'Ada L', interests: ['tech_news'], list: 'both' });
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
    expect(subscriberStatus(confirmed)).toBe('confirmed');
    expect(confirmed).toMatchObject({ name: '', phoneModel: '' });
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
    expect(first).toMatchObject({ askAgain: true, record: { list: 'waitlist' } });
    expect(subscriberStatus(first.record)).toBe('confirmed');
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
    expect(subscriberStatus(back.record)).toBe('unsubscribed');
    expect(back.record).toMatchObject({ unsubscribedAt: at('01-05'), name: 'Ada' });
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
    const reconfirmed = applyConfirmation(sent, at('01-08'), 'h').record;
    expect(subscriberStatus(reconfirmed)).toBe('confirmed');
    expect(reconfirmed.unsubscribedAt).toBeNull();
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

  it('a stored status is never trusted: a record written with one reads by its ledger, and is written back without it', () => {
    const pending = applySignup(null, base, 'id1', at('01-01')).record;
    const read = subscriberSchema.parse({ ...pending, status: 'confirmed' });
    expect(read).not.toHaveProperty('status');
    expect(subscriberStatus(read)).toBe('pending');
    expect(mayReceiveListMail(read)).toBe(false);
  });

  it('collapses to all', () => {
    expect(mergeInterests(['tech_news', 'smartphone_tutorials'], 'phone_recommendations')).toEqual(['all']);
    expect(mergeInterests(['tech_news'], 'all')).toEqual(['all']);
    expect(mergeInterests([], undefined)).toEqual([]);
  });
});
