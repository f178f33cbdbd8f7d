// Copies what the local runtime serves (build output, functions, their sources, netlify.toml) into
// .test-site/ with empty storage, so browser tests run on the same code as `npm start` without
// touching the data in ./.netlify/blobs-serve. Module resolution still finds ../node_modules.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';

const target = '.test-site';
if (!existsSync('dist/index.html')) {
  console.error('No build in dist/. Run "npm run build" first.');
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
mkdirSync(target);
for (const item of ['dist', 'netlify', 'src', 'public', 'netlify.toml', 'package.json', 'tsconfig.json', '.netlify/v1']) {
  if (existsSync(item)) cpSync(item, `${target}/${item}`, { recursive: true });
}
console.log(`Prepared ${target}/ (fresh storage) for browser tests.`);
