/**
 * What staff read for each consent-ledger event in a subscriber's timeline. Pure, client-safe.
 */
import { CONSENT_FORMS, INTEREST_LABELS, type ConsentForm, type Interest } from '../subscribers/vocabulary';
import type { LedgerEvent } from '../subscribers/ledger';

const TITLES: Record<LedgerEvent['type'], string> = {
  signup: 'Signed up (consent requested)',
  'confirmation-sent': 'Confirmation e-mail',
  confirmed: 'Confirmed (express consent)',
  'welcome-sent': 'Welcome e-mail',
  'staff-resend': 'E-mail sent by staff',
  unsubscribed: 'Unsubscribed',
  'staff-deleted': 'Deleted by staff',
  'campaign-sent': 'Campaign e-mail',
  bounced: 'Bounced (address suppressed: no more mail)',
  expired: 'Unconfirmed signup expired',
};

const OUTCOMES: Record<NonNullable<LedgerEvent['outcome']>, string> = {
  sent: 'sent',
  queued: 'waiting in the mail queue (send rate)',
  retry: 'provider error, will retry',
  failed: 'failed',
  skipped: 'not sent (no longer wanted)',
  unknown: 'outcome unknown (attempt cut off)',
  limited: 'not sent (mail limit)',
};

export interface TimelineEntry {
  title: string;
  /** Label/value pairs shown under the title, in order; empty values are left out. */
  details: { label: string; value: string }[];
  /** 'good' (consent given, mail sent), 'bad' (withdrawn, failed) or 'neutral'. */
  tone: 'good' | 'bad' | 'neutral';
}

/** The readable form of one ledger event. */
export function timelineEntry(e: LedgerEvent): TimelineEntry {
  const title = e.outcome ? `${TITLES[e.type]}: ${OUTCOMES[e.outcome]}` : TITLES[e.type];
  const form = e.form && e.form in CONSENT_FORMS ? CONSENT_FORMS[e.form as ConsentForm].label : e.form;
  const details = [
    { label: 'List', value: e.list ?? '' },
    { label: 'Interest', value: e.interest ? INTEREST_LABELS[e.interest as Interest] : '' },
    { label: 'Form', value: form ?? '' },
    { label: 'Page', value: e.page ?? '' },
    { label: 'Source', value: e.source ?? '' },
    { label: 'Wording', value: e.wording ?? '' },
    { label: 'Wording version', value: e.wordingVersion ?? '' },
    { label: 'IP hash', value: e.ipHash ?? '' },
    { label: 'Detail', value: e.detail ?? '' },
    {
      label: 'Reported by',
      value: e.providerEvent
        ? `SendGrid ${e.providerEvent} event ${e.providerEventId ?? ''}${e.providerAt ? ` at ${e.providerAt}` : ''}`
        : '',
    },
  ].filter((d) => d.value !== '');
  const bad =
    e.type === 'unsubscribed' ||
    e.type === 'staff-deleted' ||
    e.type === 'bounced' ||
    e.outcome === 'failed' ||
    e.outcome === 'limited' ||
    e.outcome === 'unknown';
  const good = e.type === 'confirmed' || e.outcome === 'sent';
  return { title, details, tone: bad ? 'bad' : good ? 'good' : 'neutral' };
}
