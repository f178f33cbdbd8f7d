// Helpers for API tests: call a function handler with a real Request, a loopback SendGrid fake,
// and store inspection through the real Blobs client.
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll } from 'vitest';
import confirm from '../../netlify/functions/confirm';
import type { SendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';
import { confirmSubscriber, getSubscriber, saveSignup, subscriberId } from '../../src/lib/subscribers/store';
import { CONSENT_FORMS, type Interest } from '../../src/lib/signups/constants';
import { subscriberSchema, type Subscriber } from '../../src/lib/subscribers/record';
import { addToTally, emptyTally, tallyEntryOf } from '../../src/lib/subscribers/tally';
import { dayOf } from '../../src/lib/subscribers/days';
import { isListed, waitlistStatsOf, type WaitlistStatsAnswer } from '../../src/lib/admin/subscribers';

type Handler = (req: Request, context: any) => Promise<Response>;

export interface CallOptions {
  method?: string;
  /** Path and query, e.g. '/api/waitlist?x=1'. */
  path?: string;
  /** A value to send as JSON, or a raw string body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Client IP seen by the function (Netlify's context.ip). */
  ip?: string;
  /** Route parameters (Netlify's context.params). */
  params?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  json: T;
  text: string;
}

/** Calls a v2 function handler the way Netlify does: a real Request and a context with ip and params. */
export async function call<T = any>(handler: Handler, opts: CallOptions = {}): Promise<CallResult<T>> {
  const { method = 'GET', path = '/', body, headers = {}, ip = '203.0.113.7', params = {} } = opts;
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
  }
  const res = await handler(new Request(new URL(path, 'http://localhost:8888'), init), {
    ip,
    params,
    cookies: undefined,
  });
  const text = await res.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON (e.g. an HTML page) */
  }
  return { status: res.status, headers: res.headers, json, text };
}

export { startSendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';
export type { FakeMessage, SendGridFake } from '../../scripts/lib/sendgrid-fake.mjs';

/** Routes mail through the real SendGrid client to `fake`. */
export function useSendGrid(fake: { url: string }): void {
  process.env.SENDGRID_API_KEY = 'SG.test-key';
  process.env.SENDGRID_BASE_URL = fake.url;
}

/**
 * Presses the confirm button of the latest confirmation mail `fake` accepted for `email` (the link's
 * page posts its token), from client address `from`.
 */
export async function confirmFromMail(fake: SendGridFake, email: string, from: string): Promise<CallResult> {
  const mail = [...fake.messages]
    .reverse()
    .find(
      (m) => m.body.personalizations[0].to[0].email === email && m.body.categories.includes('confirm-subscription'),
    );
  if (!mail) throw new Error(`No confirmation mail to ${email}`);
  const link = (mail.body.content[0].value as string).match(/http:\/\/\S+\/api\/confirm\?token=\S+/)![0];
  const token = new URL(link).searchParams.get('token')!;
  return call(confirm, {
    method: 'POST',
    path: '/api/confirm',
    body: `token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    ip: from,
  });
}

/** Routes mail to the local outbox (no provider key). */
export function useOutbox(): void {
  delete process.env.SENDGRID_API_KEY;
  delete process.env.SENDGRID_BASE_URL;
}

/** Every key of a Blobs store. */
export async function storeKeys(name: string): Promise<string[]> {
  const { blobs } = await getStore({ name, consistency: 'strong' }).list();
  return blobs.map((b) => b.key);
}

/** Deletes every blob of a store (test isolation inside one file). */
export async function clearStore(name: string): Promise<void> {
  const store = getStore({ name, consistency: 'strong' });
  const { blobs } = await store.list();
  await Promise.all(blobs.map((b) => store.delete(b.key)));
}

/**
 * Every subscriber record, read straight from the `subscribers` store (tombstones included; a blob
 * that is not a readable record is left out): the brute-force truth the index-based screens must equal.
 */
export async function storedSubscribers(): Promise<Subscriber[]> {
  const store = getStore({ name: 'subscribers', consistency: 'strong' });
  const { blobs } = await store.list();
  const texts = await Promise.all(blobs.map((b) => store.get(b.key, { type: 'text' })));
  return texts.flatMap((text) => {
    try {
      const parsed = subscriberSchema.safeParse(JSON.parse(text ?? ''));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
}

/** The stored record of an e-mail address (null when there is none). */
export async function subscriberByEmail(email: string): Promise<Subscriber | null> {
  return getSubscriber(await subscriberId(email));
}

/**
 * The statistics the records call for: every listed record counted by the site's one rule
 * (`addToTally`), as GET /api/admin/waitlist/stats answers them at `now`.
 */
export function statsOfRecords(subs: readonly Subscriber[], now = Date.now()): WaitlistStatsAnswer {
  const tally = emptyTally();
  for (const sub of subs) if (isListed(sub)) addToTally(tally, tallyEntryOf(sub));
  return waitlistStatsOf(tally, dayOf(now));
}

/** Sets environment variables for the tests of one file, and puts the old values back after them. */
export function useEnv(vars: Record<string, string>): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(vars)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });
}

/** What a seeded signup says (a newsletter signup carries no interest and a phone model). */
export interface SeedSignup {
  list?: 'waitlist' | 'newsletter';
  name: string;
  email: string;
  interest?: Interest;
  source?: string;
  referrer?: string;
}

/** The client hash of every seeded signup and its confirmation. */
const SEED_CLIENT = 'seed-client';

/**
 * Stores a signup made at `at` through the store, as the signup handler would (the waitlist form's
 * consent), and confirms it a minute later unless `confirm` is false. Returns the record as stored.
 */
export async function storeSignup(seed: SeedSignup, at: string, confirm = true): Promise<Subscriber> {
  const list = seed.list ?? 'waitlist';
  const source = seed.source ?? '';
  const { subscriber } = await saveSignup(
    {
      list,
      name: seed.name,
      email: seed.email,
      interest: list === 'newsletter' ? undefined : seed.interest,
      phoneModel: list === 'newsletter' ? 'Pixel 9' : undefined,
      source,
      referrer: seed.referrer ?? '',
      consent: { at, wording: CONSENT_FORMS.waitlist.wording, form: 'waitlist', page: '/join', source },
      // The owner confirms from the client that signed up, so the typed name is kept.
      ipHash: SEED_CLIENT,
      wordingVersion: '',
    },
    at,
    `n-${seed.email}`,
  );
  if (!confirm) return subscriber;
  const confirmed = await confirmSubscriber(
    subscriber.id,
    `n-${seed.email}`,
    SEED_CLIENT,
    new Date(Date.parse(at) + 60_000).toISOString(),
  );
  return confirmed.status === 'confirmed' ? confirmed.subscriber : subscriber;
}

/** Confirms a signup stored by `storeSignup(seed, at, false)` at the time `at` (its owner's double opt-in). */
export async function confirmSeeded(seed: Pick<SeedSignup, 'email'>, id: string, at: string): Promise<void> {
  const outcome = await confirmSubscriber(id, `n-${seed.email}`, SEED_CLIENT, at);
  if (outcome.status !== 'confirmed') throw new Error(`could not confirm ${seed.email}`);
}

/** The date in Toronto of a time, computed apart from the site's code (the locale sv-SE writes YYYY-MM-DD). */
export function torontoDate(ms: number): string {
  return new Date(ms).toLocaleString('sv-SE', { timeZone: 'America/Toronto' }).slice(0, 10);
}

/**
 * Signups and confirmations per day, the 90 days ending today in Toronto, counted over subscribers
 * as the records say (every listed subscriber on the date it signed up; each one's latest
 * confirmation on its date): what `daily` of the statistics must equal.
 */
export function bruteForceDaily(
  subs: readonly { createdAt: string; confirmedAt: string | null }[],
  now = Date.now(),
): { day: string; signups: number; confirmations: number }[] {
  const today = torontoDate(now);
  const [y, m, d] = today.split('-').map(Number);
  const days = Array.from({ length: 90 }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - 89 + i)).toISOString().slice(0, 10),
  );
  return days.map((day) => ({
    day,
    signups: subs.filter((s) => torontoDate(Date.parse(s.createdAt)) === day).length,
    confirmations: subs.filter((s) => s.confirmedAt !== null && torontoDate(Date.parse(s.confirmedAt)) === day).length,
  }));
}

/** Runs `jobs` with at most `concurrency` at a time, as a burst of signups would arrive. */
export async function inTurn(jobs: (() => Promise<unknown>)[], concurrency: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) await jobs[next++]();
    }),
  );
}
