// Builds the site with distinctive secret values in the environment and checks that none of them,
// nor a value this repository once published, appears in any file a browser can load (the publish
// directory).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLISHED_SECRETS } from '../../src/lib/server/published-secrets';

const SECRETS = {
  ADMIN_KEY: `admin-key-canary-${Date.now().toString(36)}-7f3a`,
  SESSION_SECRET: `session-secret-canary-${Date.now().toString(36)}-0123456789abcdef`,
  SENDGRID_API_KEY: `SG.sendgrid-canary-${Date.now().toString(36)}.9c1e`,
};
const NEEDLES = [...Object.values(SECRETS), ...PUBLISHED_SECRETS];

/** Every file under `dir`, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** Files under `dir` containing any needle (read as latin1 so binary files are searched byte for byte). */
function findNeedles(dir: string, needles: string[]): string[] {
  const hits: string[] = [];
  for (const file of files(dir)) {
    const content = readFileSync(file, 'latin1');
    for (const needle of needles)
      if (content.includes(needle)) hits.push(`${path.relative(dir, file)} contains ${needle}`);
  }
  return hits;
}

const outDir = mkdtempSync(path.join(tmpdir(), 'build-secrets-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('secrets never reach the browser', () => {
  it('the scanner finds a planted value (so a clean result means something)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'scan-check-'));
    mkdirSync(path.join(dir, '_astro'));
    writeFileSync(path.join(dir, '_astro', 'chunk.js'), `const k="${SECRETS.ADMIN_KEY}";`);
    expect(findNeedles(dir, NEEDLES)).toEqual([`_astro/chunk.js contains ${SECRETS.ADMIN_KEY}`]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a build made with distinctive ADMIN_KEY, SESSION_SECRET and SENDGRID_API_KEY values contains none of them, nor the published values', () => {
    const build = spawnSync('npx', ['astro', 'build', '--outDir', outDir], {
      env: { ...process.env, ...SECRETS, SITE_LAUNCHED: 'false' },
      encoding: 'utf8',
      timeout: 280_000,
    });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    const built = files(outDir);
    expect(built.some((f) => f.endsWith('admin.html'))).toBe(true);
    expect(built.some((f) => /_astro\/.*\.js$/.test(f))).toBe(true);
    expect(findNeedles(outDir, NEEDLES)).toEqual([]);
  }, 300_000);
});
