/**
 * "Adding a fourth markdown post and rebuilding puts it on /blog, in its filter, in related articles,
 * RSS and sitemap": a real `astro build` with the built-in posts plus a fixture post, into a temporary
 * output directory. The posts are copied into a scratch folder next to src/content/blog (so relative
 * image paths still resolve) and the collection is pointed at it with BLOG_CONTENT_DIR.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const builtIn = path.join(root, 'src/content/blog');
const fixtures = path.join(root, 'tests/fixtures/blog');
const FIXTURE_ID = 'fixture-usb-c-cables-explained';
const scratch: string[] = [];

/** Builds the site with the built-in posts plus `extra` fixture files; returns the output dir and the process result. */
function buildWith(extra: string[]) {
  const tag = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const contentDir = path.join(root, 'src/content', `.build-test-${tag}`);
  const outDir = mkdtempSync(path.join(tmpdir(), 'blog-build-'));
  scratch.push(contentDir, outDir);
  cpSync(builtIn, contentDir, { recursive: true });
  for (const f of extra) cpSync(path.join(fixtures, f), path.join(contentDir, f));
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
    {
      cwd: root,
      env: {
        ...process.env,
        BLOG_CONTENT_DIR: path.relative(root, contentDir),
        ASTRO_TELEMETRY_DISABLED: '1',
        NO_COLOR: '1',
      },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  rmSync(contentDir, { recursive: true, force: true });
  // Plain text: CI may force colours, and ANSI codes would split the messages asserted on below.
  // eslint-disable-next-line no-control-regex -- matching the ESC of ANSI colour codes is the point
  const output = `${result.stdout}\n${result.stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
  return { outDir, result, output };
}

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('a post added as markdown', () => {
  let out = '';
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');

  beforeAll(() => {
    const { outDir, result, output } = buildWith([`${FIXTURE_ID}.md`]);
    expect(result.status, output).toBe(0);
    out = outDir;
  });

  it('gets its own pre-rendered page with the content rules applied', () => {
    const html = read(`blog/${FIXTURE_ID}.html`);
    expect(html).toContain('Fixture: USB-C Cables Explained</h1>');
    // '# ' block -> sub-heading (h2, under the page's h1), bullet block -> list, other blocks -> paragraphs.
    expect(html).toMatch(/<h2[^>]*>What the logos mean<\/h2>/);
    expect(html).toMatch(
      /<ul>\s*<li>Speed ratings such as 10 Gbps or 40 Gbps<\/li>\s*<li>Power ratings such as 60 W or 240 W<\/li>\s*<\/ul>/,
    );
    expect(html).toContain('<p>Check the packaging before you buy.</p>');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    // A remote cover is used as is, with the placeholder swap on load error.
    expect(html).toMatch(
      /<img src="https:\/\/images\.example\.com\/usb-c-cables\.jpg"[^>]*onerror="[^"]*placeholder\.svg/,
    );
    expect(html).toContain('"@type":"Article"');
  });

  it('is listed on /blog, first (newest), under its category filter', () => {
    const html = read('blog.html');
    const ids = [...html.matchAll(/data-post-id="([^"]+)"/g)].map((m) => m[1]);
    // The site's posts (src/content/blog) and the fixture.
    expect(ids).toHaveLength(readdirSync(builtIn).filter((f) => f.endsWith('.md')).length + 1);
    expect(ids[0]).toBe(FIXTURE_ID);
    expect(html).toMatch(
      new RegExp(
        `<li data-post-item data-post-category="technology"[^>]*>\\s*<article[^>]*data-post-id="${FIXTURE_ID}"`,
      ),
    );
  });

  it('shows up in related articles of the same category, and vice versa', () => {
    const buds = read('blog/samsung-galaxy-buds3-pro-review.html');
    expect(buds).toContain('Related Articles');
    expect(buds).toContain(`href="/blog/${FIXTURE_ID}"`);
    const fixture = read(`blog/${FIXTURE_ID}.html`);
    expect(fixture).toContain('href="/blog/samsung-galaxy-buds3-pro-review"');
    // Other categories have no related posts, so the section is hidden.
    expect(read('blog/how-to-choose-your-next-smartphone.html')).not.toContain('Related Articles');
  });

  it('is in the RSS feed and the sitemap', () => {
    const rss = read('rss.xml');
    expect(rss).toContain(`<link>https://mapletech.ca/blog/${FIXTURE_ID}</link>`);
    expect(rss).toContain('<title>Fixture: USB-C Cables Explained</title>');
    const sitemap = read('sitemap.xml');
    expect(sitemap).toContain(`<loc>https://mapletech.ca/blog/${FIXTURE_ID}</loc><lastmod>2026-11-27</lastmod>`);
  });

  it('appears on the home page as the newest post', () => {
    const home = read('index.html');
    const latest = home.slice(home.indexOf('data-latest-posts'));
    expect([...latest.matchAll(/data-post-id="([^"]+)"/g)].map((m) => m[1])[0]).toBe(FIXTURE_ID);
  });
});

describe('an invalid frontmatter value', () => {
  it('fails the build with a message naming the file and the field', () => {
    const { result, output } = buildWith(['invalid-category.md']);
    expect(result.status).not.toBe(0);
    expect(output).toContain('InvalidContentEntryDataError');
    expect(output).toMatch(/invalid-category\.md/);
    expect(output).toMatch(
      /category: Invalid option: expected one of "Smartphones"\|"iPhone"\|"Technology"\|"Tech News"\|"Tips & Tricks"/,
    );
  });

  it('leaves no scratch content folder behind', () => {
    expect(readdirSync(path.join(root, 'src/content')).filter((d) => d.startsWith('.build-test-'))).toEqual([]);
    expect(existsSync(builtIn)).toBe(true);
  });
});
