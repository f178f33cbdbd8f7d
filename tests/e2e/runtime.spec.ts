// The local runtime under many clients and against forged platform headers, over HTTP against the
// served sites (scripts/serve.mjs), as a visitor or a script would reach them.
import { expect, test, type APIResponse } from '@playwright/test';
import { E2E_ADMIN_KEY, GATED_BASE_URL, LOAD_BASE_URL } from './fixtures';

// On its own copy of the site: 270 records would otherwise crowd the staff screens other tests check.
test.describe('the served site under parallel signups', () => {
  test('300 parallel waitlist signups, 30 of them repeats in other case and spacing: all 2xx, exactly 270 stored', async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const tag = `par${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const distinct = Array.from({ length: 270 }, (_, i) => `${tag}-${i}@example.com`);
    // Every 9th address again, as a person typing it differently would: upper case, spaces around.
    const repeats = Array.from({ length: 30 }, (_, i) => `  ${distinct[i * 9].toUpperCase()} `);
    const emails = [...distinct, ...repeats];
    const responses = await Promise.all(
      emails.map((email) =>
        request.post(`${LOAD_BASE_URL}/api/waitlist`, {
          data: { name: 'Parallel Visitor', email, interests: 'all', source: 'runtime-test' },
          timeout: 150_000,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status());
    expect(statuses.filter((s) => s < 200 || s >= 300)).toEqual([]);

    // Count what the staff list holds for this run, through the admin API (admin-key header), page by
    // page (Link: rel="next"), as the staff table reads it.
    const stored: string[] = [];
    // count=exact: a search's total is otherwise an estimate until its digest is read (docs/storage.md, "Search").
    let next: string | null = `/api/admin/waitlist?q=${tag}&limit=200&count=exact`;
    let total = '';
    while (next) {
      const list: APIResponse = await request.get(`${LOAD_BASE_URL}${next}`, {
        headers: { 'admin-key': E2E_ADMIN_KEY },
      });
      expect(list.status()).toBe(200);
      total = list.headers()['x-total-count'] ?? '';
      const rows: { email: string }[] = await list.json();
      stored.push(...rows.map((r) => r.email).filter((e) => e.includes(tag)));
      next = /<([^>]+)>; rel="next"/.exec(list.headers()['link'] ?? '')?.[1] ?? null;
    }
    expect(total).toBe('270');
    expect(new Set(stored).size).toBe(270);
    expect(stored.length).toBe(270);
  });
});

test.describe('forged platform headers (pre-launch site with the edge gate)', () => {
  const forged = (i: number) => ({
    'x-nf-passthrough': 'passthrough',
    'x-nf-passthrough-host': 'localhost',
    'x-forwarded-for': `198.51.100.${i}`,
    'x-nf-client-connection-ip': `203.0.113.${i}`,
  });

  test('x-nf-passthrough and friends do not open a gated page', async ({ request }) => {
    const about = await request.get(`${GATED_BASE_URL}/about`, { headers: forged(1) });
    expect(about.status()).toBe(200);
    const html = await about.text();
    expect(html).toContain('<title>Join the Waitlist');
    expect(html).not.toContain('<title>About Us');
  });

  test('a different X-Forwarded-For / x-nf-client-connection-ip per request does not escape the signup limit', async ({
    request,
  }) => {
    // The pre-launch server runs with SIGNUP_RATE_LIMIT=20 per address and minute (playwright.config.ts);
    // every request comes from this machine's address, whatever the headers claim.
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) {
      const res = await request.post(`${GATED_BASE_URL}/api/waitlist`, {
        headers: forged(i + 10),
        data: { name: 'Forged Header', email: `forged-${Date.now().toString(36)}-${i}@example.com`, interests: 'all' },
      });
      statuses.push(res.status());
    }
    const first429 = statuses.indexOf(429);
    expect(first429, `statuses: ${statuses.join(' ')}`).toBeGreaterThanOrEqual(0);
    expect(first429).toBeLessThanOrEqual(20);
    expect(
      statuses.slice(first429).every((s) => s === 429),
      `statuses: ${statuses.join(' ')}`,
    ).toBe(true);
  });
});
