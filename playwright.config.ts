import { defineConfig, devices } from '@playwright/test';

// Browser tests against the production build served by scripts/serve.mjs (Netlify's local emulation
// for static files, headers and edge functions; the functions warm in the same process; Blobs on disk)
// from a scratch copy of the project in .test-site/, so tests never touch the data of `npm start`.
// Three servers: a launched site (gate off, so its edge runtime is skipped) for most tests, a
// pre-launch site with the edge gate for the gate tests, and a launched site on its own copy for the
// parallel-signup test.
const PORT = Number(process.env.E2E_PORT ?? 8899);
const GATED_PORT = PORT - 1;
/** A third, launched site on its own copy (.load-test-site) for the parallel-signup test (tests/e2e/runtime.spec.ts). */
const LOAD_PORT = PORT - 2;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Shared by the servers; the admin key is a test value for these scratch copies, never a real one. */
export const E2E_ADMIN_KEY = 'e2e-admin-key-0123';

const serverEnv = {
  SITE_ROOT: '.test-site',
  ADMIN_KEY: E2E_ADMIN_KEY,
  // Explicit local mode: the runtime generates the SESSION_SECRET of the copy on first start
  // (.test-site/.netlify/local-secrets.json, shared by the two servers on that copy) and hands it to
  // the edge gate too; the staff key is set, since the tests type it.
  LOCAL_MODE: 'true',
  SIGNUP_RATE_LIMIT: '100000',
  MAIL_CLIENT_HOURLY_LIMIT: '100000',
  MAIL_SEND_RATE_PER_MINUTE: '100000',
  ADMIN_LOGIN_RATE_LIMIT: '1000',
  SITE_URL: `http://127.0.0.1:${PORT}`,
  // The launched and the gated server share .test-site: whichever starts second uses the first one's
  // Blobs server instead of opening the data folder too (docs/runtime.md, "One server per data folder").
  JOIN_DATA: '1',
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: CHROME,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node scripts/serve.mjs',
      url: `http://127.0.0.1:${PORT}/api/health`,
      env: { ...serverEnv, PORT: String(PORT), SITE_LAUNCHED: 'true', EDGE_FUNCTIONS: 'off' },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: 'node scripts/serve.mjs',
      url: `http://127.0.0.1:${GATED_PORT}/api/health`,
      // A low signup limit: tests/e2e/runtime.spec.ts checks that forged address headers do not escape it.
      env: { ...serverEnv, PORT: String(GATED_PORT), SITE_LAUNCHED: 'false', SIGNUP_RATE_LIMIT: '20' },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: 'node scripts/serve.mjs',
      url: `http://127.0.0.1:${LOAD_PORT}/api/health`,
      env: {
        ...serverEnv,
        SITE_ROOT: '.load-test-site',
        PORT: String(LOAD_PORT),
        // Its own address: links in its mail and its job kicks reach this server, so a campaign sent
        // here starts at once instead of waiting for the minutely resumer.
        SITE_URL: `http://127.0.0.1:${LOAD_PORT}`,
        SITE_LAUNCHED: 'true',
        EDGE_FUNCTIONS: 'off',
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
