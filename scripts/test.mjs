// npm test: unit + API tests (Vitest), then a production build, the size budgets of the built pages
// (Vitest on dist/), and browser tests (Playwright in the system Chromium, with axe scans).
// Exits non-zero on the first failing stage.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(
    `No Chromium at ${chrome}. Browser tests use the system Chromium (browser downloads do not work offline).\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROME_PATH at a Chromium/Chrome binary.',
  );
  process.exit(1);
}

const run = (label, cmd, args) => {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`\n${label} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
};

const only = process.argv[2];
if (!only || only === 'vitest') run('Unit and API tests', 'npx', ['vitest', 'run']);
if (!only || only === 'e2e') {
  run('Build', 'npx', ['astro', 'build']);
  run('Size budgets', 'npx', ['vitest', 'run', '--config', 'vitest.budgets.config.ts']);
  run('Prepare test site', 'node', ['scripts/prepare-test-site.mjs']);
  run('Browser tests', 'npx', ['playwright', 'test']);
}
