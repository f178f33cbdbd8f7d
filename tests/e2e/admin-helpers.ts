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

/** The double opt-in link of the latest confirmation mail to `email`, read from the outbox through the admin API. */
export async function confirmationLink(request: APIRequestContext, email: string): Promise<URL> {
  // Store first, then mail, both before the signup answers: the mail is in the outbox already.
  const res = await request.get('/api/admin/outbox', { headers: { 'admin-key': E2E_ADMIN_KEY }, timeout: 60_000 });
  expect(res.status()).toBe(200);
  const { entries } = (await res.json()) as { entries: Array<{ to: string; kind: string; text: string }> };
  const entry = entries.find((m) => m.to === email && m.kind === 'confirm-subscription');
  expect(entry, `confirmation mail to ${email}`).toBeTruthy();
  return new URL(entry!.text.match(/https?:\/\/\S+\/api\/confirm\?token=\S+/)![0]);
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
