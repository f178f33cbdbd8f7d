import { describe, expect, it } from 'vitest';
import { routePath, shellFor } from '../../../src/lib/site/shell';

describe('layout rules', () => {
  it.each([
    ['/', 'public'],
    ['/about', 'public'],
    ['/blog/some-post', 'public'],
    ['/waitlist', 'bare'],
    ['/join', 'bare'],
    ['/join.html', 'bare'],
    ['/admin', 'admin'],
    ['/admin.html', 'admin'],
    ['/admin/waitlist', 'admin'],
    ['/admin/email-templates/', 'admin'],
    ['/administrator', 'public'],
    ['/joined', 'public'],
  ] as const)('%s gets the %s shell', (path, shell) => {
    expect(shellFor(path)).toBe(shell);
  });

  it('normalises built file paths to route paths', () => {
    expect(routePath('/index.html')).toBe('/');
    expect(routePath('/about.html')).toBe('/about');
    expect(routePath('/blog/x/')).toBe('/blog/x');
    expect(routePath('/')).toBe('/');
  });
});

describe('the theme script on the plain pages', () => {
  it('is the one script their CSP allows, by the hash of its text', async () => {
    const { createHash } = await import('node:crypto');
    const { THEME_BOOT_SCRIPT, THEME_SCRIPT_HASH } = await import('../../../src/lib/site/theme');
    const { PLAIN_PAGE_CSP } = await import('../../../src/lib/signups/server/plain-page');
    const hash = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;
    expect(THEME_SCRIPT_HASH).toBe(hash);
    expect(PLAIN_PAGE_CSP).toContain(`script-src ${hash};`);
    expect(PLAIN_PAGE_CSP).toContain("frame-ancestors 'none'");
  });
});
