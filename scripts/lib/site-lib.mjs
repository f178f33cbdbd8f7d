// Loads the site's own TypeScript (signup records, index keys, snapshots, function handlers) into a
// Node script: esbuild bundles the sources once (packages stay external, so @netlify/blobs is the
// same module the script configures) into node_modules/.cache/, then the script imports the result.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Bundles `exports` (a module body of `export ... from '<path under the project>'` lines) and
 * imports it. `name` names the cached file.
 */
export async function loadSiteModule(name, exportsSource) {
  const outdir = path.join(ROOT, 'node_modules', '.cache', 'site-lib');
  mkdirSync(outdir, { recursive: true });
  const outfile = path.join(outdir, `${name}-${process.pid}.mjs`);
  await build({
    stdin: { contents: exportsSource, resolveDir: ROOT, loader: 'ts', sourcefile: `${name}.ts` },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}

/** What seeding and the scale bench need from the site. */
export function loadSignupLib() {
  return loadSiteModule(
    'signup-lib',
    `export { applySignup, applyConfirmation, applyUnsubscribe } from './src/lib/subscribers/merge';
     export { subscriberIndexKeys } from './src/lib/subscribers/index-keys';
     export { subscriberSchema } from './src/lib/subscribers/record';
     export { CONSENT_FORMS } from './src/lib/signups/constants';
     export { snapshotSubscriberStats } from './src/lib/subscribers/store';
     export { runMaintenance } from './src/lib/composition/maintenance';
     export { takeSlot } from './src/lib/server/shared-ratelimit';
     export { default as adminHandler } from './netlify/functions/admin';
     export { default as signupsHandler } from './netlify/functions/signups';`,
  );
}
