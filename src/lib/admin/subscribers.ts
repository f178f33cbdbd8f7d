/**
 * What staff see of a subscriber, and the pure logic of the waitlist screens: display rules,
 * search and statistics.
 * Used by the API (server) and the admin islands (browser).
 *
 * ⚠️ Imported by browser code: no secrets, no server imports here.
 */
import { INTEREST_LABELS, type Interest, type List } from '../subscribers/vocabulary';
import type { MailStatus, Subscriber } from '../subscribers/record';
import type { Tally } from '../subscribers/tally';
import { lastConfirmedAt, subscriberStatus, suppressionOf, type SubscriberStatus } from '../subscribers/status';
import { dailyFigures, dayLabel, type DailyFigure } from '../subscribers/days';
import { SITE } from '../../config/site';

/** A subscriber as GET /api/admin/waitlist returns it (the stored record minus the consent log). */
export interface AdminSubscriber {
  id: string;
  name: string;
  email: string;
  interests: Interest[];
  source: string;
  referrer: string;
  createdAt: string;
  list: List;
  phoneModel: string;
  /** When the latest express consent was given. */
  consentAt: string;
  unsubscribedAt: string | null;
  /** pending (not confirmed yet), confirmed (double opt-in done) or unsubscribed. */
  status: SubscriberStatus;
  /** Time of the latest confirmation (null while never confirmed). */
  confirmedAt: string | null;
  /**
   * Set when the address is suppressed (a bounce, a drop, repeated blocks reported by SendGrid): when
   * and why. Such a subscriber's status is `unsubscribed`; staff see "Bounced". Absent when it is not.
   */
  bounced?: { at: string; reason: string } | null;
  /** Last e-mail delivery state (null before the first attempt). */
  mail: {
    status: MailStatus['status'];
    kind: string;
    lastError: string | null;
    sentAt: string | null;
  } | null;
}

/** The admin view of a stored record. */
export function toAdminSubscriber(sub: Subscriber): AdminSubscriber {
  return {
    id: sub.id,
    name: sub.name,
    email: sub.email,
    interests: sub.interests,
    source: sub.source,
    referrer: sub.referrer,
    createdAt: sub.createdAt,
    list: sub.list,
    phoneModel: sub.phoneModel,
    consentAt: sub.consent.at,
    unsubscribedAt: sub.unsubscribedAt,
    status: subscriberStatus(sub),
    confirmedAt: lastConfirmedAt(sub.history),
    // Only when suppressed: every other row keeps its shape.
    ...(bouncedOf(sub.history) ? { bounced: bouncedOf(sub.history) } : {}),
    mail: sub.mail
      ? { status: sub.mail.status, kind: sub.mail.kind, lastError: sub.mail.lastError, sentAt: sub.mail.sentAt }
      : null,
  };
}

/** When and why an address was suppressed, from its ledger (null when it is not). */
export function bouncedOf(history: Subscriber['history']): { at: string; reason: string } | null {
  const e = suppressionOf(history);
  return e ? { at: e.at, reason: e.detail ?? 'reported by the mail provider' } : null;
}

/** An empty name is shown as a dash. */
export function nameLabel(name: string): string {
  return name.trim() === '' ? '-' : name;
}

/** Label of one interest value ('all' reads 'All'). */
export function interestLabel(value: string): string {
  if (value === 'all' || value === '') return 'All';
  return INTEREST_LABELS[value as Interest] ?? value;
}

/** Empty interests are shown as All. */
export function interestsLabel(interests: readonly string[]): string {
  return interests.length === 0 ? 'All' : interests.map(interestLabel).join(', ');
}

/** What staff read for a status. */
export const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Pending confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/** How well-known sources are written (lower-cased key). */
const SOURCE_NAMES: Record<string, string> = {
  youtube: 'YouTube',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  reddit: 'Reddit',
  twitter: 'Twitter',
  x: 'X',
  google: 'Google',
  bing: 'Bing',
  newsletter: 'Newsletter',
  email: 'Email',
  podcast: 'Podcast',
};

/**
 * How a source reads everywhere staff see it (the table, the statistics, the CSV export): an empty
 * source is Direct, a well-known one is written as its owner writes it ('youtube' reads 'YouTube'),
 * any other lower-case source gets a capital first letter; a source with capitals is kept as typed.
 */
