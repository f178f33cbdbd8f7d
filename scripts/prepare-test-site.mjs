// Copies what the local runtime serves (build output, functions, their sources, netlify.toml) into
// scratch copies with empty storage, so browser tests run on the same code as `npm start` without
// touching the data in ./.netlify/blobs-serve. Module resolution still finds ../node_modules.
// The functions are bundled once, into the first copy, and the bundles copied to the others.
// Usage: node scripts/prepare-test-site.mjs [target ...]
//   default: .test-site (the browser tests), .load-test-site (the parallel-signup test, whose
//   hundreds of records must not show up in the staff screens other tests look at) and .served-site
//   (the template each served-site test copies, tests/served/served-site.ts); the bench uses
//   .bench-site.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';

const targets = process.argv.length > 2 ? process.argv.slice(2) : ['.test-site', '.load-test-site', '.served-site'];
for (const target of targets) {
  if (!/^\.[\w-]+-site$/.test(target)) {
    console.error(`Refusing to prepare "${target}": use a scratch directory such as .test-site or .bench-site.`);
    process.exit(1);
  }
}
if (!existsSync('dist/index.html')) {
  console.error('No build in dist/. Run "npm run build" first.');
  process.exit(1);
}
for (const target of targets) {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target);
  for (const item of [
    'dist',
    'netlify',
    'src',
    'public',
    'netlify.toml',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    '.netlify/v1',
  ]) {
    if (existsSync(item)) cpSync(item, `${target}/${item}`, { recursive: true });
  }
}
// Bundle the functions now, once, so the servers started on these copies load them instead of building.
const built = spawnSync(process.execPath, ['scripts/runtime/functions.mjs', targets[0]], { stdio: 'inherit' });
if (built.status !== 0) {
  console.error('Bundling the functions failed.');
  process.exit(1);
}
for (const target of targets.slice(1)) {
  cpSync(`${targets[0]}/.netlify/functions-warm`, `${target}/.netlify/functions-warm`, { recursive: true });
}
console.log(`Prepared ${targets.join(', ')} (fresh storage, functions bundled).`);
