import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ensureLocalSecrets,
  isLocalMode as runtimeLocalMode,
  LOCAL_SECRETS_FILE,
} from '../../../scripts/runtime/local-secrets.mjs';
import { isLocalMode, parseEnv } from '../../../src/lib/server/env';

const roots: string[] = [];
const newRoot = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'local-secrets-'));
  roots.push(root);
  return root;
};
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
const quiet = () => {};
const stored = (root: string) => JSON.parse(readFileSync(path.join(root, LOCAL_SECRETS_FILE), 'utf8'));

describe('local secrets (scripts/runtime/local-secrets.mjs)', () => {
  it('decides local mode exactly as the server configuration does', () => {
    for (const env of [
      {},
      { LOCAL_MODE: 'true' },
      { LOCAL_MODE: '1' },
      { LOCAL_MODE: 'true', CONTEXT: 'dev' },
      { LOCAL_MODE: 'true', CONTEXT: 'production' },
      { LOCAL_MODE: 'true', CONTEXT: 'deploy-preview' },
      { LOCAL_MODE: 'true', CONTEXT: 'branch-deploy' },
      { LOCAL_MODE: 'true', REQUIRE_CONFIG: 'true' },
    ]) {
      expect(runtimeLocalMode(env), JSON.stringify(env)).toBe(isLocalMode(env));
    }
  });

  it('generates random values on first start, keeps them (owner-only) and uses them from then on', () => {
    const root = newRoot();
    const lines: string[] = [];
    const first: Record<string, string | undefined> = { LOCAL_MODE: 'true' };
    expect(ensureLocalSecrets({ root, env: first, log: (l: string) => lines.push(l) })?.generated).toEqual([
      'ADMIN_KEY',
      'SESSION_SECRET',
    ]);
    expect(first.ADMIN_KEY).toMatch(/^[\w-]{32}$/);
    expect(first.SESSION_SECRET).toMatch(/^[\w-]{64}$/);
    expect(parseEnv(first).problems).toEqual({});
    expect(statSync(path.join(root, LOCAL_SECRETS_FILE)).mode & 0o077).toBe(0);
    expect(lines.join('\n')).toContain(LOCAL_SECRETS_FILE);
    expect(lines.join('\n')).not.toContain(first.ADMIN_KEY);

    const again: Record<string, string | undefined> = { LOCAL_MODE: 'true' };
    expect(ensureLocalSecrets({ root, env: again, log: quiet })?.generated).toEqual([]);
    expect(again).toEqual(first);
    // Another copy gets other values.
    const other: Record<string, string | undefined> = { LOCAL_MODE: 'true' };
    ensureLocalSecrets({ root: newRoot(), env: other, log: quiet });
    expect(other.SESSION_SECRET).not.toBe(first.SESSION_SECRET);
  });

  it('a value set in the environment wins and is never written to disk; only the missing one is generated', () => {
    const root = newRoot();
    const env: Record<string, string | undefined> = { LOCAL_MODE: 'true', ADMIN_KEY: 'owner-chosen-key-1' };
    ensureLocalSecrets({ root, env, log: quiet });
    expect(env.ADMIN_KEY).toBe('owner-chosen-key-1');
    expect(Object.keys(stored(root))).toEqual(['SESSION_SECRET']);
    expect(readFileSync(path.join(root, LOCAL_SECRETS_FILE), 'utf8')).not.toContain('owner-chosen-key-1');
    // Started later without ADMIN_KEY: the key is added, the secret kept.
    const later: Record<string, string | undefined> = { LOCAL_MODE: 'true' };
    ensureLocalSecrets({ root, env: later, log: quiet });
    expect(later.SESSION_SECRET).toBe(env.SESSION_SECRET);
    expect(stored(root)).toEqual({ SESSION_SECRET: env.SESSION_SECRET, ADMIN_KEY: later.ADMIN_KEY });
  });

  it('does nothing outside local mode (a deploy must be configured)', () => {
    const root = newRoot();
    for (const env of [
      {},
      { LOCAL_MODE: 'true', CONTEXT: 'deploy-preview' },
      { LOCAL_MODE: 'true', REQUIRE_CONFIG: 'true' },
    ]) {
      const copy: Record<string, string | undefined> = { ...env };
      expect(ensureLocalSecrets({ root, env: copy, log: quiet })).toBeNull();
      expect(copy.ADMIN_KEY).toBeUndefined();
    }
    expect(() => statSync(path.join(root, LOCAL_SECRETS_FILE))).toThrow();
  });

  it('replaces an unreadable or too short file instead of signing with its contents', () => {
    const root = newRoot();
    mkdirSync(path.join(root, '.netlify'));
    writeFileSync(path.join(root, LOCAL_SECRETS_FILE), '');
    const env: Record<string, string | undefined> = { LOCAL_MODE: 'true' };
    ensureLocalSecrets({ root, env, log: quiet });
    expect(env.SESSION_SECRET).toMatch(/^[\w-]{64}$/);
    writeFileSync(path.join(root, LOCAL_SECRETS_FILE), JSON.stringify({ ADMIN_KEY: 'short', SESSION_SECRET: 'x' }));
    const next: Record<string, string | undefined> = { LOCAL_MODE: 'true' };
    ensureLocalSecrets({ root, env: next, log: quiet });
    expect(parseEnv(next).problems).toEqual({});
  });
});