export function sourceLabel(source: string): string {
  const s = source.trim();
  if (s === '') return 'Direct';
  const known = SOURCE_NAMES[s.toLowerCase()];
  if (known) return known;
  return s === s.toLowerCase() ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** What staff read for a list. */
export const LIST_LABELS: Record<List, string> = {
  waitlist: 'Waitlist',
  newsletter: 'Newsletter',
  both: 'Waitlist + newsletter',
};

/**
 * Subscriber search: case-insensitive substring match over name, email, source and interests, as
 * stored (e.g. 'tech_news', '') and as the table shows them (e.g. 'Tech News', 'Direct' for an empty
 * source, 'All' for no interests, '-' for no name; labels joined as in the Interests column). An empty
 * query matches all.
 */
export function matchesSearch(
  sub: Pick<AdminSubscriber, 'name' | 'email' | 'source' | 'interests'>,
  query: string,
): boolean {
  return searchMatcher(query)(sub);
}

/**
 * `matchesSearch` for one query, made once and applied to many subscribers (a search over 100,000):
 * the query is lower-cased once, and the verdict on an interests list is kept per list object (the
 * search digest shares one list per distinct value).
 */
export function searchMatcher(
  query: string,
): (sub: Pick<AdminSubscriber, 'name' | 'email' | 'source' | 'interests'>) => boolean {
  const q = query.trim().toLowerCase();
  if (!q) return () => true;
  const has = (v: string) => v.toLowerCase().includes(q);
  const dash = has(nameLabel(''));
  const direct = has(sourceLabel(''));
  const byInterests = new WeakMap<readonly string[], boolean>();
  const interestsMatch = (list: readonly string[]) => {
    let verdict = byInterests.get(list);
    if (verdict === undefined) {
      verdict = list.some(has) || has(interestsLabel(list));
      byInterests.set(list, verdict);
    }
    return verdict;
  };
  return (sub) =>
    has(sub.name) ||
    (dash && sub.name.trim() === '') ||
    has(sub.email) ||
    has(sub.source) ||
    (direct && sub.source.trim() === '') ||
    interestsMatch(sub.interests);
}

/** The subscribers matching `query`, in the given order. */
export function filterSubscribers<T extends Pick<AdminSubscriber, 'name' | 'email' | 'source' | 'interests'>>(
  list: readonly T[],
  query: string,
): T[] {
  const matches = searchMatcher(query);
  return list.filter((s) => matches(s));
}

/** Staff see live records only: a staff-deleted tombstone keeps its ledger but is not a subscriber. */
export function isListed(sub: Pick<Subscriber, 'deletedAt'>): boolean {
  return !sub.deletedAt;
}

/** GET /api/admin/waitlist/stats: total, count per interest, count per source (docs/site.md#staff-area). */
export interface WaitlistStats {
  /** Confirmed subscribers (double opt-in done); the breakdowns count these only. */
  totalCount: number;
  /** Signed up, not confirmed yet (shown apart). */
  pendingCount: number;
  /** Unsubscribed (kept as consent records). */
  unsubscribedCount: number;
  /** Interest value -> subscribers who chose it (a subscriber with several counts once in each; none counts as 'all'). */
  interestBreakdown: Record<string, number>;
  /** Source -> subscribers ('' = direct). */
  sourceBreakdown: Record<string, number>;
  /** Confirmed / pending (double opt-in not finished) / unsubscribed; the server always sends it. */
  statusBreakdown?: { confirmed: number; pending: number; unsubscribed: number };
  /** Signups and confirmations per day, the last DAILY_DAYS days, oldest first; the server always sends it. */
  daily?: DailyFigure[];
}

/** What GET /api/admin/waitlist/stats answers: WaitlistStats with every part present. */
export type WaitlistStatsAnswer = Required<WaitlistStats>;

/**
 * The statistics answer from a tally of the subscribers (`addToTally` in
 * src/lib/subscribers/tally.ts, the one counting rule): confirmed subscribers make the total and
 * the breakdowns, pending and unsubscribed ones are counted apart, and the daily figures are the
 * DAILY_DAYS days ending on `today` ('YYYY-MM-DD' in SITE.timeZone).
 */
export function waitlistStatsOf(tally: Tally, today: string): WaitlistStatsAnswer {
  return {
    totalCount: tally.status.confirmed,
    pendingCount: tally.status.pending,
    unsubscribedCount: tally.status.unsubscribed,
    interestBreakdown: tally.interests,
    sourceBreakdown: tally.sources,
    statusBreakdown: {
      confirmed: tally.status.confirmed,
      pending: tally.status.pending,
      unsubscribed: tally.status.unsubscribed,
    },
    daily: dailyFigures(tally.signupDays, tally.confirmationDays, today),
  };
}

/** One bar of the statistics screen. */
export interface StatBar {
  key: string;
  label: string;
  count: number;
  /** Share of the total, rounded to a whole percent. */
  percent: number;
}

/** Bars for a breakdown, largest first; `label` turns a key into its display text. */
export function statBars(breakdown: Record<string, number>, total: number, label: (key: string) => string): StatBar[] {
  return Object.entries(breakdown)
    .map(([key, count]) => ({
      key,
      label: label(key),
      count,
      percent: total > 0 ? Math.round((count / total) * 100) : 0,
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** The scale of the chart of signups and confirmations per day, and the totals it shows. */
export interface DailyChartScale {
  /** The top of the scale: at least every figure, a whole number. */
  top: number;
  /** Labelled lines from 0 to `top`, evenly spaced whole numbers. */
  ticks: number[];
  signups: number;
  confirmations: number;
}

/** 1, 2 or 5 times a power of ten: the smallest at or above `x` (at least 1). */
function niceStep(x: number): number {
  let power = 1;
  for (;;) {
    for (const m of [1, 2, 5]) if (m * power >= x) return m * power;
    power *= 10;
  }
}

/** Scale and totals for `daily`: two equal steps of 1, 2 or 5 × 10ⁿ, so every tick is a whole number. */
export function dailyChartScale(daily: readonly DailyFigure[]): DailyChartScale {
  let max = 0;
  let signups = 0;
  let confirmations = 0;
  for (const d of daily) {
    max = Math.max(max, d.signups, d.confirmations);
    signups += d.signups;
    confirmations += d.confirmations;
  }
  const step = niceStep(max / 2);
  return { top: 2 * step, ticks: [0, step, 2 * step], signups, confirmations };
}

const numbers = new Intl.NumberFormat(SITE.locale);

/** 'n word' / 'n words', the number grouped as staff read it ('2,679 signups'). */
export function plural(n: number, word: string): string {
  return `${numbers.format(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** What staff read (and a screen reader hears) for one day of the chart. */
export function dailyFigureText(f: DailyFigure): string {
  return `${dayLabel(f.day, true)}: ${plural(f.signups, 'signup')}, ${plural(f.confirmations, 'confirmation')}`;
}
