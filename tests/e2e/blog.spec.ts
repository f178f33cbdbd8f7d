import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures';

// The five built-in posts (src/content/blog): one in each category.
const BUDS = '/blog/samsung-galaxy-buds3-pro-review';
const FILTERS = ['All Posts', 'Smartphones', 'iPhone', 'Technology', 'Tech News', 'Tips & Tricks'];
const EXPECTED: Record<string, { search: string; badges: string[] }> = {
  Smartphones: { search: '?category=smartphones', badges: ['Smartphones'] },
  iPhone: { search: '?category=iphone', badges: ['iPhone'] },
  Technology: { search: '?category=technology', badges: ['Technology'] },
  'Tech News': { search: '?category=tech-news', badges: ['Tech News'] },
  'Tips & Tricks': { search: '?category=tips-and-tricks', badges: ['Tips & Tricks'] },
};

const filterGroup = (page: Page) => page.getByRole('group', { name: 'Filter posts by category' });
const visibleCards = (page: Page) => page.locator('[data-post-item]:visible');
const visibleBadges = (page: Page) => visibleCards(page).locator('[data-category-badge]');
const emptyState = (page: Page) => page.locator('[data-empty]');

async function expectFilter(page: Page, label: string) {
  await expect(filterGroup(page).getByRole('button', { name: label, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(filterGroup(page).locator('[aria-pressed="true"]')).toHaveCount(1);
  if (label === 'All Posts') {
    await expect(visibleCards(page)).toHaveCount(5);
    await expect(emptyState(page)).toBeHidden();
    return;
  }
  const { badges } = EXPECTED[label]!;
  await expect(visibleBadges(page)).toHaveText(badges);
  if (badges.length === 0) {
    await expect(emptyState(page)).toBeVisible();
    await expect(emptyState(page)).toContainText(`No ${label} posts yet`);
  } else {
    await expect(emptyState(page)).toBeHidden();
  }
}

test.describe('blog list', () => {
  test('shows the heading, the filter buttons and a card per post', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest Blog Posts');
    await expect(filterGroup(page).getByRole('button')).toHaveText(FILTERS);
    await expectFilter(page, 'All Posts');
    const cards = page.locator('[data-post-card]');
    await expect(cards).toHaveCount(5);
    for (const card of await cards.all()) {
      await expect(card.locator('img')).toHaveAttribute('width', /\d+/);
      await expect(card.locator('img')).toHaveAttribute('height', /\d+/);
      await expect(card.locator('[data-category-badge]')).toHaveText(
        /Smartphones|iPhone|Technology|Tech News|Tips & Tricks/,
      );
      await expect(card.getByRole('heading', { level: 2 })).not.toBeEmpty();
      await expect(card.locator('p').first()).not.toBeEmpty();
      const readMore = card.getByRole('link', { name: 'Read More →' });
      await expect(readMore).toHaveAttribute('href', /^\/blog\/[a-z0-9-]+$/);
    }
    // Newest first.
    await expect(page.locator('[data-post-card] h2')).toHaveText([
      /Check How Long/,
      /iPhone 17e/,
      /3G/,
      /Choose Your Next Smartphone/,
      /Galaxy Buds3 Pro/,
    ]);
  });

  test('each filter button shows only its category and is reflected in the URL', async ({ page }) => {
    await page.goto('/blog');
    for (const label of Object.keys(EXPECTED)) {
      await filterGroup(page).getByRole('button', { name: label, exact: true }).click();
      await expectFilter(page, label);
      expect(new URL(page.url()).search).toBe(EXPECTED[label]!.search);
    }
    await filterGroup(page).getByRole('button', { name: 'All Posts' }).click();
    await expectFilter(page, 'All Posts');
    expect(new URL(page.url()).search).toBe('');
  });

  test('?category= URLs open the matching view', async ({ page }) => {
    for (const [label, { search }] of Object.entries(EXPECTED)) {
      await page.goto(`/blog${search}`);
      await expectFilter(page, label);
    }
    // Names in any case work too, and unknown values fall back to All Posts.
    await page.goto('/blog?category=Tech%20News');
    await expectFilter(page, 'Tech News');
    expect(new URL(page.url()).search).toBe('?category=tech-news');
    await page.goto('/blog?category=gadgets');
    await expectFilter(page, 'All Posts');
    await page.goto('/blog?category=all');
    await expectFilter(page, 'All Posts');
  });

  test("the footer's resource links open the mapped filters", async ({ page }) => {
    const cases = [
      { link: 'Smartphone Guides', label: 'Smartphones', search: '?category=smartphones' },
      { link: 'Tech Tips & Tricks', label: 'Tips & Tricks', search: '?category=tips-and-tricks' },
      { link: 'Local Tech Events', label: 'Tech News', search: '?category=tech-news' },
    ];
    for (const c of cases) {
      await page.goto('/about');
      await page.locator('footer').getByRole('link', { name: c.link }).click();
      await expect(page).toHaveURL(new RegExp(`/blog\\${c.search}$`));
      await expectFilter(page, c.label);
    }
  });

  test('Back and Forward move between filters', async ({ page }) => {
    await page.goto('/blog');
    await filterGroup(page).getByRole('button', { name: 'Technology' }).click();
    await filterGroup(page).getByRole('button', { name: 'iPhone' }).click();
    await expectFilter(page, 'iPhone');
    await page.goBack();
    await expectFilter(page, 'Technology');
    await page.goBack();
    await expectFilter(page, 'All Posts');
    await page.goForward();
    await expectFilter(page, 'Technology');
  });

  test('no filter and no footer link of ours leads to an empty list', async ({ page }) => {
    await page.goto('/blog');
    for (const button of await filterGroup(page).getByRole('button').all()) {
      await button.click();
      await expect(visibleCards(page).first()).toBeVisible();
      await expect(emptyState(page)).toBeHidden();
    }
    await page.goto('/about');
    const links = page.locator('footer a[href^="/blog?category="]');
    const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      await page.goto(href);
      await expect(visibleCards(page).first()).toBeVisible();
      await expect(emptyState(page)).toBeHidden();
    }
  });

  test('without JavaScript every post is listed', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog?category=iphone');
    await expect(page.locator('[data-post-card]:visible')).toHaveCount(5);
    await expect(page.locator('[data-empty]')).toBeHidden();
    await context.close();
  });

  test('a card opens its post', async ({ page }) => {
    await page.goto('/blog');
    await page
      .locator('[data-post-card]', { hasText: 'Galaxy Buds3 Pro' })
      .getByRole('link', { name: 'Read More →' })
      .click();
    await expect(page).toHaveURL(new RegExp(`${BUDS}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Samsung Galaxy Buds3 Pro Review');
  });
});

test.describe('blog post', () => {
  test('renders Back to Blog, badge, title, image and the content blocks', async ({ page }) => {
    await page.goto(BUDS);
    const article = page.locator('article[data-post]');
    // 'Back to Blog' is the first link of the post.
    await expect(article.getByRole('link').first()).toHaveText('Back to Blog');
    await expect(article.getByRole('link').first()).toHaveAttribute('href', '/blog');
    await expect(article.locator('header [data-category-badge]')).toHaveText('Technology');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Samsung Galaxy Buds3 Pro Review: A Bold New Design That Sounds the Part',
    );
    const cover = article.locator('figure img');
    await expect(cover).toHaveAttribute('width', '1200');
    await expect(cover).toHaveAttribute('height', '675');
    await expect(cover).toHaveJSProperty('complete', true);
    expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const body = page.locator('[data-post-body]');
    // '#' blocks -> sub-headings (h2 under the title), bullet blocks -> lists, other blocks -> paragraphs.
    await expect(body.locator('h2')).toHaveText([
      'Design and fit',
      'Sound quality',
      'Noise cancelling and ambient sound',
      'Calls and Galaxy AI features',
      'Battery life',
      'What we liked and what we did not',
      'Our verdict',
    ]);
    await expect(body.locator('ul')).toHaveCount(4);
    await expect(body.locator('ul').first().locator('li')).toHaveCount(4);
    await expect(body.locator('ul').first().locator('li').nth(2)).toHaveText(
      'The buds are rated IP57, so sweat, rain and an accidental dunk are not a problem.',
    );
    await expect(body.locator(':scope > p').first()).toContainText('The Galaxy Buds3 Pro are the biggest change');
    expect(await body.locator(':scope > p').count()).toBeGreaterThan(10);
    await expect(body.locator('h1')).toHaveCount(0);

    await expect(page.locator('[data-brand-quote]')).toContainText(
      'Technology should make your life easier, not more complicated.',
    );
    await expect(page.locator('[data-invitation]')).toContainText('Browse our other articles, or subscribe');
    await expect(page.locator('[data-invitation]').getByRole('link', { name: 'More articles' })).toHaveAttribute(
      'href',
      '/blog',
    );
  });

  test('Related Articles is hidden when no other post shares the category', async ({ page }) => {
    // Each built-in post is alone in its category; the build test (tests/build) covers a shared one.
    for (const path of [
      BUDS,
      '/blog/how-to-choose-your-next-smartphone',
      '/blog/canada-3g-shutdown-what-it-means-for-your-phone',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Related Articles' })).toHaveCount(0);
    }
  });

  test('Back to Blog returns to the list', async ({ page }) => {
    await page.goto(BUDS);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest Blog Posts');
  });

  test('search and social metadata: canonical, Open Graph and Article JSON-LD', async ({ page }) => {
    await page.goto(BUDS);
    await expect(page).toHaveTitle(
      'Samsung Galaxy Buds3 Pro Review: A Bold New Design That Sounds the Part | Maple Tech',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://mapletech.ca${BUDS}`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /Samsung traded its pebble earbuds/,
    );
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toMatch(/^https:\/\/mapletech\.ca\/_astro\/galaxy-buds3-pro\.[\w-]+\.jpg$/);
    const res = await page.request.get(new URL(ogImage!).pathname);
    expect(res.status()).toBe(200);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({
      '@type': 'Article',
      headline: 'Samsung Galaxy Buds3 Pro Review: A Bold New Design That Sounds the Part',
      datePublished: '2025-08-20',
      articleSection: 'Technology',
    });
  });

  test('an image that fails to load is replaced by the placeholder', async ({ page }) => {
    await page.route(/\/_astro\/.*\.(webp|png|jpg|avif)$/, (route) => route.abort());
    await page.goto(BUDS);
    const cover = page.locator('article figure img');
    await expect(cover).toHaveAttribute('src', '/images/placeholder.svg');
    await expect(cover).not.toHaveAttribute('srcset', /.+/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('unknown post ids get Blog Post Not Found with a 404 status', async ({ page }) => {
    const res = await page.goto('/blog/no-such-post');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Post Not Found');
    await expect(page.getByText("Sorry, we couldn't find the blog post you're looking for.")).toBeVisible();
    await expect(page.getByText('404 Page Not Found')).toBeHidden();
    await expect(page).toHaveTitle(/^Blog Post Not Found/);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('other unknown paths keep the generic not-found page', async ({ page }) => {
    const res = await page.goto('/blogs/no-such-post');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByText('Blog Post Not Found')).toBeHidden();
  });
});

test.describe('feeds', () => {
  test('RSS lists every post, newest first', async ({ request }) => {
    const res = await request.get('/rss.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    expect([...xml.matchAll(/<item><title>([^<]+)<\/title><link>([^<]+)<\/link>/g)].map((m) => m[2])).toEqual([
      'https://mapletech.ca/blog/check-how-long-your-phone-gets-updates',
      'https://mapletech.ca/blog/iphone-17e-what-changed-from-the-16e',
      'https://mapletech.ca/blog/canada-3g-shutdown-what-it-means-for-your-phone',
      'https://mapletech.ca/blog/how-to-choose-your-next-smartphone',
      'https://mapletech.ca/blog/samsung-galaxy-buds3-pro-review',
    ]);
  });

  test('the sitemap lists public pages and posts, not admin, 404 or the dev-only home', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    for (const p of [
      '/about',
      '/blog',
      '/shop',
      '/walls',
      '/join',
      '/waitlist',
      '/phone-recommender',
      BUDS,
      '/product/samsung-galaxy-s25',
    ])
      expect(locs).toContain(p);
    expect(locs.filter((p) => p.startsWith('/product/'))).toHaveLength(11);
    expect(locs.filter((p) => p === '/' || p.startsWith('/admin') || p === '/404')).toEqual([]);
  });
});

test.describe('budgets: no framework JavaScript', () => {
  for (const path of ['/blog', BUDS, '/about']) {
    test(`${path} ships no island and only a few KB of plain script`, async ({ page }) => {
      const scripts: Promise<string>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.push(r.text());
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('astro-island')).toHaveCount(0);
      // The site shell's small header script (subscribe form) may load; no framework runtime may.
      const bodies = await Promise.all(scripts);
      for (const body of bodies)
        expect(body).not.toMatch(/react\.transitional\.element|__reactContainer|react\.dev\/errors/);
      const inline = await page
        .locator('script:not([type="application/ld+json"])')
        .evaluateAll((els) => els.reduce((n, el) => n + (el.textContent?.length ?? 0), 0));
      const external = bodies.reduce((n, b) => n + b.length, 0);
      expect(inline + external).toBeLessThan(24_000);
    });
  }
});

for (const path of ['/blog', '/blog?category=iphone', BUDS, '/blog/no-such-post']) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: ${path} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    });
  }
}
