// Builds the Netlify Functions once with zip-it-and-ship-it (the bundler a Netlify deploy runs, with
// its manifest of routes) and loads each bundle once into this process, so every request calls a
// warm handler: no bundling, no module load and no Worker per request.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * Builds the functions of `root` unless a build of the same sources exists, then loads them.
 * Builds are kept per content hash under <root>/.netlify/functions-warm/<hash>/, so servers that
 * start together on one copy (the two e2e servers) share a build and never replace it under each other.
 * @param {{ root: string }} options
 * @returns {Promise<{ functions: { name: string, routes: object[], excludedRoutes: object[], schedule: string | null,
 *   background: boolean, handler: Function }[],
 *   ms: number, reused: boolean, dir: string }>}
 */
export async function buildAndLoadFunctions({ root }) {
  const t0 = performance.now();
  const { dir, reused } = await ensureBuilt(root);
  const built = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).functions;
  const functions = [];
  for (const fn of built) {
    if (fn.runtime !== 'js' || fn.buildData?.runtimeAPIVersion !== 2) {
      throw new Error(`Function "${fn.name}" is not a Netlify Functions v2 handler; the local runtime serves v2 only.`);
    }
    // The entry point hands the user module to Netlify's Lambda bootstrap:
    // `bootstrap.getLambdaHandler('./netlify/functions/x.mjs')`. Load that same module.
    const fnDir = path.join(dir, path.basename(fn.path));
    const entry = readFileSync(path.join(fnDir, '___netlify-entry-point.mjs'), 'utf8');
    const userModule = /getLambdaHandler\(\s*['"]([^'"]+)['"]\s*\)/.exec(entry)?.[1];
    if (!userModule) throw new Error(`Unexpected entry point for function "${fn.name}" in ${fnDir}.`);
    const mod = await import(pathToFileURL(path.resolve(fnDir, userModule)).href);
    functions.push({
      name: fn.name,
      routes: fn.routes ?? [],
      excludedRoutes: fn.excludedRoutes ?? [],
      // A scheduled function's cron expression (`config.schedule`); it has no route of its own.
      schedule: fn.schedule ?? null,
      // A background function (`-background` name or `config.background`): answered 202, run on.
      background: fn.invocationMode === 'background',
      handler: handlerOf(mod, fn.name),
    });
  }
  return { functions, ms: Math.round(performance.now() - t0), reused, dir };
}

/** What the bundles depend on: the functions, the code they import from src/, the lockfile, the bundler. */
function sourceHash(root) {
  const hash = createHash('sha256');
  const add = (file) => {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  };
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) add(p);
    }
  };
  walk(path.join(root, 'netlify', 'functions'));
  walk(path.join(root, 'src'));
  for (const f of ['package-lock.json', 'netlify.toml']) if (existsSync(path.join(root, f))) add(path.join(root, f));
  hash.update(JSON.parse(readFileSync(require.resolve('@netlify/zip-it-and-ship-it/package.json'), 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The directory of a build of `root`'s functions: the existing one for the current sources, or a new
 * one (bundled in a child process, so the bundler's memory never stays in the server).
 * @param {string} root
 * @returns {Promise<{ dir: string, reused: boolean }>}
 */
export async function ensureBuilt(root) {
  const base = path.join(root, '.netlify', 'functions-warm');
  const dir = path.join(base, sourceHash(root));
  if (existsSync(path.join(dir, 'manifest.json'))) return { dir, reused: true };
  const tmp = `${dir}.tmp-${process.pid}`;
  await new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), root, path.join(root, 'netlify', 'functions'), tmp],
      { stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building the functions failed (exit ${code}).`)),
    );
  });
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another server finished the same build first
  }
  // Builds of older sources are no longer needed (a server still running one keeps its loaded modules).
  for (const old of readdirSync(base)) {
    if (path.join(base, old) !== dir && !old.includes('.tmp-'))
      rmSync(path.join(base, old), { recursive: true, force: true });
  }
  return { dir, reused: false };
}

/** The callable a v2 module exports, unwrapped as Netlify's bootstrap does (default, or default.fetch). */
function handlerOf(mod, name) {
  let h = mod.default;
  if (h && typeof h === 'object' && 'default' in h) h = h.default;
  if (h && typeof h === 'object' && typeof h.fetch === 'function') return h.fetch.bind(h);
  if (typeof h !== 'function') throw new Error(`Function "${name}" has no default export handler.`);
  return h;
}

/**
 * Child process: `node functions.mjs <root> <functionsDir> <outDir>` bundles the functions;
 * `node functions.mjs <root>` makes sure a build of <root> exists (scripts/prepare-test-site.mjs).
 */
async function build([root, functionsDir, outDir]) {
  const { zipFunctions } = await import('@netlify/zip-it-and-ship-it');
  rmSync(outDir, { recursive: true, force: true });
  await zipFunctions([functionsDir], outDir, {
    archiveFormat: 'none',
    basePath: root,
    manifest: path.join(outDir, 'manifest.json'),
    // The flags @netlify/functions-dev builds v2 functions with (plain ESM output).
    featureFlags: { zisi_functions_api_v2: true, zisi_pure_esm: true, zisi_pure_esm_mjs: true },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const task =
    args.length === 1
      ? ensureBuilt(path.resolve(args[0])).then(({ dir }) => console.log(`Functions built in ${dir}`))
      : build(args);
  task.catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
