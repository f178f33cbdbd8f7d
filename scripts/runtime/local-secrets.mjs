// Local mode's staff key and signing secret (docs/consent-and-mail.md, "Secrets fail closed").
//
// Nothing is ever signed with a value written in the code. When ADMIN_KEY or SESSION_SECRET is not
// set, the local runtime generates a random value on first start, keeps it beside the local data in
// <site>/.netlify/local-secrets.json (gitignored, readable by its owner only) and uses it from then
// on: links mailed before a restart keep working, and the functions and the edge gate (which gets
// the variables through scripts/serve.mjs's EDGE_ENV) sign and check with the same value. A value
// set in the environment always wins and is never written to disk. Outside local mode nothing is
// generated: a deploy must be configured (src/lib/server/env.ts fails closed).
//
// Used by scripts/serve.mjs (`npm start`, `npm run serve`, the browser tests, the bench) and, as a
// command wrapper, by `npm run dev`:  node scripts/runtime/local-secrets.mjs astro dev
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the generated values live, relative to the site's root. */
export const LOCAL_SECRETS_FILE = path.join('.netlify', 'local-secrets.json');

/** The same rule as `isLocalMode` in src/lib/server/env.ts (tests/unit/scripts/local-secrets.test.ts checks it). */
export function isLocalMode(env) {
  const deployed = ['production', 'deploy-preview', 'branch-deploy'].includes(env.CONTEXT ?? '');
  return env.LOCAL_MODE === 'true' && !deployed && env.REQUIRE_CONFIG !== 'true';
}

/** Random bytes per variable: 24 (a 32-character key to paste) and 48 (64 characters to sign with). */
const SIZES = { ADMIN_KEY: 24, SESSION_SECRET: 48 };
/** The shortest value src/lib/server/env.ts accepts. */
const MIN_LENGTH = { ADMIN_KEY: 12, SESSION_SECRET: 32 };

/**
 * A new random value for `name` (base64url), as the local runtime generates it. Tests and the scale
 * bench use it too, so nothing anywhere signs with a constant.
 * @param {'ADMIN_KEY' | 'SESSION_SECRET'} name
 */
export function newLocalSecret(name) {
  return randomBytes(SIZES[name]).toString('base64url');
}

function readStored(file) {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8'));
    return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

const usable = (name, value) => typeof value === 'string' && value.length >= MIN_LENGTH[name];

/**
 * Writes `values` to `file` (mode 0600) through a temporary file: `link` creates the file only if
 * none exists (false when another process got there first), `rename` replaces it.
 */
function writeStored(file, values, how) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 });
  try {
    if (how === 'rename') renameSync(temp, file);
    else linkSync(temp, file);
    return true;
  } catch (err) {
    if (how === 'link' && err.code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * In local mode, sets every missing ADMIN_KEY / SESSION_SECRET of `env` from the site's
 * local-secrets file, generating (and storing) what the file lacks, and prints where they are.
 * Two servers starting on one copy at once agree: a new file is created by a hard link, which only
 * one of them can win; the other reads the winner's values.
 * @param {{ root: string, env?: Record<string, string | undefined>, log?: (line: string) => void }} options
 * @returns {{ file: string, generated: string[] } | null} null outside local mode (nothing done)
 */
export function ensureLocalSecrets({ root, env = process.env, log = console.log }) {
  if (!isLocalMode(env)) return null;
  const file = path.join(root, LOCAL_SECRETS_FILE);
  const missing = Object.keys(SIZES).filter((name) => !env[name]);
  if (missing.length === 0) return { file, generated: [] };

  const lacking = (values) => missing.filter((name) => !usable(name, values[name]));
  const withNew = (values) => ({
    ...values,
    ...Object.fromEntries(lacking(values).map((name) => [name, newLocalSecret(name)])),
  });
  let stored = readStored(file);
  const generated = lacking(stored);
  if (generated.length) {
    let next = withNew(stored);
    if (!writeStored(file, next, 'link')) {
      // Another server on this copy created the file meanwhile: use its values, adding what it lacks.
      const theirs = readStored(file);
      next = lacking(theirs).length ? withNew(theirs) : theirs;
      if (next !== theirs) writeStored(file, next, 'rename');
    }
    stored = next;
  }
  for (const name of missing) env[name] = stored[name];

  const where = path.relative(process.cwd(), file) || file;
  const names = missing.map((name) => (name === 'ADMIN_KEY' ? 'the staff key (ADMIN_KEY)' : name)).join(' and ');
  log(
    `Local mode: ${names} ${missing.length > 1 ? 'are' : 'is'} in ${where}` +
      `${generated.length ? ` (generated now: ${generated.join(', ')})` : ''}; ` +
      'set them in the environment to choose your own.',
  );
  return { file, generated };
}

// As a command wrapper: fill in the secrets, then run the command with them (`npm run dev`).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('Usage: node scripts/runtime/local-secrets.mjs <command> [args...]');
    process.exit(2);
  }
  ensureLocalSecrets({ root: process.cwd() });
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 130));
}
