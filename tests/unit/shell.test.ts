import { describe, expect, it } from 'vitest';
import { routePath, shellFor } from '../../src/lib/site/shell';

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
