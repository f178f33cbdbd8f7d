// Copies what the local runtime serves (build output, functions, their sources, netlify.toml) into
// .test-site/ with empty storage, so browser tests run on the same code as `npm start` without
// touching the data in ./.netlify/blobs-serve. Module resolution still finds ../node_modules.
// Usage: node scripts/prepare-test-site.mjs [target]   (target defaults to .test-site; the bench uses .bench-site)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';

const target = process.argv[2] ?? '.test-site';
if (!/^\.[\w-]+-site$/.test(target)) {
  console.error(`Refusing to prepare "${target}": use a scratch directory such as .test-site or .bench-site.`);
  process.exit(1);
}
if (!existsSync('dist/index.html')) {
  console.error('No build in dist/. Run "npm run build" first.');
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
mkdirSync(target);
for (const item of ['dist', 'netlify', 'src', 'public', 'netlify.toml', 'package.json', 'tsconfig.json', '.netlify/v1']) {
  if (existsSync(item)) cpSync(item, `${target}/${item}`, { recursive: true });
}
// Bundle the functions now, once, so the servers started on this copy load them instead of building.
const built = spawnSync(process.execPath, ['scripts/runtime/functions.mjs', target], { stdio: 'inherit' });
if (built.status !== 0) {
  console.error('Bundling the functions failed.');
  process.exit(1);
}
console.log(`Prepared ${target}/ (fresh storage, functions bundled).`);
