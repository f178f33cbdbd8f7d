// npm test: static checks, a production build, the size budgets of the built pages (Vitest on
// dist/), unit + API tests (Vitest) together with the tests against the served site (Vitest,
// tests/served), then browser tests (Playwright in the system Chromium, with axe scans). Stops at
// the first failing stage; prints one closing line "tests: N passed, N failed" summed over every stage.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(
    `No Chromium at ${chrome}. Browser tests use the system Chromium (browser downloads do not work offline).\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROME_PATH at a Chromium/Chrome binary.',
  );
  process.exit(1);
}

mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0 };

const count = (label, file, read) => {
  try {
    const { passed, failed } = read(JSON.parse(readFileSync(file, 'utf8')));
    totals.passed += passed;
    totals.failed += failed;
  } catch {
    console.error(`(${label}: no result file ${file})`);
  }
};

const finish = (code) => {
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
};

const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
};

const stage = (label, cmd, args, env, result) => {
  const code = run(label, cmd, args, env);
  if (result) count(label, ...result);
  if (code !== 0) {
    console.error(`\n${label} failed (exit ${code}).`);
    finish(code);
  }
};

/**
 * Runs every command at once and prints each one's output whole, in the order given, once all are
 * done (so two outputs never interleave). Each is `{ label, cmd, args, env?, result? }`; `result` is
 * counted like `stage`'s. Fails like `stage` on the first command (in that order) that failed.
 */
const stagesTogether = async (label, commands) => {
  console.log(`\n=== ${label}: ${commands.map((c) => c.label).join(', ')} (at once)`);
  const results = await Promise.all(
    commands.map(
      (c) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(c.cmd, c.args, { env: { ...process.env, ...c.env } });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('error', (err) => (output += `${err.message}\n`));
          child.on('close', (code) => resolve({ ...c, code: code ?? 1, output, ms: Date.now() - started }));
        }),
    ),
  );
  for (const r of results) {
    const command = `${r.cmd} ${r.args.join(' ')}`;
    const name = r.label === command ? command : `${r.label}: ${command}`;
    console.log(`\n=== ${label}: ${name} (exit ${r.code}, ${(r.ms / 1000).toFixed(0)} s)`);
    process.stdout.write(r.output);
    if (r.result) count(r.label, ...r.result);
  }
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.error(`\n${label}: ${failed.label} failed (exit ${failed.code}).`);
    finish(failed.code);
  }
};

const npmRun = (script) => ({ label: `npm run ${script}`, cmd: 'npm', args: ['run', script] });

const vitestStage = {
  label: 'Unit and API tests',
  cmd: 'npx',
  args: ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
  result: ['test-results/vitest.json', (j) => ({ passed: j.numPassedTests, failed: j.numFailedTests })],
};
const servedStage = {
  label: 'Served-site tests',
  cmd: 'npx',
  args: [
    'vitest',
    'run',
    '--config',
    'vitest.served.config.ts',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/served.json',
  ],
  result: ['test-results/served.json', (j) => ({ passed: j.numPassedTests, failed: j.numFailedTests })],
};
const alone = (c) => stage(c.label, c.cmd, c.args, c.env ?? {}, c.result);

const only = process.argv[2];
// Static checks first: a type error, a lint error or an unformatted file fails the run (docs/contributing.md).
if (!only || only === 'static')
  await stagesTogether('Static checks', ['typecheck', 'lint', 'format:check'].map(npmRun));
if (only === 'vitest') alone(vitestStage);
if (!only || only === 'e2e') {
  stage('Build', 'npx', ['astro', 'build']);
  stage(
    'Size budgets',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'vitest.budgets.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/budgets.json',
    ],
    {},
    ['test-results/budgets.json', (j) => ({ passed: j.numPassedTests, failed: j.numFailedTests })],
  );
  stage('Prepare test site', 'node', ['scripts/prepare-test-site.mjs']);
  // The served tests mostly wait (for the scheduler's test clock, a provider fake, a restart) and the
  // unit and API tests use about one core: run together they take about as long as the longer one
  // (docs/testing.md).
  if (only) alone(servedStage);
  else await stagesTogether('Unit, API and served-site tests', [vitestStage, servedStage]);
  stage(
    'Browser tests',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json' },
    ['test-results/playwright.json', (j) => ({ passed: j.stats.expected + j.stats.flaky, failed: j.stats.unexpected })],
  );
}
finish(0);
