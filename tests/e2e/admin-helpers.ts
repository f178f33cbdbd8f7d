// Helpers for the admin browser tests: sign in through the API (the browser context keeps the
// HttpOnly cookie), and seed subscribers through the public signup API.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from './fixtures';

/** Signs the page's browser context in (the session cookie lands in the context's cookie jar). */
export async function signInByApi(page: Page, baseURL?: string): Promise<void> {
  const res = await page.request.post(`${baseURL ?? ''}/api/admin/session`, { data: { key: E2E_ADMIN_KEY } });
  expect(res.status(), await res.text()).toBe(200);
}

export interface Seed {
  name: string;
  email: string;
  interests?: 'tech_news' | 'phone_recommendations' | 'smartphone_tutorials' | 'all';
  source?: string;
}

/** Joins the waitlist through POST /api/waitlist, as the public form does. */
export async function seedSubscriber(request: APIRequestContext, seed: Seed): Promise<void> {
  const res = await request.post('/api/waitlist', {
    data: { interests: 'all', source: '', referrer: '', page: '/join', ...seed },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** An entry of the local outbox, as `GET /api/admin/outbox` lists it. */
export interface OutboxEntry {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * The newest outbox entry that `match` accepts, waited for: a signup, a confirmation or an order
 * answers once its mail is stored in the queue, and the mail is sent after the answer
 * (`context.waitUntil`), within seconds, so a test reads the outbox until it is there. Each look
 * reads up to OUTBOX_PAGES_READ pages (20 mails each, newest first): tests running beside this one
 * mail too, and can push the mail off the first page before it is read.
 */
export async function waitForMail(
  request: APIRequestContext,
  match: (m: OutboxEntry) => boolean,
  { base = '', headers = { 'admin-key': E2E_ADMIN_KEY } }: { base?: string; headers?: Record<string, string> } = {},
): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        let cursor: string | null = null;
        for (let page = 0; page < OUTBOX_PAGES_READ; page++) {
          const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
          const res = await request.get(`${base}/api/admin/outbox${query}`, { headers, timeout: 60_000 });
          if (res.status() !== 200) return `outbox answered ${res.status()}`;
          const body = (await res.json()) as { entries: OutboxEntry[]; next: string | null };
          found = body.entries.find(match);
          if (found) return 'found';
          if (!body.next) break;
          cursor = body.next;
        }
        return 'not in the outbox yet';
      },
      { message: 'the mail reaches the outbox', timeout: 30_000 },
    )
    .toBe('found');
  return found!;
}

/** How many outbox pages one look of `waitForMail` reads. */
const OUTBOX_PAGES_READ = 10;

/** The double opt-in link of the latest confirmation mail to `email`, read from the outbox through the admin API. */
export async function confirmationLink(request: APIRequestContext, email: string, base = ''): Promise<URL> {
  const entry = await waitForMail(request, (m) => m.to === email && m.kind === 'confirm-subscription', { base });
  return new URL(entry.text.match(/https?:\/\/\S+\/api\/confirm\?token=\S+/)![0]);
}

/** Joins the waitlist and confirms through the mailed link's form (double opt-in done). */
export async function seedConfirmed(request: APIRequestContext, seed: Seed): Promise<void> {
  await seedSubscriber(request, seed);
  const link = await confirmationLink(request, seed.email.trim().toLowerCase());
  const res = await request.post('/api/confirm', { form: { token: link.searchParams.get('token')! } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A short tag unique to this test run, used in names, e-mails and sources. */
export function runTag(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Waits for React islands to hydrate. */
export async function islands(page: Page): Promise<void> {
  await page.waitForSelector('astro-island:not([ssr])');
}
